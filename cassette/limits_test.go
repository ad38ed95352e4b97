package cassette_test

import (
	"flag"
	"fmt"
	"math"
	"testing"

	"github.com/kim1-archive/microchess/cassette"
)

// go test ./cassette -run TestLimits -limits -v measures where the reader
// stops reading: the numbers in docs/cassette.md come from it.
var limits = flag.Bool("limits", false, "measure the reader's limits (noise, speed, drift) and print them")

// trials is how many recordings each point of a sweep reads: a point
// passes when every record of every trial reads byte-exact.
const trials = 5

func TestLimits(t *testing.T) {
	if !*limits {
		t.Skip("measures the reader's limits; run with -limits (takes about a minute)")
	}
	const rate = 44100
	recs := short()
	for _, sp := range []cassette.Speed{cassette.Normal, cassette.Hyper} {
		_, x := tape(t, recs, sp, rate, 16)
		ok := func(y []float32) bool {
			return same(recs, decode(t, wavFile(rate, 16, false, y)).Records) == ""
		}
		passes := func(make func(seed uint64) []float32) int {
			n := 0
			for s := range uint64(trials) {
				if ok(make(s)) {
					n++
				}
			}
			return n
		}

		// Noise: white, full band, dB under the tones' RMS.
		fmt.Printf("%s, %d Hz, 16-bit: white noise (dB under the tone RMS: records read byte-exact in %d trials)\n", sp.Name(), rate, trials)
		worst := math.NaN()
		for db := 20.0; db >= -6; db-- {
			n := passes(func(s uint64) []float32 { return addNoise(x, db, s) })
			fmt.Printf("  %+5.0f dB  %d/%d\n", db, n, trials)
			if n == trials {
				worst = db
			}
			if n == 0 {
				break
			}
		}
		fmt.Printf("  every trial read down to a signal-to-noise ratio of %.0f dB\n", worst)

		// Constant speed error, in 1% steps from nominal until a read
		// fails or the sweep ends (a "≥" then).
		sweep := func(from, step, end float64, reads func(p float64) bool) string {
			last := from
			for p := from + step; math.Abs(p-from) <= math.Abs(end-from)+1e-9; p += step {
				if !reads(p) {
					return fmt.Sprintf("%.0f%%", 100*math.Abs(last-from))
				}
				last = p
			}
			return fmt.Sprintf("≥ %.0f%% (the end of the sweep)", 100*math.Abs(last-from))
		}
		constantOK := func(p float64) bool { return ok(speed(x, rate, constant(p))) }
		fmt.Printf("  constant speed: reads down to %s slow, up to %s fast\n",
			sweep(1, -0.01, 0.4, constantOK), sweep(1, 0.01, 2, constantOK))

		// Drift: the speed wanders sinusoidally about nominal, slowly (wow,
		// a 2-second period) and fast (flutter, 10 Hz), each trial starting
		// the wander at another phase.
		for _, per := range []float64{2, 0.1} {
			wander := func(a float64) bool {
				return passes(func(s uint64) []float32 {
					ph := float64(s)
					return speed(x, rate, func(t float64) float64 { return 1 + a*math.Sin(2*math.Pi*t/per+ph) })
				}) == trials
			}
			fmt.Printf("  speed wandering ±A about nominal with a %.1f s period: reads up to A = %s\n", per, sweep(0, 0.01, 0.5, wander))
		}
		// Drift: a steady slide from slow to fast over the whole tape.
		dur := float64(len(x)) / rate
		slide := func(a float64) bool {
			return ok(speed(x, rate, func(t float64) float64 { return 1 - a + 2*a*t/dur }))
		}
		fmt.Printf("  speed sliding steadily from A slow to A fast over the tape: reads up to A = %s\n", sweep(0, 0.01, 0.5, slide))
	}
}
