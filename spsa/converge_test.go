package spsa

import (
	"math"
	"math/rand/v2"
	"testing"
)

// quadratic is the synthetic objective: strength in Elo, 0 at opt and
// falling as Σ w_i·(x_i − opt_i)².
type quadratic struct{ w, opt []float64 }

func (q quadratic) elo(x []int) float64 {
	e := 0.0
	for i, v := range x {
		d := float64(v) - q.opt[i]
		e -= q.w[i] * d * d
	}
	return e
}

// games samples 2·pairs games of a side ahead by lead Elo: expected score
// by the logistic, 40% draws where the score allows.
func games(rng *rand.Rand, lead float64, pairs int) Score {
	s := 1 / (1 + math.Pow(10, -lead/400))
	win, loss := max(0, s-0.2), max(0, 0.8-s)
	var sc Score
	for range 2 * pairs {
		switch u := rng.Float64(); {
		case u < win:
			sc.Wins++
		case u < win+loss:
			sc.Losses++
		default:
			sc.Draws++
		}
	}
	return sc
}

// play runs s to its end against q; the games' randomness is drawn per
// step, so that a run cut and resumed sees the same games. flip reports
// the result from θ−'s side: a tuner with its sign wrong. ref is the
// reference's Elo in Reference mode.
func play(t *testing.T, s *State, q quadratic, ref float64, flip bool, untilStep int) {
	t.Helper()
	for !s.Done() && s.Steps < untilStep {
		p := s.Next()
		rng := rand.New(rand.NewPCG(s.Seed, uint64(p.Step)))
		var r Result
		switch s.Mode {
		case Pair:
			lead := q.elo(p.Plus) - q.elo(p.Minus)
			if flip {
				lead = -lead
			}
			r.Plus = games(rng, lead, p.Pairs)
		case Reference:
			plus, minus := games(rng, q.elo(p.Plus)-ref, p.Pairs), games(rng, q.elo(p.Minus)-ref, p.Pairs)
			r = Result{Plus: plus, Minus: &minus}
		}
		if err := s.Update(p, r); err != nil {
			t.Fatal(err)
		}
	}
}

// Three parameters of different ranges, one a choice, each far from its
// optimum (150, −20, 3) at the start (20, 40, 0). In trials over 40 seeds
// of this set-up the end was within 4.7, 3.8 and 0.2 of the optimum; the
// tolerances are above that.
var (
	farParams = []Param{
		{Name: "a", Lo: 0, Hi: 200, Start: 20, CEnd: 8, REnd: 0.01},
		{Name: "b", Lo: -50, Hi: 50, Start: 40, CEnd: 4, REnd: 0.01},
		{Name: "c", Lo: 0, Hi: 4, Choice: true, Start: 0, CEnd: 1, REnd: 0.01},
	}
	farObjective = quadratic{w: []float64{0.1, 0.25, 50}, opt: []float64{150, -20, 3}}
	farTolerance = []float64{8, 6, 0.5}
)

func TestConverges(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		s, err := New(Config{Params: farParams, Schedule: DefaultSchedule(3000), Mode: Pair, PairsPerStep: 2, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		play(t, s, farObjective, 0, false, math.MaxInt)
		for i, p := range farParams {
			if d := math.Abs(s.Theta[i] - farObjective.opt[i]); d > farTolerance[i] {
				t.Errorf("seed %d: %s ends at %.2f, %.2f from the optimum %g (start %d)", seed, p.Name, s.Theta[i], d, farObjective.opt[i], p.Start)
			}
		}
		if s.Values()[2] != 3 {
			t.Errorf("seed %d: the choice ends at %d, want 3", seed, s.Values()[2])
		}
	}
}

// With the result's sign wrong the same run climbs away from the optimum:
// a and c to their lower bounds, b to its upper one.
func TestWrongSignDiverges(t *testing.T) {
	s, _ := New(Config{Params: farParams, Schedule: DefaultSchedule(3000), Mode: Pair, PairsPerStep: 2, Seed: 1})
	play(t, s, farObjective, 0, true, math.MaxInt)
	if s.Theta[0] > 2 || s.Theta[1] < 48 || s.Theta[2] > 0.1 {
		t.Errorf("with the sign wrong θ ends at %.2f, want near (0, 50, 0)", s.Theta)
	}
}

// Against a fixed reference (the start values), on a flatter objective
// that keeps the matches away from 100%. Two matches' noise: in trials
// over 40 seeds a parameter kept on average 9% to 15% of its start's
// distance from the optimum, at worst 46%. Asserted: each keeps under 75%,
// and on average under 35%.
func TestReferenceModeConverges(t *testing.T) {
	params := []Param{
		{Name: "a", Lo: 0, Hi: 200, Start: 100, CEnd: 8, REnd: 0.02},
		{Name: "b", Lo: -50, Hi: 50, Start: 0, CEnd: 4, REnd: 0.02},
		{Name: "c", Lo: 0, Hi: 4, Choice: true, Start: 1, CEnd: 1, REnd: 0.02},
	}
	q := quadratic{w: []float64{0.02, 0.1, 20}, opt: []float64{150, -20, 3}}
	ref := q.elo([]int{100, 0, 1})
	sum, n := 0.0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		s, _ := New(Config{Params: params, Schedule: DefaultSchedule(3000), Mode: Reference, PairsPerStep: 2, Seed: seed})
		play(t, s, q, ref, false, math.MaxInt)
		for i, p := range params {
			d, d0 := math.Abs(s.Theta[i]-q.opt[i]), math.Abs(float64(p.Start)-q.opt[i])
			if d > 0.75*d0 {
				t.Errorf("seed %d: %s ends at %.2f, %.2f from the optimum, %.0f at the start", seed, p.Name, s.Theta[i], d, d0)
			}
			sum += d / d0
			n++
		}
	}
	if sum/float64(n) > 0.35 {
		t.Errorf("on average %.0f%% of the start's distance is left", 100*sum/float64(n))
	}
}
