package microchess_test

import (
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

// search5k chooses its own promotion (issue 42): the search tries a pawn's
// move to the last rank as a queen, then as a knight (PJK), and plays the
// one it found better; the session reads the knight from .ATTR and the
// display's flag and hands the referee the move with its letter. Each
// position is played as given and with the colours reversed. Before, the
// program only ever queened, and played d7d8q in the first.
func TestSearch5KUnderpromotes(t *testing.T) {
	for _, c := range []struct{ why, fen, want string }{
		// d8=N+ forks the king on f7 and the queen on b7 (a knight up);
		// d8=Q leaves a queen each.
		{"the knight forks", "8/1q1P1kpp/8/8/8/8/6PP/6K1 w - - 0 1", "d7d8n"},
		// The queen is right: d8=Q wins, a knight would not.
		{"the queen", "6k1/3P2pp/8/8/8/8/1r4PP/6K1 w - - 0 1", "d7d8q"},
	} {
		for _, v := range bothColours(c.fen, c.want) {
			_, ply := s5kThink(t, v.fen)
			if ply.UCI != v.want {
				t.Errorf("%s (%s): search5k played %s (display %v, %s), want %s", v.fen, c.why, ply.UCI, ply.Display, ply.Note, v.want)
			}
		}
	}
}

// The session hands the referee search5k's knight as the program made it
// (issue 42): the display shows the knight's flag on the TO square, .ATTR
// holds a knight, the move is d7d8n (d8=N+ in SAN); a display without the
// flag, .ATTR holding the knight, is refused. Before, the session took every
// promotion of the program's for a queen and refused the knight.
func TestSearch5KUnderpromotionRefereed(t *testing.T) {
	fen := "8/1q1P1kpp/8/8/8/8/6PP/6K1 w - - 0 1"
	f, err := rules.FEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	p := newSearchPlay(t, builds.Search5K, fen, chess.White, "normal")
	ply, err := p.Think()
	if err != nil {
		t.Fatal(err)
	}
	if ply.UCI != "d7d8n" || ply.SAN != "d8=N+" || ply.Display.To&session.KnightFlag == 0 {
		t.Fatalf("search5k played %s (%s, display %v), want d7d8n, d8=N+, its TO square with the knight's flag", ply.UCI, ply.SAN, ply.Display)
	}
	if got := p.Game.Position().Board().Piece(chess.D8); got != chess.WhiteKnight {
		t.Errorf("the referee's d8 holds %v, want a white knight", got)
	}
	mv := ply.Display
	if uci, _, _, err := p.S.Computer(rules.NewReferee(rules.NewGame(f)), mv, chess.White); err != nil || uci != "d7d8n" {
		t.Errorf("the display %v read again: %s, %v; want d7d8n", mv, uci, err)
	}
	mv.To &^= session.KnightFlag
	if _, _, _, err := p.S.Computer(rules.NewReferee(rules.NewGame(f)), mv, chess.White); err == nil || !strings.Contains(err.Error(), "is a knight, not a queen") {
		t.Errorf("the display %v with a knight in .ATTR: %v, want an error saying so", mv, err)
	}
}
