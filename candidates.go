package microchess

import (
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/linker"
)

// Candidate is one of the programs the toolchain makes, as a dump of someone's
// copy is compared with it.
type Candidate struct {
	Name     string // for people: "the 1977 program"
	Key      string // for machines: "1977", "clean", "stone-white", "stone-black"
	Images   []*linker.Image
	Programs []*asm.Program // whose labels name the bytes
	// Base is the original program under a patch (the build itself when
	// there is none): its labels name what the patch's do not, its memory
	// map names the residue.
	Base *Program
	// Residue holds the source files whose bytes are residue data, not
	// program.
	Residue map[string]bool
}

// Candidates makes the programs a dump is compared with, from a tree, in
// the order a tie between them is decided: the 1977 program with the
// published listing's residue, the program alone, and Stone's 1980
// upgrade with the White and with the Black opening list.
func Candidates(from Tree) ([]Candidate, error) {
	residue := map[string]bool{ResidueSource: true}
	published, err := Build(from, Options{Residue: []string{ResidueSource}})
	if err != nil {
		return nil, err
	}
	clean, err := Build(from, Options{})
	if err != nil {
		return nil, err
	}
	out := []Candidate{
		{Name: "the 1977 program", Key: "1977", Images: published.Images, Programs: []*asm.Program{published.Code, published.Residue}, Base: published, Residue: residue},
		{Name: "the 1977 program without residue (mchess asm without --residue)", Key: "clean", Images: clean.Images, Programs: []*asm.Program{clean.Code}, Base: clean, Residue: residue},
	}
	for _, white := range []bool{true, false} {
		list := StoneBlack
		if white {
			list = StoneWhite
		}
		s, err := published.Overlay(StoneSource, list)
		if err != nil {
			return nil, err
		}
		name, key := "Stone's 1980 upgrade with the Black list", "stone-black"
		if white {
			name, key = "Stone's 1980 upgrade with the White list", "stone-white"
		}
		out = append(out, Candidate{Name: name, Key: key, Images: s.Images, Programs: []*asm.Program{s.Patch, s.Base.Code, s.Base.Residue}, Base: s.Base, Residue: residue})
	}
	return out, nil
}
