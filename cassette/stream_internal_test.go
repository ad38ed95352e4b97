package cassette

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The decoder works block by block; these hold each blocked stage to the
// same stage run over the whole signal at once, as it was before.

// wholeBandPass filters a whole channel forwards, then backwards.
func wholeBandPass(x []float32, rate int) []float64 {
	r := float64(rate)
	hi := math.Min(bandHigh, 0.45*r)
	chain := func() []*biquad {
		return []*biquad{newBiquad(true, bandLow, r), newBiquad(true, bandLow, r), newBiquad(false, hi, r)}
	}
	y := make([]float64, len(x))
	fwd := chain()
	for i, v := range x {
		s := float64(v)
		for _, f := range fwd {
			s = f.step(s)
		}
		y[i] = s
	}
	back := chain()
	for i := len(y) - 1; i >= 0; i-- {
		s := y[i]
		for _, f := range back {
			s = f.step(s)
		}
		y[i] = s
	}
	return y
}

func TestBlockedFilterIsTheWholeFilter(t *testing.T) {
	const rate = 44100
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 100, filterBlock - 1, filterBlock, filterBlock + 1, 3*filterBlock + 12345} {
		x := make([]float32, n)
		for i := range x {
			x[i] = float32(0.6*math.Sin(2*math.Pi*2400*float64(i)/rate) + 0.3*rng.NormFloat64())
		}
		want := wholeBandPass(x, rate)
		var got []float64
		bandPass(func(from int, buf []float32) { copy(buf, x[from:]) }, n, rate, func(v float64) { got = append(got, v) })
		if len(got) != n {
			t.Fatalf("%d samples: %d out", n, len(got))
		}
		worst := 0.0
		for i := range got {
			worst = math.Max(worst, math.Abs(got[i]-want[i]))
		}
		if worst > 1e-12 {
			t.Errorf("%d samples: differs by up to %g", n, worst)
		}
	}
}

// wholeViterbi labels a whole stretch at once.
func wholeViterbi(hs []half, m int) {
	const sigma = 0.1
	ns := 2 * m
	cost := make([]float64, ns)
	next := make([]float64, ns)
	back := make([]int8, len(hs)*ns)
	inf := math.Inf(1)
	price := make([][2]float64, len(hs))
	for i, h := range hs {
		for tone, e := range [2]float64{h.eh, h.el} {
			v := math.Log(h.d/e) / sigma
			price[i][tone] = v * v / 2
		}
	}
	for s := range cost {
		cost[s] = inf
	}
	cost[m-1], cost[2*m-1] = price[0][0], price[0][1]
	for i := 1; i < len(hs); i++ {
		for s := range next {
			next[s] = inf
		}
		for s, c := range cost {
			if c == inf {
				continue
			}
			tone, k := s/m, s%m
			t := tone*m + min(k+1, m-1)
			if c < next[t] {
				next[t], back[i*ns+t] = c, int8(s)
			}
			if k == m-1 {
				t := (1 - tone) * m
				if c+changeCost < next[t] {
					next[t], back[i*ns+t] = c+changeCost, int8(s)
				}
			}
		}
		for s := range next {
			if next[s] < inf {
				next[s] += price[i][s/m]
			}
		}
		cost, next = next, cost
	}
	best := 0
	for s, c := range cost {
		if c < cost[best] {
			best = s
		}
	}
	for i := len(hs) - 1; i >= 0; i-- {
		hs[i].high = best < m
		best = int(back[i*ns+best])
	}
}

// A stretch five times the labeler's window, of tone runs whose lengths
// and half-periods noise blurs (some runs too short for the rule, some
// half-cycles nearer the other tone), is labelled as one search over the
// whole of it labels it.
func TestLabelerIsTheWholeSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	eh, el := HighHalf.Seconds(), LowHalf.Seconds()
	var hs []half
	tt := 0.0
	for len(hs) < 5*labelLag+77 {
		high := rng.IntN(2) == 0
		for range 1 + rng.IntN(14) {
			d := el
			if high {
				d = eh
			}
			d *= math.Exp(0.15 * rng.NormFloat64())
			hs = append(hs, half{t: tt, d: d, eh: eh, el: el})
			tt += d
		}
	}
	for _, m := range []int{Hyper.minRun(), Normal.minRun()} {
		want := append([]half(nil), hs...)
		wholeViterbi(want, m)
		var got []half
		l := newLabeler(m, func(h half) { got = append(got, h) })
		for _, h := range hs {
			l.push(h)
		}
		l.flush()
		if len(got) != len(want) {
			t.Fatalf("m %d: %d half-cycles out of %d", m, len(got), len(want))
		}
		changes := 0
		for i := range got {
			if got[i].high != want[i].high {
				t.Fatalf("m %d: half-cycle %d labelled %v, the whole search says %v", m, i, got[i].high, want[i].high)
			}
			if i > 0 && got[i].high != got[i-1].high {
				changes++
			}
		}
		if changes < 100 {
			t.Errorf("m %d: only %d changes of tone: the test stretch is too tame", m, changes)
		}
	}
}
