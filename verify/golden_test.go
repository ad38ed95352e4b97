package verify

import (
	"bytes"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/asm"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// The MicroChess listing and symbol table are golden files: any change to
// the source or to the listing format shows up as a diff to review.
func TestMicroChessListingGolden(t *testing.T) {
	p, _ := build(t, true)
	var lst, sym bytes.Buffer
	for _, prog := range []*asm.Program{p.Code, p.Residue} {
		if err := asm.WriteListing(&lst, prog); err != nil {
			t.Fatal(err)
		}
	}
	if err := asm.WriteSymbols(&sym, p.Code); err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string][]byte{"microchess.lst": lst.Bytes(), "microchess.sym": sym.Bytes()} {
		path := "testdata/" + name
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (go test ./verify -update creates it)", err)
		}
		if !bytes.Equal(got, want) {
			gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
			for i := 0; i < len(gl) && i < len(wl); i++ {
				if gl[i] != wl[i] {
					t.Errorf("%s differs at line %d:\n got  %q\n want %q\n(review, then go test ./verify -update)", name, i+1, gl[i], wl[i])
					break
				}
			}
			if len(gl) != len(wl) {
				t.Errorf("%s: %d lines, golden has %d", name, len(gl), len(wl))
			}
		}
	}
}
