package openings

import (
	"fmt"
	"path"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/linker"
)

// LibraryDirs hold the library program's books: the manual's ten and John
// White's ten.
var LibraryDirs = []string{microchess.OpeningsDir, path.Join(microchess.OpeningsDir, "white")}

// ReadLibrary compiles every book of the directories into one library.
func ReadLibrary(dirs ...string) (*Library, error) {
	var srcs []*Source
	for _, dir := range dirs {
		files, err := microchess.Glob(path.Join(dir, "*.book"))
		if err != nil {
			return nil, err
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("%s: no .book files", dir)
		}
		for _, f := range files {
			text, err := microchess.ReadFile(f)
			if err != nil {
				return nil, err
			}
			src, err := Parse(f, text)
			if err != nil {
				return nil, err
			}
			srcs = append(srcs, src)
		}
	}
	return CompileLibrary(srcs...)
}

// LibraryProgram builds the library program (microchess.LibrarySource over
// the original with the residue of its tapes, the tables of lib after it,
// in microchess.LibraryRAM) and says where it keeps what a game needs.
func LibraryProgram(lib *Library) (*microchess.Patched, *microchess.LibraryVars, error) {
	base, err := microchess.Build(microchess.Options{Residue: []string{microchess.ResidueSource}, RAM: []linker.Region{microchess.LibraryRAM}})
	if err != nil {
		return nil, nil, err
	}
	src, err := microchess.ReadSource(microchess.LibrarySource)
	if err != nil {
		return nil, nil, err
	}
	p, err := base.OverlaySources(src, asm.Source{Name: "library tables", Text: lib.Asm(microchess.LibraryTables)})
	if err != nil {
		return nil, nil, err
	}
	vars := &microchess.LibraryVars{}
	for name, at := range map[string]*uint16{".INBK": &vars.InBook, ".SEED": &vars.Seed} {
		sym, ok := p.Patch.Symbols[name]
		if !ok {
			return nil, nil, fmt.Errorf("%s defines no %s", microchess.LibrarySource, name)
		}
		*at = uint16(sym.Value)
	}
	return p, vars, nil
}
