package rules

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/corentings/chess/v2"
)

// refusal says why the SAN text names no legal move: castling not
// allowed (CastlingFaults), no such man, a move that would leave the king
// in check (kingSafety: in check, pinned, a king walking into check), a
// pawn's promotion without its piece, or no such move at all. Which moves
// a man has is always the chess library's answer.
func (s *sanText) refusal(pos *chess.Position) error {
	side := pos.Turn()
	fail := func(format string, a ...any) error {
		return fmt.Errorf("illegal move %s: "+format, append([]any{s.text}, a...)...)
	}
	board := pos.Board().SquareMap()
	if s.castle != "" {
		home := chess.NewSquare(chess.FileE, homeRank(side))
		to := chess.NewSquare(chess.FileG, homeRank(side))
		if s.castle == "O-O-O" {
			to = chess.NewSquare(chess.FileC, homeRank(side))
		}
		if board[home] != chess.NewPiece(chess.King, side) {
			return fail("%s's king is not on %v: it has moved", side.Name(), home)
		}
		return fail("%s", CastlingFaults(pos, home, to))
	}
	var men []chess.Square
	some := false
	for sq := range chess.Square(64) {
		if board[sq] != chess.NewPiece(s.piece, side) {
			continue
		}
		some = true
		if (s.file == "" || sq.File().String() == s.file) && (s.rank == "" || sq.Rank().String() == s.rank) {
			men = append(men, sq)
		}
	}
	name := TypeNames[s.piece]
	switch {
	case !some:
		return fail("%s has no %s", side.Name(), name)
	case len(men) == 0 && s.file != "" && s.rank != "":
		return fail("%s has no %s on %s%s", side.Name(), name, s.file, s.rank)
	case len(men) == 0 && s.file != "":
		return fail("%s has no %s on the %s-file", side.Name(), name, s.file)
	case len(men) == 0:
		return fail("%s has no %s on rank %s", side.Name(), name, s.rank)
	}
	dest := SquareNamed(s.dest)
	if why := kingSafety(pos, men, dest); why != "" {
		return fail("%s", why)
	}
	for _, m := range pos.ValidMoves() {
		if slices.Contains(men, m.S1()) && m.S2() == dest && m.Promo() != chess.NoPieceType {
			return fail("a pawn reaching the last rank says what it becomes: write %s=Q, %s=R, %s=B or %s=N",
				s.bare(), s.bare(), s.bare(), s.bare())
		}
	}
	return fail("%s has no such move here", side.Name())
}

// bare is the text without its check mark and promotion.
func (s *sanText) bare() string {
	t := strings.TrimRight(s.text, "+#")
	if i := strings.Index(t, "="); i >= 0 {
		t = t[:i]
	}
	return t
}

func homeRank(c chess.Color) chess.Rank {
	if c == chess.Black {
		return chess.Rank8
	}
	return chess.Rank1
}

// kingSafety says why the moves of the side to move's men on the squares
// men to dest are illegal when they would be moves but for the king: "Black
// is in check from the white bishop on b5, and Nf6 leaves the king in
// check", "the knight on c3 is pinned to the king by the black bishop on
// b4", "the king would be in check on f2 from the black
// rook on f8". "" when none of them is a move even so. The moves the men
// would have are the chess library's on the board without their king (no
// move is then held back for its sake); a king's, on the board without the
// other side.
func kingSafety(pos *chess.Position, men []chess.Square, dest chess.Square) string {
	side := pos.Turn()
	board := pos.Board().SquareMap()
	king := chess.NoSquare
	for sq, pc := range board {
		if pc == chess.NewPiece(chess.King, side) {
			king = sq
		}
	}
	if king == chess.NoSquare || dest == king {
		return ""
	}
	ep := "-"
	if sq := pos.EnPassantSquare(); sq != chess.NoSquare {
		ep = sq.String()
	}
	for _, from := range men {
		var after map[chess.Square]chess.Piece
		safe := king
		if from == king {
			own := map[chess.Square]chess.Piece{}
			for sq, pc := range board {
				if pc.Color() == side {
					own[sq] = pc
				}
			}
			if !anyMove(libraryPosition(own, side, "-"), from, dest) {
				continue
			}
			after = maps.Clone(board)
			delete(after, from)
			after[dest], safe = board[from], dest
		} else {
			kingless := maps.Clone(board)
			delete(kingless, king)
			p := libraryPosition(kingless, side, ep)
			if p == nil {
				continue
			}
			for _, m := range p.ValidMoves() {
				if m.S1() == from && m.S2() == dest {
					after = p.Update(&m).Board().SquareMap()
					after[king] = board[king]
					break
				}
			}
			if after == nil {
				continue
			}
		}
		checkers := attackers(after, safe, side.Other())
		if len(checkers) == 0 {
			continue
		}
		now := attackers(board, king, side.Other())
		switch {
		case len(now) > 0:
			return fmt.Sprintf("%s is in check from %s, and the move leaves the king in check", side.Name(), menText(board, now))
		case from == king:
			return fmt.Sprintf("the king would be in check on %v from %s", dest, menText(after, checkers))
		default:
			return fmt.Sprintf("the %s on %v is pinned to the king by %s", TypeNames[board[from].Type()], from, menText(after, checkers))
		}
	}
	return ""
}

// attackers are the squares of the men of color by that attack sq, on
// which a man of the other colour stands: the chess library's moves of
// by's men onto sq, its king left off the board so that no move is held
// back by a pin, and its king's on a board of the king and sq alone.
func attackers(board map[chess.Square]chess.Piece, sq chess.Square, by chess.Color) []chess.Square {
	b := maps.Clone(board)
	king := chess.NoSquare
	for s, pc := range b {
		if pc == chess.NewPiece(chess.King, by) {
			king = s
			delete(b, s)
		}
	}
	var found []chess.Square
	if p := libraryPosition(b, by, "-"); p != nil {
		for _, m := range p.ValidMoves() {
			if m.S2() == sq && !slices.Contains(found, m.S1()) {
				found = append(found, m.S1())
			}
		}
	}
	two := map[chess.Square]chess.Piece{king: chess.NewPiece(chess.King, by), sq: board[sq]}
	if king != chess.NoSquare && anyMove(libraryPosition(two, by, "-"), king, sq) {
		found = append(found, king)
	}
	slices.Sort(found)
	return found
}

// anyMove tells whether the library has a move from-to in p (nil: none).
func anyMove(p *chess.Position, from, to chess.Square) bool {
	if p == nil {
		return false
	}
	for _, m := range p.ValidMoves() {
		if m.S1() == from && m.S2() == to {
			return true
		}
	}
	return false
}

// libraryPosition is the board set up in the chess library, turn to move,
// the en passant square ep ("-" for none), no castling; nil if the library
// will not read it.
func libraryPosition(board map[chess.Square]chess.Piece, turn chess.Color, ep string) *chess.Position {
	fen := strings.TrimSuffix(PositionFEN(board, turn), " - - 0 1") + " - " + ep + " 0 1"
	p, err := ParseFEN(fen)
	if err != nil {
		return nil
	}
	return p
}

// menText names men: "the white bishop on b5 and the white rook on e1".
func menText(board map[chess.Square]chess.Piece, squares []chess.Square) string {
	var names []string
	for _, sq := range squares {
		names = append(names, fmt.Sprintf("the %s on %v", PieceText(board[sq]), sq))
	}
	return strings.Join(names, " and ")
}
