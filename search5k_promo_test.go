package microchess_test

import (
	"testing"

	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/rules"
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
		mirrored, _ := mirrorPosition(c.fen, "")
		flip := func(sq string) string { return sq[:1] + string('9'-rune(sq[1])+'0') }
		for _, v := range []struct{ fen, want string }{{c.fen, c.want}, {mirrored, flip(c.want[0:2]) + flip(c.want[2:4]) + c.want[4:]}} {
			f, err := rules.FEN(v.fen)
			if err != nil {
				t.Fatal(err)
			}
			computer := rules.NewGame(f).Position().Turn()
			p := newSearchPlay(t, builds.Search5K, v.fen, computer, "normal")
			ply, err := p.Think()
			if err != nil {
				t.Fatalf("%s: %v", v.fen, err)
			}
			if ply.UCI != v.want {
				t.Errorf("%s (%s): search5k played %s (display %v, %s), want %s", v.fen, c.why, ply.UCI, ply.Display, ply.Note, v.want)
			}
		}
	}
}
