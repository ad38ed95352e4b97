package cassette

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"time"
)

// Audio is a WAV file's samples. It holds the file's data chunk as it
// is and converts samples as they are read, so that a recording costs
// its size in memory once, not again as numbers.
type Audio struct {
	Rate  int
	Bits  int  // bits a sample as stored
	Float bool // IEEE float samples

	channels int
	frames   int
	align    int         // bytes a frame
	body     []byte      // the data chunk, when read from a file
	samples  [][]float32 // each channel's samples, when made from them
}

// NewAudio makes a recording from each channel's samples in [-1, 1], all
// of the same length.
func NewAudio(rate int, channels ...[]float32) *Audio {
	a := &Audio{Rate: rate, Bits: 32, Float: true, channels: len(channels), samples: channels}
	if len(channels) > 0 {
		a.frames = len(channels[0])
	}
	return a
}

// NumChannels is how many channels the recording has.
func (a *Audio) NumChannels() int { return a.channels }

// Frames is the number of samples in each channel.
func (a *Audio) Frames() int { return a.frames }

// Channel gives one channel's samples (0 is the first), all at once.
func (a *Audio) Channel(c int) []float32 {
	x := make([]float32, a.frames)
	a.read(c, 0, x)
	return x
}

// read fills buf with channel c's samples from frame from on.
func (a *Audio) read(c, from int, buf []float32) {
	if a.samples != nil {
		copy(buf, a.samples[c][from:])
		return
	}
	size := a.Bits / 8
	p := from*a.align + c*size
	for i := range buf {
		buf[i] = sample(a.body[p:], a.Bits, a.Float)
		p += a.align
	}
}

// Duration is how long the recording plays.
func (a *Audio) Duration() time.Duration {
	if a.Rate <= 0 {
		return 0
	}
	return time.Duration(float64(a.Frames()) / float64(a.Rate) * float64(time.Second))
}

// Encoding describes the sample format, e.g. "16-bit PCM".
func (a *Audio) Encoding() string {
	if a.Float {
		return strconv.Itoa(a.Bits) + "-bit float"
	}
	return strconv.Itoa(a.Bits) + "-bit PCM"
}

// ErrorKind tells what is wrong with a file that is not read.
type ErrorKind int

const (
	NotWAV      ErrorKind = iota // not a RIFF WAVE file at all
	Truncated                    // a WAV file that ends too soon
	Unsupported                  // a WAV file whose encoding this reader does not know
	Malformed                    // a WAV file whose header contradicts itself
)

// WAVError is why a file was not read, with the byte offset of the trouble.
type WAVError struct {
	Kind   ErrorKind
	Offset int
	Detail string
}

func (e *WAVError) Error() string {
	what := [...]string{"not a WAV file", "truncated WAV file", "unsupported WAV encoding", "malformed WAV file"}[e.Kind]
	return fmt.Sprintf("%s (offset %d: %s)", what, e.Offset, e.Detail)
}

func wavErr(kind ErrorKind, off int, format string, args ...any) error {
	return &WAVError{kind, off, fmt.Sprintf(format, args...)}
}

// The WAVE_FORMAT_EXTENSIBLE sub-format GUID after its first two bytes.
var guidTail = []byte{0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xAA, 0x00, 0x38, 0x9B, 0x71}

// maxChannels bounds what a header may claim.
const maxChannels = 32

// ReadWAV reads a RIFF WAVE file: PCM of 8 (unsigned), 16, 24 or 32 bits
// or IEEE float of 32 or 64 bits, any number of channels, any rate.
func ReadWAV(data []byte) (*Audio, error) {
	if len(data) < 4 || !bytes.Equal(data[:4], []byte("RIFF")) {
		switch {
		case len(data) >= 4 && (bytes.Equal(data[:4], []byte("RF64")) || bytes.Equal(data[:4], []byte("BW64"))):
			return nil, wavErr(Unsupported, 0, "%s, a WAV file over 4 GB, is not supported", data[:4])
		case len(data) >= 4 && bytes.Equal(data[:4], []byte("RIFX")):
			return nil, wavErr(Unsupported, 0, "RIFX (big-endian) WAV is not supported")
		case len(data) == 0:
			return nil, wavErr(NotWAV, 0, "the file is empty")
		}
		return nil, wavErr(NotWAV, 0, "starts with %s, not \"RIFF\"", shown(data, 4))
	}
	if len(data) < 12 {
		return nil, wavErr(Truncated, len(data), "the file ends inside the 12-byte RIFF header")
	}
	if !bytes.Equal(data[8:12], []byte("WAVE")) {
		return nil, wavErr(NotWAV, 8, "a RIFF file of type %s, not \"WAVE\"", shown(data[8:], 4))
	}
	var (
		haveFmt           bool
		tag, channels     int
		rate, align, bits int
		fmtOff            int
		body              []byte
		bodyOff           = -1
	)
	off := 12
	for off < len(data) && (!haveFmt || bodyOff < 0) {
		if len(data)-off < 8 {
			return nil, wavErr(Truncated, off, "the file ends inside a chunk header")
		}
		id := string(data[off : off+4])
		size := int(binary.LittleEndian.Uint32(data[off+4:]))
		start := off + 8
		rest := len(data) - start
		if id == "data" && (size == 0xFFFFFFFF || size == 0) {
			size = rest // a stream whose writer never came back to set the size
		}
		if size > rest {
			return nil, wavErr(Truncated, off, "the %q chunk declares %d bytes, only %d follow (the file ends at offset %d)", id, size, rest, len(data))
		}
		switch id {
		case "fmt ":
			if size < 16 {
				return nil, wavErr(Malformed, off, "the fmt chunk is %d bytes, less than 16", size)
			}
			f := data[start : start+size]
			tag = int(binary.LittleEndian.Uint16(f[0:]))
			channels = int(binary.LittleEndian.Uint16(f[2:]))
			rate = int(binary.LittleEndian.Uint32(f[4:]))
			align = int(binary.LittleEndian.Uint16(f[12:]))
			bits = int(binary.LittleEndian.Uint16(f[14:]))
			if tag == 0xFFFE {
				if size < 40 {
					return nil, wavErr(Malformed, off, "an extensible fmt chunk of %d bytes, less than 40", size)
				}
				if !bytes.Equal(f[26:40], guidTail) {
					return nil, wavErr(Unsupported, start+24, "an extensible format whose sub-format GUID is not PCM or float")
				}
				tag = int(binary.LittleEndian.Uint16(f[24:]))
			}
			haveFmt, fmtOff = true, start
		case "data":
			body, bodyOff = data[start:start+size], start
		}
		off = start + size + size&1
	}
	if !haveFmt {
		return nil, wavErr(Malformed, off, "no fmt chunk")
	}
	if bodyOff < 0 {
		return nil, wavErr(Truncated, len(data), "the file ends without a data chunk")
	}
	a := &Audio{Rate: rate, Bits: bits}
	switch tag {
	case 1:
		if bits != 8 && bits != 16 && bits != 24 && bits != 32 {
			return nil, wavErr(Unsupported, fmtOff+14, "%d-bit PCM; want 8, 16, 24 or 32 bits", bits)
		}
	case 3:
		if bits != 32 && bits != 64 {
			return nil, wavErr(Unsupported, fmtOff+14, "%d-bit float; want 32 or 64 bits", bits)
		}
		a.Float = true
	default:
		return nil, wavErr(Unsupported, fmtOff, "format tag 0x%04X%s; want PCM (1) or IEEE float (3)", tag, tagName(tag))
	}
	switch {
	case channels < 1 || channels > maxChannels:
		return nil, wavErr(Malformed, fmtOff+2, "%d channels", channels)
	case rate < 1000 || rate > 1000000:
		return nil, wavErr(Unsupported, fmtOff+4, "a sample rate of %d Hz", rate)
	case align != channels*bits/8:
		return nil, wavErr(Malformed, fmtOff+12, "a block of %d bytes does not hold %d channels of %d bits", align, channels, bits)
	}
	a.channels, a.align = channels, align
	a.frames = len(body) / align
	a.body = body[:a.frames*align]
	return a, nil
}

// sample reads one little-endian sample as a value in [-1, 1].
func sample(b []byte, bits int, float bool) float32 {
	switch {
	case float && bits == 32:
		return clampNaN(float64(math.Float32frombits(binary.LittleEndian.Uint32(b))))
	case float:
		return clampNaN(math.Float64frombits(binary.LittleEndian.Uint64(b)))
	case bits == 8:
		return float32(int(b[0])-128) / 128
	case bits == 16:
		return float32(int16(binary.LittleEndian.Uint16(b))) / 32768
	case bits == 24:
		v := int32(uint32(b[0])<<8|uint32(b[1])<<16|uint32(b[2])<<24) >> 8
		return float32(v) / (1 << 23)
	}
	return float32(float64(int32(binary.LittleEndian.Uint32(b))) / (1 << 31))
}

// clampNaN keeps a float sample finite and in [-1, 1], so that a damaged
// float file cannot poison the filters.
func clampNaN(v float64) float32 {
	switch {
	case math.IsNaN(v):
		return 0
	case v > 1:
		return 1
	case v < -1:
		return -1
	}
	return float32(v)
}

func tagName(tag int) string {
	names := map[int]string{2: "Microsoft ADPCM", 6: "A-law", 7: "µ-law", 0x11: "IMA ADPCM", 0x55: "MPEG layer 3", 0x50: "MPEG"}
	if n, ok := names[tag]; ok {
		return " (" + n + ")"
	}
	return ""
}

// shown quotes the first n bytes of b for a message.
func shown(b []byte, n int) string {
	if len(b) > n {
		b = b[:n]
	}
	return strconv.Quote(string(b))
}
