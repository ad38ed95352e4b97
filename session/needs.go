package session

import (
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
)

// Needs is what a program needs beyond a stock KIM-1 keyed as the 1977
// manual says: its memory and how it is driven. A program's catalogue
// entry (package builds) gives it whole, and it is carried whole to the
// session, a game against a person (PlayOptions), a match's player and a
// tuning run.
type Needs struct {
	// Layout is its memory: the KIM-1's own (zero: memmap.Layout), or
	// with expansion RAM.
	Layout linker.Layout
	// Teletype plays a teletype program (src/extended/teletype.asm)
	// through its terminal instead of the keypad: each key sequence is
	// typed as the command it stands for (TeletypeLines), and a move is
	// read from the memory the display would show.
	Teletype bool
	// Special is set for the special-moves program
	// (src/extended/special-moves.asm) and for search5k, which keeps the
	// full rules the same way: the men's types are read from its
	// .ATTR; castling, en passant and promotion are keyed as single moves;
	// a FEN start is set up with its types, castling rights and en passant
	// square (SetSpecialPosition).
	Special *memmap.SpecialVars
	// Library is set for the library program (src/extended/library.asm):
	// BookOff then switches its library off too, a move it plays from its
	// tables is marked (PlayedPly.Book), a match counts its book moves and
	// gives each game its own random seed (PlayOptions.Seed).
	Library *memmap.LibraryVars
	// Plan says the program's opening block is no book of replies but a
	// part of its play that is never switched off: Stone's Table 1, a
	// development plan his GO weighs in every position while a man is on
	// its FROM square. It is kept on after a FEN start.
	Plan bool
	// OwnQueen is set for a program that makes its own pawn on the last
	// rank its queen when she is off the board (search1k): the
	// session then finds the queen on the pawn's square and the pawn
	// taken off, and replaces the pawn by another captured man, as the
	// manual's procedure does, only when the program did not.
	OwnQueen bool
	// Code are the ranges of its instructions, for WatchCode, when they
	// are not the 1977 program's (memmap.CodeRanges): a program of its own
	// keeps data where the 1977 program has code.
	Code [][2]uint16
}

// Memory is the layout the program runs in: Layout, or the KIM-1's own.
func (n Needs) Memory() linker.Layout {
	if len(n.Layout.Regions) == 0 {
		return memmap.Layout
	}
	return n.Layout
}
