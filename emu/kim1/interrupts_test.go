package kim1_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/emu/kim1"
)

func assemble(t *testing.T, name string) *asm.Program {
	t.Helper()
	text, err := os.ReadFile(filepath.Join("testdata", "interrupts", name))
	if err != nil {
		t.Fatal(err)
	}
	p, err := asm.Assemble(asm.Source{Name: name, Text: string(text)})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// stubBoard is the board with testdata/interrupts/stub-monitor.asm as its
// ROM (its NMI and IRQ routines and the vectors; not MOS's code) and the
// test program loaded at 0200, reset: RESET enters the program.
func stubBoard(t *testing.T, program string) (*kim1.Machine, *asm.Program) {
	t.Helper()
	stub := assemble(t, "stub-monitor.asm")
	if irq := stub.Symbols["IRQ"].Value; irq != 0x1C11 {
		t.Fatalf("the stub's IRQ routine is at %04X; its vector says 1C11", irq)
	}
	img := make([]byte, 2*kim1.ROMHalf)
	for _, s := range stub.Stmts {
		if len(s.Bytes) > 0 {
			copy(img[int(s.Addr)-int(kim1.ROM.Start):], s.Bytes)
		}
	}
	rom, err := kim1.NewROM("stub-monitor.asm", img)
	if err != nil {
		t.Fatal(err)
	}
	m := kim1.NewWithROM(rom)
	p := assemble(t, program)
	for _, s := range p.Stmts {
		m.CPU.Load(s.Addr, s.Bytes)
	}
	if m.CPU.PC != 0x0200 {
		t.Fatalf("RESET entered %04X, not the program at 0200", m.CPU.PC)
	}
	return m, p
}

// finish runs to the program's PASS or FAIL and returns the check it
// failed (0 at PASS).
func finish(t *testing.T, m *kim1.Machine, p *asm.Program, budget uint64) byte {
	t.Helper()
	r, err := m.Run(budget)
	if err != nil {
		t.Fatal(err)
	}
	if r != kim1.SelfJump {
		t.Fatalf("stopped for %v at %04X", r, m.CPU.PC)
	}
	switch int(m.CPU.PC) {
	case p.Symbols["PASS"].Value:
		return 0
	case p.Symbols["FAIL"].Value:
		return m.CPU.Y
	}
	t.Fatalf("stopped at %04X, neither PASS nor FAIL", m.CPU.PC)
	return 0
}

// SST: an NMI after every instruction fetched outside 1C00–1FFF, none in
// the routine that handles it.
func TestSingleStep(t *testing.T) {
	m, p := stubBoard(t, "sst.asm")
	m.SetSST(true)
	if check := finish(t, m, p, 100_000); check != 0 {
		t.Fatalf("sst.asm failed check %d (steps recorded: % X)", check, m.CPU.Mem[0x10:0x18])
	}
	m, p = stubBoard(t, "sst.asm")
	if check := finish(t, m, p, 100_000); check != 1 {
		t.Fatalf("with SST off the program should fail check 1 (nothing stepped), got %d", check)
	}
}

// ST: one NMI, taken where the program was.
func TestSTKey(t *testing.T) {
	m, p := stubBoard(t, "st.asm")
	if r, err := m.Run(5_000); err != nil || r != kim1.Budget {
		t.Fatalf("before ST the program should wait: %v %v at %04X", r, err, m.CPU.PC)
	}
	m.PressST()
	if check := finish(t, m, p, 5_000); check != 0 {
		t.Fatalf("st.asm failed check %d", check)
	}
}

// The 6530-003's timer IRQ reaches the 6502 only when wired, and only with
// I clear.
func TestTimerIRQ(t *testing.T) {
	m, p := stubBoard(t, "timer-irq.asm")
	m.WireTimerIRQ(true)
	if check := finish(t, m, p, 10_000); check != 0 {
		t.Fatalf("timer-irq.asm failed check %d", check)
	}
	m, p = stubBoard(t, "timer-irq.asm")
	if check := finish(t, m, p, 10_000); check != 3 {
		t.Fatalf("not wired, the program should fail check 3 (no IRQ after CLI), got %d", check)
	}
}
