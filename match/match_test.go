package match

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/elo"
	"github.com/kim1-archive/microchess/rules"
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

func (s *legalMover) begin(_ chess.Color, start string, opening []string) error {
	s.g = rules.NewGame()
	if start != "" {
		fen, err := rules.FEN(start)
		if err != nil {
			return err
		}
		s.g = rules.NewGame(fen)
	}
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
func (s *legalMover) what(chess.Color) string { return "first legal move" }

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

// The SPRT rules on the pairs in schedule order, so it stops at the same
// game however many run at once, only when a pair completes, and the games
// past it are not counted.
func TestSPRTStopsAtTheSameGame(t *testing.T) {
	test, err := elo.ParseSPRT("0,10,0.05,0.05")
	if err != nil {
		t.Fatal(err)
	}
	var decided []int
	for _, jobs := range []int{1, 3} {
		res, err := Run(context.Background(), Options{Players: lopsided(), Games: 300, Lines: twoLines, Jobs: jobs, SPRT: &test})
		if err != nil {
			t.Fatal(err)
		}
		if res.Decision != elo.AcceptH1 || len(res.Records) != res.Decided || res.Interrupted || res.Decided%2 != 0 {
			t.Fatalf("-j %d: %v after %d, %d records, interrupted %v", jobs, res.Decision, res.Decided, len(res.Records), res.Interrupted)
		}
		for i, r := range res.Records {
			if r.Index != i || r.Score(0) != (elo.Score{Wins: 1}) {
				t.Fatalf("record %d: index %d, %s", i, r.Index, r.Result)
			}
		}
		// All pairs won: the test must stop before 150 pairs, and not
		// before the LLR of the pairs has crossed ln(0.95/0.05) = 2.944.
		pairs := res.Decided / 2
		if llr, before := test.LLRPenta(elo.Penta{4: pairs}), test.LLRPenta(elo.Penta{4: pairs - 1}); llr < 2.944 || before >= 2.944 {
			t.Errorf("decided after %d pairs: LLR %.3f, one pair before %.3f", pairs, llr, before)
		}
		decided = append(decided, res.Decided)
		sum := res.Summarize()
		if sum.SPRT == nil || sum.SPRT.Decision != "H1 accepted" || sum.SPRT.Pairs != pairs || sum.SPRT.Games != res.Decided ||
			sum.SPRT.TrinomialLLR != test.LLR(elo.Score{Wins: res.Decided}) ||
			sum.Pairings[0].Wins != res.Decided || sum.Players[1].Resigned != res.Decided {
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
	// +60 =20 -20 between two players, in 50 pairs: 20 won twice (WW), 10
	// WD, 5 DD, 10 WL and 5 lost twice (LL), so Ptnml(0-2) is
	// [5, 0, 15, 10, 20]. The trinomial figures are the hand-computed
	// +147.2 ± 66.0 of package elo. The pairs, by the formulas of package
	// elo: μ = 0.7; a − μ = −0.7, −0.45, −0.2, 0.05, 0.3;
	// var = (5·0.49 + 15·0.04 + 10·0.0025 + 20·0.09)/50 = 4.875/50 = 0.0975;
	// σ = √(0.0975/50) = 0.0441588, zσ = 0.0865497;
	// Elo(0.6134503) = −400·log10(0.6301238) = 80.230,
	// Elo(0.7865497) = −400·log10(0.2713755) = 226.572: margin 73.171;
	// LOS = Φ(0.2/0.0441588) = Φ(4.529108) = 0.9999970.
	res := &Result{Opt: &Options{Players: []*Player{{Name: "a"}, {Name: "b"}}}, Pairings: []Pairing{{0, 1}}, Total: 100, Elapsed: 2 * time.Second}
	type ending struct {
		end     End
		culprit int // the player who resigned, moved illegally or failed; -1 for none
	}
	var wins, draws, losses []ending // a's, in the order they are dealt
	deal := func(list *[]ending, n int, e ending) {
		for i := 0; i < n; i++ {
			*list = append(*list, e)
		}
	}
	deal(&wins, 55, ending{Checkmate, -1})
	deal(&wins, 5, ending{Illegal, 1})
	deal(&draws, 18, ending{DrawnByRule, -1})
	deal(&draws, 2, ending{PlyCap, -1})
	deal(&losses, 19, ending{Resigned, 0})
	deal(&losses, 1, ending{Failed, 0})
	game := func(a int) { // a: a's points ×2
		list := [3]*[]ending{&losses, &draws, &wins}[a]
		e := (*list)[0]
		*list = (*list)[1:]
		i := len(res.Records)
		rec := Record{Index: i, White: 0, Black: 1, End: e.end, By: chess.NoColor, Moves: fmt.Sprint("game ", i)}
		if i%2 == 1 {
			rec.White, rec.Black = 1, 0
		}
		switch a {
		case 2:
			rec.Result = map[bool]chess.Outcome{true: chess.WhiteWon, false: chess.BlackWon}[rec.White == 0]
		case 1:
			rec.Result = chess.Draw
		case 0:
			rec.Result = map[bool]chess.Outcome{true: chess.BlackWon, false: chess.WhiteWon}[rec.White == 0]
		}
		if e.culprit >= 0 {
			rec.By = map[bool]chess.Color{true: chess.White, false: chess.Black}[rec.White == e.culprit]
		}
		res.Records = append(res.Records, rec)
	}
	for _, pair := range []struct{ n, first, second int }{{20, 2, 2}, {10, 2, 1}, {5, 1, 1}, {10, 2, 0}, {5, 0, 0}} {
		for i := 0; i < pair.n; i++ {
			game(pair.first)
			game(pair.second)
		}
	}
	sum := res.Summarize()
	if p := sum.Pairings[0]; p.Penta != (elo.Penta{5, 0, 15, 10, 20}) || p.Pairs != 50 || p.Unpaired != 0 || p.EloWithheld != "" ||
		p.PairElo == nil || math.Abs(*p.PairElo-147.191) > 0.001 || p.PairMargin == nil || math.Abs(*p.PairMargin-73.171) > 0.001 ||
		p.PairLOS == nil || math.Abs(*p.PairLOS-0.9999970) > 1e-7 {
		t.Errorf("pairs %+v", p)
	}
	var b strings.Builder
	sum.Write(&b)
	for _, want := range []string{
		"100 of 100 games played in 2.0 s",
		"\na vs b     100  60  20  20  70.0%  +147.2 ± 66.0  100.0%  20.0%\n",
		"\na vs b      50  [5, 0, 15, 10, 20]     +147.2 ± 73.2  100.0%\n",
		"\na         100  70.0%        0        19       1            0        2             -\n",
		"\nb         100  30.0%        5         0       0            0        2             -\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no %q in\n%s", want, b.String())
		}
	}
	if strings.Contains(b.String(), "unpaired") || strings.Contains(b.String(), "no Elo") {
		t.Errorf("a note on complete, distinct games:\n%s", b.String())
	}
}

// A seed plays the lines in the order suite.Order gives: the schedule's
// k-th pair of games plays the suite's order[k]; seed 0 keeps the suite's
// order. A match cut short then samples the whole suite.
func TestOrderLines(t *testing.T) {
	_, jobs := Schedule(2, false, 20, 10)
	orderLines(jobs, 10, 0)
	for _, j := range jobs {
		if want := (j.Index / 2) % 10; j.Line != want {
			t.Fatalf("seed 0: job %d plays line %d, want %d", j.Index, j.Line, want)
		}
	}
	order := suite.Order(10, 7)
	_, jobs = Schedule(2, false, 20, 10)
	orderLines(jobs, 10, 7)
	seen := map[int]bool{}
	for _, j := range jobs {
		if want := order[(j.Index/2)%10]; j.Line != want {
			t.Fatalf("seed 7: job %d plays line %d, want %d", j.Index, j.Line, want)
		}
		seen[j.Line] = true
	}
	if len(seen) != 10 || fmt.Sprint(order) == fmt.Sprint([]int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}) {
		t.Errorf("seed 7 plays %d lines in the order %v", len(seen), order)
	}
}
