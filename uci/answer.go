package uci

import (
	"fmt"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
)

// choose makes the program's answer a move legal in pos: its own move when
// it is one (a pawn reaching the last rank as the queen when the program
// names no piece); otherwise, with a note saying why, the legal move the
// program valued most in its search, or the legal move of the man it
// touched nearest to its move (TouchMoveChoice), or the first legal move.
// why says what ended a search that gave no move.
func choose(pos *chess.Position, computer chess.Color, ply *session.PlayedPly, log *session.SearchLog, root memmap.Array, why string) (*chess.Move, string) {
	if ply != nil && ply.UCI != "" && !ply.Display.Resigned() {
		if m := legalMatch(pos, ply.UCI); m != nil {
			if m.String() != ply.UCI {
				return m, fmt.Sprintf("the program's %s sent as %s: a pawn on the last rank must become a piece (the program had no man free to replace it)", ply.UCI, m)
			}
			if ply.Illegal != "" || ply.Unheld != "" {
				return m, "the program's board no longer follows the game"
			}
			return m, ""
		}
	}
	switch {
	case ply == nil:
	case ply.Display.Resigned():
		why = "the program resigns (FF FF FF: no move it finds acceptable)"
	default:
		reason := ply.Illegal
		if reason == "" {
			reason = "the chess library has no such move here"
		}
		why = fmt.Sprintf("the program's move %s is illegal here (%s)", ply.UCI, reason)
	}
	var best *chess.Move
	var value byte
	for _, r := range log.Moves {
		if m := rootMove(pos, root, computer, r); m != nil && (best == nil || r.Value > value) {
			best, value = m, r.Value
		}
	}
	if best != nil {
		return best, fmt.Sprintf("%s: sending %s, the legal move it valued most (%02X)", why, best, value)
	}
	if ply != nil && len(ply.UCI) >= 4 {
		from, to := chess.Square(-1), chess.Square(-1)
		for sq := chess.A1; sq <= chess.H8; sq++ {
			switch sq.String() {
			case ply.UCI[:2]:
				from = sq
			case ply.UCI[2:4]:
				to = sq
			}
		}
		if from >= 0 && to >= 0 {
			if m := session.TouchMoveChoice(pos, from, to); m != nil {
				return m, fmt.Sprintf("%s: sending %s, the touched man's legal move nearest to it", why, m)
			}
		}
	}
	legal := pos.ValidMoves()
	return &legal[0], fmt.Sprintf("%s before the program had a move: sending the first legal move the chess library lists, %s", why, legal[0].String())
}

// legalMatch is the legal move text names in UCI; a pawn's move to the
// last rank with no piece named is the promotion to a queen.
func legalMatch(pos *chess.Position, text string) *chess.Move {
	for _, m := range pos.ValidMoves() {
		if m.String() == text || m.String() == text+"q" {
			return &m
		}
	}
	return nil
}

// rootMove is the legal move in pos that a move the program scored
// stands for: its man's square before the search (root) to its TO
// square; nil when that is no legal move.
func rootMove(pos *chess.Position, root memmap.Array, computer chess.Color, r session.RootMove) *chess.Move {
	if r.Piece > 15 {
		return nil
	}
	from, ok1 := memmap.SquareOf(root.Computer[r.Piece], computer)
	to, ok2 := memmap.SquareOf(r.To, computer)
	if !ok1 || !ok2 {
		return nil
	}
	return legalMatch(pos, from.String()+to.String())
}

// entryFor is the program's scoring of the move m, the last it made of it.
func entryFor(log *session.SearchLog, root memmap.Array, computer chess.Color, m *chess.Move) (session.RootMove, bool) {
	for i := len(log.Moves) - 1; i >= 0; i-- {
		r := log.Moves[i]
		if r.Piece > 15 || memmap.Code(m.S1(), computer) != root.Computer[r.Piece] || memmap.Code(m.S2(), computer) != r.To {
			continue
		}
		return r, true
	}
	return session.RootMove{}, false
}
