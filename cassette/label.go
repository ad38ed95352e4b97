package cassette

import (
	"math"
	"sort"
)

// The labelling of half-cycles as tones, and the bits they make.

// changeCost is what a change of tone costs, against a half-cycle's cost
// of (log distance/σ)²/2: a change needs the evidence of about one
// half-cycle, so that noise does not make short runs.
var changeCost = 2.0

// labelLag is how far behind the newest half-cycle the labeler decides:
// the likeliest paths to every state have long merged that far back (a
// tone run is a few dozen half-cycles at most), so deciding there gives
// what a search over the whole stretch gives, in bounded memory.
const labelLag = 4096

// labeler calls each half-cycle high or low: the likeliest sequence of
// tones (Viterbi) given the half-periods, under the rule that a run of
// one tone lasts at least m half-cycles. Noise that pushes a half-cycle
// across the threshold between the tones is outvoted by its neighbours.
// A stretch (between bad half-cycles) may start and end inside a run.
//
// A state is a tone and how many half-cycles its run has so far (1…m, m
// meaning m or more); a run may end only in state m.
type labeler struct {
	m, ns      int
	cost, next []float64
	held       []half // not yet handed on
	back       []int8 // for each held half-cycle, each state's best predecessor
	out        func(half)
}

func newLabeler(m int, out func(half)) *labeler {
	ns := 2 * m // state s: tone s/m (0 high, 1 low), run length s%m+1
	return &labeler{m: m, ns: ns, cost: make([]float64, ns), next: make([]float64, ns), out: out}
}

func (l *labeler) push(h half) {
	if h.bad {
		l.flush()
		l.out(h)
		return
	}
	const sigma = 0.1    // the spread of a half-period, in log time
	var price [2]float64 // what the half-cycle costs as the high and as the low tone
	for tone, e := range [2]float64{h.eh, h.el} {
		v := math.Log(h.d/e) / sigma
		price[tone] = v * v / 2
	}
	m, inf := l.m, math.Inf(1)
	first := len(l.held) == 0
	l.held = append(l.held, h)
	l.back = append(l.back, make([]int8, l.ns)...)
	back := l.back[len(l.back)-l.ns:]
	if first {
		for s := range l.cost {
			l.cost[s] = inf
		}
		l.cost[m-1], l.cost[2*m-1] = price[0], price[1]
		return
	}
	next := l.next
	for s := range next {
		next[s] = inf
	}
	for s, c := range l.cost {
		if c == inf {
			continue
		}
		tone, k := s/m, s%m
		// Go on with the same tone.
		t := tone*m + min(k+1, m-1)
		if c < next[t] {
			next[t], back[t] = c, int8(s)
		}
		// Or change tone, when the run is long enough.
		if k == m-1 {
			t := (1 - tone) * m
			if c+changeCost < next[t] {
				next[t], back[t] = c+changeCost, int8(s)
			}
		}
	}
	for s := range next {
		if next[s] < inf {
			next[s] += price[s/m]
		}
	}
	l.cost, l.next = next, l.cost
	if len(l.held) == 2*labelLag {
		l.decide(labelLag)
	}
}

// decide labels the held half-cycles along the likeliest path to the
// best state now, and hands on the first n of them.
func (l *labeler) decide(n int) {
	best := 0
	for s, c := range l.cost {
		if c < l.cost[best] {
			best = s
		}
	}
	for i := len(l.held) - 1; i >= 0; i-- {
		l.held[i].high = best < l.m
		best = int(l.back[i*l.ns+best])
	}
	for _, h := range l.held[:n] {
		l.out(h)
	}
	l.held = l.held[:copy(l.held, l.held[n:])]
	l.back = l.back[:copy(l.back, l.back[n*l.ns:])]
}

// flush ends a stretch.
func (l *labeler) flush() {
	if len(l.held) > 0 {
		l.decide(len(l.held))
	}
}

// tbit is one bit read from the tape: 0, 1, or broken (the tone was lost)
// and where it lies, in seconds.
type tbit struct {
	v      int8 // 0, 1, or −1 for a break
	t0, t1 float64
}

// run is a stretch of half-cycles of one tone.
type run struct {
	high   bool
	n      int
	t0, t1 float64
	broken bool // a bad half-cycle ends it
}

// bitMaker pairs each run of the high tone with the run of the low tone
// that follows it, and reads the records of the bits. No record goes on
// past a break (the tone lost), so the bits are read a stretch at a time
// and only the stretch's are held: a recording of noise, which breaks
// all the time, costs no more than a clean one.
type bitMaker struct {
	cur   run   // the run the half-cycles go on
	have  bool  // cur has begun
	ended []run // runs ended and not yet paired (at most two)
	bits  []tbit
	found []Found
}

// add takes a bit; a break ends the stretch, whose records are read.
func (b *bitMaker) add(t tbit) {
	b.bits = append(b.bits, t)
	if t.v < 0 {
		b.found = append(b.found, readRecords(b.bits)...)
		b.bits = b.bits[:0]
	}
}

func (b *bitMaker) push(h half) {
	switch {
	case h.bad:
		if b.have {
			b.cur.broken = true
		}
	case b.have && !b.cur.broken && b.cur.high == h.high:
		b.cur.n++
		b.cur.t1 = h.t + h.d
	default:
		if b.have {
			b.end(b.cur)
		}
		b.cur, b.have = run{high: h.high, n: 1, t0: h.t, t1: h.t + h.d}, true
	}
}

func (b *bitMaker) end(r run) {
	b.ended = append(b.ended, r)
	for len(b.ended) > 0 {
		r := b.ended[0]
		if r.high && !r.broken {
			if len(b.ended) < 2 {
				return // its low run is still going
			}
			lo := b.ended[1]
			v := int8(0)
			if lo.t1-lo.t0 > r.t1-r.t0 {
				v = 1
			}
			b.add(tbit{v: v, t0: r.t0, t1: lo.t1})
			if lo.broken {
				b.add(tbit{v: -1, t0: lo.t1, t1: lo.t1})
			}
			b.ended = b.ended[:copy(b.ended, b.ended[2:])]
			continue
		}
		// A low run with no high run before it (the start of a stretch) is
		// no bit; a stretch that ends is a break.
		if r.broken {
			b.add(tbit{v: -1, t0: r.t1, t1: r.t1})
		}
		b.ended = b.ended[:copy(b.ended, b.ended[1:])]
	}
}

// flush ends the recording and gives the records read: a high run at the
// very end, with no low run after it, is no bit.
func (b *bitMaker) flush() []Found {
	if b.have {
		b.end(b.cur)
		b.have = false
	}
	b.ended = b.ended[:0]
	b.found = append(b.found, readRecords(b.bits)...)
	b.bits = b.bits[:0]
	return b.found
}

// median of a non-empty slice (which it sorts).
func median(v []float64) float64 {
	sort.Float64s(v)
	return v[len(v)/2]
}
