package asm

import (
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/diag"
)

func TestErrors(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"unknown mnemonic", "+++\t0200\n\tLDQ\t00\n", "e.asm:2:2: unknown mnemonic LDQ"},
		{"unknown suffix", "+++\t0200\n\tCMPIH\t04\n", "e.asm:2:5: unknown mode suffix IH in CMPIH (known: Z ZX ZY IM A AX AY IX IY I)"},
		{"mode not available", "+++\t0200\n\tSTAIM\t04\n", "e.asm:2:5: STAIM has no immediate mode (STA takes Z, ZX, no suffix, AX, AY, IX, IY)"},
		{"missing operand", "+++\t0200\n\tLDAZ\n", "e.asm:2:2: LDAZ needs an operand"},
		{"zero page range", "+++\t0200\n\tLDAZ\t1234\n", "e.asm:2:7: 1234 is out of range for zero page mode (00–FF)"},
		{"immediate range", "+++\t0200\n\tLDXIM\t100\n", "e.asm:2:8: 100 is out of range for immediate mode (00–FF)"},
		{"branch range", "+++\t0200\nHERE\tBNE\tFAR\n+++\t0300\nFAR\tRTS\n", "e.asm:2:10: branch to FAR (0300) out of range: 254 bytes away, a branch reaches -128..+127"},
		{"undefined", "+++\t0200\n\tJMP\tNOWHERE\n", "e.asm:2:6: undefined symbol NOWHERE"},
		{"duplicate", "+++\t0200\nL1\tNOP\nL1\tNOP\n", "e.asm:3:1: duplicate symbol L1 (first defined at e.asm:2:1)"},
		{"overlap", "+++\t0200\n\tNOP\n\tNOP\n+++\t0201\n\tRTS\n", "e.asm:5:1: overlapping code: 0201 is already filled by e.asm:3:1"},
		{"no origin", "\tNOP\n", "e.asm:1:1: no origin: put a +++ line with an address before the first statement"},
		{"hex-looking label", "+++\t0200\nBAD\tNOP\n", "e.asm:2:1: label BAD reads as the hex number BAD; choose another name"},
		{"indented mark", "\t+++\t0200\n", "e.asm:1:2: a +++ segment mark must start in column 1"},
		{"mark without origin", "+++\n", "e.asm:1:1: +++ needs the new origin as its operand"},
		{"bad offset", "+++\t0200\n\tLDAZ\tX+ZZ\n", "e.asm:2:9: bad offset \"ZZ\" in X+ZZ: expected hex digits"},
		{"wide number", "+++\t0200\n\tJMP\t12345\n", "e.asm:2:6: number 12345 is wider than 16 bits"},
		{"past FFFF", "+++\tFFFF\n\tJMP\t0000\n", "e.asm:2:1: code runs past FFFF"},
		{"equate without name", "\t=\t05\n", "e.asm:1:2: = needs a name in column 1"},
		{"forward origin", "+++\t0200\n\tNOP\n+++\tLATE+10\n\tNOP\n+++\t0300\nLATE\tNOP\n", "e.asm:3:5: origin LATE+10 is not known here: define it above this line"},
		{"data range", "+++\t0200\n\t.BYTE\t01 123\n", "e.asm:2:11: 123 is out of range for a data byte (00–FF)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Assemble(Source{"e.asm", c.src})
			if err == nil {
				t.Fatalf("no error, want %q", c.want)
			}
			if got := strings.SplitN(err.Error(), "\n", 2)[0]; got != c.want {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
		})
	}
}

// All errors of a file are reported, sorted by position, and capped.
func TestErrorsCollectedSortedCapped(t *testing.T) {
	var b strings.Builder
	b.WriteString("+++\t0200\n")
	for i := 0; i < 40; i++ {
		b.WriteString("\tJMP\tNOWHERE\n\tLDQ\n")
	}
	_, err := Assemble(Source{"many.asm", b.String()})
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != diag.MaxErrors+1 || lines[diag.MaxErrors] != "(55 more errors)" {
		t.Fatalf("got %d lines, last %q", len(lines), lines[len(lines)-1])
	}
	if lines[0] != "many.asm:2:6: undefined symbol NOWHERE" || lines[1] != "many.asm:3:2: unknown mnemonic LDQ" {
		t.Errorf("not sorted by position: %q, %q", lines[0], lines[1])
	}
}
