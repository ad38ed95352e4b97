package match

import (
	"context"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/uci"
)

func TestPickMove(t *testing.T) {
	a := uci.Answer{Move: "e2e4", Lines: []uci.PV{
		{Move: "e2e4", Score: "cp 40"}, {Move: "d2d4", Score: "cp 31"},
		{Move: "g1f3", Score: "cp 10"}, {Move: "a2a3", Score: "cp -50"},
	}}
	// Within 30 cp of +40: e4 (40) and d4 (31); Nf3 (10) is 30 below only
	// at a margin of 30 — it is: 40−30 = 10 ≤ 10.
	seen := map[string]int{}
	for g := uint64(0); g < 200; g++ {
		seen[pickMove(a, 4, 30, g, 7)]++
	}
	if len(seen) != 3 || seen["a2a3"] != 0 {
		t.Errorf("margin 30 over 200 games: %v, want e2e4, d2d4 and g1f3 only", seen)
	}
	for m, n := range seen {
		if n < 40 {
			t.Errorf("%s chosen %d times of 200: not spread", m, n)
		}
	}
	// The same game and ply choose the same move.
	first := pickMove(a, 4, 30, 5, 3)
	for range 10 {
		if m := pickMove(a, 4, 30, 5, 3); m != first {
			t.Fatalf("game 5, ply 3: %s, then %s", first, m)
		}
	}
	// pick bounds the lines looked at; margin 0 keeps the best alone.
	for g := uint64(0); g < 50; g++ {
		if m := pickMove(a, 1, 100, g, 0); m != "e2e4" {
			t.Fatalf("pick 1: %s", m)
		}
		if m := pickMove(a, 4, 0, g, 0); m != "e2e4" {
			t.Fatalf("margin 0: %s", m)
		}
	}
	// A mate outranks every score; without lines the engine's move stands.
	mate := uci.Answer{Move: "h5f7", Lines: []uci.PV{{Move: "h5f7", Score: "mate 1"}, {Move: "e2e4", Score: "cp 900"}}}
	if m := pickMove(mate, 2, 500, 1, 1); m != "h5f7" {
		t.Errorf("mate in one: %s", m)
	}
	if m := pickMove(uci.Answer{Move: "b1c3"}, 4, 30, 1, 1); m != "b1c3" {
		t.Errorf("no lines: %s", m)
	}
}

func TestAddEnginePick(t *testing.T) {
	r := NewRoster()
	if _, err := r.AddEngine("name=sf,cmd=stockfish,nodes=100,pick=4"); err != nil {
		t.Fatal(err)
	}
	e := r.engines["sf"]
	if e.Pick != 4 || e.PickMargin != DefaultPickMargin || len(e.Options) != 1 || e.Options[0] != (uci.Option{Name: "MultiPV", Value: "4"}) {
		t.Errorf("pick=4: %+v", e)
	}
	for _, bad := range []string{"name=a,cmd=x,nodes=1,pick=1", "name=b,cmd=x,nodes=1,margin=20", "name=c,cmd=x,nodes=1,pick=4,margin=-1"} {
		if _, err := r.AddEngine(bad); err == nil {
			t.Errorf("%s: accepted", bad)
		}
	}
}

// A picking Stockfish varies its replies: from the start position with the
// program's book (the programs are deterministic, so without it every game
// against the original would be one of two), the games differ, and the
// same schedule plays the same games again.
func TestPickingEngineVariesGames(t *testing.T) {
	path := lookEngine(t, "stockfish")
	t.Parallel()
	r := NewRoster()
	if _, err := r.AddEngine("name=sfpick,cmd=" + path + ",nodes=300,pick=4,margin=40,option.Threads=1"); err != nil {
		t.Fatal(err)
	}
	opt := func() Options {
		return Options{Players: players(t, r, "original@super-blitz", "sfpick"), Games: 6, Book: true, MaxPlies: 16, Jobs: 2}
	}
	one, err := Run(context.Background(), opt())
	if err != nil {
		t.Fatal(err)
	}
	two, err := Run(context.Background(), opt())
	if err != nil {
		t.Fatal(err)
	}
	distinct := map[string]bool{}
	for i, rec := range one.Records {
		distinct[rec.Moves] = true
		if rec.Moves != two.Records[i].Moves {
			t.Errorf("game %d differs between two runs:\n%s\n%s", i, rec.Moves, two.Records[i].Moves)
		}
		if rec.End == Failed {
			t.Errorf("game %d failed: %s", i, rec.Detail)
		}
	}
	if len(distinct) < 4 {
		t.Errorf("%d distinct games of 6", len(distinct))
	}
	if s := one.Summarize(); !strings.Contains(s.Players[1].Plays, "picking at random among its best 4 lines within 40 cp") {
		t.Errorf("the engine is recorded as %q", s.Players[1].Plays)
	}
}
