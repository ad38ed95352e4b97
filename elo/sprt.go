package elo

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
)

// SPRT is a sequential probability ratio test that stops a match as soon as
// the games played decide between H0: the first player is Elo0 stronger
// than the second, and H1: it is Elo1 stronger (Elo0 < Elo1). Alpha is the
// largest probability of accepting H1 when the true difference is at most
// Elo0 (type I error), Beta that of accepting H0 when it is at least Elo1
// (type II error).
//
// # Model
//
// It is the test of cutechess-cli's -sprt option (sprt.cpp), implemented
// faithfully, so that an mchess match stops at the same game as cutechess-cli
// would with the same results, and so that cutechess-cli's own unit-test
// values check this code. (Fishtest's generalized SPRT gives close but
// different LLRs; its form on game pairs is SPRT.LLRPenta.)
// The model is BayesElo's draw model, a trinomial:
//
//	P(win)  = 1 / (1 + 10^((drawElo − b)/400))
//	P(loss) = 1 / (1 + 10^((drawElo + b)/400))
//	P(draw) = 1 − P(win) − P(loss)
//
// where b is the difference in BayesElo units. drawElo is estimated from the
// games so far, each count increased by ½ (a Dirichlet(½,½,½), i.e. Jeffreys,
// prior, which keeps the estimate finite with no draws or no decisive games):
//
//	drawElo = 200·log10((1−pL)/pL · (1−pW)/pW),  pW = (W+½)/(N+3/2), pL = (L+½)/(N+3/2)
//
// The log-likelihood ratio of the (regularized) results under H1 and H0 is
//
//	LLR = (W+½)·ln(pW1/pW0) + (L+½)·ln(pL1/pL0) + (D+½)·ln(pD1/pD0)
//
// with the probabilities of the model at b0 and b1; H1 is accepted when
// LLR ≥ upper and H0 when LLR ≤ lower (closed bounds, as cutechess-cli
// since 2024), see Bounds.
//
// # Units of Elo0 and Elo1
//
// Elo0 and Elo1 are logistic Elo, the unit of Score.Diff, not BayesElo:
// the test converts them with b = Elo/s, where s = 4x/(1+x)² and
// x = 10^(−drawElo/400) is the slope of BayesElo's expected score at
// equality relative to the logistic one. The conversion is exact to first
// order around 0 Elo: at drawElo ≈ 120 (a third of the games drawn) 10 Elo
// gives an expected score of 0.514388 in the model and 0.514387 in the
// logistic curve. This is what cutechess-cli's elo0 and elo1 mean too.
type SPRT struct{ Elo0, Elo1, Alpha, Beta float64 }

// ParseSPRT parses an SPRT written "elo0,elo1,alpha,beta", e.g.
// "0,10,0.05,0.05". It also accepts cutechess-cli's spelling, as String
// writes it: "elo0=0 elo1=10 alpha=0.05 beta=0.05". The Elos must be finite
// with elo0 < elo1, and alpha and beta must be in (0,1) with alpha+beta < 1
// (otherwise the bounds cross).
func ParseSPRT(text string) (SPRT, error) {
	names := [4]string{"elo0", "elo1", "alpha", "beta"}
	var values [4]string
	if strings.Contains(text, "=") {
		seen := [4]bool{}
		fields := strings.FieldsFunc(text, func(r rune) bool { return r == ',' || unicode.IsSpace(r) })
		for _, f := range fields {
			key, value, _ := strings.Cut(f, "=")
			i := 0
			for i < len(names) && names[i] != key {
				i++
			}
			if i == len(names) {
				return SPRT{}, fmt.Errorf("elo: bad SPRT %q: unknown parameter %q (want elo0, elo1, alpha, beta)", text, key)
			}
			if seen[i] {
				return SPRT{}, fmt.Errorf("elo: bad SPRT %q: %s given twice", text, key)
			}
			seen[i], values[i] = true, value
		}
		for i, ok := range seen {
			if !ok {
				return SPRT{}, fmt.Errorf("elo: bad SPRT %q: %s missing", text, names[i])
			}
		}
	} else {
		fields := strings.Split(text, ",")
		if len(fields) != 4 {
			return SPRT{}, fmt.Errorf("elo: bad SPRT %q: want 4 comma-separated values elo0,elo1,alpha,beta, got %d", text, len(fields))
		}
		copy(values[:], fields)
	}

	var x [4]float64
	for i, v := range values {
		v = strings.TrimSpace(v)
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return SPRT{}, fmt.Errorf("elo: bad SPRT %q: %s %q is not a finite number", text, names[i], v)
		}
		x[i] = f
	}
	t := SPRT{Elo0: x[0], Elo1: x[1], Alpha: x[2], Beta: x[3]}
	switch {
	case !(t.Alpha > 0 && t.Alpha < 1):
		return SPRT{}, fmt.Errorf("elo: bad SPRT %q: alpha %v is not in (0,1)", text, t.Alpha)
	case !(t.Beta > 0 && t.Beta < 1):
		return SPRT{}, fmt.Errorf("elo: bad SPRT %q: beta %v is not in (0,1)", text, t.Beta)
	case t.Alpha+t.Beta >= 1:
		return SPRT{}, fmt.Errorf("elo: bad SPRT %q: alpha+beta %v is not below 1", text, t.Alpha+t.Beta)
	case t.Elo0 >= t.Elo1:
		return SPRT{}, fmt.Errorf("elo: bad SPRT %q: elo0 %v is not below elo1 %v", text, t.Elo0, t.Elo1)
	}
	return t, nil
}

// String formats the test in cutechess-cli's spelling, which ParseSPRT reads
// back: "elo0=0 elo1=10 alpha=0.05 beta=0.05".
func (t SPRT) String() string {
	return fmt.Sprintf("elo0=%v elo1=%v alpha=%v beta=%v", t.Elo0, t.Elo1, t.Alpha, t.Beta)
}

// Bounds returns Wald's bounds on the LLR: ln(beta/(1−alpha)) and
// ln((1−beta)/alpha).
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR returns the log-likelihood ratio of H1 against H0 for the score s, in
// the model described on SPRT. Thanks to the prior it is finite even with no
// games (then it is small, and not 0).
func (t SPRT) LLR(s Score) float64 {
	if s.Wins < 0 || s.Draws < 0 || s.Losses < 0 {
		return math.NaN()
	}
	w := float64(s.Wins) + 0.5
	d := float64(s.Draws) + 0.5
	l := float64(s.Losses) + 0.5
	n := w + d + l
	pw, pl := w/n, l/n
	drawElo := 200 * math.Log10((1-pl)/pl*(1-pw)/pw)
	x := math.Pow(10, -drawElo/400)
	scale := 4 * x / ((1 + x) * (1 + x))
	w0, l0, d0 := bayesElo(t.Elo0/scale, drawElo)
	w1, l1, d1 := bayesElo(t.Elo1/scale, drawElo)
	return w*math.Log(w1/w0) + l*math.Log(l1/l0) + d*math.Log(d1/d0)
}

// bayesElo returns the probabilities of a win, a loss and a draw for the
// first player at a BayesElo difference b, in BayesElo's draw model.
func bayesElo(b, drawElo float64) (win, loss, draw float64) {
	win = 1 / (1 + math.Pow(10, (drawElo-b)/400))
	loss = 1 / (1 + math.Pow(10, (drawElo+b)/400))
	return win, loss, 1 - win - loss
}

// Decision is the state of an SPRT.
type Decision int

const (
	Continue Decision = iota // neither hypothesis accepted yet: play on
	AcceptH0                 // H0 accepted: the difference is Elo0 or less
	AcceptH1                 // H1 accepted: the difference is Elo1 or more
)

func (d Decision) String() string {
	switch d {
	case Continue:
		return "continue"
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return fmt.Sprintf("Decision(%d)", int(d))
}

// Decide returns the decision of the test after the score s: AcceptH1 when
// LLR ≥ upper bound, AcceptH0 when LLR ≤ lower bound, else Continue.
func (t SPRT) Decide(s Score) Decision { return t.decide(t.LLR(s)) }

func (t SPRT) decide(llr float64) Decision {
	lower, upper := t.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}
