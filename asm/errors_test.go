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
		{"wide number", "+++\t0200\n\tJMP\t12345\n", "e.asm:2:6: number 12345 has 5 digits: a value is at most 4 hex digits (0000–FFFF)"},
		{"five digits", "+++\t0200\n\tLDXIM\t000C8\n", "e.asm:2:8: number 000C8 has 5 digits: a value is at most 4 hex digits (0000–FFFF)"},
		{"past FFFF", "+++\tFFFF\n\tJMP\t0000\n", "e.asm:2:1: code runs past FFFF (the statements after this one, up to the next origin, are not placed)"},
		{"CR line ends", "+++\t0200\r\tNOP\r\tLDQ\r", "e.asm:3:2: unknown mnemonic LDQ"},
		{"binary garbage", "+++\t0200\n\t\x07\x1b[2J\xff\n", "e.asm:2:2: unknown mnemonic \\x07\\x1B[2J\\uFFFD"},
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

// Code that runs past FFFF, or has no origin, gets one error, not one per
// statement after it.
func TestOneErrorPerLostSegment(t *testing.T) {
	src := "\tNOP\n\tNOP\n+++\tFFFE\n\tNOP\n\tJMP\t0000\n" + strings.Repeat("\tNOP\n", 1000) + "+++\t0200\n\tNOP\n"
	_, err := Assemble(Source{"e.asm", src})
	want := "e.asm:1:1: no origin: put a +++ line with an address before the first statement\n" +
		"e.asm:5:1: code runs past FFFF (the statements after this one, up to the next origin, are not placed)"
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}

// A byte-order mark and CR LF line ends are read as an editor wrote them;
// an empty file assembles to nothing.
func TestBOMAndLineEnds(t *testing.T) {
	for _, src := range []string{"\uFEFF+++\t0200\n\tNOP\n", "+++\t0200\r\n\tNOP\r\n", "\uFEFF0100 .BA $200\r0110 NOP\r"} {
		name := "b.asm"
		if strings.Contains(src, ".BA") {
			name = "b.s"
		}
		p, err := Assemble(Source{name, src})
		if err != nil || len(p.Stmts) != 2 || len(p.Stmts[1].Bytes) != 1 || p.Stmts[1].Addr != 0x0200 {
			t.Errorf("%q: %v", src, err)
		}
	}
	if p, err := Assemble(Source{"e.asm", ""}); err != nil || len(p.Stmts) != 0 {
		t.Errorf("empty file: %v", err)
	}
}
