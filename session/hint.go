package session

import (
	"errors"
	"fmt"
)

// Hint is the program's move for the person's side in the position now,
// at the game's level: a second program, loaded as the game's, is set up
// with the position (as a FEN start: its table fitted, no book, no
// castling rights or en passant of its own) to play the person's side,
// and thinks. The game itself is not touched. The move is the ply that
// program played (Computer set, its display and cycles); its Illegal says
// so when the rules do not allow it.
func (p *Play) Hint() (*PlayedPly, error) {
	if p.End != "" {
		return nil, fmt.Errorf("the game is over: %s", p.End)
	}
	if p.ComputerToMove() {
		return nil, errors.New("it is the program's move")
	}
	opt := p.Opt
	opt.Player = p.Computer() // the helper plays the person's side
	opt.FEN = p.Game.Position().String()
	opt.BookOff, opt.Plan, opt.Block, opt.Book = true, false, nil, ""
	opt.Lenient, opt.TouchMove = false, false
	helper, err := NewPlay(opt)
	if err != nil {
		return nil, err
	}
	return helper.Think()
}
