package microchess

import (
	"testing"

	"github.com/kim1-archive/microchess/memmap"
)

// The residue areas are exactly the bytes src/residue.asm fills: the C0
// bytes no program line defines.
func TestResidueAreas(t *testing.T) {
	p, err := Original(true)
	if err != nil {
		t.Fatal(err)
	}
	fromResidue := map[int]bool{}
	for _, im := range p.Images {
		for i, s := range im.Src {
			if s != nil && s.Pos.File == ResidueSource {
				fromResidue[int(im.Start)+i] = true
			}
		}
	}
	in := 0
	for _, a := range memmap.ResidueAreas {
		for addr := int(a.Start); addr <= int(a.End); addr++ {
			in++
			if !fromResidue[addr] {
				t.Errorf("%04X is in the area %q, but src/residue.asm does not fill it", addr, a.What)
			}
		}
	}
	if in != len(fromResidue) || in != 173 {
		t.Errorf("the areas hold %d bytes, src/residue.asm fills %d; the listing's residue is 173", in, len(fromResidue))
	}
}

func TestResidueName(t *testing.T) {
	p, err := Original(false)
	if err != nil {
		t.Fatal(err)
	}
	for addr, want := range map[int]string{
		0x004E: "unused, after NOMV",
		0x0050: "the board, .BOARD",
		0x005F: "the board, .BOARD+F",
		0x0065: "the board, .BK+5",
		0x00B1: "variables, .SQUARE",
		0x00B9: "unused",
		0x00DC: "variables, .OMOVE", // .OPNING too: the first defined wins
		0x00F3: "variables, .OLDKY",
		0x00FA: "variables (the best move, which the display shows), .BESTV",
		0x01FF: "stack residue",
		0x03FA: "unused, after DISMV",
		0x0200: "defined by no source",
	} {
		if got := p.ResidueName(addr); got != want {
			t.Errorf("%04X: %q, want %q", addr, got, want)
		}
	}
}
