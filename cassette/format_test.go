package cassette_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/kim1-archive/microchess/cassette"
)

// The character stream of a record, worked by hand from DUMPT: 100 SYN,
// '*', the ID, SAL, SAH and the data as hex pairs, '/', the checksum
// (SAL + SAH + data, not the ID) low byte first, EOT EOT.
func TestChars(t *testing.T) {
	r := cassette.Record{ID: 0x5C, Addr: 0x1780, Data: []byte{0xA9, 0x00, 0xFF}}
	// 80 + 17 + A9 + 00 + FF = 023F
	want := strings.Repeat("\x16", 100) + "*5C8017A900FF/3F02\x04\x04"
	if got := string(r.Chars()); got != want {
		t.Errorf("chars\n got %q\nwant %q", got, want)
	}
	if r.Checksum() != 0x023F {
		t.Errorf("checksum %04X, want 023F", r.Checksum())
	}
	if r.Last() != 0x1782 || r.End() != 0x1783 {
		t.Errorf("last %04X end %04X", r.Last(), r.End())
	}
	// The sum is 16 bits and wraps.
	big := cassette.Record{ID: 1, Addr: 0xFFFF, Data: bytes.Repeat([]byte{0xFF}, 0)}
	if big.Checksum() != 0x01FE {
		t.Errorf("checksum of an empty record at FFFF: %04X, want 01FE", big.Checksum())
	}
	wrap := cassette.Record{ID: 1, Addr: 0, Data: bytes.Repeat([]byte{0xFF}, 0x102)}
	if wrap.Checksum() != 0x00FE { // 0xFF × 0x102 = 0x100FE
		t.Errorf("checksum %04X, want 00FE", wrap.Checksum())
	}
}

// OUTCHT sends 8 bits, least significant first.
func TestBits(t *testing.T) {
	got := cassette.Bits([]byte{0x16, '*'})
	want := []byte{0, 1, 1, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 0}
	if !bytes.Equal(got, want) {
		t.Errorf("bits %v, want %v", got, want)
	}
}

func TestTimings(t *testing.T) {
	if got := cassette.Normal.BitTime(); got != 7452*time.Microsecond {
		t.Errorf("normal bit %v, want 7.452ms", got)
	}
	if got := cassette.Hyper.BitTime(); got != 1242*time.Microsecond {
		t.Errorf("Hypertape bit %v, want 1.242ms", got)
	}
	// Both tones fill a third exactly: 9 cycles of 276 µs, 6 of 414 µs.
	if 18*cassette.HighHalf != 12*cassette.LowHalf {
		t.Error("the tones do not fill the same third")
	}
	for _, s := range []string{"normal", "hyper", "Hypertape"} {
		if _, err := cassette.ParseSpeed(s); err != nil {
			t.Error(err)
		}
	}
	if _, err := cassette.ParseSpeed("fast"); err == nil {
		t.Error("speed fast accepted")
	}
}

func TestValidate(t *testing.T) {
	for _, c := range []struct {
		r    cassette.Record
		want string
	}{
		{cassette.Record{ID: 0xC1, Addr: 0x1780, Data: make([]byte, 102)}, ""}, // MicroChess's C1
		{cassette.Record{ID: 0xC0, Addr: 0x0000, Data: make([]byte, 1024)}, ""},
		{cassette.Record{ID: 0x01, Addr: 0x17FA, Data: []byte{0, 0x1C}}, ""}, // the NMI vector: fine
		{cassette.Record{ID: 0x00, Addr: 0x0200, Data: []byte{1}}, "IDs 00 and FF"},
		{cassette.Record{ID: 0xFF, Addr: 0x0200, Data: []byte{1}}, "IDs 00 and FF"},
		{cassette.Record{ID: 0x01, Addr: 0xFFFF, Data: []byte{1, 2}}, "run past FFFF"},
		{cassette.Record{ID: 0x01, Addr: 0x17E0, Data: make([]byte, 8)}, "17E7–17F1"},
		{cassette.Record{ID: 0x01, Addr: 0x1700, Data: make([]byte, 0x50)}, "1740–1747"},
	} {
		err := c.r.Validate()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%02X %04X: %v", c.r.ID, c.r.Addr, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%02X %04X: error %v, want one saying %q", c.r.ID, c.r.Addr, err, c.want)
		}
	}
}

// The writer's options are checked.
func TestEncodeOptions(t *testing.T) {
	recs := []cassette.Record{{ID: 1, Addr: 0x200, Data: []byte{1}}}
	for _, opt := range []cassette.Options{
		{Speed: cassette.Normal, Rate: 8000, Bits: 16},
		{Speed: cassette.Normal, Rate: 44100, Bits: 24},
		{Speed: cassette.Normal, Rate: 44100, Bits: 16, Gap: -time.Second},
	} {
		if _, err := cassette.Encode(recs, opt); err == nil {
			t.Errorf("%+v accepted", opt)
		}
	}
	if _, err := cassette.Encode(nil, cassette.DefaultOptions()); err == nil {
		t.Error("an empty tape accepted")
	}
	if _, err := cassette.Encode([]cassette.Record{{ID: 0, Addr: 0x200, Data: []byte{1}}}, cassette.DefaultOptions()); err == nil {
		t.Error("ID 00 written")
	}
}

// The tape plays as long as its parts: leader, each record's characters
// at 8 bits of 3 thirds, the gaps, the trailer.
func TestDuration(t *testing.T) {
	recs := short()
	for _, sp := range []cassette.Speed{cassette.Normal, cassette.Hyper} {
		opt := cassette.Options{Speed: sp, Rate: 22050, Bits: 8, Leader: time.Second, Gap: 3 * time.Second, Trailer: time.Second / 2}
		tp, err := cassette.Encode(recs, opt)
		if err != nil {
			t.Fatal(err)
		}
		want := opt.Leader + 2*opt.Gap + opt.Trailer
		at := opt.Leader
		for i, r := range recs {
			d := time.Duration(8*len(r.Chars())) * sp.BitTime()
			want += d
			if s := tp.Spans[i]; s.Start != at || s.End != at+d {
				t.Errorf("%v record %d plays %v–%v, want %v–%v", sp, i+1, s.Start, s.End, at, at+d)
			}
			at += d + opt.Gap
		}
		if tp.Duration != want {
			t.Errorf("%v: plays %v, want %v", sp, tp.Duration, want)
		}
		// 22,050 samples a second, one byte each, after a 44-byte header
		// (and a pad byte to make the chunk even).
		frames := int((want*22050 + time.Second - 1) / time.Second)
		if n := len(tp.WAV) - 44; n != frames && n != frames+1 {
			t.Errorf("%v: %d bytes of samples, want %d", sp, n, frames)
		}
	}
}
