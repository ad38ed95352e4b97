package kim1

import (
	"strings"
	"testing"
)

// machine loads code at 0200 and starts there.
func machine(t *testing.T, code ...byte) *Machine {
	t.Helper()
	m := New()
	if err := m.Load(Image{Name: "test", Addr: 0x0200, Data: code}); err != nil {
		t.Fatal(err)
	}
	m.CPU.PC = 0x0200
	return m
}

func runTo(t *testing.T, m *Machine, want Reason) {
	t.Helper()
	r, err := m.Run(10_000_000)
	if err != nil {
		t.Fatal(err)
	}
	if r != want {
		t.Fatalf("stopped for %v at %04X, want %v", r, m.CPU.PC, want)
	}
}

func TestScands(t *testing.T) {
	// JSR SCANDS; JMP *
	m := machine(t, 0x20, 0x1F, 0x1F, 0x4C, 0x03, 0x02)
	m.CPU.Mem[0xFB], m.CPU.Mem[0xFA], m.CPU.Mem[0xF9] = 0x0F, 0x13, 0x33
	runTo(t, m, SelfJump)
	if m.Display != [3]byte{0x0F, 0x13, 0x33} {
		t.Errorf("display % X", m.Display)
	}
	// 4,237 for the call including the JSR, then 3 for the JMP.
	if m.CPU.Cycles != 4240 {
		t.Errorf("%d cycles, want 4240", m.CPU.Cycles)
	}
	if m.CPU.A != 0 || m.CPU.P&0x02 == 0 || m.CPU.S != 0xFF || m.CPU.PC != 0x0203 {
		t.Errorf("no key down: A=%02X P=%02X S=%02X PC=%04X", m.CPU.A, m.CPU.P, m.CPU.S, m.CPU.PC)
	}
}

func TestGetkeyScript(t *testing.T) {
	// Three polls into 0010-0012, then JMP *.
	m := machine(t,
		0x20, 0x6A, 0x1F, 0x85, 0x10,
		0x20, 0x6A, 0x1F, 0x85, 0x11,
		0x20, 0x6A, 0x1F, 0x85, 0x12,
		0x4C, 0x0F, 0x02)
	m.Press(0x0C)
	runTo(t, m, SelfJump)
	if got := m.CPU.Mem[0x10:0x13]; string(got) != "\x0C\x0C\x15" {
		t.Errorf("polls returned % X, want 0C 0C 15 (press, hold, release)", got)
	}
	// Key C is in row 1, column 5: 92 + 58 + 45 = 195 cycles a poll; no
	// key is 162; plus three 3-cycle STAs and the 3-cycle JMP.
	if m.CPU.Cycles != 195+195+162+9+3 {
		t.Errorf("%d cycles, want %d", m.CPU.Cycles, 195+195+162+9+3)
	}
}

func TestGetkeyCycleFormula(t *testing.T) {
	for key, want := range map[byte]int{0x00: 92, 0x06: 146, 0x07: 150, 0x0C: 195, 0x14: 262, NoKey: 162} {
		if got := GetkeyCycles(key); got != want {
			t.Errorf("key %02X: %d cycles, want %d", key, got, want)
		}
	}
}

func TestWaitsForKeyAndResumes(t *testing.T) {
	m := machine(t, 0x20, 0x6A, 0x1F, 0x85, 0x10, 0x4C, 0x05, 0x02)
	runTo(t, m, WaitingKey)
	if m.CPU.PC != AddrGETKEY || m.CPU.Cycles != 6 {
		t.Fatalf("waiting at %04X after %d cycles", m.CPU.PC, m.CPU.Cycles)
	}
	m.Press(KeyPC)
	runTo(t, m, SelfJump)
	if m.CPU.Mem[0x10] != KeyPC {
		t.Errorf("got key %02X", m.CPU.Mem[0x10])
	}
}

func TestTeletype(t *testing.T) {
	// JSR GETCH; JSR OUTCH; JMP *
	m := machine(t, 0x20, 0x5A, 0x1E, 0x20, 0xA0, 0x1E, 0x4C, 0x06, 0x02)
	m.TTYBaud = 1000
	runTo(t, m, WaitingTTY)
	m.TTYIn = []byte("K")
	runTo(t, m, SelfJump)
	if string(m.TTYOut) != "KK" {
		t.Errorf("output %q, want the echo then OUTCH's copy", m.TTYOut)
	}
	// Each routine: 6 for the JSR plus its bit times of 1000 cycles: ten
	// for GETCH, eleven for OUTCH (its sync delay before the start bit).
	if m.CPU.Cycles != 10006+11006+3 {
		t.Errorf("%d cycles", m.CPU.Cycles)
	}
}

// The monitor's printing routines the teletype programs call, with the
// registers and page-zero variables the ROM leaves.
func TestTeletypePrinting(t *testing.T) {
	// LDX #$42; LDA #$3C; JSR PRTBYT; STA 10; STX 11; STY 12;
	// JSR OUTSP; JSR CRLF; STA 13; STX 14; LDA #$7E; JSR OUTCH; STA 15; JMP *
	prog := []byte{0xA2, 0x42, 0xA9, 0x3C, 0x20, 0x3B, 0x1E, 0x85, 0x10, 0x86, 0x11, 0x84, 0x12,
		0x20, 0x9E, 0x1E, 0x20, 0x2F, 0x1E, 0x85, 0x13, 0x86, 0x14, 0xA9, 0x7E, 0x20, 0xA0, 0x1E, 0x85, 0x15, 0x4C, 0x1E, 0x02}
	m := machine(t, prog...)
	m.TTYBaud = 1000
	runTo(t, m, SelfJump)
	if want := "3C \r\n\x00\x00\x00\x00\x00\x00~"; string(m.TTYOut) != want {
		t.Errorf("output %q, want %q", m.TTYOut, want)
	}
	mem := m.CPU.Mem
	// PRTBYT gives A back and keeps X; OUTCH and CRLF leave A = FF; CRLF
	// counts X down through zero; TEMP holds PRTBYT's byte, TMPX the X of
	// the last OUTCH, CHAR is shifted out.
	for _, c := range []struct {
		addr uint16
		want byte
		what string
	}{{0x10, 0x3C, "A after PRTBYT"}, {0x11, 0x42, "X after PRTBYT"}, {0x12, 0xFF, "Y after PRTBYT"},
		{0x13, 0xFF, "A after CRLF"}, {0x14, 0xFF, "X after CRLF"}, {0x15, 0xFF, "A after OUTCH"},
		{0xFC, 0x3C, "TEMP"}, {0xFD, 0xFF, "TMPX"}, {0xFE, 0x00, "CHAR"}} {
		if mem[c.addr] != c.want {
			t.Errorf("%s = %02X, want %02X", c.what, mem[c.addr], c.want)
		}
	}
	// Sums of the ROM's instruction cycles (docs/kim1.md), one bit 1000
	// cycles, an OUTCH call 11,006: PRTBYT 3C is 6+3+8+6+6 and two digits
	// of 6+6+B+2+3 + 11,000, where B is 3 for 0-9 (BMI taken) and 4 for
	// A-F (BMI not taken, ADC #$07); OUTSP 2 + 11,006; CRLF 6+2+6 and
	// eight passes of 4+11,006+2+3, less 1 for the last branch.
	prtbyt := 29 + (20 + 11000) + (21 + 11000)
	outsp := 2 + 11006
	crlf := 14 + 8*(4+11006+2+3) - 1
	other := 2 + 2 + 3 + 3 + 3 + 3 + 3 + 2 + 11006 + 3 + 3 // the program's own instructions and its OUTCH
	if want := uint64(prtbyt + outsp + crlf + other); m.CPU.Cycles != want {
		t.Errorf("%d cycles, want %d", m.CPU.Cycles, want)
	}
}

func TestMemoryMap(t *testing.T) {
	m := New()
	for _, c := range []struct {
		ims  []Image
		want string
	}{
		{[]Image{{"ws.bin", 0x17E0, make([]byte, 8)}}, "ws.bin (17E0–17E7) overlaps KIM-1 monitor workspace 17E7–17FF"},
		{[]Image{{"hi.bin", 0x03FF, make([]byte, 2)}}, "hi.bin (03FF–0400): 0400 is not RAM on this KIM-1 (KIM-1 RAM 0000–03FF and 6530 RAM 1780–17E6, and any expansion RAM added)"},
		{[]Image{{"top.bin", 0xFFFF, make([]byte, 2)}}, "top.bin: 2 bytes at FFFF run past FFFF"},
		{[]Image{{"empty.bin", 0x0200, nil}}, "empty.bin: no bytes to load"},
		{[]Image{{"a.bin", 0x0200, make([]byte, 4)}, {"b.bin", 0x0203, make([]byte, 4)}}, "b.bin (0203–0206) overlaps a.bin (0200–0203)"},
	} {
		err := m.Load(c.ims...)
		if err == nil || err.Error() != c.want {
			t.Errorf("load %v:\n got %v\nwant %s", c.ims[len(c.ims)-1], err, c.want)
		}
	}
	if err := m.Load(Image{"c1", 0x1780, make([]byte, 0x67)}); err != nil {
		t.Errorf("1780-17E6 must load: %v", err)
	}
	for _, c := range []struct {
		lo, hi uint16
		want   string
	}{
		{0x1000, 0x1FFF, "expansion RAM x 1000–1FFF overlaps 6530 I/O and timers 1700–177F"},
		{0x0300, 0x04FF, "expansion RAM x 0300–04FF overlaps KIM-1 RAM 0000–03FF"},
		{0x1900, 0x19FF, "expansion RAM x 1900–19FF overlaps KIM-1 monitor ROM 1800–1FFF"},
		{0x2000, 0x1FFF, "expansion RAM x 2000–1FFF: end before start"},
	} {
		if err := m.AddRAM("x", c.lo, c.hi); err == nil || err.Error() != c.want {
			t.Errorf("AddRAM %04X-%04X: %v, want %q", c.lo, c.hi, err, c.want)
		}
	}
	if err := m.AddRAM("x", 0x2000, 0x3FFF); err != nil {
		t.Fatal(err)
	}
	if err := m.AddRAM("y", 0x3000, 0x4FFF); err == nil || err.Error() != "expansion RAM y 3000–4FFF overlaps expansion RAM x 2000–3FFF" {
		t.Errorf("overlapping expansion: %v", err)
	}
	if err := m.Load(Image{"x.bin", 0x2000, []byte{1}}); err != nil {
		t.Errorf("expansion RAM: %v", err)
	}
}

func TestWritesOutsideRAMAreLostAndWatched(t *testing.T) {
	// STA 1F00 (ROM); STA 0500 (nothing); STA 0100 (watched RAM); JMP *
	m := machine(t, 0xA9, 0x55, 0x8D, 0x00, 0x1F, 0x8D, 0x00, 0x05, 0x8D, 0x00, 0x01, 0x4C, 0x0B, 0x02)
	m.Watch(0x0100, 0x01AE)
	runTo(t, m, SelfJump)
	if m.Peek(0x1F00) != absent || m.Peek(0x0500) != 0 {
		t.Errorf("writes outside RAM stored: %02X %02X", m.Peek(0x1F00), m.Peek(0x0500))
	}
	if m.Peek(0x0100) != 0x55 {
		t.Error("watched RAM not written")
	}
	if len(m.Writes) != 1 || m.Writes[0] != (CodeWrite{PC: 0x0208, Addr: 0x0100, Old: 0, New: 0x55, Cycle: 10}) {
		t.Errorf("watch reported %+v", m.Writes)
	}
}

func TestRunErrors(t *testing.T) {
	m := machine(t, 0xEA, 0x02)
	_, err := m.Run(100)
	if err == nil || err.Error() != "undocumented opcode 02 at 0201" {
		t.Errorf("got %v", err)
	}
	m = machine(t, 0x20, 0x00, 0x1C) // JSR 1C00, not emulated
	_, err = m.Run(100)
	if err == nil || !strings.Contains(err.Error(), "entered the monitor ROM at 1C00, which is not emulated") {
		t.Errorf("got %v", err)
	}
	m = machine(t, 0x00) // BRK: IRQ vector into the monitor
	_, err = m.Run(100)
	if err == nil || !strings.Contains(err.Error(), "at 1C1F") {
		t.Errorf("got %v", err)
	}
}

// A clone runs on its own: the original's memory, registers and records
// stay as they were.
func TestClone(t *testing.T) {
	// INC $10; JMP 0200
	m := machine(t, 0xE6, 0x10, 0x4C, 0x00, 0x02)
	m.Watch(0x0010, 0x0010)
	c := m.Clone()
	if _, err := c.Run(100); err != nil {
		t.Fatal(err)
	}
	if m.Peek(0x10) != 0 || m.CPU.Cycles != 0 || len(m.Writes) != 0 {
		t.Errorf("the original changed: %02X, %d cycles, %d writes", m.Peek(0x10), m.CPU.Cycles, len(m.Writes))
	}
	if c.Peek(0x10) == 0 || len(c.Writes) == 0 {
		t.Errorf("the clone did not run: %02X, %d writes", c.Peek(0x10), len(c.Writes))
	}
}
