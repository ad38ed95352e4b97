package session

import (
	"errors"
	"fmt"
	"strings"

	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
)

// Think presses PC and plays the program's move: checked against the game,
// completed as the manual asks the player to (the rook of a castling, a
// pawn on the last rank replaced), or, when illegal in chess, the end of
// the game (the program loses) unless Lenient.
func (p *Play) Think() (*PlayedPly, error) {
	if !p.ComputerToMove() {
		return nil, errors.New("it is not the program's move")
	}
	p.before = p.tables()
	mv, err := p.S.Play()
	if err != nil {
		return nil, err
	}
	return p.played(mv, "")
}

// ThinkUntil is Think with a way to stop the program: stop is asked every
// slice of cycles (see Session.PlayUntil). Stopped, the program is put back
// as it was before it thought, and the best move it had found so far
// (Session.BestSoFar) is keyed in for it, as a player may move its men;
// with none found yet, nothing is played and the ply is nil.
func (p *Play) ThinkUntil(slice uint64, stop func(cycles uint64) bool) (*PlayedPly, error) {
	if !p.ComputerToMove() {
		return nil, errors.New("it is not the program's move")
	}
	before := p.S.M.Clone()
	p.before = p.tables()
	root := p.before.array
	// .BESTV still holds the last display's middle pair until GO clears it
	// to 0C: zero it, so that a value above 0C is this search's.
	p.S.M.Poke(memmap.Display2, 0)
	mv, done, err := p.S.PlayUntil(slice, stop)
	if err != nil || done {
		if err != nil {
			return nil, err
		}
		return p.played(mv, "")
	}
	piece, to, _, ok := p.S.BestSoFar()
	spent := p.S.M.CPU.Cycles - before.CPU.Cycles
	p.S.M = before
	if !ok {
		return nil, nil
	}
	mv = Move{Piece: piece, From: root.Computer[piece], To: to, Cycles: spent}
	if err := p.S.Enter(mv.From, mv.To); err != nil {
		return nil, err
	}
	return p.played(mv, fmt.Sprintf("stopped after %d cycles: the best move found so far", spent))
}

// played checks and completes a move of the program's, now on its board.
func (p *Play) played(mv Move, why string) (*PlayedPly, error) {
	computer := p.Computer()
	ply := PlayedPly{Computer: true, Display: mv, Note: why}
	if l := p.Opt.Library; l != nil && p.S.M.Peek(l.InBook) != 0 {
		ply.Book = true
		ply.Note = strings.TrimPrefix(ply.Note+"; from the library", "; ")
	}
	if mv.Resigned() {
		p.Game.Resign(computer)
		p.End = fmt.Sprintf("the program resigns (%v)", mv)
		return &ply, nil
	}
	pos := p.Game.Position()
	uci, note, stop, err := p.S.Computer(p.ref, mv, computer)
	ply.UCI = uci
	if note != "" {
		ply.Note = strings.TrimPrefix(ply.Note+"; "+note, "; ")
	}
	var illegal *IllegalMoveError
	switch {
	case errors.As(err, &illegal) && p.Opt.TouchMove:
		return p.touchMove(ply, illegal, mv)
	case errors.As(err, &illegal):
		return p.illegal(ply, illegal)
	case err != nil:
		return nil, err
	case stop != "":
		p.End, ply.Unheld = stop, stop
		return &ply, nil
	}
	if err := p.compare(); err != nil {
		return nil, fmt.Errorf("after the program's %s: %v", uci, err)
	}
	moves := p.ref.Moves()
	last := moves[len(moves)-1]
	ply.SAN = rules.SAN(pos, last)
	last.SetCommand("cycles", fmt.Sprint(mv.Cycles))
	if ply.Note != "" {
		last.AddComment(ply.Note)
	}
	p.Plies = append(p.Plies, ply)
	p.checkEnd()
	return &p.Plies[len(p.Plies)-1], nil
}

// illegal records a move of the program's that the rules do not allow.
func (p *Play) illegal(ply PlayedPly, e *IllegalMoveError) (*PlayedPly, error) {
	ply.Illegal = e.Reason
	ply.SAN = e.UCI
	p.Plies = append(p.Plies, ply)
	what := fmt.Sprintf("the program played %s (%v), illegal in chess: %s", e.UCI, ply.Display, e.Reason)
	if !p.Opt.Lenient {
		p.Game.Resign(p.Computer())
		p.End = what
		return &p.Plies[len(p.Plies)-1], nil
	}
	// Go on from the program's board, the person to move; the record
	// closes this game and starts another from the position.
	board, err := p.S.Position(p.Computer())
	if err != nil {
		return nil, err
	}
	fen := rules.PositionFEN(board, p.Opt.Player)
	opt, err := rules.FEN(fen)
	if err != nil {
		p.End = what + "; its board is no chess position (" + err.Error() + ")"
		return &p.Plies[len(p.Plies)-1], nil
	}
	p.Earlier = append(p.Earlier, p.Game)
	p.EarlierEnd = append(p.EarlierEnd, what+"; the game went on from the program's board")
	p.Game = rules.NewGame(opt)
	p.ref = rules.NewReferee(p.Game)
	return &p.Plies[len(p.Plies)-1], nil
}
