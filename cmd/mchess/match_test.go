package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/rules"
)

// The issue's own command: twenty Super Blitz games between the original
// and Stone's upgrade, a summary table, a PGN whose every game replays
// legally in the chess library to its last move, and that pgn-extract
// reads.
func TestMatchOriginalAgainstStone(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "out.pgn")
	var stdout, stderr bytes.Buffer
	status := mainExit([]string{"match", "original@super-blitz", "stone@super-blitz", "--games", "20", "--pgn", out}, &stdout, &stderr)
	if status != 0 {
		t.Fatalf("exit %d\n%s%s", status, stdout.String(), stderr.String())
	}
	for _, want := range []string{"20 of 20 games played in ", "original@super-blitz vs stone@super-blitz     20", "Illegal  Resigned  Failed"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("no %q in the summary:\n%s", want, stdout.String())
		}
	}
	if !strings.Contains(stderr.String(), "20/20 games") {
		t.Errorf("no progress on stderr:\n%s", stderr.String())
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	read, err := rules.ReadGames(f)
	if err != nil {
		t.Fatal(err)
	}
	games := 0
	for _, g := range read {
		games++
		replay := rules.NewGame()
		for _, m := range g.Moves() {
			if err := replay.Move(m, nil); err != nil {
				t.Fatalf("game %d: move %s: %v", games, m, err)
			}
		}
		// A game that ends on an illegal move says so; the move itself is
		// only in the closing comment.
		term := g.GetTagPair("Termination")
		if term != "normal" && term != "rules infraction" && term != "adjudication" {
			t.Errorf("game %d: Termination %q", games, term)
		}
		if term == "rules infraction" && !strings.Contains(g.String(), "illegal in chess") {
			t.Errorf("game %d: an infraction not explained:\n%s", games, g)
		}
		for _, tag := range []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "WhiteProgram", "BlackProgram", "ECO", "Opening"} {
			if g.GetTagPair(tag) == "" {
				t.Errorf("game %d: no %s tag", games, tag)
			}
		}
	}
	if games != 20 {
		t.Errorf("%d games in the PGN", games)
	}
	checkPGNExtract(t, out)
	checkChessJS(t, out)
}

// --json gives the same counts to a machine.
func TestMatchJSON(t *testing.T) {
	t.Parallel()
	var stdout, stderr bytes.Buffer
	status := mainExit([]string{"match", "--json", "--quiet", "--games", "2", "original@super-blitz", "original@blitz"}, &stdout, &stderr)
	if status != 0 || stderr.Len() != 0 {
		t.Fatalf("exit %d\n%s", status, stderr.String())
	}
	var s struct {
		Games    int
		Pairings []struct {
			A, B               string
			Games, Wins, Draws int
			Losses             int
			Score              float64
			EloText            string `json:"elo_text"`
			Penta              [5]int `json:"pentanomial"`
			Pairs              int
			PairEloText        string `json:"pair_elo_text"`
		}
		Players []struct {
			Name  string
			Games int
			Moves int
		}
	}
	if err := json.Unmarshal(stdout.Bytes(), &s); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	p := s.Pairings[0]
	if s.Games != 2 || p.A != "original@super-blitz" || p.B != "original@blitz" || p.Wins+p.Draws+p.Losses != 2 ||
		p.Score != (float64(p.Wins)+float64(p.Draws)/2)/2 || s.Players[1].Moves == 0 || p.EloText == "" ||
		p.Pairs != 1 || p.Penta[0]+p.Penta[1]+p.Penta[2]+p.Penta[3]+p.Penta[4] != 1 || p.Penta[2*p.Wins+p.Draws] != 1 || p.PairEloText == "" {
		t.Errorf("%+v", s)
	}
}
