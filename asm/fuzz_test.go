package asm

import (
	"os"
	"strings"
	"testing"
)

// FuzzAssemble feeds arbitrary text to the 1977 front end and the
// assembler: any input must give statements or errors, never a panic.
// The seed corpus (f.Add and testdata/fuzz) runs with every go test.
func FuzzAssemble(f *testing.F) {
	for _, name := range []string{"testdata/features.asm", "../src/microchess.asm", "../src/patches/stone-1980.s"} {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	for _, s := range []string{
		"", "+++", "+++\t", "\t+++\t0", ";", "LABEL", "\tLDA", "+++\tFFFF\n\t.BYTE\t",
		"+++\t0\nX\tBNE\tX+FFFF", "+++\t0\n\tLDAZ\t-", "+++\t0\n\tLDAZ\t.+", "A=\t=\t=",
		"+++\t0\n\tJMP\t*\n", "X\t=\tY\nY\t=\tX\n+++\tX\n", "\x00\xff\t+++", "+++\t0\nL\tNOP\n+++\t0\nL\tNOP",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		p, err := Assemble(Source{"fuzz.asm", src})
		checkFuzzResult(t, p, err)
	})
}

// FuzzAssemble1980 does the same for the 1980 front end.
func FuzzAssemble1980(f *testing.F) {
	for _, s := range []string{
		"", "0110 .BA $3A2\n0120 GO LDX #$04 ; X\n", "LDA (", "LDA ($10,Y)", "LDA *", "X .DE", ".BY ,,,",
		"0120 LSR A\n", "9999999999 NOP", "LDA #$FFFFFFFFFF", ".EN\n.BA $0\nNOP", "JMP ($FFFF)",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		p, err := Assemble(Source{"fuzz.s", src})
		checkFuzzResult(t, p, err)
	})
}

// checkFuzzResult fails on a recovered parser panic too: it is reported to
// users as an error, but it is a grammar defect.
func checkFuzzResult(t *testing.T, p *Program, err error) {
	if err == nil && p == nil {
		t.Fatal("no program and no error")
	}
	if err != nil && strings.Contains(err.Error(), "the parser could not read this line") {
		t.Fatal(err)
	}
}
