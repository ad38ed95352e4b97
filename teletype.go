package microchess

import (
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
)

// TeletypeSource is MicroChess's expanded input and output, as the 1977
// manual proposes them: moves as N(KN1)-KB3 and the board printed, through
// the KIM-1 monitor's teletype routines (docs/teletype.md).
const TeletypeSource = "src/extended/teletype.asm"

// TeletypeRAM is the expansion RAM the teletype routines are linked into
// (the source's one origin, 0400, to the end of the first kilobyte above
// the KIM-1's own).
var TeletypeRAM = linker.Region{Name: "x", Start: 0x0400, End: 0x07FF}

// TeletypeLayout is the KIM-1 with TeletypeRAM.
func TeletypeLayout() linker.Layout { return withRAM(TeletypeRAM) }

// withRAM is the KIM-1 with an expansion region of this package's.
func withRAM(r linker.Region) linker.Layout {
	l, err := memmap.Layout.WithRegion(r)
	if err != nil {
		panic(err) // two constants of this package disagree
	}
	return l
}

// Teletype builds the teletype program: the original with the residue of
// its tapes, the teletype source over it, from the proven sources.
func Teletype() (*Patched, error) {
	base, err := Build(Proven, Options{Residue: []string{ResidueSource}, RAM: []linker.Region{TeletypeRAM}})
	if err != nil {
		return nil, err
	}
	return base.Overlay(TeletypeSource)
}
