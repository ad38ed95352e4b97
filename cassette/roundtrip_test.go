package cassette_test

import (
	"bytes"
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/cassette"
)

// Every speed, rate and sample size reads back byte-exact, each record
// found where it was written and at the speed it was written.
func TestRoundTrip(t *testing.T) {
	t.Parallel()
	recs := short()
	for _, sp := range []cassette.Speed{cassette.Normal, cassette.Hyper} {
		for _, rate := range cassette.Rates {
			for _, bits := range []int{8, 16} {
				t.Run(fmt.Sprintf("%v/%d/%d", sp, rate, bits), func(t *testing.T) {
					if sp == cassette.Normal && testing.Short() && rate != 22050 {
						t.Skip("normal speed at the higher rates: skipped in -short")
					}
					tp, _ := tape(t, recs, sp, rate, bits)
					res := decode(t, tp.WAV)
					if d := same(recs, res.Records); d != "" {
						t.Fatal(d)
					}
					for i, f := range res.Records {
						s := tp.Spans[i]
						if f.Speed != sp || math.Abs(f.Pace-1) > 0.002 {
							t.Errorf("record %d read as %v at pace %.4f", i+1, f.Speed, f.Pace)
						}
						// The first SYN and the last EOT, within a bit.
						if d := f.Start - s.Start; d < -sp.BitTime() || d > sp.BitTime() {
							t.Errorf("record %d starts at %v, written at %v", i+1, f.Start, s.Start)
						}
						if d := f.End - s.End; d < -sp.BitTime() || d > sp.BitTime() {
							t.Errorf("record %d ends at %v, written at %v", i+1, f.End, s.End)
						}
						if f.Sum != recs[i].Checksum() || f.TapeSum != f.Sum || !f.SumRead || !f.HeaderRead {
							t.Errorf("record %d: checksum %04X, tape %04X", i+1, f.Sum, f.TapeSum)
						}
					}
				})
			}
		}
	}
}

// The tones are what the monitor makes: measured on the written samples,
// half-cycles of 138 and 207 µs in runs of 18 and 12 (normal) or 3 and 2
// (Hypertape) for each third of a bit.
func TestTones(t *testing.T) {
	t.Parallel()
	rec := []cassette.Record{{ID: 1, Addr: 0x200, Data: []byte{0x00}}}
	for _, sp := range []cassette.Speed{cassette.Normal, cassette.Hyper} {
		_, x := tape(t, rec, sp, 48000, 16)
		var cross []float64
		for i := 1; i < len(x); i++ {
			if (x[i-1] >= 0) != (x[i] >= 0) {
				cross = append(cross, float64(i-1)+float64(x[i-1]/(x[i-1]-x[i])))
			}
		}
		// Runs of equal half-periods, per stretch of tone; the first and
		// last of a stretch lack the crossing that silence does not make.
		runs := map[[2]int]int{} // {half-period µs, run length}
		var stretch [][2]int
		flush := func() {
			for i := 1; i+1 < len(stretch); i++ {
				runs[stretch[i]]++
			}
			stretch = stretch[:0]
		}
		worst := 0.0
		for i := 1; i < len(cross); i++ {
			d := (cross[i] - cross[i-1]) / 48000 * 1e6
			us := 138
			switch {
			case d > 300:
				flush()
				continue
			case d > 172:
				us = 207
			}
			worst = math.Max(worst, math.Abs(d-float64(us)))
			if k := len(stretch); k > 0 && stretch[k-1][0] == us {
				stretch[k-1][1]++
			} else {
				stretch = append(stretch, [2]int{us, 1})
			}
		}
		flush()
		if len(runs) == 0 {
			t.Fatalf("%v: no tone", sp)
		}
		if worst > 3 { // an eighth of a sample at 48 kHz
			t.Errorf("%v: a half-cycle %.1f µs off its tone", sp, worst)
		}
		hi, lo := 18, 12
		if sp == cassette.Hyper {
			hi, lo = 3, 2
		}
		for k := range runs {
			if !(k[0] == 138 && (k[1] == hi || k[1] == 2*hi)) && !(k[0] == 207 && (k[1] == lo || k[1] == 2*lo)) {
				t.Errorf("%v: %d runs of %d half-cycles of %d µs", sp, runs[k], k[1], k[0])
			}
		}
	}
}

// MicroChess as its tapes held it: C0 (0000–03FF) and C1 (1780–17E5),
// built from the source with the residue bytes, written at Hypertape
// speed and read back byte-exact.
func TestMicroChessHypertape(t *testing.T) {
	t.Parallel()
	recs := microChess(t)
	tp, err := cassette.Encode(recs, cassette.Options{Speed: cassette.Hyper, Rate: 44100, Bits: 16, Leader: time.Second, Gap: 2 * time.Second, Trailer: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	// 1,126 bytes at 16 bits of 1.242 ms: about 24 seconds of audio.
	if tp.Duration < 25*time.Second || tp.Duration > 30*time.Second {
		t.Errorf("the Hypertape tape plays %v", tp.Duration)
	}
	if d := same(recs, decode(t, tp.WAV).Records); d != "" {
		t.Fatal(d)
	}
}

// The same at the monitor's own speed: over two minutes of audio, so at
// the lowest rate and 8 bits.
func TestMicroChessNormal(t *testing.T) {
	if testing.Short() {
		t.Skip("2½ minutes of audio: skipped in -short")
	}
	t.Parallel()
	recs := microChess(t)
	tp, err := cassette.Encode(recs, cassette.Options{Speed: cassette.Normal, Rate: 22050, Bits: 8, Leader: time.Second, Gap: time.Second, Trailer: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if tp.Duration < 140*time.Second || tp.Duration > 160*time.Second {
		t.Errorf("the normal tape plays %v", tp.Duration)
	}
	if d := same(recs, decode(t, tp.WAV).Records); d != "" {
		t.Fatal(d)
	}
}

func microChess(t *testing.T) []cassette.Record {
	t.Helper()
	p, err := microchess.Original(true)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[uint16]byte{0x0000: 0xC0, 0x1780: 0xC1}
	var recs []cassette.Record
	for _, im := range microchess.KIM(p.Images) {
		id, ok := ids[im.Addr]
		if !ok {
			t.Fatalf("unexpected image at %04X", im.Addr)
		}
		recs = append(recs, cassette.Record{ID: id, Addr: im.Addr, Data: bytes.Clone(im.Data)})
	}
	if len(recs) != 2 || len(recs[0].Data) != 1024 || len(recs[1].Data) != 102 {
		t.Fatalf("MicroChess's images are not 1024 + 102 bytes")
	}
	return recs
}
