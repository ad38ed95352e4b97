package match

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/suite"
)

func players(t *testing.T, r *Roster, names ...string) []*Player {
	t.Helper()
	var ps []*Player
	for _, n := range names {
		p, err := r.Player(n)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

// replays reads a game's record back and plays it through the chess
// library: every move must be legal.
func replays(t *testing.T, pgn string) *chess.Game {
	t.Helper()
	read, err := rules.PGN(strings.NewReader(pgn))
	if err != nil {
		t.Fatalf("%v\n%s", err, pgn)
	}
	g := rules.NewGame(read)
	again := rules.NewGame()
	for _, m := range g.Moves() {
		if err := again.Move(m, nil); err != nil {
			t.Fatalf("move %s: %v\n%s", m, err, pgn)
		}
	}
	return g
}

// Two MicroChess programs at Super Blitz: the same games whether one or
// two run at once, every game legal up to its end, each program move's
// cycles recorded.
func TestProgramsMatch(t *testing.T) {
	t.Parallel()
	lines := suite.Default()[:2]
	date := time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)
	var pgns [2][]string
	for i, jobs := range []int{1, 2} {
		r := NewRoster()
		res, err := Run(context.Background(), Options{Players: players(t, r, "original@super-blitz", "stone@super-blitz"),
			Games: 4, Lines: lines, Jobs: jobs, Date: date})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Records) != 4 || res.Interrupted {
			t.Fatalf("%d records", len(res.Records))
		}
		for k, rec := range res.Records {
			g := replays(t, rec.PGN)
			wantWhite := []string{"original@super-blitz", "stone@super-blitz"}[k%2]
			if g.GetTagPair("White") != wantWhite || g.GetTagPair("Opening") != lines[k/2].Name {
				t.Errorf("game %d: White %q, opening %q", k, g.GetTagPair("White"), g.GetTagPair("Opening"))
			}
			if !strings.HasPrefix(g.GetTagPair("BlackProgram"), "MicroChess 1977") {
				t.Errorf("game %d: BlackProgram %q", k, g.GetTagPair("BlackProgram"))
			}
			// Every move after the opening is a program's, with its cycles.
			if n := strings.Count(rec.PGN, "[%cycles "); n != rec.Plies || rec.Plies == 0 {
				t.Errorf("game %d: %d cycle comments for %d plies", k, n, rec.Plies)
			}
			if rec.Cycles[chess.White] == 0 || rec.Thought[chess.White] == 0 {
				t.Errorf("game %d: no cycles counted", k)
			}
			pgns[i] = append(pgns[i], rec.PGN)
		}
	}
	for k := range pgns[0] {
		if pgns[0][k] != pgns[1][k] {
			t.Errorf("game %d differs between -j 1 and -j 2:\n%s\n%s", k, pgns[0][k], pgns[1][k])
		}
	}
}

// A few games against Debian's Stockfish at Skill Level 0 with a node
// limit, through UCI.
func TestStockfishMatch(t *testing.T) {
	path := lookEngine(t, "stockfish")
	t.Parallel()
	r := NewRoster()
	if _, err := r.AddEngine("name=sf,cmd=" + path + ",nodes=200,option.Skill Level=0,option.Threads=1"); err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), Options{Players: players(t, r, "original@super-blitz", "sf"),
		Games: 2, Lines: suite.Default()[:1], Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Records) != 2 {
		t.Fatalf("%d records", len(res.Records))
	}
	for _, rec := range res.Records {
		if rec.End == Failed {
			t.Errorf("game %d failed: %s", rec.Index, rec.Detail)
		}
		g := replays(t, rec.PGN)
		sf := g.GetTagPair("WhiteProgram")
		if rec.White == 0 {
			sf = g.GetTagPair("BlackProgram")
		}
		if !strings.HasPrefix(sf, "Stockfish") || !strings.Contains(sf, "nodes 200, Skill Level 0") {
			t.Errorf("the engine is recorded as %q", sf)
		}
	}
	s := res.Summarize()
	// Stockfish at Skill Level 0 plays at random: a game may stop on a promotion
	// the program cannot hold, adjudicated and out of the score.
	if p := s.Pairings[0]; p.Games+p.Adjudicated.Games != 2 || s.Players[1].Cycles != 0 || s.Players[0].Cycles == 0 || s.Players[1].Moves == 0 {
		t.Errorf("summary %+v", s)
	}
}

func TestRosterErrors(t *testing.T) {
	r := NewRoster()
	for _, c := range []struct{ def, want string }{
		{"name=sf,cmd=stockfish", `engine "name=sf,cmd=stockfish": no limit: give nodes=, depth= or movetime= (nodes and depth give the same games again; movetime does not)`},
		{"cmd=stockfish,nodes=1", `engine "cmd=stockfish,nodes=1": no name=`},
		{"name=sf,nodes=1", `engine "name=sf,nodes=1": no cmd=`},
		{"name=sf,cmd=x,nodes=-3", `engine "name=sf,cmd=x,nodes=-3": nodes=-3: not positive`},
		{"name=sf,cmd=x,speed=3", `engine "name=sf,cmd=x,speed=3": unknown field "speed" (want name, cmd, proto, nodes, depth, movetime, pick, margin, option.NAME)`},
		{"name=original,cmd=x,nodes=1", `player name "original" is taken`},
		{"name=a b,cmd=x,nodes=1", `player name "a b": want a word without @ = , spaces or quotes`},
		{"name=fm,cmd=x,proto=cecp,depth=2", `engine "name=fm,cmd=x,proto=cecp,depth=2": proto=cecp: want uci or xboard`},
		{"name=fm,cmd=x,proto=xboard,nodes=2", `engine "name=fm,cmd=x,proto=xboard,nodes=2": proto=xboard takes depth= and none of nodes=, movetime=, pick=, option.NAME=`},
		{"name=fm,cmd=x,proto=xboard,depth=2,option.Resign=1", `engine "name=fm,cmd=x,proto=xboard,depth=2,option.Resign=1": proto=xboard takes depth= and none of nodes=, movetime=, pick=, option.NAME=`},
		{"name=sf,cmd=x,movetime=fast", `engine "name=sf,cmd=x,movetime=fast": movetime=fast: time: invalid duration "fast"`},
	} {
		if _, err := r.AddEngine(c.def); err == nil || err.Error() != c.want {
			t.Errorf("%s: got %v\nwant %s", c.def, err, c.want)
		}
	}
	if _, err := r.AddEngine("name=sf,cmd=x,movetime=150"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ spec, want string }{
		{"sf@blitz", `player "sf@blitz": sf is an engine: its limit is set where it is defined, not with @`},
		{"fritz", `player "fritz": no program or engine "fritz" (want library[@LEVEL], local[@LEVEL], original[@LEVEL], search1k[@LEVEL], search5k[@LEVEL], sf, special[@LEVEL], stone[@LEVEL], teletype[@LEVEL], tuned-special[@LEVEL], tuned[@LEVEL])`},
		{"original@fast", `player "original@fast": unknown level "fast" (want super-blitz, blitz, normal)`},
	} {
		if _, err := r.Player(c.spec); err == nil || err.Error() != c.want {
			t.Errorf("%s: got %v\nwant %s", c.spec, err, c.want)
		}
	}
	p, err := r.Player("stone")
	if err != nil || p.Name != "stone@normal" {
		t.Errorf("stone: %v %v", p, err)
	}
	if u := r.Unused(); len(u) != 1 || u[0] != "sf" {
		t.Errorf("unused %q", u)
	}
}

// lookEngine finds an engine on PATH or in /usr/games, where Debian puts
// them, or skips.
func lookEngine(t *testing.T, name string) string {
	t.Helper()
	for _, p := range []string{name, "/usr/games/" + name} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	t.Skipf("%s not found on PATH or in /usr/games: install Debian's %s (.ci/run does) to run this test", name, name)
	return ""
}

// The teletype program plays as the keypad original: from each opening,
// the game with it as White and the game with it as Black are the same
// moves, so it scores exactly half.
func TestTeletypeProgramMatch(t *testing.T) {
	t.Parallel()
	lines := suite.Default()[:2]
	r := NewRoster()
	res, err := Run(context.Background(), Options{Players: players(t, r, "teletype@super-blitz", "original@super-blitz"),
		Games: 4, Lines: lines, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Records) != 4 {
		t.Fatalf("%d records", len(res.Records))
	}
	for k := 0; k < 4; k += 2 {
		a, b := replays(t, res.Records[k].PGN), replays(t, res.Records[k+1].PGN)
		if a.GetTagPair("White") != "teletype@super-blitz" || b.GetTagPair("Black") != "teletype@super-blitz" {
			t.Fatalf("games %d and %d: %s vs %s, %s vs %s", k, k+1, a.GetTagPair("White"), a.GetTagPair("Black"), b.GetTagPair("White"), b.GetTagPair("Black"))
		}
		if !strings.Contains(a.GetTagPair("WhiteProgram"), "teletype") {
			t.Errorf("game %d: WhiteProgram %q", k, a.GetTagPair("WhiteProgram"))
		}
		if ma, mb := fmt.Sprint(a.Moves()), fmt.Sprint(b.Moves()); len(a.Moves()) < 10 || ma != mb {
			t.Errorf("from opening %s the games differ:\n%s\n%s", lines[k/2].Name, ma, mb)
		}
	}
}

// The library program in a match: from the start position with the books
// on, the moves it plays from its tables are marked in the PGN and counted
// in the summary; the seed differs from game to game, so its choice does
// too; with the books off (a suite's lines) it plays none.
func TestLibraryProgramMatch(t *testing.T) {
	t.Parallel()
	r := NewRoster()
	res, err := Run(context.Background(), Options{Players: players(t, r, "library@super-blitz", "original@super-blitz"),
		Games: 8, Lines: []suite.Line{{Name: "the start position"}}, Jobs: 2, Book: true})
	if err != nil {
		t.Fatal(err)
	}
	s := res.Summarize()
	lib := s.Players[0].Library
	if lib == nil || s.Players[1].Library != nil {
		t.Fatalf("library phases: %+v, %+v", s.Players[0].Library, s.Players[1].Library)
	}
	marked, firsts := 0, map[string]bool{}
	for k, rec := range res.Records {
		g := replays(t, rec.PGN)
		marked += strings.Count(rec.PGN, "from the library")
		if k%2 == 0 { // the library White: its first moves are its choice
			firsts[fmt.Sprint(g.Moves()[:3])] = true
		}
	}
	if lib.BookMoves == 0 || marked != lib.BookMoves || lib.Fewest > lib.Most {
		t.Errorf("%d moves counted from the library, %d marked in the PGN (fewest %d, most %d)", lib.BookMoves, marked, lib.Fewest, lib.Most)
	}
	if len(firsts) < 2 {
		t.Errorf("four games as White opened with %v: the seed should vary the choice", firsts)
	}
	off, err := Run(context.Background(), Options{Players: players(t, NewRoster(), "library@super-blitz", "original@super-blitz"),
		Games: 2, Lines: suite.Default()[:1], Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	if l := off.Summarize().Players[0].Library; l == nil || l.BookMoves != 0 {
		t.Errorf("with the books off the library played %+v", l)
	}
}

// Deterministic programs from the start position play the same game each
// time a pairing has the same colours: the summary counts the distinct
// games, so that a reader does not take repeats for independent games.
func TestDistinctGames(t *testing.T) {
	t.Parallel()
	res, err := Run(context.Background(), Options{Players: players(t, NewRoster(), "original@super-blitz", "stone@super-blitz"),
		Games: 6, Lines: []suite.Line{{Name: "the start position"}}, Jobs: 2, Book: true})
	if err != nil {
		t.Fatal(err)
	}
	p := res.Summarize().Pairings[0]
	if p.Games != 6 || p.Distinct != 2 {
		t.Errorf("%d games, %d distinct: want 6 and 2 (one a colour)", p.Games, p.Distinct)
	}
	var out strings.Builder
	res.Summarize().Write(&out)
	if !strings.Contains(out.String(), "2 distinct games of 6") {
		t.Errorf("the summary does not say so:\n%s", out.String())
	}
}
