package cassette

import (
	"encoding/binary"
	"fmt"
	"math"
	"time"
)

// Options says how to write a tape.
type Options struct {
	Speed   Speed
	Rate    int           // samples a second: 22050, 44100 or 48000
	Bits    int           // 8 (unsigned PCM) or 16 (signed PCM)
	Leader  time.Duration // silence before the first record
	Gap     time.Duration // silence between records
	Trailer time.Duration // silence after the last record
}

// The silences a tape gets unless told otherwise. A KIM-1 writes nothing
// between two DUMPTs (PB7 rests), so a real cassette holds a few seconds of
// unrecorded tape between records; five seconds give the player time to
// key the next ID and start LOADT again (AD 1 7 F 9 DA id AD 1 8 7 3 GO)
// before the next preamble has passed.
const (
	DefaultLeader  = 2 * time.Second
	DefaultGap     = 5 * time.Second
	DefaultTrailer = 1 * time.Second
)

// DefaultOptions are normal speed, 44.1 kHz, 16 bits, the default silences.
func DefaultOptions() Options {
	return Options{Speed: Normal, Rate: 44100, Bits: 16, Leader: DefaultLeader, Gap: DefaultGap, Trailer: DefaultTrailer}
}

// Rates are the sample rates the writer offers.
var Rates = []int{22050, 44100, 48000}

// Tape is an encoded recording.
type Tape struct {
	WAV      []byte        // the whole WAV file
	Duration time.Duration // how long it plays
	Spans    []Span        // where each record plays, in order
}

// Span is where a record lies in a recording.
type Span struct{ Start, End time.Duration }

// level is the peak of the tones: 3 dB under full scale, room for a
// player's gain without clipping.
const level = 0.7

// Encode writes records, in order, as a mono PCM WAV file.
func Encode(records []Record, opt Options) (*Tape, error) {
	if err := opt.check(); err != nil {
		return nil, err
	}
	if len(records) == 0 {
		return nil, fmt.Errorf("no records to write")
	}
	for i, r := range records {
		if err := r.Validate(); err != nil {
			return nil, fmt.Errorf("record %d: %v", i+1, err)
		}
	}
	// The whole tape as half-cycles and silences, in microseconds.
	var segs []segment
	var spans []Span
	var t int64
	us := func(d time.Duration) int64 { return int64(d / time.Microsecond) }
	for i, r := range records {
		pause := us(opt.Gap)
		if i == 0 {
			pause = us(opt.Leader)
		}
		segs = append(segs, segment{dur: pause})
		t += pause
		start := t
		for _, bit := range Bits(r.Chars()) {
			for third := range 3 {
				high := third == 0 || third == 1 && bit == 0
				for _, s := range opt.Speed.third(high) {
					segs = append(segs, s)
					t += s.dur
				}
			}
		}
		spans = append(spans, Span{time.Duration(start) * time.Microsecond, time.Duration(t) * time.Microsecond})
	}
	segs = append(segs, segment{dur: us(opt.Trailer)})
	t += us(opt.Trailer)

	frames := ceilDiv(t*int64(opt.Rate), 1e6)
	out := newPCM(opt.Rate, opt.Bits, int(frames))
	var t0 int64 // segment start, µs
	sign := 1.0
	n := int64(0)
	for _, s := range segs {
		end := t0 + s.dur
		for ; n < frames && n*1e6 < end*int64(opt.Rate); n++ {
			if s.tone {
				x := (float64(n)*1e6/float64(opt.Rate) - float64(t0)) / float64(s.dur)
				out.put(sign * level * math.Sin(math.Pi*x))
			} else {
				out.put(0)
			}
		}
		if s.tone {
			sign = -sign
		} else {
			sign = 1 // each record starts as ONE's first pulse does: PB7 set
		}
		t0 = end
	}
	for ; n < frames; n++ {
		out.put(0)
	}
	out.finish()
	return &Tape{WAV: out.buf, Duration: time.Duration(t) * time.Microsecond, Spans: spans}, nil
}

// segment is one half-cycle of a tone, or a silence.
type segment struct {
	dur  int64 // µs
	tone bool
}

// third is the half-cycles of one third of a bit: the tone alternates
// polarity every half-cycle and carries its phase on across thirds, as
// Hypertape's EOR #$80 does (and as DUMPT's whole cycles do).
func (s Speed) third(high bool) []segment {
	nh, nl := s.halves()
	n, d := nl, LowHalf
	if high {
		n, d = nh, HighHalf
	}
	out := make([]segment, n)
	for i := range out {
		out[i] = segment{dur: int64(d / time.Microsecond), tone: true}
	}
	return out
}

func (opt Options) check() error {
	okRate := false
	for _, r := range Rates {
		okRate = okRate || r == opt.Rate
	}
	switch {
	case !okRate:
		return fmt.Errorf("sample rate %d: want 22050, 44100 or 48000", opt.Rate)
	case opt.Bits != 8 && opt.Bits != 16:
		return fmt.Errorf("%d bits a sample: want 8 or 16", opt.Bits)
	case opt.Speed != Normal && opt.Speed != Hyper:
		return fmt.Errorf("unknown speed %d", opt.Speed)
	case opt.Leader < 0 || opt.Gap < 0 || opt.Trailer < 0:
		return fmt.Errorf("a silence cannot be negative")
	case opt.Leader > time.Hour || opt.Gap > time.Hour || opt.Trailer > time.Hour:
		return fmt.Errorf("a silence of more than an hour is surely a mistake")
	}
	return nil
}

func ceilDiv(a, b int64) int64 { return (a + b - 1) / b }

// pcm is a mono PCM WAV file being filled.
type pcm struct {
	buf  []byte
	bits int
}

func newPCM(rate, bits, frames int) *pcm {
	bytesPer := bits / 8
	size := frames * bytesPer
	h := make([]byte, 44, 44+size+size&1)
	copy(h[0:], "RIFF")
	binary.LittleEndian.PutUint32(h[4:], uint32(36+size+size&1))
	copy(h[8:], "WAVEfmt ")
	binary.LittleEndian.PutUint32(h[16:], 16)
	binary.LittleEndian.PutUint16(h[20:], 1) // PCM
	binary.LittleEndian.PutUint16(h[22:], 1) // mono
	binary.LittleEndian.PutUint32(h[24:], uint32(rate))
	binary.LittleEndian.PutUint32(h[28:], uint32(rate*bytesPer))
	binary.LittleEndian.PutUint16(h[32:], uint16(bytesPer))
	binary.LittleEndian.PutUint16(h[34:], uint16(bits))
	copy(h[36:], "data")
	binary.LittleEndian.PutUint32(h[40:], uint32(size))
	return &pcm{buf: h, bits: bits}
}

// finish pads the data chunk to an even length, as RIFF wants.
func (p *pcm) finish() {
	if len(p.buf)&1 == 1 {
		p.buf = append(p.buf, 0)
	}
}

// put appends a sample in [-1, 1].
func (p *pcm) put(v float64) {
	if p.bits == 8 {
		p.buf = append(p.buf, byte(128+math.Round(127*v)))
		return
	}
	p.buf = binary.LittleEndian.AppendUint16(p.buf, uint16(int16(math.Round(32767*v))))
}
