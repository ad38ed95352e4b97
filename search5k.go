package microchess

import "github.com/kim1-archive/microchess/linker"

// Search5KSource is the searching program for a KIM-1 with 4 KB of
// expansion RAM (docs/search5k.md): search1k's search with a board of
// squares beside the 1977 piece table.
const Search5KSource = "src/search5k/search5k.asm"

// Search5KTuneSource declares its tunable bytes: the men's values and its
// piece-square tables in bands (docs/search5k.md).
const Search5KTuneSource = "src/search5k/search5k.tune"

// Search5KName names it where a game is shown.
const Search5KName = "MicroChess search5k"

// Search5KRAM is the expansion RAM it is linked into, as the PAL-1, the
// Micro-KIM and the Corsham board have it: 0400–13FF.
var Search5KRAM = linker.Region{Name: "x", Start: 0x0400, End: 0x13FF}

// Search5KLayout is the KIM-1 with Search5KRAM.
func Search5KLayout() linker.Layout { return withRAM(Search5KRAM) }

// Search5K builds it from the sources built in. It has no residue: every
// byte it reads it sets itself.
func Search5K() (*Program, error) {
	return Build(Proven, Options{Sources: []string{Search5KSource}, RAM: []linker.Region{Search5KRAM}})
}
