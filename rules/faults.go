package rules

import (
	"fmt"
	"strings"

	"github.com/corentings/chess/v2"
)

// CastlingFaults says what the rules have against a king's move from-to
// along its rank by two squares: each condition of castling that fails.
// Attacks are found with the chess library's moves (attacked).
func CastlingFaults(pos *chess.Position, from, to chess.Square) string {
	color := pos.Turn()
	board := pos.Board()
	side, corner := chess.KingSide, chess.NewSquare(chess.FileH, from.Rank())
	between := []chess.Square{from + 1, from + 2}
	if to < from {
		side, corner = chess.QueenSide, chess.NewSquare(chess.FileA, from.Rank())
		between = []chess.Square{from - 1, from - 2, from - 3}
	}
	var faults []string
	if attacked(pos, from, from) {
		faults = append(faults, "castling out of check")
	}
	switch rook := board.Piece(corner); {
	case rook != chess.NewPiece(chess.Rook, color):
		faults = append(faults, fmt.Sprintf("castling with the rook gone: no %s rook on %v", strings.ToLower(color.Name()), corner))
	case !pos.CastleRights().CanCastle(color, side):
		faults = append(faults, fmt.Sprintf("castling after the king or the rook on %v has moved", corner))
	}
	crossed := from + 1
	if to < from {
		crossed = from - 1
	}
	for _, sq := range between {
		if board.Piece(sq) != chess.NoPiece {
			faults = append(faults, fmt.Sprintf("castling through a man: %v is taken", sq))
		}
	}
	if board.Piece(crossed) == chess.NoPiece && attacked(pos, from, crossed) {
		faults = append(faults, fmt.Sprintf("castling through check: %v is attacked", crossed))
	}
	if board.Piece(to) == chess.NoPiece && attacked(pos, from, to) {
		faults = append(faults, fmt.Sprintf("castling into check: %v is attacked", to))
	}
	if len(faults) == 0 {
		return "castling is not allowed here"
	}
	return strings.Join(faults, "; ")
}

// attacked tells whether the side to move's king, standing on sq instead
// of king, would be attacked: the position is set up so, the opponent to
// move, and the chess library asked whether any of its moves lands on sq.
// (An attacker pinned to its own king is missed: the library does not let
// it move.)
func attacked(pos *chess.Position, king, sq chess.Square) bool {
	board := pos.Board().SquareMap()
	me := board[king]
	delete(board, king)
	board[sq] = me
	opt, err := FEN(PositionFEN(board, pos.Turn().Other()))
	if err != nil {
		return false
	}
	for _, m := range NewGame(opt).Position().ValidMoves() {
		if m.S2() == sq {
			return true
		}
	}
	return false
}

// PawnFault says what the rules have against a pawn's move from-to
// straight up the board, or "" when it is none of these.
func PawnFault(pos *chess.Position, from, to chess.Square) string {
	board := pos.Board()
	if from.File() != to.File() {
		return ""
	}
	step := 1
	if pos.Turn() == chess.Black {
		step = -1
	}
	switch int(to.Rank()) - int(from.Rank()) {
	case 2 * step:
		mid := chess.NewSquare(from.File(), chess.Rank(int(from.Rank())+step))
		if pc := board.Piece(mid); pc != chess.NoPiece {
			return fmt.Sprintf("a double step through the %s on %v", PieceText(pc), mid)
		}
		start := chess.Rank2
		if step < 0 {
			start = chess.Rank7
		}
		if from.Rank() != start {
			return fmt.Sprintf("a double step from %v, off the pawn's starting rank", from)
		}
	case step:
	default:
		return ""
	}
	if pc := board.Piece(to); pc != chess.NoPiece {
		return fmt.Sprintf("a pawn cannot take straight ahead (the %s on %v)", PieceText(pc), to)
	}
	return ""
}
