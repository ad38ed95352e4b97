package cassette

import (
	"fmt"
	"math"
	"sort"
	"time"
)

// The decoder works as LOADT does, on durations, never on levels:
//
//  1. a band-pass keeps the tones and drops DC, hum and hiss;
//  2. a Schmitt trigger whose band follows the signal's own level finds
//     the zero crossings (either direction, so polarity does not matter),
//     each timed by interpolation between two samples;
//  3. the two tones' half-periods are estimated on each stretch's first
//     half-cycles (a record's preamble) and then followed, so that a tape
//     off speed or drifting keeps its threshold, midway in log time;
//  4. each half-cycle is called high or low by a Viterbi search for the
//     likeliest tones under a minimum run length, so that noise pushing
//     one half-cycle across the threshold is outvoted by its neighbours;
//     it runs once for each speed, since their shortest runs differ;
//  5. a bit is a run of high half-cycles followed by a run of low ones;
//     it is a 1 when the low run lasts longer, as LOADT's RDBIT decides,
//     which holds at any speed;
//  6. characters are framed on the SYN preamble, whose bit time also tells
//     the speed, and the record is read as LOADT reads it.

// Found is a record read from a recording.
type Found struct {
	Record
	OK      bool   // read whole with a matching checksum
	Problem string // why not, when not OK
	Sum     uint16 // the checksum of SAL, SAH and the data read
	TapeSum uint16 // the checksum the tape holds, when SumRead
	// How far the reading got: the ID and address, the checksum.
	HeaderRead, SumRead bool
	Speed               Speed
	Pace                float64 // how fast the tape plays against the nominal timing: 1.05 is 5% fast
	Start               time.Duration
	End                 time.Duration
}

// Result is what a recording holds.
type Result struct {
	Channel int // the channel the records were read from (0 is the first)
	Records []Found
}

// Good counts the records read without fault.
func (r *Result) Good() int {
	n := 0
	for _, f := range r.Records {
		if f.OK {
			n++
		}
	}
	return n
}

// MinRate is the lowest sample rate the decoder takes: below it the high
// tone, nearly 4 kHz on a fast tape, is no longer under the Nyquist limit.
const MinRate = 11025

// Decode reads the records of a recording. With several channels it reads
// each and keeps the one that gives the most good records.
func Decode(a *Audio) (*Result, error) {
	if a.Rate < MinRate {
		return nil, fmt.Errorf("a sample rate of %d Hz is too low for the 3.6 kHz tone: want at least %d Hz", a.Rate, MinRate)
	}
	var best *Result
	for c, samples := range a.Channels {
		r := &Result{Channel: c, Records: DecodeSamples(samples, a.Rate)}
		if best == nil || better(r, best) {
			best = r
		}
	}
	if best == nil {
		best = &Result{}
	}
	return best, nil
}

func better(a, b *Result) bool {
	if ga, gb := a.Good(), b.Good(); ga != gb {
		return ga > gb
	}
	return len(a.Records) > len(b.Records)
}

// DecodeSamples reads the records of one channel.
func DecodeSamples(x []float32, rate int) []Found {
	if rate < MinRate || len(x) == 0 {
		return nil
	}
	y := bandPass(x, rate)
	hs := halves(crossings(y, rate), float64(rate))
	// Two readings: one that allows the short tone runs of Hypertape, one
	// that knows a normal tape has none and so mends more. Each keeps the
	// records of its own speed.
	var out []Found
	for _, sp := range []Speed{Normal, Hyper} {
		label(hs, sp.minRun())
		for _, f := range readRecords(toBits(hs)) {
			if f.Speed == sp {
				out = append(out, f)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out
}

// crossings finds the signal's zero crossings, in samples. A crossing
// counts only when the signal goes on past a hysteresis band, a fifth of
// its recent peak, so that noise around zero does not chatter.
func crossings(y []float64, rate int) []float64 {
	const floor = 1e-4 // below this (−80 dBFS) there is nothing to hear
	var out []float64
	env := 0.0
	release := math.Exp(-math.Ln2 / (0.03 * float64(rate))) // the peak halves in 30 ms
	state := 0                                              // +1 above the band, −1 below, 0 not yet known
	lastUp, lastDown := -1.0, -1.0
	for i, v := range y {
		a := math.Abs(v)
		env *= release
		if a > env {
			env = a
		}
		if i > 0 {
			p := y[i-1]
			if p <= 0 && v > 0 {
				lastUp = float64(i-1) + p/(p-v)
			} else if p >= 0 && v < 0 {
				lastDown = float64(i-1) + p/(p-v)
			}
		}
		h := math.Max(0.2*env, floor)
		switch {
		case state <= 0 && v > h:
			if state < 0 && lastUp >= 0 {
				out = append(out, lastUp)
			}
			state = 1
		case state >= 0 && v < -h:
			if state > 0 && lastDown >= 0 {
				out = append(out, lastDown)
			}
			state = -1
		}
	}
	return out
}

// half is one half-cycle: its start and length in seconds, the local
// estimates of the two tones' half-periods, and whether it is of the high
// tone. A bad one (too short or too long to be either tone: noise, or the
// silence between records) breaks the stream.
type half struct {
	t, d      float64
	eh, el    float64
	high, bad bool
}

// The half-cycles the decoder takes: a tone 35% slow or fast still fits.
// Crossings closer than glitch are a noise spike, dropped in pairs; a
// half-cycle longer than maxHalf is one whose crossings noise hid, split
// into the half-cycles it stands for; one over four times maxHalf is a
// gap, a break in the stream.
var (
	glitch  = 0.65 * HighHalf.Seconds()
	maxHalf = 1.35 * LowHalf.Seconds()
)

// halves measures the half-cycles between crossings (in samples) and
// follows the two tones through each stretch of signal.
func halves(e []float64, rate float64) []half {
	// A noise spike makes two crossings close together inside a
	// half-cycle: drop both, and the half-cycle is whole again.
	clean := make([]float64, 0, len(e))
	for k := 0; k < len(e); k++ {
		if k+1 < len(e) && (e[k+1]-e[k])/rate < glitch {
			k++
			continue
		}
		clean = append(clean, e[k])
	}
	if len(clean) < 2 {
		return nil
	}
	hs := make([]half, 0, len(clean))
	for i := 0; i+1 < len(clean); i++ {
		d := (clean[i+1] - clean[i]) / rate
		hs = append(hs, half{t: clean[i] / rate, d: d, bad: d > 4*maxHalf})
	}
	var out []half
	for i := 0; i < len(hs); {
		if hs[i].bad {
			out = append(out, hs[i])
			i++
			continue
		}
		j := i
		for j < len(hs) && !hs[j].bad {
			j++
		}
		out = track(out, hs[i:j])
		i = j
	}
	return out
}

// track follows the two tones' half-periods through a stretch of good
// half-cycles as the tape speed wanders, starting from an estimate made
// on its first half-cycles (a record's preamble). A half-cycle too long
// for either tone, where noise hid a crossing or two, is split into the
// two or three it stands for.
func track(out, hs []half) []half {
	eh, el := clusters(hs[:min(len(hs), 400)])
	const alpha = 0.02 // follows in about 50 half-cycles (8 ms): wow, not noise
	for _, h := range hs {
		parts := 1
		if h.d > maxHalf*el/LowHalf.Seconds() {
			parts = split(h.d, eh, el)
		}
		for p := range parts {
			d := h.d / float64(parts)
			high := d < math.Sqrt(eh*el)
			if high {
				eh += alpha * (d - eh)
			} else {
				el += alpha * (d - el)
			}
			// The tones stay 3:2 apart whatever the speed; keep the
			// estimates from wandering apart or together on noise.
			if r := el / eh; r < 1.3 || r > 1.75 {
				g := math.Sqrt(eh * el)
				eh, el = g/math.Sqrt(1.5), g*math.Sqrt(1.5)
			}
			out = append(out, half{t: h.t + float64(p)*d, d: d, eh: eh, el: el, high: high})
		}
	}
	return out
}

// split tells how many half-cycles a long one stands for: the whole
// number that fits the tones best.
func split(d, eh, el float64) int {
	return max(2, int(math.Round(d/math.Sqrt(eh*el))))
}

// clusters splits half-periods into two groups (k-means in log time,
// started from the quartiles, so that any tape speed starts it right) and
// gives each group's mean: the high and low tones' half-periods. Without
// two plausible groups it gives the nominal ones.
func clusters(hs []half) (high, low float64) {
	high, low = HighHalf.Seconds(), LowHalf.Seconds()
	var v []float64
	for _, h := range hs {
		if h.d <= 2*maxHalf { // not a lost crossing
			v = append(v, math.Log(h.d))
		}
	}
	if len(v) < 20 {
		return high, low
	}
	sort.Float64s(v)
	ch, cl := v[len(v)/4], v[3*len(v)/4]
	for range 8 {
		var sh, sl float64
		var nh, nl int
		thr := (ch + cl) / 2
		for _, x := range v {
			if x < thr {
				sh, nh = sh+x, nh+1
			} else {
				sl, nl = sl+x, nl+1
			}
		}
		if nh < len(v)/10 || nl < len(v)/10 {
			return high, low
		}
		ch, cl = sh/float64(nh), sl/float64(nl)
	}
	if r := math.Exp(cl - ch); r < 1.3 || r > 1.75 {
		return high, low
	}
	return math.Exp(ch), math.Exp(cl)
}

// minRun is the fewest half-cycles in a run of one tone that a tape of
// the speed can hold, with room for a lost one: Hypertape's shortest is 2
// (the low third of a 0), a normal tape's 12.
func (s Speed) minRun() int {
	if s == Hyper {
		return 2
	}
	return 8
}

// label calls each half-cycle high or low: the likeliest sequence of
// tones (Viterbi) given the half-periods, under the rule that a run of
// one tone lasts at least m half-cycles. Noise that pushes a half-cycle
// across the threshold between the tones is outvoted by its neighbours.
func label(hs []half, m int) {
	for i := 0; i < len(hs); {
		if hs[i].bad {
			i++
			continue
		}
		j := i
		for j < len(hs) && !hs[j].bad {
			j++
		}
		viterbi(hs[i:j], m)
		i = j
	}
}

// changeCost is what a change of tone costs, against a half-cycle's cost
// of (log distance/σ)²/2: a change needs the evidence of about one
// half-cycle, so that noise does not make short runs.
var changeCost = 2.0

// viterbi labels a stretch. A state is a tone and how many half-cycles
// its run has so far (1…m, m meaning m or more); a run may end only in
// state m. A stretch may start and end inside a run.
func viterbi(hs []half, m int) {
	const sigma = 0.1 // the spread of a half-period, in log time
	ns := 2 * m       // state s: tone s/m (0 high, 1 low), run length s%m+1
	cost := make([]float64, ns)
	next := make([]float64, ns)
	back := make([]int8, len(hs)*ns)
	inf := math.Inf(1)
	// What each half-cycle costs as the high and as the low tone.
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
			// Go on with the same tone.
			t := tone*m + min(k+1, m-1)
			if c < next[t] {
				next[t], back[i*ns+t] = c, int8(s)
			}
			// Or change tone, when the run is long enough.
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

// toBits pairs each run of the high tone with the run of the low tone
// that follows it.
func toBits(hs []half) []tbit {
	var runs []run
	for _, h := range hs {
		if h.bad {
			if len(runs) > 0 {
				runs[len(runs)-1].broken = true
			}
			continue
		}
		if k := len(runs); k > 0 && !runs[k-1].broken && runs[k-1].high == h.high {
			runs[k-1].n++
			runs[k-1].t1 = h.t + h.d
			continue
		}
		runs = append(runs, run{high: h.high, n: 1, t0: h.t, t1: h.t + h.d})
	}
	var bits []tbit
	for i := 0; i < len(runs); i++ {
		r := runs[i]
		if r.high && !r.broken && i+1 < len(runs) {
			lo := runs[i+1]
			v := int8(0)
			if lo.t1-lo.t0 > r.t1-r.t0 {
				v = 1
			}
			bits = append(bits, tbit{v: v, t0: r.t0, t1: lo.t1})
			if lo.broken {
				bits = append(bits, tbit{v: -1, t0: lo.t1, t1: lo.t1})
			}
			i++
			continue
		}
		// A low run with no high run before it (the start of a stretch) is
		// no bit; a stretch that ends is a break.
		if r.broken {
			bits = append(bits, tbit{v: -1, t0: r.t1, t1: r.t1})
		}
	}
	return bits
}

// median of a non-empty slice (which it sorts).
func median(v []float64) float64 {
	sort.Float64s(v)
	return v[len(v)/2]
}
