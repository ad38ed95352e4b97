package elo

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestPairOf(t *testing.T) {
	for _, c := range []struct {
		s Score
		k int // the cell: 2·wins + draws
	}{
		{Score{0, 0, 2}, 0}, {Score{0, 1, 1}, 1}, {Score{0, 2, 0}, 2},
		{Score{1, 0, 1}, 2}, {Score{1, 1, 0}, 3}, {Score{2, 0, 0}, 4},
	} {
		p, ok := PairOf(c.s)
		var want Penta
		want[c.k] = 1
		if !ok || p != want {
			t.Errorf("PairOf(%v) = %v, %v; want %v", c.s, p, ok, want)
		}
	}
	for _, s := range []Score{{}, {1, 0, 0}, {1, 1, 1}, {3, -1, 0}} {
		if _, ok := PairOf(s); ok {
			t.Errorf("PairOf(%v) is a pair", s)
		}
	}
}

func TestPentaBasics(t *testing.T) {
	p := Penta{0, 2, 5, 8, 5}
	// 2·½ + 5·1 + 8·1½ + 5·2 = 1 + 5 + 12 + 10 = 28 points in 40 games
	if p.Pairs() != 20 || p.Games() != 40 || p.Points() != 28 || p.Ratio() != 0.7 {
		t.Errorf("%v: %d pairs, %d games, %v points, ratio %v", p, p.Pairs(), p.Games(), p.Points(), p.Ratio())
	}
	if got, want := p.Reverse(), (Penta{5, 8, 5, 2, 0}); got != want {
		t.Errorf("Reverse = %v, want %v", got, want)
	}
	if got, want := p.Add(Penta{1, 1, 1, 1, 1}), (Penta{1, 3, 6, 9, 6}); got != want {
		t.Errorf("Add = %v, want %v", got, want)
	}
	if got, want := p.String(), "[0, 2, 5, 8, 5]"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
	if !math.IsNaN(Penta{}.Ratio()) {
		t.Error("no pairs: Ratio is not NaN")
	}
}

// The mean of the pairs is the mean of their games: the pentanomial only
// changes the variance.
func TestPentaMeanIsTheGamesMean(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	game := func() Score {
		return [3]Score{{Wins: 1}, {Draws: 1}, {Losses: 1}}[rng.IntN(3)]
	}
	var tri Score
	var penta Penta
	for i := 0; i < 501; i++ {
		a, b := game(), game()
		tri = tri.Add(a).Add(b)
		pair, ok := PairOf(a.Add(b))
		if !ok {
			t.Fatalf("%v and %v are not a pair", a, b)
		}
		penta = penta.Add(pair)
		if tri.Games() != penta.Games() || tri.Points() != penta.Points() || tri.Ratio() != penta.Ratio() {
			t.Fatalf("after %d pairs: %v scores %v, %v scores %v", i+1, tri, tri.Ratio(), penta, penta.Ratio())
		}
	}
}

// Worked out by hand (a calculator for the logarithms and erf), not by
// running this package. z = Φ⁻¹(0.975) = 1.959964, a_k = 0, ¼, ½, ¾, 1.
var pentaDiffTests = []struct {
	name   string
	p      Penta
	diff   float64
	margin float64
	ok     bool
	los    float64
	format string
}{
	{
		// N = 20; μ = (4·¼ + 10·½ + 4·¾ + 1)/20 = (1 + 5 + 3 + 1)/20 = 0.5
		// (a−μ)² = ¼, 1/16, 0, 1/16, ¼
		// var = (1·¼ + 4/16 + 0 + 4/16 + 1·¼)/20 = 1/20 = 0.05
		// σ = √0.05/√20 = √0.0025 = 0.05; zσ = 0.097998
		// μmax = 0.597998: 1/μ − 1 = 0.672246, log10 = −0.172472, Elo = +68.989
		// μmin = 0.402002: Elo = −68.989 (symmetric); margin = 68.989
		// LOS = Φ(0) = 0.5
		// The same games as a Score, with the five pairs of 1 point
		// WL and the other five DD: +11 =18 −11, σ = √0.1375/√40 = 0.0586:
		// the pairs are the narrower.
		name: "symmetric", p: Penta{1, 4, 10, 4, 1},
		diff: 0, margin: 68.989, ok: true, los: 0.5, format: "+0.0 ± 69.0",
	},
	{
		// N = 20; μ = 28/40 = 0.7 (TestPentaBasics)
		// a − μ = −0.7, −0.45, −0.2, 0.05, 0.3
		// var = (0 + 2·0.2025 + 5·0.04 + 8·0.0025 + 5·0.09)/20
		//     = (0.405 + 0.2 + 0.02 + 0.45)/20 = 1.075/20 = 0.05375
		// σ = √0.05375/√20 = √0.0026875 = 0.0518411; zσ = 0.1016067
		// Elo(0.7) = −400·log10(3/7) = +147.191
		// μmin = 0.5983933: 1/μ − 1 = 0.6711417, log10 = −0.1731858, Elo =  69.274
		// μmax = 0.8016067: 1/μ − 1 = 0.2474946, log10 = −0.6064343, Elo = 242.574
		// margin = (242.574 − 69.274)/2 = 86.650
		// LOS = Φ(0.2/0.0518411) = Φ(3.857943) = ½ + ½·erf(2.727952) = ½ + ½·0.9998857 = 0.9999428
		name: "asymmetric", p: Penta{0, 2, 5, 8, 5},
		diff: 147.191, margin: 86.650, ok: true, los: 0.9999428, format: "+147.2 ± 86.6",
	},
	{
		// Every pair 1 point: μ = ½, var = 0: no spread, no margin, no LOS.
		name: "all pairs even", p: Penta{0, 0, 6, 0, 0},
		diff: 0, margin: math.NaN(), ok: false, los: math.NaN(), format: "+0.0 ± n/a",
	},
	{
		// Every pair won: μ = 1, Elo +Inf; var = 0.
		name: "all pairs won", p: Penta{0, 0, 0, 0, 3},
		diff: math.Inf(1), margin: math.NaN(), ok: false, los: math.NaN(), format: "+inf",
	},
	{
		name: "no pairs", p: Penta{},
		diff: math.NaN(), margin: math.NaN(), ok: false, los: math.NaN(), format: "n/a",
	},
	{
		// N = 3; μ = (¾ + 2)/3 = 0.916667: 1/μ − 1 = 1/11, Elo = 400·log10(11) = +416.557
		// var = ((¾ − 11/12)² + 2·(1 − 11/12)²)/3 = (1/36 + 2/144)/3 = 1/72 = 0.0138889
		// σ = 0.117851/√3 = 0.0680414; μmax = 0.916667 + 0.133359 = 1.050025 > 1: unbounded
		// LOS = Φ(0.416667/0.0680414) = Φ(6.123724) = 0.99999999954
		name: "interval past 100%", p: Penta{0, 0, 0, 1, 2},
		diff: 416.557, margin: math.Inf(1), ok: false, los: 0.9999999995, format: "+416.6 ± inf",
	},
}

func TestPentaDiff(t *testing.T) {
	for _, tt := range pentaDiffTests {
		t.Run(tt.name, func(t *testing.T) {
			diff, margin, ok := tt.p.Diff()
			if !near(diff, tt.diff, 0.001) || !near(margin, tt.margin, 0.001) || ok != tt.ok {
				t.Errorf("Diff = %v, %v, %v; want %v, %v, %v", diff, margin, ok, tt.diff, tt.margin, tt.ok)
			}
			if math.Signbit(diff) && diff == 0 {
				t.Error("Diff is −0")
			}
			if los := tt.p.LOS(); !near(los, tt.los, 1e-7) {
				t.Errorf("LOS = %v, want %v", los, tt.los)
			}
			if got := Format(diff, margin, ok); got != tt.format {
				t.Errorf("Format = %q, want %q", got, tt.format)
			}
			// From the other side: the opposite Elo, the same margin.
			rd, rm, rok := tt.p.Reverse().Diff()
			if !near(rd, -tt.diff, 0.001) && !(tt.diff == 0 && rd == 0) || !near(rm, tt.margin, 0.001) || rok != tt.ok {
				t.Errorf("reversed: %v, %v, %v", rd, rm, rok)
			}
		})
	}
}

// The LLRs were worked out with a calculator, by the formulas of
// SPRT.LLRPenta: each root x by Newton's method kept inside its interval,
// checked by the sum Σ p̂_k·b_k/(1 + x·b_k), b_k = a_k − s, coming out
// below 1e-15, and by p_k(s) summing to 1 with mean s.
// s(0) = 0.5, s(10) = 1/(1 + 10^−0.025) = 0.5143872, s(−10) = 0.4856128.
var llrPentaTests = []struct {
	name       string
	p          Penta
	elo0, elo1 float64
	llr        float64
}{
	{
		// p̂ = 0.05, 0.2, 0.5, 0.2, 0.05 is symmetric about ½, and so are
		// s(−10) and s(10): x(s0) = −x(s1) = 0.2864147, p(s0) is p(s1)
		// reversed, the terms cancel in pairs: LLR = 0.
		name: "symmetric, symmetric bounds", p: Penta{1, 4, 10, 4, 1}, elo0: -10, elo1: 10, llr: 0,
	},
	{
		// μ̂ = ½ = s0, so x0 = 0 and p(s0) = p̂.
		// x1 = −0.2864147; p(s1) = p̂_k/(1 + x1·(a_k − 0.5143872))
		//    = 0.0435795, 0.1859212, 0.4979481, 0.2144733, 0.0580779 (mean 0.5143872)
		// terms p̂_k·ln(p1_k/p̂_k) = −0.0068718, −0.0145989, −0.0020561, +0.0139736, +0.0074881
		// LLR = 20 · (−0.0020651) = −0.0413023
		name: "symmetric, 0 to 10", p: Penta{1, 4, 10, 4, 1}, elo0: 0, elo1: 10, llr: -0.0413023,
	},
	{
		// The empty cell counts 0.001: N = 20.001, p̂ = 0.0000500, 0.0999950,
		// 0.2499875, 0.3999800, 0.2499875 (μ̂ = 0.72497)
		// x0 = 1.9993687 in (−2, 2); p(s0) = 0.1583907, 0.1999269, 0.2499875, 0.2666814, 0.1250135
		// x1 = 1.9433365 in (−2.0592, 1.9441); p(s1) = 0.1341866, 0.2056635, 0.2571780, 0.2743582, 0.1286136
		// terms = −0.0000083, 0.0028288, 0.0070890, 0.0113514, 0.0070975; Σ = 0.0283584
		// LLR = 20.001 · 0.0283584 = 0.5671973
		name: "asymmetric, 0 to 10", p: Penta{0, 2, 5, 8, 5}, elo0: 0, elo1: 10, llr: 0.5671973,
	},
	{
		// Every pair 1 point, regularized: p̂ = 0.0001666 but 0.9993338; μ̂ = ½, x0 = 0
		// x1 = −2.0473234; p(s1) = 0.0000811, 0.0001081, 0.9707404, 0.0003218, 0.0287486
		// terms = −0.0001198, −0.0000721, −0.0290104, 0.0001097, 0.0008579; Σ = −0.0282347
		// LLR = 6.004 · (−0.0282347) = −0.1695209
		name: "all pairs even", p: Penta{0, 0, 6, 0, 0}, elo0: 0, elo1: 10, llr: -0.1695209,
	},
	{
		// No pairs: five cells of 0.001, N = 0.005, p̂ uniform, μ̂ = ½, x0 = 0
		// x1 = −0.1151547; p(s1) = 0.1888157, 0.1940908, 0.1996692, 0.2055777, 0.2118466
		// Σ p̂·ln(p1/p̂) = −0.0008282; LLR = 0.005 · (−0.0008282) = −0.0000041
		name: "no pairs", p: Penta{}, elo0: 0, elo1: 10, llr: -0.0000041,
	},
}

func TestLLRPenta(t *testing.T) {
	for _, tt := range llrPentaTests {
		test := SPRT{Elo0: tt.elo0, Elo1: tt.elo1, Alpha: 0.05, Beta: 0.05}
		if got := test.LLRPenta(tt.p); !near(got, tt.llr, 1e-6) {
			t.Errorf("%s: LLRPenta(%v) = %.7f, want %.7f", tt.name, tt.p, got, tt.llr)
		}
		// From the other side, with the hypotheses mirrored: H1 and H0
		// swap, so the LLR changes sign.
		mirror := SPRT{Elo0: -tt.elo1, Elo1: -tt.elo0, Alpha: 0.05, Beta: 0.05}
		if got := mirror.LLRPenta(tt.p.Reverse()); !near(got, -tt.llr, 1e-6) {
			t.Errorf("%s: mirrored LLRPenta = %.7f, want %.7f", tt.name, got, -tt.llr)
		}
	}
	if !math.IsNaN((SPRT{Elo0: 0, Elo1: 10}).LLRPenta(Penta{1, -1, 0, 0, 0})) {
		t.Error("a negative count gives a number")
	}
}

// Over many pairs the GSPRT's LLR approaches fishtest's Brownian
// approximation (LLRcalc.LLR_alt2), N·(s1 − s0)·(2μ − s0 − s1)/(2·var_pair),
// with var_pair the per-pair variance of a_k:
// [100, 400, 1000, 450, 110]: N = 2060, μ = 2095 points / 4120 games = 0.5084951,
// var = Σ p̂_k(a_k − μ)² = 0.0512021, s1 − s0 = 0.0143872,
// 2μ − s0 − s1 = 0.0026031: approximation 2060·0.0143872·0.0026031/0.1024042
// = 0.75339; the GSPRT (as above, by calculator) gives 0.75123.
func TestLLRPentaNearItsApproximation(t *testing.T) {
	p := Penta{100, 400, 1000, 450, 110}
	n := float64(p.Pairs())
	mu, sigma := p.meanStdev()
	v := sigma * sigma * n
	s0, s1 := logistic(0), logistic(10)
	approx := n * (s1 - s0) * (2*mu - s0 - s1) / (2 * v)
	got := (SPRT{Elo0: 0, Elo1: 10}).LLRPenta(p)
	if !near(approx, 0.75339, 1e-5) || math.Abs(got-approx) > 0.01*approx {
		t.Errorf("LLRPenta = %.5f, approximation %.5f (want 0.75339, within 1%%)", got, approx)
	}
}

func TestDecidePenta(t *testing.T) {
	test := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	lower, upper := test.Bounds()
	// Pairs all won, one more at a time: the LLR rises, and the test
	// accepts H1 at the first count whose LLR reaches the upper bound.
	var p Penta
	prev := math.Inf(-1)
	for i := 0; i < 1000; i++ {
		llr := test.LLRPenta(p)
		if llr <= prev {
			t.Fatalf("%v: LLR %v not above %v", p, llr, prev)
		}
		want := Continue
		if llr >= upper {
			want = AcceptH1
		}
		if d := test.DecidePenta(p); d != want {
			t.Fatalf("%v: LLR %.3f: %v, want %v", p, llr, d, want)
		}
		if want == AcceptH1 {
			break
		}
		prev = llr
		p[4]++
	}
	if test.DecidePenta(p) != AcceptH1 {
		t.Fatalf("H1 not accepted after %v", p)
	}
	// And the other way round.
	if d := test.DecidePenta(p.Reverse()); d != AcceptH0 || test.LLRPenta(p.Reverse()) > lower {
		t.Errorf("%v: %v", p.Reverse(), d)
	}
}
