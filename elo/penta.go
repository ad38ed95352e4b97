package elo

import (
	"fmt"
	"math"
)

// Penta counts a match's game pairs from the first player's point of view:
// Penta[k] is the number of pairs in which it scored k/2 points (k = 0..4:
// 0, ½, 1, 1½, 2). A pair is the two games of one opening with colours
// reversed. The counts must not be negative. Its statistics, fishtest's,
// are in the package doc; its SPRT on SPRT.LLRPenta.
type Penta [5]int

// PairOf returns the pentanomial of the one pair whose two games scored s
// together, and false when s is not two games.
func PairOf(s Score) (Penta, bool) {
	var p Penta
	if s.Games() != 2 || s.Wins < 0 || s.Draws < 0 || s.Losses < 0 {
		return p, false
	}
	p[2*s.Wins+s.Draws]++
	return p, true
}

// Pairs returns the number of pairs.
func (p Penta) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// Games returns the number of games in the pairs, twice the pairs.
func (p Penta) Games() int { return 2 * p.Pairs() }

// Points returns the first player's points in all the pairs.
func (p Penta) Points() float64 {
	return float64(p[1])/2 + float64(p[2]) + 1.5*float64(p[3]) + 2*float64(p[4])
}

// Ratio returns points / games, the score μ in 0..1 (NaN when no pairs):
// the same as Score.Ratio over the same games.
func (p Penta) Ratio() float64 {
	if p.Pairs() == 0 {
		return math.NaN()
	}
	return p.Points() / float64(p.Games())
}

// Add returns the sum of two pentanomials.
func (p Penta) Add(q Penta) Penta {
	for k := range p {
		p[k] += q[k]
	}
	return p
}

// Reverse returns the pentanomial from the other player's point of view.
func (p Penta) Reverse() Penta { return Penta{p[4], p[3], p[2], p[1], p[0]} }

// String formats the counts as fastchess prints its "Ptnml(0-2)":
// "[1, 4, 10, 4, 1]".
func (p Penta) String() string {
	return fmt.Sprintf("[%d, %d, %d, %d, %d]", p[0], p[1], p[2], p[3], p[4])
}

// Diff returns the Elo difference and its 95% error margin from the
// per-pair variance (see Penta). ok is false when they are not finite:
// with no pairs diff and margin are NaN; with a score of 100% or 0% diff is
// ±Inf; when the interval reaches 0% or 100% margin is +Inf; and when every
// pair scored the same margin is NaN.
func (p Penta) Diff() (diff, margin float64, ok bool) {
	if p.Pairs() == 0 {
		return math.NaN(), math.NaN(), false
	}
	mu, sigma := p.meanStdev()
	if sigma == 0 {
		diff = eloOf(mu)
		if diff == 0 {
			diff = 0
		}
		return diff, math.NaN(), false
	}
	return eloInterval(mu, sigma, phiInv)
}

// LOS returns the likelihood of superiority in 0..1 from the per-pair
// variance, Φ((μ − ½)/σ). It is NaN with no pairs, or when every pair
// scored the same.
func (p Penta) LOS() float64 {
	if p.Pairs() == 0 {
		return math.NaN()
	}
	mu, sigma := p.meanStdev()
	if sigma == 0 {
		return math.NaN()
	}
	return 0.5 + 0.5*math.Erf((mu-0.5)/(sigma*math.Sqrt2))
}

// meanStdev returns μ and σ of the pairs (at least one).
func (p Penta) meanStdev() (mu, sigma float64) {
	n := float64(p.Pairs())
	for k, c := range p {
		mu += float64(c) * float64(k) / 4
	}
	mu /= n
	var v float64
	for k, c := range p {
		d := float64(k)/4 - mu
		v += float64(c) * d * d
	}
	v /= n
	return mu, math.Sqrt(v) / math.Sqrt(n)
}

// LLRPenta returns the log-likelihood ratio of H1 against H0 for the pairs
// p: fishtest's generalized SPRT (GSPRT) on the pentanomial, with the
// bounds Elo0 and Elo1 in logistic Elo (its LLR_logistic).
//
// With the pair scores a_k = k/4 and the frequencies p̂_k = n_k/N, each
// empty cell counted as 0.001 pairs (fishtest's regularization, which
// keeps every p̂_k and so the LLR finite, even with no pairs), the
// distribution of the pair results closest to the observed one (maximum
// likelihood) among those of expected score s is
//
//	p_k(s) = p̂_k / (1 + x·(a_k − s)),
//	x the root of Σ p̂_k·(a_k − s) / (1 + x·(a_k − s)) = 0 in (−1/(1−s), 1/s)
//
// (the sum falls from +∞ to −∞ over that interval, so the root is one, and
// bisection finds it), and
//
//	LLR = N · Σ p̂_k · ln(p_k(s1) / p_k(s0)),  s = L(Elo) = 1/(1 + 10^(−Elo/400))
//
// with N the regularized count. On a one-sided record this test is slower
// than the trinomial one: with every pair won, the distribution of mean s
// nearest to the record keeps a share s of won pairs and puts the rest on
// the empty cells, so each pair adds only about ln(s1/s0) (0.028 for 0 and
// 10 Elo: 104 pairs, 208 games, to reach 2.944, where SPRT.LLR needs 86
// games won).
//
// The test decides with the bounds of SPRT.Bounds (DecidePenta), closed
// as for the trinomial test; fishtest moves them inwards by an estimate of
// the overshoot (Siegmund), which this test does not.
//
// Since 2021 fishtest's own tests give their bounds in normalized Elo
// (LLR_normalized: the same GSPRT on the t-value (μ−½)/σ). This test keeps
// logistic Elo, so that Elo0 and Elo1 mean what they mean for the
// trinomial test (SPRT.LLR) and one SPRT states both hypotheses;
// normalized Elo is scaled by the match's own spread, which a short match
// of deterministic programs estimates poorly.
func (t SPRT) LLRPenta(p Penta) float64 {
	var f [5]float64
	n := 0.0
	for k, c := range p {
		if c < 0 {
			return math.NaN()
		}
		f[k] = float64(c)
		if c == 0 {
			f[k] = 1e-3
		}
		n += f[k]
	}
	for k := range f {
		f[k] /= n
	}
	s0, s1 := logistic(t.Elo0), logistic(t.Elo1)
	if !(s0 > 0 && s1 < 1) {
		return math.NaN() // Elo beyond ±6000 or so: a score of 0 or 1 in floating point
	}
	x0, x1 := secularRoot(f, s0), secularRoot(f, s1)
	llr := 0.0
	for k, pk := range f {
		a := float64(k) / 4
		// ln(p_k(s1)/p_k(s0)) = ln(1 + x0(a−s0)) − ln(1 + x1(a−s1))
		llr += pk * (math.Log1p(x0*(a-s0)) - math.Log1p(x1*(a-s1)))
	}
	return n * llr
}

// DecidePenta returns the decision of the pentanomial test after the pairs
// p: AcceptH1 when LLRPenta ≥ upper bound, AcceptH0 when ≤ lower bound.
func (t SPRT) DecidePenta(p Penta) Decision { return t.decide(t.LLRPenta(p)) }

// logistic returns the expected score at a logistic Elo difference.
func logistic(e float64) float64 { return 1 / (1 + math.Pow(10, -e/400)) }

// secularRoot returns the x of LLRPenta for the frequencies f (all > 0)
// and the score s in (0,1), by bisection: the sum is decreasing in x.
func secularRoot(f [5]float64, s float64) float64 {
	sum := func(x float64) float64 {
		t := 0.0
		for k, pk := range f {
			b := float64(k)/4 - s
			t += pk * b / (1 + x*b)
		}
		return t
	}
	lo, hi := -1/(1-s), 1/s
	for i := 0; i < 200; i++ {
		mid := (lo + hi) / 2
		if mid <= lo || mid >= hi {
			break
		}
		if sum(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}
