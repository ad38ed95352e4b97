package kim1

import (
	"math"
	"testing"
)

// tone appends d µs of a sine at f Hz, phase continuous.
func tone(x []float32, phase *float64, f, d float64, rate int) []float32 {
	n := int(d * float64(rate) / 1e6)
	for range n {
		x = append(x, float32(0.7*math.Sin(*phase)))
		*phase += 2 * math.Pi * f / float64(rate)
	}
	return x
}

// The PLL model: PB7 rises on the low tone and falls on the high tone,
// each within a half-cycle and the loop's lag of the change (about 0.7 τ:
// the control voltage crosses the threshold at τ·ln(1208/597) from 3623 to
// 2415 Hz), and silence leaves it as it was.
func TestPLLFollowsTones(t *testing.T) {
	const rate = 44100
	var x []float32
	var ph float64
	x = tone(x, &ph, 3623, 10_000, rate)
	x = tone(x, &ph, 2415, 10_000, rate)
	x = tone(x, &ph, 3623, 10_000, rate)
	x = append(x, make([]float32, rate/100)...) // 10 ms of silence
	in, err := PLL(x, rate)
	if err != nil {
		t.Fatal(err)
	}
	if in.First || len(in.Edges) != 2 {
		t.Fatalf("PB7 starts %v with edges %v: want 0, one rise and one fall", in.First, in.Edges)
	}
	lag := PLLTau * math.Log(1208.0/597)
	for i, change := range []float64{10_000, 20_000} {
		if d := in.Edges[i] - change; d < 0 || d > 207+lag+25 {
			t.Errorf("edge %d at %.0f µs, %.0f after the tone changed: want within a half-cycle and %.0f µs", i+1, in.Edges[i], d, lag)
		}
	}
	p := tapeIn{t: in}
	for _, c := range []struct {
		at   uint64
		want bool
	}{{5_000, false}, {15_000, true}, {25_000, false}, {35_000, false}} {
		if got := p.level(c.at); got != c.want {
			t.Errorf("PB7 at %d µs is %v, want %v", c.at, got, c.want)
		}
	}
}
