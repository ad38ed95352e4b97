package microchess

import (
	"path/filepath"
	"strings"

	"github.com/kim1-archive/microchess/tunable"
)

// DeclFor is where a source's declarations of tunable bytes are by
// default: beside it, with the extension .tune (src/microchess.asm →
// src/microchess.tune).
func DeclFor(source string) string {
	return strings.TrimSuffix(source, filepath.Ext(source)) + ".tune"
}

// LoadTunable builds a source from a tree (no residue: only the source's
// own bytes may be declared) and loads its declarations of tunable bytes
// from decl, DeclFor(source) when decl is "".
func LoadTunable(from Tree, source, decl string) (*tunable.Set, *Program, error) {
	if decl == "" {
		decl = DeclFor(source)
	}
	p, err := Build(from, Options{Sources: []string{source}})
	if err != nil {
		return nil, nil, err
	}
	srcs, err := from.ReadSources(decl)
	if err != nil {
		return nil, nil, err
	}
	set, err := tunable.Load(srcs[0], p.Code, p.Images)
	if err != nil {
		return nil, nil, err
	}
	return set, p, nil
}

// SpecialTuneSource declares the special-moves program's tunable bytes
// (docs/tuning.md): the original's STRATGY and piece values, which it
// keeps, and its own weights, so the bytes of two sources.
const SpecialTuneSource = "src/extended/special-moves.tune"
