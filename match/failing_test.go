package match

import (
	"context"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/suite"
)

// A program that cannot even be set up for a game (one that spins without
// asking for a key, one of zeros that runs into the monitor ROM) loses
// each game as failed, by the side it plays; the match goes on and every
// game has its record.
func TestBrokenProgramsFail(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		images []kim1.Image
		why    string
	}{
		{"spin", []kim1.Image{{Name: "spin", Addr: 0x0000, Data: []byte{0x4C, 0x00, 0x00}}}, "jump to self"},
		{"zeros", []kim1.Image{{Name: "zeros", Addr: 0x0000, Data: make([]byte, 1024)}}, "monitor ROM"},
	} {
		r := NewRoster()
		if err := r.AddProgram(c.name, c.name+" program", c.images, linker.Layout{}); err != nil {
			t.Fatal(err)
		}
		res, err := Run(context.Background(), Options{Players: players(t, r, c.name+"@super-blitz", "original@super-blitz"),
			Games: 2, Lines: suite.Default()[:1], Jobs: 1, MaxPlies: 4})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if len(res.Records) != 2 {
			t.Fatalf("%s: %d records", c.name, len(res.Records))
		}
		for _, rec := range res.Records {
			broken := chess.White
			if rec.White != 0 {
				broken = chess.Black
			}
			if rec.End != Failed || rec.By != broken || !strings.Contains(rec.Detail, c.why) {
				t.Errorf("%s, game %d: %v by %v (%s); want failed by %v", c.name, rec.Index, rec.End, rec.By, rec.Detail, broken)
			}
			g := replays(t, rec.PGN)
			winner := chess.BlackWon
			if broken == chess.Black {
				winner = chess.WhiteWon
			}
			if g.Outcome() != winner {
				t.Errorf("%s, game %d: %s", c.name, rec.Index, g.Outcome())
			}
			if g.GetTagPair(broken.Name()+"Program") != c.name+" program" || g.GetTagPair(broken.Other().Name()+"Program") != "MicroChess 1977" {
				t.Errorf("%s, game %d: WhiteProgram %q, BlackProgram %q", c.name, rec.Index, g.GetTagPair("WhiteProgram"), g.GetTagPair("BlackProgram"))
			}
		}
	}
}

// A line whose own moves end the game (a fivefold repetition: a suite
// read from a file refuses it) is a game drawn by the rules before any
// side thinks; no side failed.
func TestOpeningLineEndsTheGame(t *testing.T) {
	var line []string
	for range 4 {
		line = append(line, "Nf3", "Nf6", "Ng1", "Ng8")
	}
	opt := testOptions(suite.Line{Moves: line})
	w := &scripted{name: "W", replies: moves("e2e4")}
	b := &scripted{name: "B", replies: moves("e7e5")}
	rec, g := playScripted(t, opt, w, b)
	if rec.End != DrawnByRule || rec.Result != chess.Draw || !strings.Contains(rec.Detail, "fivefold") || !strings.Contains(rec.Detail, "opening line") {
		t.Errorf("%v %v: %s", rec.End, rec.Result, rec.Detail)
	}
	if len(w.replies) != 1 || len(b.replies) != 1 || rec.Plies != 0 || len(g.Moves()) != 16 {
		t.Errorf("a side thought, or %d plies played, %d moves", rec.Plies, len(g.Moves()))
	}
}
