package cassette

import "math"

// biquad is a second-order IIR section (transposed direct form II), with
// the coefficients of the usual audio-EQ design (bilinear transform of the
// analogue Butterworth prototype, Q = 1/√2).
type biquad struct {
	b0, b1, b2, a1, a2 float64
	z1, z2             float64
}

func newBiquad(highPass bool, cutoff, rate float64) *biquad {
	w := 2 * math.Pi * cutoff / rate
	const q = 1 / math.Sqrt2
	cw, alpha := math.Cos(w), math.Sin(w)/(2*q)
	a0 := 1 + alpha
	f := &biquad{a1: -2 * cw / a0, a2: (1 - alpha) / a0}
	if highPass {
		f.b0, f.b1, f.b2 = (1+cw)/2/a0, -(1+cw)/a0, (1+cw)/2/a0
	} else {
		f.b0, f.b1, f.b2 = (1-cw)/2/a0, (1-cw)/a0, (1-cw)/2/a0
	}
	return f
}

func (f *biquad) step(x float64) float64 {
	y := f.b0*x + f.z1
	f.z1 = f.b1*x - f.a1*y + f.z2
	f.z2 = f.b2*x - f.a2*y
	return y
}

// The band the decoder listens to: the tones are 2.4 and 3.6 kHz, and a
// tape 25% off speed still keeps them between about 1.9 and 4.5 kHz. The
// high-pass (fourth order, run both ways: eighth) removes DC, 50/60 Hz hum
// and its low harmonics (50 Hz is 200 dB down); the low-pass removes the
// square wave's harmonics and much of the hiss.
const (
	bandLow  = 1000.0
	bandHigh = 7000.0
)

// filterMargin is how far past a block the backward pass starts: its
// start, from rest, is a transient that dies as e^(−ζωt) with ζω about
// 4,400/s for the 1 kHz sections, so after 50 ms it is some e^−220 of the
// signal, far under a float's precision. Filtering block by block with
// this margin gives what one backward pass over the whole recording
// gives, in memory of one block.
const filterMargin = 0.05

// filterBlock is how many samples a block holds.
const filterBlock = 1 << 16

// bandPass filters n samples of a channel, read by read in blocks, and
// hands each filtered sample to out in order. It filters forwards and then
// backwards, so that the filter shifts no crossing: a one-way filter
// delays the two tones differently, and the half-cycle where one tone
// meets the other would come out a quarter too long or too short, which
// at Hypertape speed is enough to misread a bit.
func bandPass(read func(from int, buf []float32), n, rate int, out func(v float64)) {
	r := float64(rate)
	hi := math.Min(bandHigh, 0.45*r)
	chain := func() []*biquad {
		return []*biquad{newBiquad(true, bandLow, r), newBiquad(true, bandLow, r), newBiquad(false, hi, r)}
	}
	margin := int(math.Ceil(filterMargin * r))
	fwd := chain()
	in := make([]float32, filterBlock)
	win := make([]float64, 0, filterBlock+margin) // forward-filtered, from the first sample not yet handed on
	y := make([]float64, filterBlock+margin)
	pos := 0 // samples forward-filtered so far
	for {
		for len(win) < cap(win) && pos < n {
			k := min(len(in), n-pos, cap(win)-len(win))
			read(pos, in[:k])
			for _, v := range in[:k] {
				s := float64(v)
				for _, f := range fwd {
					s = f.step(s)
				}
				win = append(win, s)
			}
			pos += k
		}
		done := pos == n
		emit := len(win)
		if !done {
			emit -= margin
		}
		back := chain()
		for i := len(win) - 1; i >= 0; i-- {
			s := win[i]
			for _, f := range back {
				s = f.step(s)
			}
			y[i] = s
		}
		for _, v := range y[:emit] {
			out(v)
		}
		if done {
			return
		}
		win = win[:copy(win, win[emit:])]
	}
}
