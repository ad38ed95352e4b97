package kim1

import (
	"fmt"
	"math"
	"sort"
)

// The cassette interface in board mode (docs/kim1.md "The cassette").
//
// In: the audio goes through the KIM-1's 565 phase-locked loop, whose
// control voltage follows the frequency of the tone, and an LM311 that
// compares it with the voltage of the loop's free-running frequency; the
// comparator drives U2's PB7, which LOADT's RDBIT reads. PB7 is 1 on the
// low tone (2.4 kHz) and 0 on the high tone (3.6 kHz): RDBIT times the 0
// (high tone, the start of a bit) against the 1 that follows, and a bit
// whose low tone lasts longer is a 1.
//
// Out: DUMPT and Hypertape toggle PB7 (as an output) once each half-cycle;
// the board's audio output is that square wave. RecordTape keeps its edges.

// The PLL model. In lock, a 565's control voltage is the input frequency
// seen through the loop filter: a first-order lag. PLLTau is that lag; the
// comparator switches where the control voltage crosses the free-running
// frequency, which the owner sets with the monitor's PLLCAL tone (1A6B):
// a half-cycle of 154 + 12 cycles (the loop's own 12 cycles, as ONE's 126
// gives its 138 µs), 3012 Hz, between the tones. A half-cycle longer than
// PLLLostHalf is no tone: the loop is out of lock and the comparator stays
// as it was (the board's input has no signal to switch it).
const (
	PLLTau        = 100.0 // µs
	PLLCALHalf    = 154 + 12
	PLLLostHalf   = 1000.0 // µs
	pllHysteresis = 0.02   // of the threshold frequency, either side
)

// TapeIn is PB7 as the PLL drives it while a recording plays: the level at
// the start and the times (µs from the start of the recording) at which it
// changes.
type TapeIn struct {
	First bool
	Edges []float64
	// Length is how long the recording plays, µs.
	Length float64
}

// PLL runs the recording's samples (one channel, any scale) through the
// model of the 565 and the comparator.
func PLL(samples []float32, rate int) (*TapeIn, error) {
	if rate < 8000 {
		return nil, fmt.Errorf("a sample rate of %d Hz is too low for the cassette tones", rate)
	}
	crossings := zeroCrossings(samples, rate)
	f0 := 1e6 / (2 * PLLCALHalf)
	up, down := f0*(1+pllHysteresis), f0*(1-pllHysteresis)
	t := &TapeIn{First: false, Length: float64(len(samples)) * 1e6 / float64(rate)}
	v := f0 * 1.1 // as if locked on the high tone: PB7 0 before the tape starts
	level := false
	for i := 1; i < len(crossings); i++ {
		a, b := crossings[i-1], crossings[i]
		half := b - a
		if half > PLLLostHalf {
			continue
		}
		f := 1e6 / (2 * half)
		// v moves from v toward f over the half-cycle: v(t) = f + (v−f)e^(−t/τ).
		// The comparator switches where v crosses its threshold.
		th := down
		if level {
			th = up
		}
		if (v-th)*(f-th) < 0 {
			if dt := PLLTau * math.Log((v-f)/(th-f)); dt <= half {
				level = !level
				t.Edges = append(t.Edges, a+dt)
			}
		}
		v = f + (v-f)*math.Exp(-half/PLLTau)
	}
	return t, nil
}

// zeroCrossings finds the times (µs) at which the signal crosses zero, with
// a Schmitt trigger whose band follows the signal's peak (an eighth of it,
// and never under 1% of full scale, so that silence and hiss give none),
// each crossing timed between two samples.
func zeroCrossings(x []float32, rate int) []float64 {
	var out []float64
	us := 1e6 / float64(rate)
	peak := 0.0
	decay := math.Exp(-us / 20000) // the peak follower forgets in 20 ms
	state := 0                     // +1 above the band, −1 below, 0 not yet
	lastZero := 0.0
	for i := 1; i < len(x); i++ {
		v, p := float64(x[i]), float64(x[i-1])
		peak = math.Max(math.Abs(v), peak*decay)
		if (p <= 0 && v > 0) || (p >= 0 && v < 0) {
			lastZero = (float64(i-1) + p/(p-v)) * us
		}
		band := math.Max(peak/8, 0.01)
		switch {
		case v > band && state != 1:
			if state == -1 {
				out = append(out, lastZero)
			}
			state = 1
		case v < -band && state != -1:
			if state == 1 {
				out = append(out, lastZero)
			}
			state = -1
		}
	}
	return out
}

// tapeIn is a recording playing into the board from a cycle on.
type tapeIn struct {
	t     *TapeIn
	start uint64
	next  int // the first edge not passed at the last look
}

// level is PB7 at cycle (1 MHz: a cycle is a µs).
func (p *tapeIn) level(cycle uint64) bool {
	if p.t == nil {
		return true // no recording: the pin reads 1, as before any tape
	}
	if cycle < p.start {
		return p.t.First
	}
	at := float64(cycle - p.start)
	e := p.t.Edges
	if p.next > 0 && e[p.next-1] > at {
		p.next = sort.SearchFloat64s(e, at)
	}
	for p.next < len(e) && e[p.next] <= at {
		p.next++
	}
	return p.t.First != (p.next%2 == 1)
}

// PlayTape starts the recording on the cassette input now.
func (m *Machine) PlayTape(t *TapeIn) {
	m.hw.tapeIn = tapeIn{t: t, start: m.CPU.Cycles}
}

// TapeEnd is the cycle at which the recording playing ends (0 if none).
func (m *Machine) TapeEnd() uint64 {
	p := m.hw.tapeIn
	if p.t == nil {
		return 0
	}
	return p.start + uint64(math.Ceil(p.t.Length))
}

// TapeOut is the board's audio output while recording: PB7's level when
// recording started and the cycles at which it changed since.
type TapeOut struct {
	Start uint64
	First bool
	Edges []uint64
}

// RecordTape starts (or, with false, stops) recording the audio output.
func (m *Machine) RecordTape(on bool) {
	b := m.hw
	if !on {
		b.recording = false
		return
	}
	b.recording = true
	b.tapeOut = TapeOut{Start: m.CPU.Cycles, First: b.pb7}
}

// Recorded is what has been recorded.
func (m *Machine) Recorded() TapeOut {
	o := m.hw.tapeOut
	o.Edges = append([]uint64(nil), o.Edges...)
	return o
}

// drivePB7 follows U2's port B: PB7 as an output is the audio output.
func (b *board) drivePB7(out, ddr byte, cycle uint64) {
	if ddr&0x80 == 0 {
		return
	}
	level := out&0x80 != 0
	if level == b.pb7 {
		return
	}
	b.pb7 = level
	if b.recording {
		b.tapeOut.Edges = append(b.tapeOut.Edges, cycle)
	}
}
