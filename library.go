package microchess

import "github.com/kim1-archive/microchess/linker"

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

// LibraryVars are where the library program keeps what a game needs to
// see: its in-book flag (.INBK, not 00 while it plays from its tables)
// and its random number (.SEED).
type LibraryVars struct {
	InBook, Seed uint16
}
