package match

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/suite"
)

// A program against itself chooses the same move everywhere; the original
// against Stone's upgrade differs somewhere, each listed choice is what the
// program plays in a match game from that line, and the result does not
// depend on how many positions run at once.
func TestDiff(t *testing.T) {
	lines, _ := suite.Builtin("study-250")
	lines = lines[:12]
	r := NewRoster()
	player := func(spec string) *Player {
		p, err := r.Player(spec)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	orig, stone := player("original@super-blitz"), player("stone@super-blitz")

	same, err := Diff(context.Background(), DiffOptions{A: orig, B: orig, Lines: lines, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	if same.Different != 0 || len(same.Positions) != len(lines) {
		t.Fatalf("original against itself: %d of %d positions differ", same.Different, len(same.Positions))
	}

	one, err := Diff(context.Background(), DiffOptions{A: orig, B: stone, Lines: lines, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	two, err := Diff(context.Background(), DiffOptions{A: orig, B: stone, Lines: lines, Jobs: 3})
	if err != nil {
		t.Fatal(err)
	}
	if one.Different == 0 {
		t.Fatal("the original and Stone's upgrade choose alike in all 12 positions")
	}
	for i := range one.Positions {
		if one.Positions[i] != two.Positions[i] {
			t.Errorf("position %d: -j 1 %+v, -j 3 %+v", i+1, one.Positions[i], two.Positions[i])
		}
	}

	// Each choice is a legal move in the position's FEN, and is the move
	// the program makes first in a match game from the same line.
	res, err := Run(context.Background(), Options{Players: []*Player{orig, stone}, Lines: lines, Games: 2 * len(lines), MaxPlies: 1, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range one.Positions {
		fen, err := rules.FEN(p.FEN)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []DiffChoice{p.A, p.B} {
			if c.Note == "" && rules.NewGame(fen).PushNotationMove(c.UCI, chess.UCINotation{}, nil) != nil {
				t.Errorf("line %d: %s is no legal move in %s", p.Line, c.UCI, p.FEN)
			}
		}
		for _, rec := range res.Records {
			if rec.Line != p.Line-1 {
				continue
			}
			want := p.A.UCI
			if rec.White == 1 {
				want = p.B.UCI
			}
			played := strings.Fields(rec.Moves)
			if n := len(lines[rec.Line].Moves); len(played) <= n || played[n] != want {
				t.Errorf("line %d: diff says %s, the match game played %v", p.Line, want, played[len(lines[rec.Line].Moves):])
			}
		}
	}
}

// A player that gives no choice (an engine that never answered: think
// fails) leaves its position out of the comparison: not "differ", not in
// the share; when it fails everywhere the diff is an error.
func TestDiffNotCompared(t *testing.T) {
	lines := suite.Default()[:3]
	answers := &Player{Name: "answers", seat: func() side { return &scripted{name: "A", replies: moves("e2e4")} }}
	// Silent answers only in the first position it is asked.
	asked := 0
	silent := &Player{Name: "silent", seat: func() side {
		asked++
		if asked == 1 {
			return &scripted{name: "S", err: errors.New("no bestmove within 1m0s")}
		}
		return &scripted{name: "S", replies: moves("e2e4")}
	}}
	res, err := Diff(context.Background(), DiffOptions{A: answers, B: silent, Lines: lines, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	p := res.Positions[0]
	if p.Same || p.NotCompared != "silent failed: no bestmove within 1m0s" || res.NotCompared != 1 || res.Compared() != 2 {
		t.Errorf("position 1: %+v; %d not compared", p, res.NotCompared)
	}
	if res.Different+res.NotCompared > len(lines) || res.Different > 2 || res.Share() != float64(res.Different)/2 {
		t.Errorf("%d differ of %d compared, share %v", res.Different, res.Compared(), res.Share())
	}
	never := &Player{Name: "never", seat: func() side { return &scripted{name: "N", err: errors.New("no bestmove")} }}
	if _, err := Diff(context.Background(), DiffOptions{A: answers, B: never, Lines: lines, Jobs: 1}); err == nil ||
		!strings.Contains(err.Error(), "no position could be compared") {
		t.Errorf("never answers: %v", err)
	}
}
