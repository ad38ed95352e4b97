package builds

import (
	"fmt"
	"strings"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/openings"
	"github.com/kim1-archive/microchess/verify"
)

// Candidates are the builds a dump is identified among (verify.Identify):
// the program builds, in the order a tie is decided, and the opening
// blocks compiled from src/openings; all from the proven sources, since a
// dump is identified as one of the documents' programs (the catalogue's
// Printed ones), whatever the working directory holds. The 1977 program
// comes with the published listing's residue (verify.KeyPublished) and
// without it (verify.KeyClean), a program with Sides once a side.
func Candidates() (verify.Candidates, error) {
	out := verify.Candidates{BookStart: memmap.BookStart, BookEnd: memmap.BookStart + memmap.BookSize}
	for _, p := range Catalogue {
		if !p.Printed {
			continue
		}
		cands, err := p.candidates()
		if err != nil {
			return out, err
		}
		out.Programs = append(out.Programs, cands...)
	}
	books, err := openingBooks()
	if err != nil {
		return out, err
	}
	// A block's bytes are named by the 1977 program's labels (.OPNING-n).
	syms := out.Programs[0].Symbols
	for _, b := range books {
		side := openings.ColorName(b.Computer)
		out.Blocks = append(out.Blocks, verify.Candidate{
			Name:   fmt.Sprintf("the %s block, computer %s, tape ID %02X", b.Opening, strings.ToUpper(side[:1])+side[1:], b.Tape),
			Key:    verify.BlockPrefix + b.key,
			Images: []*linker.Image{b.Image(b.file, b.key)}, Symbols: syms,
		})
	}
	return out, nil
}

// candidates are the program's builds a dump is compared with: its
// labels name the bytes, the residue source's bytes are compared apart.
func (p *Program) candidates() ([]verify.Candidate, error) {
	residue := map[string]bool{microchess.ResidueSource: true}
	cand := func(name, key string, b *Build, base *microchess.Program) verify.Candidate {
		syms := verify.NewSymbols(b.Images, b.Programs...).Or(verify.NewSymbols(base.Images, base.Code))
		return verify.Candidate{Name: name, Key: key, Images: b.Images, Symbols: syms, Residue: residue, Area: base.ResidueName, OwnBlock: p.Sides}
	}
	base, err := microchess.Original(true)
	if err != nil {
		return nil, err
	}
	if p.Name == Original {
		clean, err := microchess.Original(false)
		if err != nil {
			return nil, err
		}
		published := program(verify.KeyPublished, "", nil, base)
		alone := program(verify.KeyClean, "", nil, clean)
		return []verify.Candidate{
			cand("the 1977 program", verify.KeyPublished, &published, base),
			cand("the 1977 program without residue (mchess asm without --residue)", verify.KeyClean, &alone, clean),
		}, nil
	}
	var out []verify.Candidate
	for _, side := range p.SideList() {
		b, err := p.Build(side)
		if err != nil {
			return nil, err
		}
		name := p.Label
		if p.Sides {
			name += " with the " + side.Name() + " list"
		}
		out = append(out, cand(name, b.Key, b, base))
	}
	return out, nil
}
