package rules_test

import (
	"testing"

	"github.com/kim1-archive/microchess/rules"
)

// A FEN that is no FEN gets a reason, not the chess library's bare
// "chess: fen invalid format", and a byte the library cannot take (it
// indexes a table by the board's bytes) is refused before it panics, by
// FEN, ParseFEN and LegalFEN alike.
func TestBadFENReasons(t *testing.T) {
	for _, c := range []struct{ fen, want string }{
		{"garbage", "want six fields a space apart (board, side to move, castling, en passant, halfmove clock, move number), not 1"},
		{"this is not a fen", "want six fields a space apart (board, side to move, castling, en passant, halfmove clock, move number), not 5"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", "want six fields a space apart (board, side to move, castling, en passant, halfmove clock, move number), not 4"},
		{"ä7/8/8/8/8/8/8/8 w - - 0 1", "no piece, digit or '/' at 1 of the board"},
		{"4k3/8/8/8/8/8/8/4K2\xff w - - 0 1", "no piece, digit or '/' at 20 of the board"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "invalid turn"},
	} {
		if _, err := rules.ParseFEN(c.fen); err == nil || err.Error() != c.want {
			t.Errorf("ParseFEN(%q): %v, want %s", c.fen, err, c.want)
		}
		if _, err := rules.FEN(c.fen); err == nil || err.Error() != c.want {
			t.Errorf("FEN(%q): %v, want %s", c.fen, err, c.want)
		}
		if _, err := rules.LegalFEN(c.fen); err == nil || err.Error() != c.want {
			t.Errorf("LegalFEN(%q): %v, want %s", c.fen, err, c.want)
		}
	}
}
