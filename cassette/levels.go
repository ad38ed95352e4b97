package cassette

import (
	"fmt"
	"math"
)

// LevelsWAV records a two-level signal, such as a KIM-1's audio output
// (PB7 toggled by DUMPT), as a mono PCM WAV: first is the level at time 0,
// edges the times (µs, in order) at which it changes, length the time
// recorded. Each sample is the mean level over its own period, so an edge
// between two samples keeps its time in the samples' values.
func LevelsWAV(first bool, edges []float64, length float64, rate, bits int) ([]byte, error) {
	opt := Options{Speed: Normal, Rate: rate, Bits: bits}
	if err := opt.check(); err != nil {
		return nil, err
	}
	if length < 0 || length > 3600e6 {
		return nil, fmt.Errorf("a recording of %.0f µs: want up to an hour", length)
	}
	for i := 1; i < len(edges); i++ {
		if edges[i] < edges[i-1] {
			return nil, fmt.Errorf("edge %d at %.1f µs comes before the one before it (%.1f µs)", i+1, edges[i], edges[i-1])
		}
	}
	frames := int(math.Ceil(length * float64(rate) / 1e6))
	out := newPCM(rate, bits, frames)
	per := 1e6 / float64(rate)
	sign := func(high bool) float64 {
		if high {
			return level
		}
		return -level
	}
	high, next := first, 0
	for n := range frames {
		from, to := float64(n)*per, float64(n+1)*per
		sum, at := 0.0, from
		for next < len(edges) && edges[next] < to {
			e := math.Max(edges[next], from)
			sum += sign(high) * (e - at)
			at, high = e, !high
			next++
		}
		sum += sign(high) * (to - at)
		out.put(sum / per)
	}
	out.finish()
	return out.buf, nil
}
