package session

import (
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/memmap"
)

// TopLevel is .STATE while GO generates the program's own moves, the ones
// it weighs and chooses among (0C while it counts, 00 and 08 for the
// replies and continuations it analyses under each).
const TopLevel = 0x04

// Generated is a move GNM handed to JANUS: the man's code, the square it
// stood on, the square it goes to (the program's octal squares).
type Generated struct {
	Piece, From, To byte
}

// TopLevelMoves presses PC and records every move GNM hands to JANUS at
// the top level, in the order generated: the moves the program weighs in
// the position (switch its book off first, or it may play from the book
// without generating any). The program then makes its move, as after PC.
func (s *Session) TopLevelMoves() ([]Generated, Move, error) {
	var got []Generated
	watch := s.M.Trace
	s.M.Trace = func(m *kim1.Machine) {
		c := m.CPU
		if c.PC == memmap.Janus && c.Mem[memmap.State] == TopLevel {
			piece := c.Mem[memmap.PieceNow]
			got = append(got, Generated{Piece: piece, From: c.Mem[memmap.Board+uint16(piece)], To: c.Mem[memmap.SquareNow]})
		}
		if watch != nil {
			watch(m)
		}
	}
	mv, err := s.Play()
	s.M.Trace = watch
	return got, mv, err
}
