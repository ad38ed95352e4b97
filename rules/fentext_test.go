package rules_test

import (
	"strings"
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

// A PGN whose FEN tag holds a byte past ASCII is an error, not a panic of
// the chess library's.
func TestPGNWithABadFENTag(t *testing.T) {
	pgn := "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppé/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\"]\n\n1. e4 *\n"
	if _, err := rules.PGN(strings.NewReader(pgn)); err == nil {
		t.Error("PGN read a FEN tag with a byte past ASCII")
	}
	if _, err := rules.ReadGames(strings.NewReader(pgn)); err == nil {
		t.Error("ReadGames read a FEN tag with a byte past ASCII")
	}
}
