package openings

import (
	"fmt"
	"path"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
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

// LibraryProgram builds the library program with lib's tables (see
// microchess.LibraryProgram).
func LibraryProgram(lib *Library) (*microchess.Patched, *microchess.LibraryVars, error) {
	return microchess.LibraryProgram(asm.Source{Name: "library tables", Text: lib.Asm(microchess.LibraryTables)})
}
