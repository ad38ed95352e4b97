package microchess

import (
	"fmt"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
)

// LibrarySource is the opening library the 1977 manual proposes for
// expanded memory, with John White's method of following the books
// (docs/opening-library.md). Its tables are compiled from the books
// (package openings) and assembled after it, from its label LibraryTables.
const LibrarySource = "src/extended/library.asm"

// LibraryTables is the label the tables start at.
const LibraryTables = "LIBTAB"

// LibraryRAM is the expansion RAM the library program is linked into:
// its code from 0400, the twenty books' tables after it.
var LibraryRAM = linker.Region{Name: "x", Start: 0x0400, End: 0x0FFF}

// LibraryLayout is the KIM-1 with LibraryRAM.
func LibraryLayout() linker.Layout { return withRAM(LibraryRAM) }

// LibraryProgram builds the library program: LibrarySource over the
// original with the residue of its tapes, the tables after it (a source
// from LibraryTables on, as the opening compiler writes it), in
// LibraryRAM, from the proven sources; and where it keeps what a game
// needs.
func LibraryProgram(tables asm.Source) (*Patched, *memmap.LibraryVars, error) {
	base, err := Build(Proven, Options{Residue: []string{ResidueSource}, RAM: []linker.Region{LibraryRAM}})
	if err != nil {
		return nil, nil, err
	}
	src, err := Proven.ReadSources(LibrarySource)
	if err != nil {
		return nil, nil, err
	}
	p, err := base.OverlaySources(src[0], tables)
	if err != nil {
		return nil, nil, err
	}
	vars := &memmap.LibraryVars{}
	for name, at := range map[string]*uint16{".INBK": &vars.InBook, ".SEED": &vars.Seed} {
		sym, ok := p.Patch.Symbols[name]
		if !ok {
			return nil, nil, fmt.Errorf("%s defines no %s", LibrarySource, name)
		}
		*at = uint16(sym.Value)
	}
	return p, vars, nil
}
