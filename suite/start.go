package suite

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/rules"
)

// startPosition reads a FEN that a line starts from. The chess library
// reads the fields; what it leaves unchecked and would make a game that
// cannot be played is checked here: one king a side, no pawn on the first
// or last rank, the side not to move not in check, castling rights only
// with king and rook at home, an en passant square only behind a pawn that
// could just have stepped two, a legal move to make, and the material to
// mate on one side at least (overText).
func startPosition(fen string) (*chess.Position, error) {
	pos, err := checkStart(fen)
	var over *overError
	if err != nil && !errors.As(err, &over) {
		return nil, fmt.Errorf("bad FEN %q: %v", fen, err)
	}
	return pos, err
}

// overError is a start that is a good FEN of a game already over.
type overError struct{ fen, why string }

func (e *overError) Error() string { return fmt.Sprintf("FEN %q: %s", e.fen, e.why) }

// checkStart is startPosition, its errors the reason alone.
func checkStart(fen string) (*chess.Position, error) {
	pos, err := rules.ParseFEN(fen)
	if err != nil {
		return nil, err
	}
	b := pos.Board()
	kings := map[chess.Color]int{}
	for sq, p := range b.SquareMap() {
		switch {
		case p.Type() == chess.King:
			kings[p.Color()]++
		case p.Type() == chess.Pawn && (sq.Rank() == chess.Rank1 || sq.Rank() == chess.Rank8):
			return nil, fmt.Errorf("a pawn on %s", sq)
		}
	}
	if kings[chess.White] != 1 || kings[chess.Black] != 1 {
		return nil, fmt.Errorf("want one king a side, not %d white and %d black", kings[chess.White], kings[chess.Black])
	}
	for _, c := range []struct {
		right      string
		color      chess.Color
		side       chess.Side
		king, rook chess.Square
	}{
		{"K", chess.White, chess.KingSide, chess.E1, chess.H1},
		{"Q", chess.White, chess.QueenSide, chess.E1, chess.A1},
		{"k", chess.Black, chess.KingSide, chess.E8, chess.H8},
		{"q", chess.Black, chess.QueenSide, chess.E8, chess.A8},
	} {
		if pos.CastleRights().CanCastle(c.color, c.side) &&
			(b.Piece(c.king) != chess.NewPiece(chess.King, c.color) || b.Piece(c.rook) != chess.NewPiece(chess.Rook, c.color)) {
			return nil, fmt.Errorf("castling right %s without the king on %s and the rook on %s", c.right, c.king, c.rook)
		}
	}
	if ep := pos.EnPassantSquare(); ep != chess.NoSquare {
		// White to move: Black's pawn stepped from rank 7 over rank 6 to 5.
		over, to, from, pawn := chess.Rank6, chess.Rank5, chess.Rank7, chess.BlackPawn
		if pos.Turn() == chess.Black {
			over, to, from, pawn = chess.Rank3, chess.Rank4, chess.Rank2, chess.WhitePawn
		}
		f := ep.File()
		if ep.Rank() != over || b.Piece(chess.NewSquare(f, to)) != pawn ||
			b.Piece(ep) != chess.NoPiece || b.Piece(chess.NewSquare(f, from)) != chess.NoPiece {
			return nil, fmt.Errorf("en passant square %s behind no pawn that has just stepped two", ep)
		}
	}
	if takesKing(pos) {
		return nil, errors.New("the side not to move is in check")
	}
	if len(pos.ValidMoves()) == 0 {
		return nil, errors.New("no legal move (mate or stalemate)")
	}
	if why := overText(pos); why != "" {
		return nil, &overError{fen, why}
	}
	return pos, nil
}

// takesKing tells whether the side to move could take the other king, that
// is, whether the side not to move is in check: the library's moves include
// the capture then.
func takesKing(pos *chess.Position) bool {
	for _, m := range pos.ValidMoves() {
		if pos.Board().Piece(m.S2()).Type() == chess.King {
			return true
		}
	}
	return false
}

// numberedFrom writes moves from pos with move numbers: "12... Nf6 13. Nc3"
// when Black moves first.
func numberedFrom(pos *chess.Position, moves []string) string {
	var b strings.Builder
	for i, m := range moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		if num := moveNumberFrom(pos, i); i == 0 || !strings.HasSuffix(num, "...") {
			b.WriteString(num + " ")
		}
		b.WriteString(m)
	}
	return b.String()
}

// moveNumberFrom is how the move at ply (0 = the first) from pos is
// numbered: "12." for White, "12..." for Black.
func moveNumberFrom(pos *chess.Position, ply int) string {
	n := 1
	if f := strings.Fields(pos.String()); len(f) == 6 {
		n, _ = strconv.Atoi(f[5])
	}
	if pos.Turn() == chess.Black {
		ply++
	}
	if ply%2 == 0 {
		return strconv.Itoa(n+ply/2) + "."
	}
	return strconv.Itoa(n+ply/2) + "..."
}
