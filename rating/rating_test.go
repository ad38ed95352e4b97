package rating

import (
	"math"
	"strings"
	"testing"
)

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol || math.IsNaN(got) {
		t.Errorf("%s: %.6f, want %.6f", what, got, want)
	}
}

// Two players: the rating difference is the logistic Elo of the score,
// and the interval the delta method's on the pairs' variance, worked by
// hand from the pentanomial.
func TestTwoPlayers(t *testing.T) {
	// 50 pairs, 55 points of 100 games: +40 =30 -30, pairs 2, 10, 20, 12, 6.
	p := Pairing{A: 0, B: 1, Wins: 40, Draws: 30, Losses: 30, Penta: [5]int{2, 10, 20, 12, 6}}
	r, err := Fit([]string{"a", "b"}, []Pairing{p}, 1, 1000)
	if err != nil {
		t.Fatal(err)
	}
	// 400·log10(0.55/0.45) = 34.8621
	near(t, "a's rating", r[0].Elo, 1000+400*math.Log10(0.55/0.45), 1e-9)
	near(t, "b's rating", r[1].Elo, 1000, 0)
	// The pairs about 2μ = 1.1: 2·1.21 + 10·0.36 + 20·0.01 + 12·0.16 +
	// 6·0.81 = 13.0; the information 100·0.55·0.45 = 24.75; the variance
	// of the difference 13/24.75² (natural units); in Elo
	// 400/ln 10 · √(13/612.5625) = 25.307, the 95% margin 1.96 times.
	near(t, "a's margin", r[0].Margin, 1.959963984540054*400/math.Ln10*math.Sqrt(13/(24.75*24.75)), 1e-9)
	near(t, "the margin in Elo", r[0].Margin, 49.60, 0.01)
	if r[1].Margin != 0 || r[0].Games != 100 || r[0].Points != 55 || r[1].Points != 45 || r[1].Score() != 0.45 {
		t.Errorf("%+v", r)
	}
	// The anchor the other way: the same difference.
	r2, err := Fit([]string{"a", "b"}, []Pairing{p}, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "b from a", r2[1].Elo, -400*math.Log10(0.55/0.45), 1e-9)
	near(t, "b's margin", r2[1].Margin, r[0].Margin, 1e-9)
}

// Three players whose scores the model fits exactly (3 to 1, 3 to 1, and
// so 9 to 1 for the ends): the ratings are 400·log10 of the odds, and with
// pairs spread as two independent games (binomial) the pairs' variance is
// the model's, so the interval is the inverse Fisher information, worked
// by hand.
func TestThreePlayersExact(t *testing.T) {
	ps := []Pairing{
		{A: 0, B: 1, Wins: 24, Losses: 8, Penta: [5]int{1, 0, 6, 0, 9}},     // 16 pairs, 0.75
		{A: 1, B: 2, Wins: 24, Losses: 8, Penta: [5]int{1, 0, 6, 0, 9}},     // 0.75
		{A: 0, B: 2, Wins: 180, Losses: 20, Penta: [5]int{1, 0, 18, 0, 81}}, // 100 pairs, 0.9
	}
	r, err := Fit([]string{"a", "b", "c"}, ps, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "a", r[0].Elo, 400*math.Log10(9), 1e-9) // 381.70
	near(t, "b", r[1].Elo, 400*math.Log10(3), 1e-9) // 190.85
	// Weights n·p(1−p): ab 32·0.1875 = 6, bc 6, ac 200·0.09 = 18. With c
	// fixed, H = [[24, −6], [−6, 12]], det 252, H⁻¹ = [[12, 6], [6, 24]]/252:
	// var a = 1/21, var b = 2/21.
	k := 1.959963984540054 * 400 / math.Ln10
	near(t, "a's margin", r[0].Margin, k*math.Sqrt(1.0/21), 1e-9) // 74.30
	near(t, "b's margin", r[1].Margin, k*math.Sqrt(2.0/21), 1e-9) // 105.07
	if r[2].Elo != 0 || r[2].Margin != 0 || r[0].Games != 232 || r[0].Points != 204 {
		t.Errorf("%+v", r)
	}
}

// A case the model does not fit exactly, against an independent
// computation: Zermelo's iteration (Hunter's MM algorithm) for the
// strengths π_i = 10^(r_i/400), π_i ← W_i / Σ_j n_ij/(π_i+π_j).
func TestFourPlayersAgainstZermelo(t *testing.T) {
	ps := []Pairing{
		{A: 0, B: 1, Wins: 30, Draws: 40, Losses: 30},
		{A: 0, B: 2, Wins: 55, Draws: 30, Losses: 15},
		{A: 0, B: 3, Wins: 70, Draws: 20, Losses: 10, Penta: [5]int{0, 2, 8, 20, 20}},
		{A: 1, B: 2, Wins: 20, Draws: 50, Losses: 30},
		{A: 2, B: 3, Wins: 40, Draws: 40, Losses: 20},
		{A: 1, B: 3, Wins: 5, Draws: 5, Losses: 2},
	}
	r, err := Fit([]string{"a", "b", "c", "d"}, ps, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	pi := []float64{1, 1, 1, 1}
	for range 20000 {
		for i := range pi {
			var w, den float64
			for _, p := range ps {
				n := float64(p.Games())
				switch i {
				case p.A:
					w += p.points()
					den += n / (pi[p.A] + pi[p.B])
				case p.B:
					w += n - p.points()
					den += n / (pi[p.A] + pi[p.B])
				}
			}
			pi[i] = w / den
		}
	}
	for i := range pi {
		want := 400 * math.Log10(pi[i]/pi[3])
		near(t, "player "+string(rune('a'+i)), r[i].Elo, want, 1e-6)
	}
	// Expected points equal the points, player by player.
	for i := range r {
		var exp float64
		for _, p := range ps {
			e := 1 / (1 + math.Pow(10, (r[p.B].Elo-r[p.A].Elo)/400))
			switch i {
			case p.A:
				exp += float64(p.Games()) * e
			case p.B:
				exp += float64(p.Games()) * (1 - e)
			}
		}
		near(t, "expected points", exp, r[i].Points, 1e-6)
	}
	for i, x := range r[:3] {
		if !(x.Margin > 0) || math.IsInf(x.Margin, 0) {
			t.Errorf("player %d: margin %v", i, x.Margin)
		}
	}
}

// Ratings that would not be finite are refused, naming the players.
func TestNoFiniteRatings(t *testing.T) {
	names := []string{"a", "b", "c", "d"}
	for _, c := range []struct {
		ps   []Pairing
		want string
	}{
		// d scored nothing against anyone
		{[]Pairing{{A: 0, B: 1, Wins: 1, Losses: 1}, {A: 1, B: 2, Wins: 1, Draws: 1}, {A: 2, B: 3, Wins: 2}}, "d, and those it scored against, scored nothing against a"},
		// a and b beat c and d in every game
		{[]Pairing{{A: 0, B: 1, Draws: 2}, {A: 2, B: 3, Wins: 1, Losses: 1}, {A: 0, B: 2, Wins: 2}, {A: 1, B: 3, Wins: 2}}, "scored nothing against a"},
		// d played no one
		{[]Pairing{{A: 0, B: 1, Draws: 2}, {A: 1, B: 2, Draws: 2}}, "d"},
	} {
		if _, err := Fit(names, c.ps, 0, 0); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.ps, err, c.want)
		}
	}
	if _, err := Fit(names, []Pairing{{A: 0, B: 1, Wins: 1, Penta: [5]int{0, 0, 0, 0, 1}}}, 0, 0); err == nil {
		t.Error("a pair of two games in one game")
	}
	if _, err := Fit(names, nil, 4, 0); err == nil {
		t.Error("an anchor not a player")
	}
}
