package session

import (
	"testing"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/rules"
)

// What the referee says of an illegal castling or pawn move, on boards
// made by hand: each condition that fails, named.
func TestIllegalReasons(t *testing.T) {
	cases := []struct{ fen, move, want string }{
		{"4kr2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "castling through check: f1 is attacked"},
		{"4r1k1/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "castling out of check"},
		{"4k1r1/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "castling into check: g1 is attacked"},
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "e1g1", "castling with the rook gone: no white rook on h1"},
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "e1g1", "castling after the king or the rook on h1 has moved"},
		{"4k3/8/8/8/8/8/8/4KN1R w K - 0 1", "e1g1", "castling through a man: f1 is taken"},
		// The bishop on a3 holds f8 (a3-b4-c5-d6-e7-f8).
		{"4k2r/8/8/8/8/B7/8/4K3 b k - 0 1", "e8g8", "castling through check: f8 is attacked"},
		// Every fault is named: the rook on d1 holds d8.
		{"4k3/8/8/8/8/8/8/3RK3 b - - 0 1", "e8c8", "castling with the rook gone: no black rook on a8; castling through check: d8 is attacked"},
		{"4k3/8/8/8/8/3p4/3P4/4K3 w - - 0 1", "d2d4", "a double step through the black pawn on d3"},
		{"4k3/3p4/3N4/8/8/8/8/4K3 b - - 0 1", "d7d5", "a double step through the white knight on d6"},
		{"4k3/8/8/8/8/3P4/8/4K3 w - - 0 1", "d3d5", "a double step from d3, off the pawn's starting rank"},
		{"4k3/8/8/8/3p4/3P4/8/4K3 w - - 0 1", "d3d4", "a pawn cannot take straight ahead (the black pawn on d4)"},
	}
	for _, c := range cases {
		opt, err := rules.FEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		g := rules.NewGame(opt)
		var from, to chess.Square
		for sq := chess.A1; sq <= chess.H8; sq++ {
			switch sq.String() {
			case c.move[:2]:
				from = sq
			case c.move[2:]:
				to = sq
			}
		}
		if got := illegalReason(g, from, to); got != c.want {
			t.Errorf("%s in %s: %q, want %q", c.move, c.fen, got, c.want)
		}
	}
}
