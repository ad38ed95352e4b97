package match

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/elo"
	"github.com/kim1-archive/microchess/suite"
)

func TestSchedule(t *testing.T) {
	ps, jobs := Schedule(3, false, 4, 3)
	if fmt.Sprint(ps) != "[{0 1} {0 2} {1 2}]" || len(jobs) != 12 {
		t.Fatalf("round robin: %v, %d jobs", ps, len(jobs))
	}
	// Game g of a pairing: line g/2, A White on even g; pairings alternate.
	want := []Job{
		{0, 0, 0, 1, 0}, {1, 1, 0, 2, 0}, {2, 2, 1, 2, 0},
		{3, 0, 1, 0, 0}, {4, 1, 2, 0, 0}, {5, 2, 2, 1, 0},
		{6, 0, 0, 1, 1}, {7, 1, 0, 2, 1}, {8, 2, 1, 2, 1},
		{9, 0, 1, 0, 1}, {10, 1, 2, 0, 1}, {11, 2, 2, 1, 1},
	}
	for i, j := range jobs {
		if j != want[i] {
			t.Errorf("job %d: %+v, want %+v", i, j, want[i])
		}
	}
	ps, jobs = Schedule(3, true, 5, 2)
	if fmt.Sprint(ps) != "[{0 1} {0 2}]" || len(jobs) != 10 {
		t.Fatalf("gauntlet: %v, %d jobs", ps, len(jobs))
	}
	// The suite wraps round: game 4 plays line 2 mod 2 = 0.
	if jobs[8].Line != 0 || jobs[8].White != 0 {
		t.Errorf("game 4 of pairing 0: %+v", jobs[8])
	}
}

func TestRecordScore(t *testing.T) {
	r := Record{White: 2, Black: 5, Result: chess.WhiteWon}
	if r.Score(2) != (elo.Score{Wins: 1}) || r.Score(5) != (elo.Score{Losses: 1}) {
		t.Error("1-0")
	}
	r.Result = chess.Draw
	if r.Score(2) != (elo.Score{Draws: 1}) {
		t.Error("draw")
	}
}

// legalMover plays the first legal move of its own copy of the game;
// resigner resigns at once. The first wins every game against the second.
type legalMover struct{ g *chess.Game }

func (s *legalMover) begin(_ chess.Color, opening []string) error {
	s.g = chess.NewGame()
	for _, m := range opening {
		if err := s.g.PushNotationMove(m, chess.UCINotation{}, nil); err != nil {
			return err
		}
	}
	return nil
}
func (s *legalMover) think(context.Context) (reply, error) {
	return reply{move: s.g.ValidMoves()[0].String()}, nil
}
func (s *legalMover) accept(m string, _ bool) error {
	return s.g.PushNotationMove(m, chess.UCINotation{}, nil)
}
func (s *legalMover) what() string { return "first legal move" }

type resigner struct{ legalMover }

func (s *resigner) think(context.Context) (reply, error) { return reply{resigned: true}, nil }

func lopsided() []*Player {
	return []*Player{
		{Name: "strong", seat: func() side { return &legalMover{} }},
		{Name: "weak", seat: func() side { return &resigner{} }},
	}
}

var twoLines = []suite.Line{
	{ECO: "C20", Name: "a", Moves: []string{"e4", "e5"}},
	{ECO: "D00", Name: "b", Moves: []string{"d4", "d5"}},
}

// The SPRT rules on the games in schedule order, so it stops at the same
// game however many run at once, and the games past it are not counted.
func TestSPRTStopsAtTheSameGame(t *testing.T) {
	test, err := elo.ParseSPRT("0,10,0.05,0.05")
	if err != nil {
		t.Fatal(err)
	}
	var decided []int
	for _, jobs := range []int{1, 3} {
		res, err := Run(context.Background(), Options{Players: lopsided(), Games: 200, Lines: twoLines, Jobs: jobs, SPRT: &test})
		if err != nil {
			t.Fatal(err)
		}
		if res.Decision != elo.AcceptH1 || len(res.Records) != res.Decided || res.Interrupted {
			t.Fatalf("-j %d: %v after %d, %d records, interrupted %v", jobs, res.Decision, res.Decided, len(res.Records), res.Interrupted)
		}
		for i, r := range res.Records {
			if r.Index != i || r.Score(0) != (elo.Score{Wins: 1}) {
				t.Fatalf("record %d: index %d, %s", i, r.Index, r.Result)
			}
		}
		// All wins: the test must stop long before 200 games, and not
		// before the LLR has crossed ln(0.95/0.05) = 2.944.
		if s := (elo.Score{Wins: res.Decided}); test.LLR(s) < 2.944 || test.LLR(elo.Score{Wins: res.Decided - 1}) >= 2.944 {
			t.Errorf("decided after %d wins: LLR %.3f, one game before %.3f", res.Decided, test.LLR(s), test.LLR(elo.Score{Wins: res.Decided - 1}))
		}
		decided = append(decided, res.Decided)
		sum := res.Summarize()
		if sum.SPRT == nil || sum.SPRT.Decision != "H1 accepted" || sum.Pairings[0].Wins != res.Decided || sum.Players[1].Resigned != res.Decided {
			t.Errorf("summary %+v %+v", sum.SPRT, sum.Players)
		}
	}
	if decided[0] != decided[1] {
		t.Errorf("decided after %d games with -j 1, %d with -j 3", decided[0], decided[1])
	}
}

// Ending the context ends the match: the games finished are kept.
func TestInterruptedKeepsFinishedGames(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opt := Options{Players: lopsided(), Games: 1000, Lines: twoLines, Jobs: 2,
		Progress: func(p Progress) {
			if p.Done == 10 {
				cancel()
			}
		}}
	res, err := Run(ctx, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Interrupted || len(res.Records) < 10 || len(res.Records) >= 1000 {
		t.Fatalf("interrupted %v with %d records", res.Interrupted, len(res.Records))
	}
	s := res.Summarize()
	if !s.Interrupted || s.Games != len(res.Records) || s.Scheduled != 1000 {
		t.Errorf("summary %+v", s)
	}
}

func TestOptionsRefused(t *testing.T) {
	p := lopsided()
	for _, c := range []struct {
		opt  Options
		want string
	}{
		{Options{Players: p[:1], Games: 2, Lines: twoLines}, "a match needs two players at least"},
		{Options{Players: []*Player{p[0], p[0]}, Games: 2, Lines: twoLines}, "player strong is named twice"},
		{Options{Players: p, Games: 0, Lines: twoLines}, "games: 0: want 1 or more"},
		{Options{Players: append(p, &Player{Name: "third"}), Games: 2, Lines: twoLines, SPRT: &elo.SPRT{}}, "an SPRT tests one pairing: name two players"},
		{Options{Players: p, Games: 2}, "no opening lines"},
	} {
		if _, err := Run(context.Background(), c.opt); err == nil || err.Error() != c.want {
			t.Errorf("got %v, want %s", err, c.want)
		}
	}
}

func TestSummaryTable(t *testing.T) {
	// +60 =20 -20 between two players: the table shows the hand-computed
	// +147.2 ± 66.0 (see package elo) and the counts by player.
	res := &Result{Opt: &Options{Players: []*Player{{Name: "a"}, {Name: "b"}}}, Pairings: []Pairing{{0, 1}}, Total: 100, Elapsed: 2 * time.Second}
	add := func(n int, o chess.Outcome, end End, by chess.Color) {
		for i := 0; i < n; i++ {
			res.Records = append(res.Records, Record{White: 0, Black: 1, Result: o, End: end, By: by})
		}
	}
	add(55, chess.WhiteWon, Checkmate, chess.NoColor)
	add(5, chess.WhiteWon, Illegal, chess.Black)
	add(18, chess.Draw, DrawnByRule, chess.NoColor)
	add(2, chess.Draw, PlyCap, chess.NoColor)
	add(19, chess.BlackWon, Resigned, chess.White)
	add(1, chess.BlackWon, Failed, chess.White)
	var b strings.Builder
	res.Summarize().Write(&b)
	for _, want := range []string{
		"100 of 100 games played in 2.0 s",
		"\na vs b     100  60  20  20  70.0%  +147.2 ± 66.0  100.0%  20.0%\n",
		"\na         100  70.0%        0        19       1            0        2             -\n",
		"\nb         100  30.0%        5         0       0            0        2             -\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no %q in\n%s", want, b.String())
		}
	}
}
