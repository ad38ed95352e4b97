package web

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kim1-archive/microchess/internal/chessjs"
)

// settle runs the panel until the program waits with no input left.
func settle(t *testing.T, p *Panel) {
	t.Helper()
	for i := 0; p.Busy(); i++ {
		if i > 1000 {
			t.Fatalf("still busy after %d cycles", p.State().Cycles)
		}
		p.Run(10_000_000, time.Second)
	}
	if e := p.State().Error; e != "" {
		t.Fatal(e)
	}
}

// C then PC shows the book's first move, 0F 13 33 (the king's pawn from
// e2, 13, to e4, 33); a move dragged is keyed and answered.
func TestPanelKeysAndMove(t *testing.T) {
	p, err := New(Options{Program: "original", Level: "super-blitz"})
	if err != nil {
		t.Fatal(err)
	}
	settle(t, p)
	p.Press(0x0C)
	p.Press(0x14)
	settle(t, p)
	st := p.State()
	if st.Display != "0F 13 33" || st.Board[28] != "wP" || st.Board[12] != "" {
		t.Fatalf("after C PC: display %s, e4 %q, e2 %q", st.Display, st.Board[28], st.Board[12])
	}
	if err := p.Move("e7", "e5", true); err != nil {
		t.Fatal(err)
	}
	settle(t, p)
	st = p.State()
	if len(st.Plies) != 3 || st.Plies[1].SAN != "e5" || st.Plies[1].Keyed != "63-43" || !st.Plies[2].Computer {
		t.Fatalf("plies %+v", st.Plies)
	}
	pgn := p.PGN(time.Now())
	if !strings.Contains(pgn, "1. e4 e5 2. ") {
		t.Errorf("PGN:\n%s", pgn)
	}
	// The page's save loads in chess.js, as the web's chess apps read it.
	file := filepath.Join(t.TempDir(), "game.pgn")
	if err := os.WriteFile(file, []byte(pgn), 0o644); err != nil {
		t.Fatal(err)
	}
	if games := chessjs.Load(t, file); len(games) != 1 || games[0].Moves != 3 {
		t.Errorf("chess.js read %+v of\n%s", games, pgn)
	}
}

// The teletype program takes the keypad's commands typed.
func TestPanelTeletype(t *testing.T) {
	p, err := New(Options{Program: "teletype", Level: "super-blitz"})
	if err != nil {
		t.Fatal(err)
	}
	settle(t, p)
	p.Press(0x0C)
	p.Press(0x14)
	settle(t, p)
	st := p.State()
	if st.Display != "0F 13 33" || !strings.Contains(st.Printed, "PC") {
		t.Fatalf("display %s, paper:\n%s", st.Display, st.Printed)
	}
}

func TestOpenings(t *testing.T) {
	o, err := Openings()
	if err != nil {
		t.Fatal(err)
	}
	if len(o) != 10 {
		t.Fatalf("%d openings, want the manual's ten: %v", len(o), o)
	}
	for _, c := range o {
		if _, err := New(Options{Program: "original", Level: "normal", Opening: c.Name}); err != nil {
			t.Error(err)
		}
	}
}
