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
// dump is identified as one of the documents' programs, whatever the
// working directory holds.
func Candidates() (verify.Candidates, error) {
	out := verify.Candidates{BookStart: memmap.BookStart, BookEnd: memmap.BookStart + memmap.BookSize}
	progs, err := microchess.Candidates(microchess.Proven)
	if err != nil {
		return out, err
	}
	for _, b := range progs {
		base := b.Base
		syms := verify.NewSymbols(b.Images, b.Programs...).Or(verify.NewSymbols(base.Images, base.Code))
		out.Programs = append(out.Programs, verify.Candidate{Name: b.Name, Key: b.Key, Images: b.Images, Symbols: syms, Residue: b.Residue, Area: base.ResidueName})
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
