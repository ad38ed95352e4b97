package asm

import (
	"os"
	"testing"
)

// FuzzAssemble feeds arbitrary text to the 1977 front end and the
// assembler: any input must give statements or errors, never a panic.
// The seed corpus (f.Add and testdata/fuzz) runs with every go test.
func FuzzAssemble(f *testing.F) {
	for _, name := range []string{"testdata/features.asm", "../src/microchess.asm"} {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(string(b))
		}
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
		if err == nil && p == nil {
			t.Fatal("no program and no error")
		}
	})
}
