package cassette_test

import (
	"encoding/binary"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/kim1-archive/microchess/cassette"
)

// header is a canonical 44-byte PCM header followed by data.
func header(tag, channels, rate, bits int, data []byte) []byte {
	le := binary.LittleEndian
	align := channels * bits / 8
	b := append([]byte("RIFF"), 0, 0, 0, 0)
	le.PutUint32(b[4:], uint32(36+len(data)))
	b = append(b, "WAVEfmt "...)
	b = le.AppendUint32(b, 16)
	b = le.AppendUint16(b, uint16(tag))
	b = le.AppendUint16(b, uint16(channels))
	b = le.AppendUint32(b, uint32(rate))
	b = le.AppendUint32(b, uint32(rate*align))
	b = le.AppendUint16(b, uint16(align))
	b = le.AppendUint16(b, uint16(bits))
	b = append(b, "data"...)
	b = le.AppendUint32(b, uint32(len(data)))
	return append(b, data...)
}

func TestReadWAVErrors(t *testing.T) {
	good := header(1, 1, 44100, 16, make([]byte, 100))
	withSize := func(b []byte, off int, v uint32) []byte {
		c := append([]byte(nil), b...)
		binary.LittleEndian.PutUint32(c[off:], v)
		return c
	}
	withWord := func(b []byte, off int, v uint16) []byte {
		c := append([]byte(nil), b...)
		binary.LittleEndian.PutUint16(c[off:], v)
		return c
	}
	for _, c := range []struct {
		name   string
		data   []byte
		kind   cassette.ErrorKind
		offset int
		says   string
	}{
		{"empty", nil, cassette.NotWAV, 0, "empty"},
		{"text", []byte("hello, world\n"), cassette.NotWAV, 0, `"hell"`},
		{"MP3", []byte("ID3\x03\x00\x00\x00\x00\x00\x00"), cassette.NotWAV, 0, `"ID3\x03"`},
		{"AVI", append([]byte("RIFF\x00\x00\x00\x00AVI "), make([]byte, 8)...), cassette.NotWAV, 8, `"AVI "`},
		{"RIFF header cut", []byte("RIFF\x00\x00"), cassette.Truncated, 6, "RIFF header"},
		{"cut in the fmt chunk", good[:30], cassette.Truncated, 12, `"fmt " chunk declares 16 bytes, only 10 follow`},
		{"cut in a chunk header", good[:40], cassette.Truncated, 36, "chunk header"},
		{"cut in the data", good[:100], cassette.Truncated, 36, "declares 100 bytes, only 56 follow (the file ends at offset 100)"},
		{"no data chunk", good[:36], cassette.Truncated, 36, "without a data chunk"},
		{"ADPCM", withWord(good, 20, 2), cassette.Unsupported, 20, "0x0002 (Microsoft ADPCM)"},
		{"12-bit", withWord(withWord(good, 34, 12), 32, 2), cassette.Unsupported, 34, "12-bit PCM"},
		{"16-bit float", withWord(good, 20, 3), cassette.Unsupported, 34, "16-bit float"},
		{"no channels", withWord(good, 22, 0), cassette.Malformed, 22, "0 channels"},
		{"block size", withWord(good, 32, 3), cassette.Malformed, 32, "block of 3 bytes"},
		{"rate 0", withSize(good, 24, 0), cassette.Unsupported, 24, "0 Hz"},
		{"RF64", append([]byte("RF64"), good[4:]...), cassette.Unsupported, 0, "over 4 GB"},
	} {
		_, err := cassette.ReadWAV(c.data)
		var we *cassette.WAVError
		if !errors.As(err, &we) {
			t.Errorf("%s: error %v, want a WAVError", c.name, err)
			continue
		}
		if we.Kind != c.kind || we.Offset != c.offset || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %v (kind %d offset %d), want kind %d at offset %d saying %s", c.name, err, we.Kind, we.Offset, c.kind, c.offset, c.says)
		}
	}
}

// The layouts real files have: extensible headers, other chunks first,
// odd chunk sizes, a stream whose size was never filled in, every sample
// format.
func TestReadWAVLayouts(t *testing.T) {
	le := binary.LittleEndian
	// Extensible, 16-bit stereo, a LIST chunk of odd size before fmt.
	ext := []byte("RIFF\x00\x00\x00\x00WAVE")
	ext = append(ext, "LIST"...)
	ext = le.AppendUint32(ext, 3)
	ext = append(ext, 'a', 'b', 'c', 0) // and its pad byte
	ext = append(ext, "fmt "...)
	ext = le.AppendUint32(ext, 40)
	ext = le.AppendUint16(ext, 0xFFFE)
	ext = le.AppendUint16(ext, 2)
	ext = le.AppendUint32(ext, 22050)
	ext = le.AppendUint32(ext, 22050*4)
	ext = le.AppendUint16(ext, 4)
	ext = le.AppendUint16(ext, 16)
	ext = le.AppendUint16(ext, 22)
	ext = le.AppendUint16(ext, 16)
	ext = le.AppendUint32(ext, 3)
	ext = append(ext, 1, 0, 0, 0, 0, 0, 0x10, 0, 0x80, 0, 0, 0xAA, 0, 0x38, 0x9B, 0x71)
	ext = append(ext, "data"...)
	ext = le.AppendUint32(ext, 0xFFFFFFFF) // never filled in
	ext = le.AppendUint16(ext, 0x4000)     // left +0.5
	ext = le.AppendUint16(ext, 0xC000)     // right −0.5
	a, err := cassette.ReadWAV(ext)
	if err != nil {
		t.Fatal(err)
	}
	if a.Rate != 22050 || a.NumChannels() != 2 || a.Frames() != 1 || a.Channel(0)[0] != 0.5 || a.Channel(1)[0] != -0.5 {
		t.Errorf("extensible: %d Hz, %d channels, %d frames, %v %v", a.Rate, a.NumChannels(), a.Frames(), a.Channel(0), a.Channel(1))
	}
	for _, c := range []struct {
		tag, bits int
		sample    []byte
		want      float32
	}{
		{1, 8, []byte{0xC0}, 0.5},
		{1, 16, []byte{0x00, 0x80}, -1},
		{1, 24, []byte{0x00, 0x00, 0x40}, 0.5},
		{1, 32, []byte{0x00, 0x00, 0x00, 0xC0}, -0.5},
		{3, 32, le.AppendUint32(nil, math.Float32bits(0.25)), 0.25},
		{3, 64, le.AppendUint64(nil, math.Float64bits(-0.75)), -0.75},
		{3, 32, le.AppendUint32(nil, math.Float32bits(float32(math.NaN()))), 0},
		{3, 32, le.AppendUint32(nil, math.Float32bits(7)), 1},
	} {
		a, err := cassette.ReadWAV(header(c.tag, 1, 48000, c.bits, c.sample))
		if err != nil {
			t.Errorf("tag %d, %d bits: %v", c.tag, c.bits, err)
			continue
		}
		if got := a.Channel(0)[0]; got != c.want {
			t.Errorf("tag %d, %d bits: %v, want %v", c.tag, c.bits, got, c.want)
		}
	}
}

// A recording with no tape in it reads no record: silence, and a noisy
// piece of music (notes and their harmonics, some in the tones' band,
// over hiss).
func TestNoTape(t *testing.T) {
	t.Parallel()
	const rate = 44100
	silence := make([]float32, 3*rate)
	r := rand.New(rand.NewPCG(5, 5))
	music := make([]float32, 20*rate)
	freq := 440.0
	for i := range music {
		if i%(rate/8) == 0 { // a new note every eighth of a second
			freq = 110 * math.Pow(2, float64(r.IntN(48))/12)
		}
		tt := float64(i) / rate
		v := 0.0
		for h := 1.0; h <= 8; h++ {
			v += 0.3 / h * math.Sin(2*math.Pi*freq*h*tt)
		}
		music[i] = float32(v + 0.05*r.NormFloat64())
	}
	for name, x := range map[string][]float32{"silence": silence, "music": music} {
		for _, bits := range []int{8, 16} {
			res := decode(t, wavFile(rate, bits, false, x))
			if len(res.Records) != 0 {
				t.Errorf("%s, %d-bit: %d records found", name, bits, len(res.Records))
			}
		}
	}
	if _, err := cassette.Decode(cassette.NewAudio(8000, silence)); err == nil {
		t.Error("8 kHz decoded")
	}
}

// Reading never fails on any input: a WAV file is read or refused with a
// WAVError, and any samples decode without a fault.
func FuzzReadWAV(f *testing.F) {
	tp, err := cassette.Encode([]cassette.Record{{ID: 1, Addr: 0x200, Data: []byte{0xA9, 0x16, 0x2A, 0x2F}}},
		cassette.Options{Speed: cassette.Hyper, Rate: 22050, Bits: 8, Leader: 10 * time.Millisecond})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(tp.WAV)
	f.Add(tp.WAV[:len(tp.WAV)/2])
	f.Add(header(3, 2, 11025, 32, make([]byte, 64)))
	f.Add(header(1, 1, 44100, 24, []byte{1, 2, 3, 4, 5, 6}))
	f.Add([]byte("RIFF\x04\x00\x00\x00WAVE"))
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := cassette.ReadWAV(data)
		if err != nil {
			var we *cassette.WAVError
			if !errors.As(err, &we) {
				t.Fatalf("error %v is no WAVError", err)
			}
			return
		}
		if a.Frames()*a.NumChannels() > 1<<20 {
			return
		}
		res, err := cassette.Decode(a)
		if err != nil {
			return
		}
		for _, r := range res.Records {
			if r.OK && r.Checksum() != r.TapeSum || r.End < r.Start {
				t.Fatalf("record %+v", r)
			}
		}
	})
}
