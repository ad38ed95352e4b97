package microchess

import (
	"sync"

	"github.com/kim1-archive/microchess/linker"
)

// TunedSource is the tuned MicroChess (docs/tuning.md): the 1977 source
// with only the bytes its declarations (TuneSource) let change changed:
// the values `mchess tune` found, and one term operand that matches chose
// (the 1.0 section's BCAP1 dropped). It is the 1977 program's size: no byte
// outside 0000–03FF and 1780–17E5, the residue and the opening block as
// they are. No such file is kept: a Tree derives it from ProgramSource and
// the values of TunedValues (derive.go).
const TunedSource = "src/tuned/microchess.asm"

// TunedName names the tuned program where a game is shown.
const TunedName = "MicroChess 1977 tuned"

// Tuned builds the tuned program from the sources built in, with the
// residue the tapes held, as the original is built.
func Tuned() (*Program, error) {
	return Build(Proven, Options{Sources: []string{TunedSource}, Residue: []string{ResidueSource}})
}

// FormBSource is form B of the tuned program (docs/tuning.md, "Beyond the
// weights"): STRATGY without the three counts that are the same for every
// move of a search, and with their bytes a term (CHECK) taken from a move
// that attacks the king. Its declarations are beside it (DeclFor); a Tree
// derives it from ProgramSource, FormBDiff and FormBValues.
const FormBSource = "src/tuned/formb.asm"

// FormB builds form B with the residue, as Tuned builds the tuned program.
func FormB() (*Program, error) {
	return Build(Proven, Options{Sources: []string{FormBSource}, Residue: []string{ResidueSource}})
}

// The tuned special-moves program (docs/tuning.md): the special-moves
// program with only the bytes its declarations (SpecialTuneSource) let
// change changed, in both of its sources, as `mchess tune --program
// special` writes them: TunedSpecialBase is src/microchess.asm so
// changed, TunedSpecialSource src/extended/special-moves.asm, both derived
// by a Tree from those and the values of TunedSpecialValues.
const (
	TunedSpecialBase   = "src/tuned/special-base.asm"
	TunedSpecialSource = "src/tuned/special-moves.asm"
)

// TunedSpecial builds the tuned special-moves program as Special builds
// the special-moves program, once, from the sources built in.
var TunedSpecial = sync.OnceValues(func() (*Patched, error) {
	base, err := Build(Proven, Options{Sources: []string{TunedSpecialBase}, Residue: []string{ResidueSource}, RAM: []linker.Region{SpecialRAM}})
	if err != nil {
		return nil, err
	}
	return base.Overlay(TunedSpecialSource)
})
