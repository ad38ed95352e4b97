// Package elo computes the statistics of a match between two players as
// cutechess-cli reports them: games, wins, draws, losses, score, the Elo
// difference with its 95% error margin, the likelihood of superiority (LOS),
// the draw ratio, and a sequential probability ratio test (SPRT) that can stop
// a match early.
//
// The formulas follow cutechess-cli, projects/lib/src/elo.cpp and
// projects/lib/src/sprt.cpp in https://github.com/cutechess/cutechess (read at
// commit 5e84232b, July 2026), so that the numbers of a MicroChess match
// compare with those cutechess-cli prints for the same results. The code is
// written from the formulas, not copied. For a score of W wins, D draws and L losses
// in N games:
//
//	μ      = (W + D/2) / N                      expected score
//	Elo(p) = −400·log10(1/p − 1)                logistic Elo of a score p
//	var    = w(1−μ)² + d(½−μ)² + l(0−μ)²        per-game variance, w=W/N, d=D/N, l=L/N
//	σ      = sqrt(var) / sqrt(N)                standard error of μ
//	margin = (Elo(μ + Φ⁻¹(0.975)σ) − Elo(μ + Φ⁻¹(0.025)σ)) / 2
//	LOS    = ½ + ½·erf((W − L) / sqrt(2(W + L)))
//
// Known differences from cutechess-cli's printout, all deliberate:
//
//   - Diff uses the exact normal quantile Φ⁻¹(p) = √2·erf⁻¹(2p−1).
//     cutechess-cli uses Winitzki's closed-form approximation of erf⁻¹,
//     which gives Φ⁻¹(0.975) ≈ 1.95716 instead of 1.95996, so its margins
//     are about 0.14% narrower (65.9 instead of 66.0 for +60 =20 −20).
//     DiffCutechess reproduces cutechess-cli's margin digit for digit.
//   - LOS is a probability in 0..1; cutechess-cli prints it as a percentage.
//   - When the 95% interval of μ reaches 0% or 100% the margin is +Inf;
//     cutechess-cli takes the logarithm of a negative number there and
//     prints "nan".
//   - An Elo difference of −0 is returned as +0, so an even score prints
//     as "+0.0".
//
// The SPRT is documented on type SPRT.
//
// # Pairs of games
//
// When each opening is played twice with colours reversed, the two games
// of a pair share their opening, and an opening that favours one side
// tends to give each player one good game of the two: the games are not
// independent, and the trinomial variance above, which takes them as
// independent, overstates the error when the openings are unbalanced.
// fishtest takes the pair as the unit instead, and so does type Penta,
// following fishtest's server/fishtest/stats/stat_util.py (get_elo) and
// LLRcalc.py (read in https://github.com/official-stockfish/fishtest at
// commit 0753fcc6 for LLRcalc.py, and in a maintainer's fork,
// ppigazzini/fishtest, at commit 310ef45a for stat_util.py); the code is
// written from the formulas, not copied. For N pairs, n_k of them scoring k/2 points
// (k = 0..4):
//
//	a_k    = k/4                               a pair's score per game: 0, ¼, ½, ¾, 1
//	μ      = Σ n_k·a_k / N                     expected score (that of the same games as a Score)
//	var    = Σ n_k·(a_k − μ)² / N              per-pair variance of a_k
//	σ      = sqrt(var) / sqrt(N)               standard error of μ
//	Elo, margin                                as above, with this μ and σ
//	LOS    = Φ((μ − ½)/σ) = ½ + ½·erf((μ − ½) / (σ·√2))
//
// fishtest's stats() writes the same σ per game: its variance
// Σ n_k·(k/2 − 2μ)²/(2N) is 2·var, over its 2N games. Deliberate
// differences from fishtest's get_elo:
//
//   - fishtest first counts each empty cell as 0.001 pairs and clamps μ to
//     0.001..0.999 for the Elo; Penta.Diff does neither, so that the Elo is
//     that of the games played: a score of 100% gives +Inf and an interval
//     that reaches 0% or 100% a margin of +Inf, as Score.Diff does.
//   - When every pair scored the same (var = 0, e.g. every pair 1–1),
//     there is no spread to estimate an error from: the margin and LOS are
//     NaN (fishtest's empty cells would give a small, meaningless margin;
//     Score.Diff gives ± 0.0 for all draws, as cutechess-cli does).
package elo

import (
	"fmt"
	"math"
)

// Score is a match result from the first player's point of view.
// The counts must not be negative.
type Score struct{ Wins, Draws, Losses int }

// Games returns the number of games played.
func (s Score) Games() int { return s.Wins + s.Draws + s.Losses }

// Points returns wins + draws/2.
func (s Score) Points() float64 { return float64(s.Wins) + float64(s.Draws)/2 }

// Ratio returns points / games, the score μ in 0..1 (NaN when no games).
func (s Score) Ratio() float64 {
	if s.Games() == 0 {
		return math.NaN()
	}
	return s.Points() / float64(s.Games())
}

// DrawRatio returns draws / games (NaN when no games).
func (s Score) DrawRatio() float64 {
	if s.Games() == 0 {
		return math.NaN()
	}
	return float64(s.Draws) / float64(s.Games())
}

// Add returns the sum of two scores, e.g. of two halves of a match.
func (s Score) Add(t Score) Score {
	return Score{s.Wins + t.Wins, s.Draws + t.Draws, s.Losses + t.Losses}
}

// Reverse returns the score from the other player's point of view.
func (s Score) Reverse() Score { return Score{s.Losses, s.Draws, s.Wins} }

// String formats the score as "+W =D -L", e.g. "+60 =20 -20".
func (s Score) String() string {
	return fmt.Sprintf("+%d =%d -%d", s.Wins, s.Draws, s.Losses)
}

// Diff returns the Elo difference and its 95% error margin, computed as
// cutechess-cli computes them (but with the exact normal quantile, see the
// package doc). ok is false when they are not finite: with no games diff and
// margin are NaN; with a score of 100% or 0% diff is +Inf or −Inf; and when
// the 95% interval of the score reaches 0% or 100% (few games, e.g.
// +2 =0 −1) diff is finite but margin is +Inf.
func (s Score) Diff() (diff, margin float64, ok bool) {
	return s.diff(phiInv)
}

// DiffCutechess is Diff with cutechess-cli's approximation of the normal
// quantile, for output that must match cutechess-cli's to the last printed
// digit. Prefer Diff otherwise: its margin is the exact 95% one.
func (s Score) DiffCutechess() (diff, margin float64, ok bool) {
	return s.diff(phiInvWinitzki)
}

func (s Score) diff(quantile func(float64) float64) (diff, margin float64, ok bool) {
	if s.Games() == 0 {
		return math.NaN(), math.NaN(), false
	}
	mu, sigma := s.meanStdev()
	return eloInterval(mu, sigma, quantile)
}

// eloInterval returns the Elo difference of the score mu and half the Elo
// width of the 95% interval mu ± z·sigma (see Score.Diff for when ok is
// false).
func eloInterval(mu, sigma float64, quantile func(float64) float64) (diff, margin float64, ok bool) {
	diff = eloOf(mu)
	if diff == 0 {
		diff = 0 // −400·log10(1) is −0; print an even score as +0.0
	}
	lo := mu + quantile(0.025)*sigma
	hi := mu + quantile(0.975)*sigma
	if lo <= 0 || hi >= 1 {
		// Elo(0) and Elo(1) are infinite, and beyond them Elo is
		// undefined: the interval is unbounded on that side.
		return diff, math.Inf(1), false
	}
	return diff, (eloOf(hi) - eloOf(lo)) / 2, true
}

// meanStdev returns the score μ and the standard error σ of μ, treating each
// game as an independent draw from the trinomial win/draw/loss distribution
// observed. cutechess-cli divides sqrt(var) by sqrt(N); so do we, since
// sqrt(var/N) may differ in the last bit.
func (s Score) meanStdev() (mu, sigma float64) {
	n := float64(s.Games())
	w := float64(s.Wins) / n
	d := float64(s.Draws) / n
	l := float64(s.Losses) / n
	mu = w + d/2
	v := w*(1-mu)*(1-mu) + d*(0.5-mu)*(0.5-mu) + l*(0-mu)*(0-mu)
	return mu, math.Sqrt(v) / math.Sqrt(n)
}

// eloOf returns the logistic Elo difference that predicts the score p:
// the inverse of p = 1/(1 + 10^(−Elo/400)).
func eloOf(p float64) float64 {
	switch {
	case p <= 0:
		return math.Inf(-1)
	case p >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/p-1)
}

// phiInv is the quantile function of the standard normal distribution.
func phiInv(p float64) float64 { return math.Sqrt2 * math.Erfinv(2*p-1) }

// phiInvWinitzki is phiInv with erf⁻¹ replaced by Winitzki's approximation
// (S. Winitzki, "A handy approximation for the error function and its
// inverse", 2008), the one cutechess-cli uses:
//
//	erf⁻¹(x) ≈ sgn(x)·sqrt(sqrt(t² − ln(1−x²)/a) − t),  t = 2/(πa) + ln(1−x²)/2,
//	a = 8(π−3) / (3π(4−π)) ≈ 0.140012.
func phiInvWinitzki(p float64) float64 {
	const a = 8 * (math.Pi - 3) / (3 * math.Pi * (4 - math.Pi))
	x := 2*p - 1
	y := math.Log(1 - x*x)
	t := 2/(math.Pi*a) + y/2
	r := math.Sqrt(math.Sqrt(t*t-y/a) - t)
	if x < 0 {
		r = -r
	}
	return math.Sqrt2 * r
}

// LOS returns the likelihood of superiority, the probability in 0..1 that
// the first player is the stronger, as cutechess-cli computes it: a normal
// approximation that looks at the decisive games only. It is NaN when there
// are no decisive games.
func (s Score) LOS() float64 {
	w, l := float64(s.Wins), float64(s.Losses)
	return 0.5 + 0.5*math.Erf((w-l)/math.Sqrt(2*(w+l)))
}

// Format formats the results of Diff: "+147.2 ± 66.0", "+inf" or "-inf"
// for a score of 100% or 0%, "+120.4 ± inf" when the margin is unbounded,
// and "n/a" when there are no games.
func Format(diff, margin float64, ok bool) string {
	switch {
	case ok:
		return fmt.Sprintf("%+.1f ± %.1f", diff, margin)
	case math.IsNaN(diff):
		return "n/a"
	case math.IsInf(diff, 1):
		return "+inf"
	case math.IsInf(diff, -1):
		return "-inf"
	case math.IsInf(margin, 1):
		return fmt.Sprintf("%+.1f ± inf", diff)
	}
	return fmt.Sprintf("%+.1f ± n/a", diff)
}
