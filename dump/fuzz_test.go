package dump

import (
	"strings"
	"testing"
)

// Each reader, on any input: no panic; an error, or a valid dump (segments
// sorted, apart, within 16 bits, none empty) that its writer writes and its
// reader reads back the same.

func checkRead(t *testing.T, d *Dump, err error, format string) {
	if err != nil {
		if err.Error() == "" {
			t.Fatal("an empty error message")
		}
		return
	}
	for i, s := range d.Segments {
		if len(s.Data) == 0 || s.End() > 0x10000 || i > 0 && int(s.Addr) <= d.Segments[i-1].End() {
			t.Fatalf("bad segments %v", d.Segments)
		}
	}
	if (format == Raw || format == KIM) && len(d.Segments) != 1 {
		t.Fatalf("%s: %d segments", format, len(d.Segments))
	}
	out, err := WriteDump(format, d, Options{})
	if err != nil {
		t.Fatalf("write: %v", err)
	}
	var back *Dump
	if format == Raw {
		var segs []Segment
		segs, err = ReadRaw(out, d.Segments[0].Addr)
		back = &Dump{Segments: segs}
	} else {
		back, err = ReadDump("again."+format, out)
	}
	if err != nil {
		t.Fatalf("read back: %v\n%q", err, out)
	}
	if !equalSegs(back.Segments, d.Segments) {
		t.Fatalf("read back %v, was %v", back.Segments, d.Segments)
	}
	if format == KIM && back.ID != d.ID || format == SRecord && (back.Header != d.Header || d.HasStart && back.Start != d.Start) {
		t.Fatalf("read back %+v, was %+v", back, d)
	}
}

func FuzzReadPaperTape(f *testing.F) {
	for _, s := range []string{fbokTape, ";0000000000\r\n", rec0010 + "\r\n" + rec0011 + "\r\n;0000020002\r\n",
		recFFFF + "\r\n;0000010001\r\n", ";1800000000A900", "\x00\x13;0000000000\x7F", ";02001G01020015"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ReadPaperTape("f.ptp", data)
		checkRead(t, d, err, PaperTape)
	})
}

func FuzzReadIntelHex(f *testing.F) {
	for _, s := range []string{fbokHex, fbokHex32, ":020000020010EC\n:01000000AA55\n:00000001FF\n",
		":020000040001F9\n:01000000AA55\n:00000001FF\n", ":0400000300100005E4\n:00000001FF\n", ":02FFFF000102FD\n", ":"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ReadIntelHex("f.hex", data)
		checkRead(t, d, err, IntelHex)
	})
}

func FuzzReadSRecord(f *testing.F) {
	for _, s := range []string{fbokS19, fbokS19Default, "S206000200AABB92\nS9030000FC\n", "S30700000200AABB91\nS804000200F9\n",
		"S00600004844521B\nS5030000FC\n", "S70500010000F9\n", "S"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ReadSRecord("f.s19", data)
		checkRead(t, d, err, SRecord)
	})
}

func FuzzReadKIM(f *testing.F) {
	for _, s := range []string{string(kimFile), "KIM1\xFF\xFF\x01\x00\x00\x60", "KIM1\x00\x00\x00\x00\x00", "KIM"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ReadKIM("f.kim", data)
		checkRead(t, d, err, KIM)
	})
}

func FuzzReadRaw(f *testing.F) {
	f.Add([]byte{0xEA}, uint16(0xFFFF))
	f.Add([]byte(strings.Repeat("\xEA", 300)), uint16(0xFF00))
	f.Add([]byte{}, uint16(0))
	f.Fuzz(func(t *testing.T, data []byte, addr uint16) {
		segs, err := ReadRaw(data, addr)
		checkRead(t, &Dump{Segments: segs}, err, Raw)
	})
}

// FuzzRead is the entry point that picks the format: any name, any bytes.
func FuzzRead(f *testing.F) {
	f.Add("x.ptp", []byte(fbokTape))
	f.Add("x", []byte(fbokHex))
	f.Add("x.bin@0200", []byte{1, 2})
	f.Add("x@zz", []byte("KIM1\x00\x02\x01\x00\x01\xEA"))
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		d, err := ReadDump(name, data)
		if err == nil {
			checkRead(t, d, nil, d.Format)
		}
	})
}
