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
// each and keeps the one that gives the most good records. It works
// through the recording as it plays, in memory of a few blocks of samples
// and the bits read (docs/limits.md), not of the whole recording.
func Decode(a *Audio) (*Result, error) {
	if a.Rate < MinRate {
		return nil, fmt.Errorf("a sample rate of %d Hz is too low for the 3.6 kHz tone: want at least %d Hz", a.Rate, MinRate)
	}
	best := &Result{}
	for c := range a.NumChannels() {
		r, _ := DecodeChannel(a, c)
		if c == 0 || better(r, best) {
			best = r
		}
	}
	return best, nil
}

// DecodeChannel reads the records of one channel of a recording (0 is the
// first).
func DecodeChannel(a *Audio, c int) (*Result, error) {
	if a.Rate < MinRate {
		return nil, fmt.Errorf("a sample rate of %d Hz is too low for the 3.6 kHz tone: want at least %d Hz", a.Rate, MinRate)
	}
	if c < 0 || c >= a.NumChannels() {
		return nil, fmt.Errorf("no channel %d: the recording has %d", c+1, a.NumChannels())
	}
	read := func(from int, buf []float32) { a.read(c, from, buf) }
	return &Result{Channel: c, Records: decodeChannel(read, a.Frames(), a.Rate)}, nil
}

func better(a, b *Result) bool {
	if ga, gb := a.Good(), b.Good(); ga != gb {
		return ga > gb
	}
	return len(a.Records) > len(b.Records)
}

// DecodeSamples reads the records of one channel.
func DecodeSamples(x []float32, rate int) []Found {
	return decodeChannel(func(from int, buf []float32) { copy(buf, x[from:]) }, len(x), rate)
}

// decodeChannel reads the records of n samples that read hands on in
// blocks. Each stage takes what the one before gives, as it comes.
func decodeChannel(read func(from int, buf []float32), n, rate int) []Found {
	if rate < MinRate || n == 0 {
		return nil
	}
	// Two readings: one that allows the short tone runs of Hypertape, one
	// that knows a normal tape has none and so mends more. Each keeps the
	// records of its own speed.
	speeds := []Speed{Normal, Hyper}
	bits := make([]bitMaker, len(speeds))
	labels := make([]*labeler, len(speeds))
	for i, sp := range speeds {
		labels[i] = newLabeler(sp.minRun(), bits[i].push)
	}
	tr := &tracker{out: func(h half) {
		for _, l := range labels {
			l.push(h)
		}
	}}
	hl := &halver{rate: float64(rate), out: tr.push}
	cr := newCrosser(rate, hl.push)
	bandPass(read, n, rate, cr.push)
	hl.flush()
	tr.flush()
	var out []Found
	for i, sp := range speeds {
		labels[i].flush()
		for _, f := range bits[i].flush() {
			if f.Speed == sp {
				out = append(out, f)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out
}

// crosser finds the signal's zero crossings, in samples. A crossing
// counts only when the signal goes on past a hysteresis band, a fifth of
// its recent peak, so that noise around zero does not chatter.
type crosser struct {
	release          float64 // the peak halves in 30 ms
	env              float64
	state            int // +1 above the band, −1 below, 0 not yet known
	lastUp, lastDown float64
	i                int
	prev             float64
	out              func(at float64)
}

func newCrosser(rate int, out func(float64)) *crosser {
	return &crosser{release: math.Exp(-math.Ln2 / (0.03 * float64(rate))), lastUp: -1, lastDown: -1, out: out}
}

func (c *crosser) push(v float64) {
	const floor = 1e-4 // below this (−80 dBFS) there is nothing to hear
	i := c.i
	c.i++
	a := math.Abs(v)
	c.env *= c.release
	if a > c.env {
		c.env = a
	}
	if i > 0 {
		p := c.prev
		if p <= 0 && v > 0 {
			c.lastUp = float64(i-1) + p/(p-v)
		} else if p >= 0 && v < 0 {
			c.lastDown = float64(i-1) + p/(p-v)
		}
	}
	c.prev = v
	h := math.Max(0.2*c.env, floor)
	switch {
	case c.state <= 0 && v > h:
		if c.state < 0 && c.lastUp >= 0 {
			c.out(c.lastUp)
		}
		c.state = 1
	case c.state >= 0 && v < -h:
		if c.state > 0 && c.lastDown >= 0 {
			c.out(c.lastDown)
		}
		c.state = -1
	}
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

// halver measures the half-cycles between crossings (in samples). A
// noise spike makes two crossings close together inside a half-cycle:
// both are dropped, and the half-cycle is whole again.
type halver struct {
	rate        float64
	pending     float64 // a crossing not yet known to be no spike
	havePending bool
	last        float64 // the last crossing kept
	haveLast    bool
	out         func(half)
}

func (h *halver) push(c float64) {
	if h.havePending && (c-h.pending)/h.rate < glitch {
		h.havePending = false
		return
	}
	if h.havePending {
		h.keep(h.pending)
	}
	h.pending, h.havePending = c, true
}

func (h *halver) flush() {
	if h.havePending {
		h.keep(h.pending)
		h.havePending = false
	}
}

func (h *halver) keep(c float64) {
	if h.haveLast {
		d := (c - h.last) / h.rate
		h.out(half{t: h.last / h.rate, d: d, bad: d > 4*maxHalf})
	}
	h.last, h.haveLast = c, true
}

// trackStart is how many half-cycles of a stretch (a record's preamble)
// the first estimate of the tones is made on.
const trackStart = 400

// tracker follows the two tones' half-periods through each stretch of
// good half-cycles as the tape speed wanders, starting from an estimate
// made on its first half-cycles. A half-cycle too long for either tone,
// where noise hid a crossing or two, is split into the two or three it
// stands for. Bad half-cycles pass on as they are.
type tracker struct {
	first  []half // the stretch's first half-cycles, while they are too few to estimate on
	on     bool   // the estimates are made
	eh, el float64
	out    func(half)
}

func (t *tracker) push(h half) {
	switch {
	case h.bad:
		t.flush()
		t.out(h)
	case t.on:
		t.follow(h)
	default:
		if t.first = append(t.first, h); len(t.first) == trackStart {
			t.start()
		}
	}
}

func (t *tracker) start() {
	t.eh, t.el = clusters(t.first)
	t.on = true
	for _, h := range t.first {
		t.follow(h)
	}
	t.first = t.first[:0]
}

// flush ends a stretch.
func (t *tracker) flush() {
	if !t.on && len(t.first) > 0 {
		t.start()
	}
	t.on = false
}

func (t *tracker) follow(h half) {
	const alpha = 0.02 // follows in about 50 half-cycles (8 ms): wow, not noise
	eh, el := t.eh, t.el
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
		t.out(half{t: h.t + float64(p)*d, d: d, eh: eh, el: el, high: high})
	}
	t.eh, t.el = eh, el
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
