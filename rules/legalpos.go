package rules

import (
	"fmt"
	"strings"

	"github.com/corentings/chess/v2"
)

// CheckPosition tells whether a position could arise in a game, as far as
// a program and a GUI need: one king a side, no pawn on the first or last
// rank, and the side that has just moved not left in check. The chess
// library reads such FENs without a word; the program's piece table would
// drop a third king or take a king, and its answers would not be moves.
func CheckPosition(pos *chess.Position) error {
	board := pos.Board()
	var faults []string
	kings := map[chess.Color][]string{}
	for sq := chess.A1; sq <= chess.H8; sq++ {
		pc := board.Piece(sq)
		switch {
		case pc.Type() == chess.King:
			kings[pc.Color()] = append(kings[pc.Color()], sq.String())
		case pc.Type() == chess.Pawn && (sq.Rank() == chess.Rank1 || sq.Rank() == chess.Rank8):
			faults = append(faults, fmt.Sprintf("a %s pawn on %v (pawns never stand on the first or last rank)", strings.ToLower(pc.Color().Name()), sq))
		}
	}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		switch n := len(kings[c]); {
		case n == 0:
			faults = append([]string{fmt.Sprintf("no %s king", strings.ToLower(c.Name()))}, faults...)
		case n > 1:
			faults = append([]string{fmt.Sprintf("%d %s kings (%s)", n, strings.ToLower(c.Name()), strings.Join(kings[c], ", "))}, faults...)
		}
	}
	if len(faults) == 0 && kingTakeable(pos, pos.Turn().Other()) {
		k := kings[pos.Turn().Other()][0]
		faults = append(faults, fmt.Sprintf("%s to move while the %s king on %s is in check (the side that has just moved cannot be in check)",
			strings.ToLower(pos.Turn().Name()), strings.ToLower(pos.Turn().Other().Name()), k))
	}
	if len(faults) > 0 {
		return fmt.Errorf("not a legal chess position: %s", strings.Join(faults, "; "))
	}
	return nil
}

// kingTakeable tells whether the side to move could take side's king:
// the library is asked whether any move of the side to move lands on the
// king's square, with the mover's own king off the board so that no man
// of its is pinned (a pinned man gives check all the same).
func kingTakeable(pos *chess.Position, side chess.Color) bool {
	board := pos.Board().SquareMap()
	target := chess.NoSquare
	for sq, pc := range board {
		switch {
		case pc == chess.NewPiece(chess.King, side):
			target = sq
		case pc.Type() == chess.King:
			delete(board, sq)
		}
	}
	opt, err := FEN(PositionFEN(board, pos.Turn()))
	if err != nil || target == chess.NoSquare {
		return false
	}
	for _, m := range NewGame(opt).Position().ValidMoves() {
		if m.S2() == target {
			return true
		}
	}
	return false
}

// LegalFEN reads a FEN as FEN does and refuses a position CheckPosition
// refuses, with its reason: how a game is started from a FEN.
func LegalFEN(fen string) (func(*chess.Game), error) {
	pos, err := ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	if err := CheckPosition(pos); err != nil {
		return nil, err
	}
	return FEN(fen)
}
