package spsa

import (
	"math"
	"slices"
	"strings"
	"testing"
)

func near(t *testing.T, what string, got, want, relTol float64) {
	t.Helper()
	if math.Abs(got-want) > relTol*math.Abs(want) {
		t.Errorf("%s = %.7g, want %.7g", what, got, want)
	}
}

// One parameter, N = 100 pairs, so A = ⌊0.1·100⌋ = 10; c_end 4, r_end
// 0.0025, so a_end = 0.0025·4² = 0.04. By hand:
//
//	c_1  = 4·100^0.101 = 4·10^0.202 = 4·1.592208 = 6.368834
//	c_10 = 4·(100/10)^0.101 = 4·10^0.101 = 4·1.261827 = 5.047310
//	a_1  = 0.04·((10+100)/(10+1))^0.602 = 0.04·10^0.602 = 0.04·3.999448 = 0.1599779
//	a_10 = 0.04·(110/20)^0.602 = 0.04·e^(0.602·ln 5.5) = 0.04·2.790605 = 0.1116242
//	c_100 = c_end = 4, a_100 = a_end = 0.04 (so a_N/c_N² = r_end)
var handParam = Param{Name: "x", Lo: 0, Hi: 100, Start: 50, CEnd: 4, REnd: 0.0025}

func TestScheduleByHand(t *testing.T) {
	s := DefaultSchedule(100)
	if s.A != 10 || s.Alpha != 0.602 || s.Gamma != 0.101 {
		t.Fatalf("DefaultSchedule(100) = %+v", s)
	}
	p := handParam
	near(t, "c_1", s.Ck(p, 1), 6.368834, 1e-6)
	near(t, "c_10", s.Ck(p, 10), 5.047310, 1e-6)
	near(t, "c_100", s.Ck(p, 100), 4, 1e-12)
	near(t, "a_1", s.Ak(p, 1), 0.1599779, 1e-6)
	near(t, "a_10", s.Ak(p, 10), 0.1116242, 1e-6)
	near(t, "a_100", s.Ak(p, 100), 0.04, 1e-12)
}

func handState(t *testing.T, mode Mode) *State {
	s, err := New(Config{Params: []Param{handParam}, Schedule: DefaultSchedule(100), Mode: mode, PairsPerStep: 1, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The first update: θ += (a_1/c_1)·(W−L)·Δ, a_1/c_1 = 0.1599779/6.368834
// = 0.02511886. Pair mode, θ+ won both games: W−L = 2, a move of
// 0.05023773. Reference mode, θ+ won both against the reference and θ−
// lost both: 2 − (−2) = 4, a move of 0.1004755.
func TestFirstUpdateByHand(t *testing.T) {
	for _, c := range []struct {
		mode  Mode
		r     Result
		moved float64
		games int
	}{
		{Pair, Result{Plus: Score{Wins: 2}}, 0.05023773, 2},
		{Reference, Result{Plus: Score{Wins: 2}, Minus: &Score{Losses: 2}}, 0.1004755, 4},
	} {
		s := handState(t, c.mode)
		p := s.Next()
		if p.Step != 1 || p.K != 1 || p.Pairs != 1 {
			t.Fatalf("first probe %+v", p)
		}
		if err := s.Update(p, c.r); err != nil {
			t.Fatal(err)
		}
		near(t, string(c.mode)+" move", (s.Theta[0]-50)*float64(p.Delta[0]), c.moved, 1e-6)
		if s.Steps != 1 || s.Iter != 1 || len(s.History) != 1 || s.History[0].Games != c.games {
			t.Errorf("after one step: steps %d iter %d history %+v", s.Steps, s.Iter, s.History)
		}
	}
}

func TestUpdateRefuses(t *testing.T) {
	s := handState(t, Pair)
	p := s.Next()
	for _, c := range []struct {
		r    Result
		want string
	}{
		{Result{Plus: Score{Wins: 3}}, "played 3 games"},
		{Result{Plus: Score{Wins: 3, Losses: -1}}, "played 2 games (3-0--1)"},
		{Result{Plus: Score{Wins: 2}, Minus: &Score{Wins: 2}}, "in pair mode"},
	} {
		if err := s.Update(p, c.r); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Update(%+v) = %v, want %q", c.r, err, c.want)
		}
	}
	if err := s.Update(Probe{Step: 2}, Result{Plus: Score{Draws: 2}}); err == nil || !strings.Contains(err.Error(), "at step 1") {
		t.Errorf("a probe of another step: %v", err)
	}
	r := handState(t, Reference)
	if err := r.Update(r.Next(), Result{Plus: Score{Draws: 2}}); err == nil || !strings.Contains(err.Error(), "no score for θ−") {
		t.Errorf("reference mode without θ−'s score: %v", err)
	}
	if s.Steps != 0 || s.Theta[0] != 50 {
		t.Errorf("a refused update changed the state: %+v", s)
	}
}

func TestNewRefuses(t *testing.T) {
	ok := handParam
	for _, c := range []struct {
		p    Param
		want string
	}{
		{Param{Name: "x", Lo: 5, Hi: 4}, "empty"},
		{Param{Name: "x", Lo: 0, Hi: 4, Start: 5, CEnd: 1}, "start 5 outside"},
		{Param{Name: "x", Lo: 1, Hi: 4, Start: 1, Choice: true, CEnd: 1}, "a choice is an index"},
		{Param{Name: "x", Lo: 0, Hi: 4, CEnd: 0}, "c_end 0"},
		{Param{Name: "x", Lo: 0, Hi: 4, CEnd: 1, REnd: math.NaN()}, "r_end NaN"},
		{Param{Name: "", Lo: 0, Hi: 4, CEnd: 1}, "printable name"},
	} {
		_, err := New(Config{Params: []Param{c.p}, Schedule: DefaultSchedule(10), Mode: Pair, PairsPerStep: 1})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("New(%+v) = %v, want %q", c.p, err, c.want)
		}
	}
	_, err := New(Config{Params: []Param{ok, ok}, Schedule: DefaultSchedule(10), Mode: Pair, PairsPerStep: 1})
	if err == nil || !strings.Contains(err.Error(), "declared twice") {
		t.Errorf("a parameter twice: %v", err)
	}
}

// A bound holds: near the top of a small range, θ± are clamped before
// rounding and θ is clamped after a large move.
func TestClamp(t *testing.T) {
	p := Param{Name: "x", Lo: 0, Hi: 3, Start: 3, CEnd: 2, REnd: 10}
	s, err := New(Config{Params: []Param{p}, Schedule: DefaultSchedule(40), Mode: Pair, PairsPerStep: 4, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	for !s.Done() {
		pr := s.Next()
		if pr.Plus[0] < 0 || pr.Plus[0] > 3 || pr.Minus[0] < 0 || pr.Minus[0] > 3 {
			t.Fatalf("step %d plays %d and %d outside [0,3]", pr.Step, pr.Plus[0], pr.Minus[0])
		}
		// θ+ always wins: each step pushes θ by about a/c·8 ≥ 50 along Δ.
		if err := s.Update(pr, Result{Plus: Score{Wins: 8}}); err != nil {
			t.Fatal(err)
		}
		if want := map[int]float64{1: 3, -1: 0}[pr.Delta[0]]; s.Theta[0] != want {
			t.Fatalf("step %d, Δ %d: θ %g, want the bound %g", pr.Step, pr.Delta[0], s.Theta[0], want)
		}
	}
	if s.Steps != 10 || s.Iter != 40 {
		t.Errorf("%d steps, %d pairs; want 10 of 4 pairs", s.Steps, s.Iter)
	}
}

// ⌊v+u⌋ rounds v = n+f up with probability f: for 2.25, u < 0.75 gives 2.
func TestRoundStochastic(t *testing.T) {
	for _, c := range []struct {
		v, u float64
		want int
	}{{2.25, 0, 2}, {2.25, 0.7499, 2}, {2.25, 0.75, 3}, {2.25, 0.9999, 3}, {3, 0.9999, 3}, {-1.5, 0.4, -2}, {-1.5, 0.5, -1}} {
		if got := roundStochastic(c.v, c.u); got != c.want {
			t.Errorf("roundStochastic(%g, %g) = %d, want %d", c.v, c.u, got, c.want)
		}
	}
	// Played values are θ±c_kΔ on average: c_1 of handParam is 6.368834, so
	// θ+ = 50 ± 6.368834 is played as 56 or 57 (44 or 43), the mean error
	// within 4 standard errors (0.48/√2000 = 0.011) of 0.
	var sum float64
	const n = 2000
	for seed := range uint64(n) {
		s := handState(t, Pair)
		s.Seed = seed
		p := s.Next()
		exact := 50 + p.C[0]*float64(p.Delta[0])
		if math.Abs(float64(p.Plus[0])-exact) >= 1 {
			t.Fatalf("θ+ %g played as %d", exact, p.Plus[0])
		}
		sum += float64(p.Plus[0]) - exact
	}
	if mean := sum / n; math.Abs(mean) > 0.045 {
		t.Errorf("played θ+ is off by %.3f on average", mean)
	}
}

// Step k's draws depend on the seed and k only: not on θ, on the results
// so far, or on how often Next is asked.
func TestDeltaFromSeedAndStep(t *testing.T) {
	params := make([]Param, 64)
	for i := range params {
		params[i] = Param{Name: string(rune('A' + i)), Lo: 0, Hi: 1000, Start: 500, CEnd: 5, REnd: 0.002}
	}
	cfg := Config{Params: params, Schedule: DefaultSchedule(1000), Mode: Pair, PairsPerStep: 1, Seed: 42}
	a, _ := New(cfg)
	b, _ := New(cfg)
	b.Theta[0] = 900
	plus := 0
	for step := 1; step <= 50; step++ {
		pa, pb := a.Next(), b.Next()
		if !slices.Equal(pa.Delta, pb.Delta) || !slices.Equal(pa.Delta, a.Next().Delta) {
			t.Fatalf("step %d: Δ %v and %v", step, pa.Delta, pb.Delta)
		}
		for _, d := range pa.Delta {
			plus += (d + 1) / 2
		}
		a.Update(pa, Result{Plus: Score{Wins: 2}})
		b.Update(pb, Result{Plus: Score{Losses: 1, Draws: 1}})
	}
	// 3200 fair signs: 1600 ± 28.3; 5 standard deviations.
	if plus < 1459 || plus > 1741 {
		t.Errorf("%d of 3200 signs are +1", plus)
	}
	first, _ := New(cfg)
	cfg.Seed = 43
	other, _ := New(cfg)
	if slices.Equal(first.Next().Delta, other.Next().Delta) {
		t.Error("seeds 42 and 43 give the same first Δ")
	}
}

// A run of N = 5 pairs in steps of 2 plays 2, 2 and 1.
func TestLastStepShort(t *testing.T) {
	s, _ := New(Config{Params: []Param{handParam}, Schedule: DefaultSchedule(5), Mode: Pair, PairsPerStep: 2, Seed: 1})
	var got []int
	for !s.Done() {
		p := s.Next()
		got = append(got, p.Pairs)
		if err := s.Update(p, Result{Plus: Score{Draws: 2 * p.Pairs}}); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(got, []int{2, 2, 1}) || s.Next().Pairs != 0 {
		t.Errorf("steps of %v pairs", got)
	}
	if err := s.Update(s.Next(), Result{}); err == nil {
		t.Error("an update after the end was taken")
	}
}
