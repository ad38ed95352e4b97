package elo

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// near reports whether got is within tol of want, treating NaN as equal to
// NaN and infinities as equal to themselves.
func near(got, want, tol float64) bool {
	switch {
	case math.IsNaN(want):
		return math.IsNaN(got)
	case math.IsInf(want, 0):
		return got == want
	}
	return math.Abs(got-want) <= tol
}

func TestScoreBasics(t *testing.T) {
	s := Score{Wins: 60, Draws: 20, Losses: 20}
	if got := s.Games(); got != 100 {
		t.Errorf("Games = %d, want 100", got)
	}
	if got := s.Points(); got != 70 {
		t.Errorf("Points = %v, want 70", got)
	}
	if got := s.Ratio(); got != 0.7 {
		t.Errorf("Ratio = %v, want 0.7", got)
	}
	if got := s.DrawRatio(); got != 0.2 {
		t.Errorf("DrawRatio = %v, want 0.2", got)
	}
	if got, want := s.Reverse(), (Score{20, 20, 60}); got != want {
		t.Errorf("Reverse = %v, want %v", got, want)
	}
	if got, want := s.Add(Score{1, 2, 3}), (Score{61, 22, 23}); got != want {
		t.Errorf("Add = %v, want %v", got, want)
	}
	if got, want := s.String(), "+60 =20 -20"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
	var zero Score
	if !math.IsNaN(zero.Ratio()) || !math.IsNaN(zero.DrawRatio()) {
		t.Errorf("no games: Ratio = %v, DrawRatio = %v, want NaN", zero.Ratio(), zero.DrawRatio())
	}
	if got, want := zero.String(), "+0 =0 -0"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
}

// The expected values below were worked out by hand (with a calculator for
// the logarithms and erf), not by running this package. Throughout,
// z = Φ⁻¹(0.975) = 1.959964 and Elo(p) = −400·log10(1/p − 1).
var diffTests = []struct {
	name   string
	s      Score
	diff   float64
	margin float64
	ok     bool
	los    float64
	format string
}{
	{
		// μ = (60 + 20/2)/100 = 0.7; w, d, l = 0.6, 0.2, 0.2
		// var = 0.6·0.3² + 0.2·0.2² + 0.2·0.7² = 0.054 + 0.008 + 0.098 = 0.16
		// σ = √0.16 / √100 = 0.4/10 = 0.04
		// Elo = −400·log10(1/0.7 − 1) = −400·log10(3/7) = −400·(−0.367977) = +147.191
		// zσ = 1.959964·0.04 = 0.078399
		// μmin = 0.621601: 1/μ − 1 = 0.608748, log10 = −0.215563, Elo =  86.225
		// μmax = 0.778399: 1/μ − 1 = 0.284689, log10 = −0.545629, Elo = 218.252
		// margin = (218.252 − 86.225)/2 = 66.013
		// LOS = ½ + ½·erf(40/√160) = ½ + ½·erf(3.162278) = ½ + ½·0.9999923 = 0.9999961
		name: "brief", s: Score{60, 20, 20},
		diff: 147.191, margin: 66.013, ok: true, los: 0.9999961,
		format: "+147.2 ± 66.0",
	},
	{
		// μ = 10/20 = 0.5; w, d, l = 0.5, 0, 0.5
		// var = 0.5·0.5² + 0 + 0.5·0.5² = 0.25; σ = 0.5/√20 = 0.111803
		// Elo = −400·log10(1) = 0 (returned as +0, not −0)
		// zσ = 1.959964·0.111803 = 0.219131
		// μmin = 0.280869: 1/μ − 1 = 2.560374, log10 = +0.408303, Elo = −163.321
		// μmax = 0.719131: 1/μ − 1 = 0.390568, log10 = −0.408303, Elo = +163.321
		// margin = (163.321 + 163.321)/2 = 163.321
		// LOS = ½ + ½·erf(0/√40) = 0.5
		name: "even", s: Score{10, 0, 10},
		diff: 0, margin: 163.321, ok: true, los: 0.5,
		format: "+0.0 ± 163.3",
	},
	{
		// μ = (20 + 30/2)/100 = 0.35; w, d, l = 0.2, 0.3, 0.5
		// var = 0.2·0.65² + 0.3·0.15² + 0.5·0.35² = 0.0845 + 0.00675 + 0.06125 = 0.1525
		// σ = √0.1525 / 10 = 0.390512/10 = 0.0390512
		// Elo = −400·log10(0.65/0.35) = −400·log10(1.857143) = −400·0.268845 = −107.538
		// zσ = 1.959964·0.0390512 = 0.076539
		// μmin = 0.273461: 1/μ − 1 = 2.656829, log10 = 0.424364, Elo = −169.745
		// μmax = 0.426539: 1/μ − 1 = 1.344451, log10 = 0.128545, Elo =  −51.418
		// margin = (−51.418 + 169.745)/2 = 59.164
		// LOS = ½ + ½·erf(−30/√140) = ½ − ½·erf(2.535463) = ½ − ½·0.9996638 = 0.0001681
		name: "negative", s: Score{20, 30, 50},
		diff: -107.538, margin: 59.164, ok: true, los: 0.0001681,
		format: "-107.5 ± 59.2",
	},
	{
		// μ = 5/10 = 0.5; var = 1·(½ − ½)² = 0; σ = 0
		// μmin = μmax = 0.5, both Elo 0: margin 0
		// LOS = ½ + ½·erf(0/0): no decisive games, NaN
		name: "all draws", s: Score{0, 10, 0},
		diff: 0, margin: 0, ok: true, los: math.NaN(),
		format: "+0.0 ± 0.0",
	},
	{
		// Nothing to compute: 0/0.
		name: "no games", s: Score{},
		diff: math.NaN(), margin: math.NaN(), ok: false, los: math.NaN(),
		format: "n/a",
	},
	{
		// μ = 1: Elo = −400·log10(0) = +Inf; σ = 0 so μmax = 1, margin +Inf
		// LOS = ½ + ½·erf(5/√10) = ½ + ½·erf(1.581139) = ½ + ½·0.974653 = 0.987326
		name: "100%", s: Score{5, 0, 0},
		diff: math.Inf(1), margin: math.Inf(1), ok: false, los: 0.987326,
		format: "+inf",
	},
	{
		// μ = 0: Elo = −Inf; μmin = 0, margin +Inf
		// LOS = ½ + ½·erf(−4/√8) = ½ − ½·erf(1.414214) = ½ − ½·0.954500 = 0.022750
		name: "0%", s: Score{0, 0, 4},
		diff: math.Inf(-1), margin: math.Inf(1), ok: false, los: 0.022750,
		format: "-inf",
	},
	{
		// μ = 2/3: Elo = −400·log10(1/2) = 400·0.301030 = 120.412
		// var = (2/3)(1/3)² + (1/3)(2/3)² = 2/27 + 4/27 = 2/9; σ = 0.471405/√3 = 0.272166
		// μmax = 0.666667 + 1.959964·0.272166 = 1.200101 > 1: margin unbounded
		// LOS = ½ + ½·erf(1/√6) = ½ + ½·erf(0.408248) = ½ + ½·0.436297 = 0.718149
		name: "interval past 100%", s: Score{2, 0, 1},
		diff: 120.412, margin: math.Inf(1), ok: false, los: 0.718149,
		format: "+120.4 ± inf",
	},
}

func TestDiff(t *testing.T) {
	for _, tt := range diffTests {
		t.Run(tt.name, func(t *testing.T) {
			diff, margin, ok := tt.s.Diff()
			if !near(diff, tt.diff, 0.001) || !near(margin, tt.margin, 0.001) || ok != tt.ok {
				t.Errorf("%v.Diff() = %v, %v, %v; want %v, %v, %v", tt.s, diff, margin, ok, tt.diff, tt.margin, tt.ok)
			}
			if diff == 0 && math.Signbit(diff) {
				t.Errorf("%v.Diff() = −0, want +0", tt.s)
			}
			if got := Format(diff, margin, ok); got != tt.format {
				t.Errorf("Format(%v.Diff()) = %q, want %q", tt.s, got, tt.format)
			}
			if got := tt.s.LOS(); !near(got, tt.los, 0.0000005) {
				t.Errorf("%v.LOS() = %v, want %v", tt.s, got, tt.los)
			}
		})
	}
}

// cutechess-cli's Φ⁻¹ uses Winitzki's erf⁻¹:
// a = 8(π−3)/(3π(4−π)) = 0.140012; for x = 2·0.975 − 1 = 0.95:
// y = ln(1 − 0.9025) = ln 0.0975 = −2.327903
// t = 2/(πa) + y/2 = 4.546885 − 1.163951 = 3.382934
// erf⁻¹ ≈ √(√(t² − y/a) − t) = √(√28.070658 − 3.382934) = √(5.298175 − 3.382934) = 1.383922
// z' = √2·1.383922 = 1.957162 (exact: 1.959964)
func TestDiffCutechess(t *testing.T) {
	if got := phiInvWinitzki(0.975); !near(got, 1.957162, 0.000001) {
		t.Errorf("phiInvWinitzki(0.975) = %v, want 1.957162", got)
	}
	if got := phiInvWinitzki(0.025); !near(got, -1.957162, 0.000001) {
		t.Errorf("phiInvWinitzki(0.025) = %v, want -1.957162", got)
	}
	if got := phiInv(0.975); !near(got, 1.959964, 0.000001) {
		t.Errorf("phiInv(0.975) = %v, want 1.959964", got)
	}
	// +60 =20 −20, μ = 0.7, σ = 0.04 (see diffTests): z'σ = 0.078286
	// μmin = 0.621714: 1/μ − 1 = 0.608458, Elo =  86.308
	// μmax = 0.778286: 1/μ − 1 = 0.284874, Elo = 218.139
	// margin = (218.139 − 86.308)/2 = 65.916, printed by cutechess-cli as 65.9
	diff, margin, ok := Score{60, 20, 20}.DiffCutechess()
	if !near(diff, 147.191, 0.001) || !near(margin, 65.916, 0.001) || !ok {
		t.Errorf("DiffCutechess() = %v, %v, %v; want 147.191, 65.916, true", diff, margin, ok)
	}
	if got, want := Format(diff, margin, ok), "+147.2 ± 65.9"; got != want {
		t.Errorf("Format = %q, want %q", got, want)
	}
	// The edge cases are those of Diff.
	for _, tt := range diffTests {
		if !tt.ok {
			d, m, ok := tt.s.DiffCutechess()
			if !near(d, tt.diff, 0.001) || !near(m, tt.margin, 0.001) || ok {
				t.Errorf("%v.DiffCutechess() = %v, %v, %v; want %v, %v, false", tt.s, d, m, ok, tt.diff, tt.margin)
			}
		}
	}
}

// Swapping the players negates the Elo difference and keeps the margin,
// since Elo(1−p) = −Elo(p) and σ is the same for both.
func TestDiffReverse(t *testing.T) {
	for w := 0; w <= 12; w += 3 {
		for d := 0; d <= 12; d += 4 {
			for l := 0; l <= 12; l += 3 {
				s := Score{w, d, l}
				d1, m1, ok1 := s.Diff()
				d2, m2, ok2 := s.Reverse().Diff()
				if ok1 != ok2 || (ok1 && (math.Abs(d1+d2) > 1e-9 || math.Abs(m1-m2) > 1e-9)) {
					t.Errorf("%v: Diff = %v, %v, %v; reversed %v, %v, %v", s, d1, m1, ok1, d2, m2, ok2)
				}
				if s.Wins+s.Losses > 0 && math.Abs(s.LOS()+s.Reverse().LOS()-1) > 1e-12 {
					t.Errorf("%v: LOS %v + reversed %v != 1", s, s.LOS(), s.Reverse().LOS())
				}
			}
		}
	}
}

func TestFormat(t *testing.T) {
	tests := []struct {
		diff, margin float64
		ok           bool
		want         string
	}{
		{147.19, 66.01, true, "+147.2 ± 66.0"},
		{-3.04, 12.96, true, "-3.0 ± 13.0"},
		{math.NaN(), math.NaN(), false, "n/a"},
		{math.Inf(1), math.Inf(1), false, "+inf"},
		{math.Inf(-1), math.Inf(1), false, "-inf"},
		{120.41, math.Inf(1), false, "+120.4 ± inf"},
		{120.41, math.NaN(), false, "+120.4 ± n/a"},
	}
	for _, tt := range tests {
		if got := Format(tt.diff, tt.margin, tt.ok); got != tt.want {
			t.Errorf("Format(%v, %v, %v) = %q, want %q", tt.diff, tt.margin, tt.ok, got, tt.want)
		}
	}
}

func TestParseSPRT(t *testing.T) {
	good := []struct {
		text string
		want SPRT
	}{
		{"0,10,0.05,0.05", SPRT{0, 10, 0.05, 0.05}},
		{" -5 , 5 ,0.1, 0.2 ", SPRT{-5, 5, 0.1, 0.2}},
		{"elo0=0 elo1=10 alpha=0.05 beta=0.05", SPRT{0, 10, 0.05, 0.05}},
		{"beta=0.1,alpha=0.01, elo1=5.5 elo0=-1.5", SPRT{-1.5, 5.5, 0.01, 0.1}},
	}
	for _, tt := range good {
		got, err := ParseSPRT(tt.text)
		if err != nil || got != tt.want {
			t.Errorf("ParseSPRT(%q) = %v, %v; want %v", tt.text, got, err, tt.want)
			continue
		}
		back, err := ParseSPRT(got.String())
		if err != nil || back != got {
			t.Errorf("ParseSPRT(%q) = %v, %v; want %v (round trip)", got.String(), back, err, got)
		}
	}
	if got, want := (SPRT{0, 10, 0.05, 0.05}).String(), "elo0=0 elo1=10 alpha=0.05 beta=0.05"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}

	bad := []struct{ text, msg string }{
		{"", "want 4 comma-separated values elo0,elo1,alpha,beta, got 1"},
		{"0,10,0.05", "got 3"},
		{"0,10,0.05,0.05,0", "got 5"},
		{"x,10,0.05,0.05", `elo0 "x" is not a finite number`},
		{"0,,0.05,0.05", `elo1 "" is not a finite number`},
		{"0,inf,0.05,0.05", `elo1 "inf" is not a finite number`},
		{"0,10,NaN,0.05", `alpha "NaN" is not a finite number`},
		{"0,10,0,0.05", "alpha 0 is not in (0,1)"},
		{"0,10,1,0.05", "alpha 1 is not in (0,1)"},
		{"0,10,0.05,-0.1", "beta -0.1 is not in (0,1)"},
		{"0,10,0.5,0.5", "alpha+beta 1 is not below 1"},
		{"10,0,0.05,0.05", "elo0 10 is not below elo1 0"},
		{"5,5,0.05,0.05", "elo0 5 is not below elo1 5"},
		{"elo0=0 elo1=10 alpha=0.05", "beta missing"},
		{"elo0=0 elo0=1 elo1=10 alpha=0.05 beta=0.05", "elo0 given twice"},
		{"elo0=0 elo1=10 alpha=0.05 gamma=0.05", `unknown parameter "gamma"`},
	}
	for _, tt := range bad {
		_, err := ParseSPRT(tt.text)
		if err == nil || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("ParseSPRT(%q) error = %v, want one containing %q", tt.text, err, tt.msg)
		}
	}
}

func TestBounds(t *testing.T) {
	tests := []struct {
		t            SPRT
		lower, upper float64
	}{
		// ln(0.05/0.95) = −2.944439, ln(0.95/0.05) = 2.944439
		{SPRT{0, 10, 0.05, 0.05}, -2.944439, 2.944439},
		// ln(0.10/0.95) = −2.251292, ln(0.90/0.05) = ln 18 = 2.890372
		{SPRT{0, 10, 0.05, 0.10}, -2.251292, 2.890372},
		// ln(0.01/0.99) = −4.595120
		{SPRT{0, 10, 0.01, 0.01}, -4.595120, 4.595120},
	}
	for _, tt := range tests {
		lower, upper := tt.t.Bounds()
		if !near(lower, tt.lower, 1e-6) || !near(upper, tt.upper, 1e-6) {
			t.Errorf("%v.Bounds() = %v, %v; want %v, %v", tt.t, lower, upper, tt.lower, tt.upper)
		}
	}
}

// Hand-computed LLRs. The cases are chosen so that the model's
// probabilities come out as simple fractions. Notation as on type SPRT:
// W' = W+½ etc., pW = W'/N', drawElo = 200·log10((1−pL)/pL·(1−pW)/pW),
// x = 10^(−drawElo/400), s = 4x/(1+x)², bi = Eloi/s, and
// pWi = 1/(1+10^((drawElo−bi)/400)), pLi = 1/(1+10^((drawElo+bi)/400)).
var (
	// s = 8/9 and drawElo = 400·log10 2, so b1 = 400·log10 2.
	elo107 = 3200 * math.Log10(2) / 9 // 107.0329
	// s = 16/25 and drawElo = 400·log10 4, so b1 = 400·log10 4.
	elo154 = 256 * math.Log10(4) // 154.1274
	// s = 8√2/(9+4√2) = 0.771906 and drawElo = 600·log10 2 = 180.618,
	// so b1 = drawElo.
	elo139 = 8 * math.Sqrt2 / (9 + 4*math.Sqrt2) * 600 * math.Log10(2) // 139.4201
)

var llrTests = []struct {
	name string
	t    SPRT
	s    Score
	llr  float64
	tol  float64
	want Decision
}{
	{
		// W' = D' = L' = 10.5, N' = 31.5: pW = pL = 1/3
		// drawElo = 200·log10(2·2) = 400·log10 2 = 120.41; x = 1/2
		// s = 4·½/(3/2)² = 8/9; b0 = 0, b1 = elo107·9/8 = 400·log10 2
		// H0: pW0 = 1/(1+2) = 1/3, pL0 = 1/3, pD0 = 1/3
		// H1: pW1 = 1/(1+10^0) = 1/2, pL1 = 1/(1+4) = 1/5, pD1 = 3/10
		// LLR = 10.5·(ln(3/2) + ln(3/5) + ln(9/10)) = 10.5·ln(81/100)
		//     = 10.5·(−0.210721) = −2.212571
		// bounds ±2.944439: continue
		name: "+10 =10 -10", t: SPRT{0, elo107, 0.05, 0.05}, s: Score{10, 10, 10},
		llr: -2.212571, tol: 1e-6, want: Continue,
	},
	{
		// The prior alone: W' = D' = L' = ½, so everything is as above
		// but for the counts: LLR = 0.5·ln(81/100) = −0.105361
		name: "no games", t: SPRT{0, elo107, 0.05, 0.05}, s: Score{},
		llr: -0.105361, tol: 1e-6, want: Continue,
	},
	{
		// W' = L' = 3.5, D' = 10.5, N' = 17.5: pW = pL = 1/5
		// drawElo = 200·log10(4·4) = 400·log10 4 = 240.82; x = 1/4
		// s = 4·¼/(5/4)² = 16/25; b0 = 0, b1 = elo154·25/16 = 400·log10 4
		// H0: pW0 = pL0 = 1/(1+4) = 1/5, pD0 = 3/5
		// H1: pW1 = 1/(1+1) = 1/2, pL1 = 1/(1+16) = 1/17, pD1 = 1 − 1/2 − 1/17 = 15/34
		// LLR = 3.5·ln(5/2) + 3.5·ln(5/17) + 10.5·ln((15/34)/(3/5))
		//     = 3.5·ln(25/34) + 10.5·ln(25/34) = 14·(−0.307485) = −4.304786
		// bounds ±2.944439: H0
		name: "+3 =10 -3", t: SPRT{0, elo154, 0.05, 0.05}, s: Score{3, 10, 3},
		llr: -4.304786, tol: 1e-6, want: AcceptH0,
	},
	{
		// Same LLR, bounds ±4.595120: continue.
		name: "+3 =10 -3 at 1%", t: SPRT{0, elo154, 0.01, 0.01}, s: Score{3, 10, 3},
		llr: -4.304786, tol: 1e-6, want: Continue,
	},
	{
		// W' = 1.5, D' = 1.5, L' = 0.5, N' = 3.5: pW = 3/7, pL = 1/7
		// drawElo = 200·log10((6/7)/(1/7)·(4/7)/(3/7)) = 200·log10 8 = 180.618
		// x = 8^(−½) = 1/(2√2); s = 8√2/(9+4√2) = 0.771906
		// b1 = elo139/s = drawElo, b0 = −drawElo; 10^(drawElo/400) = √8
		// H1: pW1 = 1/(1+1) = 1/2, pL1 = 1/(1+8) = 1/9, pD1 = 7/18
		// H0 is the mirror image: pW0 = 1/9, pL0 = 1/2, pD0 = 7/18
		// LLR = 1.5·ln(9/2) + 0.5·ln(2/9) + 1.5·ln 1 = ln 4.5 = 1.504077
		// bounds ln(0.1/0.95) = −2.251292 and ln(0.9/0.05) = 2.890372: continue
		name: "+1 =1 -0 symmetric", t: SPRT{-elo139, elo139, 0.05, 0.10}, s: Score{1, 1, 0},
		llr: 1.504077, tol: 1e-6, want: Continue,
	},
	{
		// The same with bounds ln(0.2/0.8) = −1.386294 and ln(0.8/0.2) = +1.386294: H1.
		name: "+1 =1 -0 at 20%", t: SPRT{-elo139, elo139, 0.2, 0.2}, s: Score{1, 1, 0},
		llr: 1.504077, tol: 1e-6, want: AcceptH1,
	},

	// Reference values from cutechess-cli's own test,
	// projects/lib/tests/sprt/tst_sprt.cpp (checked there to ±0.01).
	// Bounds ±4.595120.
	{
		name: "cutechess test1", t: SPRT{0, 10, 0.01, 0.01}, s: Score{Wins: 1477, Losses: 1351, Draws: 2942},
		llr: 2.52, tol: 0.01, want: Continue,
	},
	{
		name: "cutechess test2", t: SPRT{0, 10, 0.01, 0.01}, s: Score{Wins: 555, Losses: 555, Draws: 298},
		llr: -0.74, tol: 0.01, want: Continue,
	},
	{
		name: "cutechess test3", t: SPRT{0, 10, 0.01, 0.01}, s: Score{Wins: 3, Losses: 149, Draws: 1},
		llr: -4.69, tol: 0.01, want: AcceptH0,
	},
}

func TestLLR(t *testing.T) {
	for _, tt := range llrTests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.t.LLR(tt.s); !near(got, tt.llr, tt.tol) {
				t.Errorf("%v.LLR(%v) = %v, want %v", tt.t, tt.s, got, tt.llr)
			}
			if got := tt.t.Decide(tt.s); got != tt.want {
				t.Errorf("%v.Decide(%v) = %v, want %v", tt.t, tt.s, got, tt.want)
			}
		})
	}
}

// The bounds are closed, as in cutechess-cli: an LLR equal to a bound decides.
func TestDecideAtBounds(t *testing.T) {
	sprt := SPRT{0, 10, 0.05, 0.05}
	lower, upper := sprt.Bounds()
	tests := []struct {
		llr  float64
		want Decision
	}{
		{upper, AcceptH1},
		{math.Nextafter(upper, 0), Continue},
		{math.Inf(1), AcceptH1},
		{lower, AcceptH0},
		{math.Nextafter(lower, 0), Continue},
		{math.Inf(-1), AcceptH0},
		{0, Continue},
		{math.NaN(), Continue},
	}
	for _, tt := range tests {
		if got := sprt.decide(tt.llr); got != tt.want {
			t.Errorf("decide(%v) = %v, want %v (bounds %v, %v)", tt.llr, got, tt.want, lower, upper)
		}
	}
}

// Seen from the other side, H0 and H1 swap: the test of −Elo1 against −Elo0
// on the reversed score has the opposite LLR.
func TestLLRReverse(t *testing.T) {
	sprt := SPRT{-3, 12, 0.05, 0.05}
	mirror := SPRT{-12, 3, 0.05, 0.05}
	for _, s := range []Score{{}, {1, 0, 0}, {7, 3, 2}, {40, 100, 55}, {0, 9, 0}} {
		a, b := sprt.LLR(s), mirror.LLR(s.Reverse())
		if math.Abs(a+b) > 1e-9 {
			t.Errorf("%v: LLR %v, mirrored %v; want opposite", s, a, b)
		}
	}
}

// A long match of a clearly stronger player accepts H1, of a clearly weaker
// one H0. The players score 57.5% and 42.5% (about ±52 Elo) against a test
// of 0 against 10 Elo.
func TestSPRTSimulation(t *testing.T) {
	sprt := SPRT{0, 10, 0.05, 0.05}
	play := func(rng *rand.Rand, win, draw float64) (Decision, Score) {
		var s Score
		for s.Games() < 100000 {
			switch r := rng.Float64(); {
			case r < win:
				s.Wins++
			case r < win+draw:
				s.Draws++
			default:
				s.Losses++
			}
			if d := sprt.Decide(s); d != Continue {
				return d, s
			}
		}
		return Continue, s
	}
	for seed := uint64(1); seed <= 20; seed++ {
		rng := rand.New(rand.NewPCG(seed, 1977))
		if d, s := play(rng, 0.45, 0.25); d != AcceptH1 {
			t.Errorf("seed %d: stronger player: %v after %v, want %v", seed, d, s, AcceptH1)
		}
		if d, s := play(rng, 0.30, 0.25); d != AcceptH0 {
			t.Errorf("seed %d: weaker player: %v after %v, want %v", seed, d, s, AcceptH0)
		}
	}
}

func TestDecisionString(t *testing.T) {
	for d, want := range map[Decision]string{
		Continue: "continue", AcceptH0: "H0 accepted", AcceptH1: "H1 accepted", 7: "Decision(7)",
	} {
		if got := d.String(); got != want {
			t.Errorf("Decision(%d).String() = %q, want %q", int(d), got, want)
		}
	}
}
