package profile

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/debug"
	"github.com/kim1-archive/microchess/match"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/suite"
)

// superBlitzMatch is two short Super Blitz games, the program built from
// the proven source (named profiled) against the 1977 program, from the
// first line of the default suite, colours reversed.
func superBlitzMatch(t *testing.T) (match.Options, *debug.Source) {
	t.Helper()
	prog, err := microchess.Original(true)
	if err != nil {
		t.Fatal(err)
	}
	r := match.NewRoster()
	if err := r.AddProgram("profiled", prog.Describe(microchess.OriginalName), microchess.KIM(prog.Images), prog.Layout); err != nil {
		t.Fatal(err)
	}
	var players []*match.Player
	for _, n := range []string{"profiled@super-blitz", "original@super-blitz"} {
		p, err := r.Player(n)
		if err != nil {
			t.Fatal(err)
		}
		players = append(players, p)
	}
	opt := match.Options{Players: players, Games: 2, Lines: suite.Default()[:1], MaxPlies: 12, Jobs: 2}
	return opt, debug.NewSource(prog.Code)
}

var cyclesTag = regexp.MustCompile(`\[(White|Black)Cycles "([0-9]+)"\]`)

// The profile of a match counts exactly the profiled program's moves: its
// total is the sum of the cycles the PGN gives them (its WhiteCycles or
// BlackCycles tag, and its moves' [%cycles] comments), and the same match
// played again unprofiled, on the translation, is the same games with the
// same cycles.
func TestMatchProfileIsTheMoves(t *testing.T) {
	opt, src := superBlitzMatch(t)
	mp, err := Match(context.Background(), opt, 0, src)
	if err != nil {
		t.Fatal(err)
	}
	if len(mp.Result.Records) != 2 {
		t.Fatalf("%d games", len(mp.Result.Records))
	}
	var tags, comments uint64
	moves := 0
	for _, rec := range mp.Result.Records {
		me := chess.White
		if rec.Black == 0 {
			me = chess.Black
		}
		for _, m := range cyclesTag.FindAllStringSubmatch(rec.PGN, -1) {
			if (m[1] == "White") == (me == chess.White) {
				n, _ := strconv.ParseUint(m[2], 10, 64)
				tags += n
			}
		}
		read, err := rules.PGN(strings.NewReader(rec.PGN))
		if err != nil {
			t.Fatal(err)
		}
		g := rules.NewGame(read)
		positions := g.Positions()
		for i, m := range g.Moves() {
			if c, ok := m.GetCommand("cycles"); ok && positions[i].Turn() == me {
				n, _ := strconv.ParseUint(c, 10, 64)
				comments += n
				moves++
			}
		}
	}
	// Every move the program thought was played (no resignation, no
	// illegal move ends these games), so the comments are all of them.
	if mp.Cycles != tags || tags != comments || mp.Moves != moves {
		t.Fatalf("profiled %d moves, %d cycles; the PGN's tags %d cycles, its comments %d cycles in %d moves", mp.Moves, mp.Cycles, tags, comments, moves)
	}
	t.Logf("%d moves, %d cycles, %d instructions", mp.Moves, mp.Cycles, mp.Instructions)
	if mp.Moves < 10 {
		t.Fatalf("only %d moves profiled", mp.Moves)
	}
	if err := mp.Profile.CheckValid(); err != nil {
		t.Fatal(err)
	}
	rows, total := Top(mp.Profile)
	var flat int64
	names := map[string]Row{}
	for _, r := range rows {
		flat += r.Flat
		names[r.Name] = r
	}
	if flat != total || uint64(total) != mp.Cycles {
		t.Fatalf("flat %d, total %d, profiled %d", flat, total, mp.Cycles)
	}
	for _, n := range []string{"GNM", "JANUS", "TREE", "STRATGY"} {
		if names[n].Flat <= 0 {
			t.Errorf("%s has no cycles", n)
		}
	}

	plain, err := match.Run(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	for i, rec := range plain.Records {
		got := mp.Result.Records[i]
		if rec.Moves != got.Moves || rec.Cycles != got.Cycles {
			t.Errorf("game %d unprofiled: %s, cycles %v; profiled: %s, cycles %v", i+1, rec.Moves, rec.Cycles, got.Moves, got.Cycles)
		}
	}
}
