package cassette_test

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kim1-archive/microchess/cassette"
)

// Each fault a real recording has, made on a written tape; every record
// must still read byte-exact. Most run at Hypertape speed, whose tape is
// six times shorter; the faults that touch the tones' timing run at both.
func TestFaults(t *testing.T) {
	t.Parallel()
	const rate = 44100
	recs := short()
	type fault struct {
		name   string
		speeds []cassette.Speed
		wav    func(x []float32) []byte
		pace   float64 // the speed the records should be read at, when off
	}
	both := []cassette.Speed{cassette.Normal, cassette.Hyper}
	hyper := []cassette.Speed{cassette.Hyper}
	mono16 := func(y []float32) []byte { return wavFile(rate, 16, false, y) }
	silent := func(n int) []float32 { return make([]float32, n) }
	for _, f := range []fault{
		{"white noise −20 dB", both, func(x []float32) []byte { return mono16(addNoise(x, 20, 1)) }, 0},
		{"50 Hz hum −3 dB and DC offset", both, func(x []float32) []byte { return mono16(addHum(x, rate, 50, 0.5, 0.2)) }, 0},
		{"60 Hz hum as loud as the tape", hyper, func(x []float32) []byte { return mono16(addHum(x, rate, 60, 0.7, -0.1)) }, 0},
		{"inverted polarity", hyper, func(x []float32) []byte { return mono16(gain(x, -1)) }, 0},
		{"clipped (18 dB too loud)", hyper, func(x []float32) []byte { return mono16(gain(x, 8)) }, 0},
		{"quiet (−30 dBFS), 16-bit", hyper, func(x []float32) []byte { return mono16(gain(x, 0.0316/0.7)) }, 0},
		{"quiet (−30 dBFS), 8-bit", hyper, func(x []float32) []byte { return wavFile(rate, 8, false, gain(x, 0.0316/0.7)) }, 0},
		{"24-bit", hyper, func(x []float32) []byte { return wavFile(rate, 24, false, x) }, 0},
		{"32-bit float", hyper, func(x []float32) []byte { return wavFile(rate, 32, true, x) }, 0},
		{"stereo, right channel dead", hyper, func(x []float32) []byte { return wavFile(rate, 16, false, x, silent(len(x))) }, 0},
		{"stereo, left channel dead", hyper, func(x []float32) []byte { return wavFile(rate, 16, false, silent(len(x)), x) }, 0},
		{"stereo, left channel hum and hiss", hyper, func(x []float32) []byte {
			return wavFile(rate, 16, false, addNoise(addHum(silent(len(x)), rate, 50, 0.3, 0), 0, 7), x)
		}, 0},
		{"8% slow", both, func(x []float32) []byte { return mono16(speed(x, rate, constant(0.92))) }, 0.92},
		{"8% fast", both, func(x []float32) []byte { return mono16(speed(x, rate, constant(1.08))) }, 1.08},
		{"10% slow", both, func(x []float32) []byte { return mono16(speed(x, rate, constant(0.90))) }, 0.90},
		{"10% fast", both, func(x []float32) []byte { return mono16(speed(x, rate, constant(1.10))) }, 1.10},
		{"wow: ±5% over 2 s", both, func(x []float32) []byte {
			return mono16(speed(x, rate, func(t float64) float64 { return 1 + 0.05*math.Sin(math.Pi*t) }))
		}, 0},
		{"drift: 8% slow to 8% fast", both, func(x []float32) []byte {
			dur := float64(len(x)) / rate
			return mono16(speed(x, rate, func(t float64) float64 { return 0.92 + 0.16*t/dur }))
		}, 0},
	} {
		for _, sp := range f.speeds {
			t.Run(fmt.Sprintf("%s/%v", f.name, sp), func(t *testing.T) {
				t.Parallel()
				_, x := tape(t, recs, sp, rate, 16)
				res := decode(t, f.wav(x))
				if d := same(recs, res.Records); d != "" {
					t.Fatal(d)
				}
				if strings.HasPrefix(f.name, "stereo") && res.Channel != 1-strings.Count(f.name, "right") {
					t.Errorf("read channel %d", res.Channel)
				}
				for _, r := range res.Records {
					if f.pace != 0 && math.Abs(r.Pace-f.pace) > 0.01 {
						t.Errorf("pace %.3f, want %.2f", r.Pace, f.pace)
					}
				}
			})
		}
	}
}

// The noise test can fail: under noise louder than the tape, nothing reads.
func TestNoiseDrowns(t *testing.T) {
	t.Parallel()
	recs := short()[:1]
	_, x := tape(t, recs, cassette.Hyper, 22050, 16)
	res := decode(t, wavFile(22050, 16, false, addNoise(x, -6, 3)))
	if res.Good() != 0 {
		t.Errorf("%d records read under noise 6 dB louder than the tape", res.Good())
	}
}

// A record damaged in the middle of the tape is reported bad; the others
// read, and so does the rest of the tape after it.
func TestDamagedRecord(t *testing.T) {
	t.Parallel()
	const rate = 22050
	for _, sp := range []cassette.Speed{cassette.Normal, cassette.Hyper} {
		recs := short()
		tp, x := tape(t, recs, sp, rate, 16)
		span := tp.Spans[1]
		bit := sp.BitTime()
		sample := func(d time.Duration) int { return int(d * rate / time.Second) }

		// A changed bit: the low digit of data byte 5 of record 2 comes
		// from a tape on which that byte is different; the checksum on the
		// tape stays the original's.
		mod := short()
		mod[1].Data[5] ^= 0x01
		_, xm := tape(t, mod, sp, rate, 16)
		char := cassette.SyncCount + 1 + 6 + 2*5 + 1
		from := span.Start + time.Duration(8*char)*bit
		y := slices.Clone(x)
		copy(y[sample(from):sample(from+8*bit)], xm[sample(from):sample(from+8*bit)])
		res := decode(t, wavFile(rate, 16, false, y))
		checkDamaged(t, sp, "a changed bit", recs, res, "checksum bad")
		if len(res.Records) == 3 && !bytes.Equal(res.Records[1].Data, mod[1].Data) {
			t.Errorf("%v: the damaged record's bytes are not those on the tape", sp)
		}

		// A dropout: 20 bits' time of silence in the data.
		y = slices.Clone(x)
		at := span.Start + time.Duration(8*(cassette.SyncCount+20))*bit
		clear(y[sample(at):sample(at+20*bit)])
		checkDamaged(t, sp, "a dropout", recs, decode(t, wavFile(rate, 16, false, y)), "")
	}
}

func checkDamaged(t *testing.T, sp cassette.Speed, what string, recs []cassette.Record, res *cassette.Result, problem string) {
	t.Helper()
	got := res.Records
	if len(got) != 3 {
		t.Errorf("%v, %s: %d records read, want 3", sp, what, len(got))
		for _, f := range got {
			t.Logf("  %02X %04X ok %v %s", f.ID, f.Addr, f.OK, f.Problem)
		}
		return
	}
	if d := same([]cassette.Record{recs[0], recs[2]}, []cassette.Found{got[0], got[2]}); d != "" {
		t.Errorf("%v, %s: the good records: %s", sp, what, d)
	}
	if got[1].OK || !strings.Contains(got[1].Problem, problem) {
		t.Errorf("%v, %s: record 2 ok %v, problem %q, want one saying %q", sp, what, got[1].OK, got[1].Problem, problem)
	}
	t.Logf("%v, %s: %s", sp, what, got[1].Problem)
}

// A tape played off speed by sox, as a user would resample a recording.
func TestSoxSpeed(t *testing.T) {
	t.Parallel()
	sox, err := exec.LookPath("sox")
	if err != nil {
		t.Skip("needs sox (Debian package sox: apt-get install sox)")
	}
	recs := short()
	for _, factor := range []string{"0.92", "1.08"} {
		tp, _ := tape(t, recs, cassette.Hyper, 44100, 16)
		dir := t.TempDir()
		in, out := filepath.Join(dir, "in.wav"), filepath.Join(dir, "out.wav")
		if err := os.WriteFile(in, tp.WAV, 0o644); err != nil {
			t.Fatal(err)
		}
		// speed changes pitch and tempo together, as a tape deck does;
		// rate brings it back to 44.1 kHz.
		if msg, err := exec.Command(sox, in, out, "speed", factor, "rate", "44100").CombinedOutput(); err != nil {
			t.Fatalf("sox: %v\n%s", err, msg)
		}
		wav, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if d := same(recs, decode(t, wav).Records); d != "" {
			t.Errorf("sox speed %s: %s", factor, d)
		}
	}
}
