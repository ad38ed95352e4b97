package match

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/suite"
)

// scripted is a side that plays moves from a list, or does what its reply
// says, to put the referee through every ending.
type scripted struct {
	name    string
	replies []reply
	err     error // what think returns when the list runs out
	refuse  error // what accept returns for the opponent's moves
	seen    []string
}

func (s *scripted) begin(chess.Color, string, []string) error { return nil }
func (s *scripted) think(context.Context) (reply, error) {
	if len(s.replies) == 0 {
		return reply{}, s.err
	}
	r := s.replies[0]
	s.replies = s.replies[1:]
	return r, nil
}
func (s *scripted) accept(move string, own bool) error {
	s.seen = append(s.seen, move)
	if !own && s.refuse != nil {
		return s.refuse
	}
	return nil
}
func (s *scripted) what(chess.Color) string { return s.name + " (scripted)" }

func moves(ms ...string) []reply {
	var r []reply
	for _, m := range ms {
		r = append(r, reply{move: m, cycles: 1000})
	}
	return r
}

func testOptions(lines ...suite.Line) *Options {
	o := &Options{Players: []*Player{{Name: "W"}, {Name: "B"}}, Games: 2, Lines: lines, MaxPlies: 300,
		Date: time.Date(1977, 12, 1, 0, 0, 0, 0, time.UTC)}
	if len(lines) == 0 {
		o.Lines = []suite.Line{{}}
	}
	o.Check()
	return o
}

func playScripted(t *testing.T, opt *Options, w, b *scripted) (Record, *chess.Game) {
	t.Helper()
	rec, err := playGame(context.Background(), Job{}, seat{w, opt.Players[0]}, seat{b, opt.Players[1]}, opt)
	if err != nil {
		t.Fatal(err)
	}
	read, err := rules.PGN(strings.NewReader(rec.PGN))
	if err != nil {
		t.Fatalf("the PGN does not read back: %v\n%s", err, rec.PGN)
	}
	g := rules.NewGame(read)
	return rec, g
}

func TestRefereeEndings(t *testing.T) {
	cases := []struct {
		name        string
		white, blk  []reply
		werr        error
		refuse      error // black's accept of White's moves
		maxPlies    int
		result      chess.Outcome
		end         End
		by          chess.Color
		termination string
		detail      string
		plies       int
	}{
		{name: "fool's mate", white: moves("f2f3", "g2g4"), blk: moves("e7e5", "d8h4"),
			result: chess.BlackWon, end: Checkmate, termination: "normal", detail: "0-1, checkmate", plies: 4},
		{name: "an illegal move loses and is not in the record", white: moves("e2e4", "e1g1"), blk: moves("e7e5"),
			result: chess.BlackWon, end: Illegal, by: chess.White, termination: "rules infraction",
			detail: "W played e1g1, illegal in chess: not a legal move here", plies: 2},
		{name: "the program's own referee names the illegal move", white: []reply{{move: "e1e2", illegal: "the king would be in check", display: "00 03 13"}},
			result: chess.BlackWon, end: Illegal, by: chess.White, termination: "rules infraction",
			detail: "W played e1e2 (00 03 13), illegal in chess: the king would be in check"},
		{name: "resignation", white: moves("e2e4"), blk: []reply{{resigned: true, display: "FF FF FF"}},
			result: chess.WhiteWon, end: Resigned, by: chess.Black, termination: "normal", detail: "B resigns (FF FF FF)", plies: 1},
		{name: "an engine with no move", white: []reply{{move: "0000", none: true}},
			result: chess.BlackWon, end: Failed, by: chess.White, termination: "abandoned",
			detail: "W has no move (bestmove 0000) in a position with legal moves"},
		{name: "a side that fails", werr: errors.New("the program ran away"),
			result: chess.BlackWon, end: Failed, by: chess.White, termination: "abandoned", detail: "W failed: the program ran away"},
		{name: "threefold repetition is claimed", white: moves("g1f3", "f3g1", "g1f3", "f3g1"), blk: moves("g8f6", "f6g8", "g8f6", "f6g8"),
			result: chess.Draw, end: DrawnByRule, termination: "normal", detail: "1/2-1/2, draw by threefold repetition", plies: 8},
		{name: "the ply cap", white: moves("g1f3", "f3g1"), blk: moves("g8f6", "f6g8"), maxPlies: 3,
			result: chess.Draw, end: PlyCap, termination: "adjudication", detail: "3 plies played after the opening: adjudicated a draw", plies: 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opt := testOptions()
			if c.maxPlies > 0 {
				opt.MaxPlies = c.maxPlies
			}
			w := &scripted{name: "W", replies: c.white, err: c.werr}
			b := &scripted{name: "B", replies: c.blk, refuse: c.refuse, err: errors.New("B ran out of moves")}
			rec, g := playScripted(t, opt, w, b)
			if rec.Result != c.result || rec.End != c.end || rec.By != c.by || rec.Detail != c.detail || rec.Plies != c.plies {
				t.Errorf("got %s %v by %v after %d plies: %q\nwant %s %v by %v after %d plies: %q",
					rec.Result, rec.End, rec.By, rec.Plies, rec.Detail, c.result, c.end, c.by, c.plies, c.detail)
			}
			// (The library reads a drawn game's result back as "*".)
			if g.GetTagPair("Termination") != c.termination || g.GetTagPair("Result") != string(c.result) ||
				!strings.HasSuffix(rec.PGN, " "+string(c.result)) || c.result != chess.Draw && g.Outcome() != c.result {
				t.Errorf("tags Termination %q Result %q, outcome %q", g.GetTagPair("Termination"), g.GetTagPair("Result"), g.Outcome())
			}
			if len(g.Moves()) != c.plies {
				t.Errorf("the record holds %d moves, want %d\n%s", len(g.Moves()), c.plies, rec.PGN)
			}
			if !strings.Contains(rec.PGN, "{"+c.detail) && !strings.Contains(rec.PGN, c.detail+"}") {
				t.Errorf("how it ended is not a comment:\n%s", rec.PGN)
			}
		})
	}
}

// The opening line is played before the sides think, is in the record,
// and each program move's cycles are a command comment.
func TestRefereeOpeningAndCycles(t *testing.T) {
	line := suite.Line{ECO: "C20", Name: "King's Pawn Game", Moves: []string{"e4", "e5"}}
	opt := testOptions(line)
	w := &scripted{name: "W", replies: moves("f1c4", "d1h5", "h5f7"), err: errors.New("out")}
	b := &scripted{name: "B", replies: moves("b8c6", "g8f6"), err: errors.New("out")}
	rec, g := playScripted(t, opt, w, b)
	if rec.End != Checkmate || rec.Plies != 5 {
		t.Fatalf("%v after %d plies", rec.End, rec.Plies)
	}
	for tag, want := range map[string]string{"ECO": "C20", "Opening": "King's Pawn Game", "White": "W", "Black": "B",
		"WhiteProgram": "W (scripted)", "Date": "1977.12.01", "Round": "1", "Event": "MicroChess match", "PlyCount": "7"} {
		if got := g.GetTagPair(tag); got != want {
			t.Errorf("tag %s = %q, want %q", tag, got, want)
		}
	}
	if !strings.Contains(rec.PGN, "1. e4 e5 {end of opening line 1 of the suite}") {
		t.Errorf("the opening is not marked:\n%s", rec.PGN)
	}
	if n := strings.Count(rec.PGN, "[%cycles 1000]"); n != 5 {
		t.Errorf("%d cycle comments, want 5:\n%s", n, rec.PGN)
	}
	// begin had the opening; accept gets the moves after it, its own and
	// the opponent's, but not the last: the game was over.
	if strings.Join(b.seen, " ") != "f1c4 b8c6 d1h5 g8f6" {
		t.Errorf("black accepted %q", b.seen)
	}
}

func TestTagValueEscapes(t *testing.T) {
	if got := tagValue(`a "b" \c` + "\n"); got != `a \"b\" \\c ` {
		t.Errorf("%q", got)
	}
}
