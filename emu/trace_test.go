package emu

import (
	"strings"
	"testing"
)

func TestTracerLines(t *testing.T) {
	// LDA #$05; JSR $1F1F (an emulated routine sits there as byte 02)
	c := New(0x0200)
	c.Load(0x0200, []byte{0xA9, 0x05, 0x20, 0x1F, 0x1F})
	c.Mem[0x1F1F] = 0x02
	var b strings.Builder
	tr := &Tracer{W: &b,
		Sym: func(a uint16, zp bool) (string, bool) {
			if a == 0x0200 {
				return "START", true
			}
			return "", false
		},
		Routine: func(a uint16) (string, bool) { return "SCANDS", a == 0x1F1F },
	}
	for i := 0; i < 3; i++ {
		tr.Line(c)
		c.Step()
	}
	want := "0200  A9 05     START    LDA #$05               A=00 X=00 Y=00 P=24 S=FD  0\n" +
		"0202  20 1F 1F           JSR $1F1F              A=05 X=00 Y=00 P=24 S=FD  2\n" +
		"1F1F                     SCANDS (monitor routine, emulated) A=05 X=00 Y=00 P=24 S=FB  8\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// A traced run stops where an untraced one does, with a line per
// instruction.
func TestRunTraced(t *testing.T) {
	prog := []byte{0xA2, 0x03, 0xCA, 0xD0, 0xFD, 0x4C, 0x05, 0x02} // LDX #3; DEX; BNE *-1; JMP *
	plain, traced := New(0x0200), New(0x0200)
	plain.Load(0x0200, prog)
	traced.Load(0x0200, prog)
	var b strings.Builder
	s1 := plain.RunTraced(1000, nil)
	s2 := traced.RunTraced(1000, &Tracer{W: &b})
	if s1 != StopSelfJump || s2 != s1 || plain.Cycles != traced.Cycles || plain.PC != traced.PC {
		t.Fatalf("plain %v at %04X after %d, traced %v at %04X after %d", s1, plain.PC, plain.Cycles, s2, traced.PC, traced.Cycles)
	}
	// LDX, then DEX and BNE three times, then the JMP to itself.
	if n := strings.Count(b.String(), "\n"); n != 8 {
		t.Errorf("%d trace lines, want 8:\n%s", n, b.String())
	}
	if stop := New(0x0200).RunTraced(0, &Tracer{W: &b}); stop != StopBudget {
		t.Errorf("no budget: %v", stop)
	}
}
