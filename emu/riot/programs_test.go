package riot_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/emu/riot"
)

// run assembles a test program of testdata (1977 dialect, at 0200), runs
// it on the emulated board with no ROM and returns whether it reached
// PASS, and if not the check it failed at FAIL (Y).
func run(t *testing.T, name string, fault func(u2, u3 *riot.RRIOT)) (pass bool, check byte) {
	t.Helper()
	text, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	p, err := asm.Assemble(asm.Source{Name: name, Text: string(text)})
	if err != nil {
		t.Fatal(err)
	}
	m := kim1.NewBoard()
	for _, s := range p.Stmts {
		m.CPU.Load(s.Addr, s.Bytes)
	}
	if fault != nil {
		fault(m.RIOTs())
	}
	m.CPU.PC = uint16(p.Symbols["START"].Value)
	r, err := m.Run(100_000)
	if err != nil {
		t.Fatal(err)
	}
	if r != kim1.SelfJump {
		t.Fatalf("%s stopped for %v at %04X", name, r, m.CPU.PC)
	}
	switch int(m.CPU.PC) {
	case p.Symbols["PASS"].Value:
		return true, 0
	case p.Symbols["FAIL"].Value:
		return false, m.CPU.Y
	}
	t.Fatalf("%s stopped at %04X, neither PASS nor FAIL", name, m.CPU.PC)
	return false, 0
}

// Each datasheet rule has its program; a program names the check it
// failed in Y, and its comments say what each check expects and why.
func TestPrograms(t *testing.T) {
	files, err := filepath.Glob("testdata/*.asm")
	if err != nil || len(files) < 10 {
		t.Fatalf("test programs: %v %v", files, err)
	}
	for _, f := range files {
		name := filepath.Base(f)
		t.Run(strings.TrimSuffix(name, ".asm"), func(t *testing.T) {
			if pass, check := run(t, name, nil); !pass {
				t.Errorf("%s failed check %d", name, check)
			}
		})
	}
}

// A timer that keeps its divider after the time-out (instead of counting
// at ÷1) must fail the program for that rule, and only the timer's.
func TestMutantTimerCaught(t *testing.T) {
	mutant := func(u2, u3 *riot.RRIOT) {
		riot.KeepDividerAfterTimeout(u2)
		riot.KeepDividerAfterTimeout(u3)
	}
	pass, check := run(t, "timer-after-timeout.asm", mutant)
	if pass {
		t.Fatal("the program for counting at ÷1 after the time-out passes a timer that keeps its divider")
	}
	if check != 1 {
		t.Errorf("failed check %d, want 1 (the first read after a ÷64 time-out)", check)
	}
	if pass, _ := run(t, "ports.asm", mutant); !pass {
		t.Error("the timer's fault fails the ports program")
	}
}

// RES clears both ports' data and direction registers and the interrupt
// enable; the timer runs on (the datasheet leaves it to the program).
func TestReset(t *testing.T) {
	r := riot.New("test")
	r.Write(riot.RegPADD, 0xFF, 10)
	r.Write(riot.RegPA, 0x12, 11)
	r.Write(riot.RegPBDD, 0xFF, 12)
	r.Write(riot.RegPB, 0x34, 13)
	r.Write(riot.RegTimer|riot.RegIE, 0x00, 14) // times out on 15
	if !r.IRQ(20) {
		t.Fatal("no interrupt before the reset")
	}
	r.Reset(30)
	if r.DDRA() != 0 || r.DDRB() != 0 || r.OutputA() != 0xFF || r.OutputB() != 0xFF {
		t.Errorf("after RES: DDRA %02X DDRB %02X, pins %02X %02X; want 00 00 FF FF", r.DDRA(), r.DDRB(), r.OutputA(), r.OutputB())
	}
	if r.IRQ(31) || !r.Flag(31) {
		t.Errorf("after RES the interrupt should be disabled (%v) and the flag kept (%v)", r.IRQ(31), r.Flag(31))
	}
}
