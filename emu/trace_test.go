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
