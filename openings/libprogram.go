package openings

import (
	"fmt"
	"path"
	"sync"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/memmap"
)

// LibraryDirs hold the library program's books: the manual's ten and John
// White's ten.
var LibraryDirs = []string{microchess.OpeningsDir, path.Join(microchess.OpeningsDir, "white")}

// ReadLibrary compiles every book of the directories of a tree into one
// library.
func ReadLibrary(from microchess.Tree, dirs ...string) (*Library, error) {
	var srcs []*Source
	for _, dir := range dirs {
		files, err := from.Glob(path.Join(dir, "*.book"))
		if err != nil {
			return nil, err
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("%s: no .book files", dir)
		}
		for _, f := range files {
			text, err := from.ReadFile(f, BookLimit)
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

// LibraryProgram builds the library program with lib's tables (see
// microchess.LibraryProgram).
func LibraryProgram(lib *Library) (*microchess.Patched, *memmap.LibraryVars, error) {
	return microchess.LibraryProgram(asm.Source{Name: "library tables", Text: lib.Asm(microchess.LibraryTables)})
}

// Built is a library program ready to play: its images, where it keeps
// what a game needs, and its name.
type Built struct {
	Program *microchess.Patched
	Vars    *memmap.LibraryVars
	Name    string
}

// TwentyBooks is the library program with the books of LibraryDirs (the
// manual's ten and White's ten), as make, match and play use it, built
// once from the proven sources.
var TwentyBooks = sync.OnceValues(func() (*Built, error) {
	lib, err := ReadLibrary(microchess.Proven, LibraryDirs...)
	if err != nil {
		return nil, err
	}
	p, vars, err := LibraryProgram(lib)
	if err != nil {
		return nil, err
	}
	return &Built{p, vars, p.Describe(fmt.Sprintf("%s with the opening library (%s, %d books)", microchess.OriginalName, microchess.LibrarySource, len(lib.Records)))}, nil
})
