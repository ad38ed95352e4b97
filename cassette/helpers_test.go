package cassette_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/kim1-archive/microchess/cassette"
)

// The faults a real recording has, made deliberately: each takes samples
// in [-1, 1] and gives new ones.

// tone is the level of the tones the writer makes (0.7 peak), as RMS.
var toneRMS = 0.7 / math.Sqrt2

// addNoise adds white Gaussian noise db decibels under the tones' RMS.
func addNoise(x []float32, db float64, seed uint64) []float32 {
	r := rand.New(rand.NewPCG(seed, 1))
	sigma := toneRMS * math.Pow(10, -db/20)
	y := make([]float32, len(x))
	for i, v := range x {
		y[i] = float32(float64(v) + sigma*r.NormFloat64())
	}
	return y
}

// addHum adds a sine of freq Hz at amplitude amp, and a DC offset.
func addHum(x []float32, rate int, freq, amp, dc float64) []float32 {
	y := make([]float32, len(x))
	for i, v := range x {
		y[i] = float32(float64(v) + amp*math.Sin(2*math.Pi*freq*float64(i)/float64(rate)) + dc)
	}
	return y
}

// gain multiplies, and clips at full scale as a recorder does.
func gain(x []float32, g float64) []float32 {
	y := make([]float32, len(x))
	for i, v := range x {
		y[i] = float32(math.Max(-1, math.Min(1, g*float64(v))))
	}
	return y
}

// speed plays the recording at pace(t) times its speed, t the time in the
// output in seconds (1.1 plays 10% fast: tones 10% higher, 10% shorter),
// as a tape deck off speed does; cubic interpolation.
func speed(x []float32, rate int, pace func(t float64) float64) []float32 {
	y := make([]float32, 0, int(float64(len(x))/pace(0)*1.2))
	pos := 0.0 // position in x, samples
	for n := 0; pos < float64(len(x)-2); n++ {
		i := int(pos)
		f := pos - float64(i)
		at := func(k int) float64 {
			if k < 0 || k >= len(x) {
				return 0
			}
			return float64(x[k])
		}
		p0, p1, p2, p3 := at(i-1), at(i), at(i+1), at(i+2)
		// Catmull-Rom spline through the four neighbours.
		v := p1 + 0.5*f*(p2-p0+f*(2*p0-5*p1+4*p2-p3+f*(3*(p1-p2)+p3-p0)))
		y = append(y, float32(v))
		pos += pace(float64(n) / float64(rate))
	}
	return y
}

func constant(p float64) func(float64) float64 { return func(float64) float64 { return p } }

// wavFile builds a WAV file of any layout: PCM of 8, 16 or 24 bits, or
// 32-bit float; one slice per channel.
func wavFile(rate, bits int, float bool, chans ...[]float32) []byte {
	size := bits / 8
	align := size * len(chans)
	frames := len(chans[0])
	le := binary.LittleEndian
	b := make([]byte, 0, 44+frames*align)
	tag := uint16(1)
	if float {
		tag = 3
	}
	b = append(b, "RIFF"...)
	b = le.AppendUint32(b, uint32(36+frames*align))
	b = append(b, "WAVEfmt "...)
	b = le.AppendUint32(b, 16)
	b = le.AppendUint16(b, tag)
	b = le.AppendUint16(b, uint16(len(chans)))
	b = le.AppendUint32(b, uint32(rate))
	b = le.AppendUint32(b, uint32(rate*align))
	b = le.AppendUint16(b, uint16(align))
	b = le.AppendUint16(b, uint16(bits))
	b = append(b, "data"...)
	b = le.AppendUint32(b, uint32(frames*align))
	for i := range frames {
		for _, c := range chans {
			v := math.Max(-1, math.Min(1, float64(c[i])))
			switch {
			case float:
				b = le.AppendUint32(b, math.Float32bits(float32(v)))
			case bits == 8:
				b = append(b, byte(128+math.Round(127*v)))
			case bits == 16:
				b = le.AppendUint16(b, uint16(int16(math.Round(32767*v))))
			case bits == 24:
				s := int32(math.Round(8388607 * v))
				b = append(b, byte(s), byte(s>>8), byte(s>>16))
			}
		}
	}
	return b
}

// testData is a short record's bytes: every value of a byte turns up.
func testData(n int, seed byte) []byte {
	d := make([]byte, n)
	for i := range d {
		d[i] = byte(i*97) ^ seed
	}
	return d
}

// short are three short records, the kind most tests use.
func short() []cassette.Record {
	return []cassette.Record{
		{ID: 0x01, Addr: 0x0200, Data: testData(40, 0)},
		{ID: 0x02, Addr: 0x0300, Data: testData(24, 0x5A)},
		{ID: 0xC1, Addr: 0x1780, Data: testData(16, 0xA5)},
	}
}

// tape writes records and gives the WAV's samples.
func tape(t testing.TB, recs []cassette.Record, sp cassette.Speed, rate, bits int) (*cassette.Tape, []float32) {
	t.Helper()
	tp, err := cassette.Encode(recs, cassette.Options{Speed: sp, Rate: rate, Bits: bits,
		Leader: 300 * time.Millisecond, Gap: 500 * time.Millisecond, Trailer: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	a, err := cassette.ReadWAV(tp.WAV)
	if err != nil {
		t.Fatal(err)
	}
	return tp, a.Channel(0)
}

// decode reads a WAV file.
func decode(t testing.TB, wav []byte) *cassette.Result {
	t.Helper()
	a, err := cassette.ReadWAV(wav)
	if err != nil {
		t.Fatal(err)
	}
	res, err := cassette.Decode(a)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// same reports how the records read differ from those written, or "".
func same(want []cassette.Record, got []cassette.Found) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%d records read, want %d", len(got), len(want))
	}
	for i, w := range want {
		g := got[i]
		switch {
		case !g.OK:
			return fmt.Sprintf("record %d bad: %s", i+1, g.Problem)
		case g.ID != w.ID || g.Addr != w.Addr || !bytes.Equal(g.Data, w.Data):
			return fmt.Sprintf("record %d differs: ID %02X at %04X, %d bytes", i+1, g.ID, g.Addr, len(g.Data))
		}
	}
	return ""
}
