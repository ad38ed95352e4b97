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

// The candidates come in the order a tie is decided, Stone's two builds
// differing only in the opening list (00C3–00DB).
func TestCandidates(t *testing.T) {
	cs, err := Candidates(Proven)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, c := range cs {
		keys = append(keys, c.Key)
	}
	if len(keys) != 4 || keys[0] != "1977" || keys[1] != "clean" || keys[2] != "stone-white" || keys[3] != "stone-black" {
		t.Fatalf("candidates %v", keys)
	}
	w, b := cs[2].Images, cs[3].Images
	for i := range w {
		for j := range w[i].Bytes {
			addr := int(w[i].Start) + j
			if w[i].Bytes[j] != b[i].Bytes[j] && (addr < 0x00C3 || addr > 0x00DB) {
				t.Errorf("Stone's White and Black builds differ at %04X", addr)
			}
		}
	}
}
