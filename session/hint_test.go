package session_test

import (
	"strings"
	"testing"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

func superBlitzPlay(t *testing.T, player chess.Color, bookOff bool) *session.Play {
	t.Helper()
	p, err := session.NewPlay(session.PlayOptions{Player: player, Level: memmap.Levels[0], BookOff: bookOff,
		Images: microchess.KIM(memmap.Published()), Program: "MicroChess 1977"})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// A hint is the move the program would make in the person's place: at the
// start, for the person as White, the program's own first move as White
// with its book off; the game is not touched.
func TestHint(t *testing.T) {
	p := superBlitzPlay(t, chess.White, false)
	hint, err := p.Hint()
	if err != nil {
		t.Fatal(err)
	}
	as := superBlitzPlay(t, chess.Black, true)
	own, err := as.Think()
	if err != nil {
		t.Fatal(err)
	}
	// (The piece's slot may differ: the hint's table is fitted from a FEN.)
	if hint.SAN != own.SAN || hint.Display.From != own.Display.From || hint.Display.To != own.Display.To {
		t.Errorf("hint %s (%v), the program as White %s (%v)", hint.SAN, hint.Display, own.SAN, own.Display)
	}
	if len(p.Plies) != 0 || p.Game.Position().String() != rules.StartingPosition().String() {
		t.Errorf("the hint changed the game: %d plies", len(p.Plies))
	}
	if _, err := superBlitzPlay(t, chess.Black, false).Hint(); err == nil || err.Error() != "it is the program's move" {
		t.Errorf("a hint on the program's move: %v", err)
	}
}

// The program's own book is White's: as White it plays its first move
// from it (the book keeps .OMOVE negative), as Black its first GO turns
// the book off (.OMOVE no longer negative) and it thinks; BookText says so.
func TestBookAsBlack(t *testing.T) {
	white := superBlitzPlay(t, chess.Black, false)
	if _, err := white.Think(); err != nil {
		t.Fatal(err)
	}
	if white.S.M.Peek(memmap.OpenPtr)&0x80 == 0 || white.BookText() != "the program's own" {
		t.Errorf("the program as White: .OMOVE %02X, book %q", white.S.M.Peek(memmap.OpenPtr), white.BookText())
	}
	black := superBlitzPlay(t, chess.White, false)
	if !strings.HasPrefix(black.BookText(), "none for Black") {
		t.Errorf("the program as Black: book %q", black.BookText())
	}
	if _, err := black.Move("e4"); err != nil {
		t.Fatal(err)
	}
	if _, err := black.Think(); err != nil {
		t.Fatal(err)
	}
	if black.S.M.Peek(memmap.OpenPtr)&0x80 != 0 {
		t.Errorf("the program as Black still follows the book: .OMOVE %02X", black.S.M.Peek(memmap.OpenPtr))
	}
}
