package cassette_test

import (
	"fmt"
	"testing"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/cassette"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/openings"
)

// wholeTape is the MicroChess cassette `make tapes` writes: C0, C1, then
// the White opening blocks with their tape IDs 01–05, in the manual's
// order.
func wholeTape(t *testing.T) []cassette.Record {
	t.Helper()
	recs := microChess(t)
	for _, name := range []string{"french", "giuoco-piano", "ruy-lopez", "queens-indian", "four-knights"} {
		file := "src/openings/" + name + "-white.book"
		text, err := microchess.ReadFile(file, openings.BookLimit)
		if err != nil {
			t.Fatal(err)
		}
		b, err := openings.Compile(file, text)
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, cassette.Record{ID: b.Tape, Addr: memmap.BookStart, Data: b.Block[:]})
	}
	for i, r := range recs[2:] {
		if r.ID != byte(i+1) {
			t.Fatalf("opening %d has tape ID %02X", i+1, r.ID)
		}
	}
	return recs
}

// The faults the issue names, all at once on the whole tape: white noise
// at −20 dB, the speed 8% off either way, the polarity inverted. Every
// record still reads byte-exact, with its ID. At Hypertape speed (the
// MicroChess tape's own), and at the monitor's speed for the records after
// C0 (C0 alone is over two minutes of audio at that speed).
func TestWholeTapeFaultsTogether(t *testing.T) {
	t.Parallel()
	const rate = 44100
	all := wholeTape(t)
	for _, c := range []struct {
		sp   cassette.Speed
		recs []cassette.Record
	}{{cassette.Hyper, all}, {cassette.Normal, all[1:]}} {
		for _, pace := range []float64{0.92, 1.08} {
			t.Run(fmt.Sprintf("%v/%.2f", c.sp, pace), func(t *testing.T) {
				t.Parallel()
				_, x := tape(t, c.recs, c.sp, rate, 16)
				y := gain(addNoise(speed(x, rate, constant(pace)), 20, 7), -1)
				res := decode(t, wavFile(rate, 16, false, y))
				if d := same(c.recs, res.Records); d != "" {
					t.Fatal(d)
				}
			})
		}
	}
}
