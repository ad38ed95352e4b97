package dump

import (
	"bytes"
	"testing"
)

// A .kim laid out by hand from MAME's kim1_cas.cpp: "KIM1", address 0200
// low byte first, size 0003 low byte first, tape ID C0, then LDA #$00, RTS.
var kimFile = []byte{'K', 'I', 'M', '1', 0x00, 0x02, 0x03, 0x00, 0xC0, 0xA9, 0x00, 0x60}

func TestReadKIM(t *testing.T) {
	d, err := ReadKIM("t.kim", kimFile)
	if err != nil {
		t.Fatal(err)
	}
	if !equalSegs(d.Segments, []Segment{{0x0200, []byte{0xA9, 0x00, 0x60}}}) || !d.HasID || d.ID != 0xC0 || d.Format != KIM {
		t.Errorf("got %+v", d)
	}
	// The segment owns its bytes.
	d.Segments[0].Data[0] = 0
	if kimFile[9] != 0xA9 {
		t.Error("the segment shares the file's bytes")
	}
}

func TestWriteKIM(t *testing.T) {
	got, err := WriteKIM([]Segment{{0x0200, []byte{0xA9, 0x00}}, {0x0202, []byte{0x60}}}, 0xC0)
	if err != nil || !bytes.Equal(got, kimFile) {
		t.Errorf("got % X, %v", got, err)
	}
	// Through Write: the default tape ID, 01.
	got, err = Write("kim", []Segment{{0x0200, []byte{0xA9, 0x00, 0x60}}})
	want := append([]byte("KIM1\x00\x02\x03\x00\x01"), 0xA9, 0x00, 0x60)
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("default ID: got % X, %v", got, err)
	}
	for _, c := range []struct {
		segs []Segment
		want string
	}{
		{[]Segment{{0x0000, []byte{1}}, {0x1780, []byte{2, 3}}},
			"a .kim cassette image holds one contiguous range, and the dump has 2 segments (0000, 1780–1781) with gaps at 0001–177F"},
		{nil, "a .kim cassette image cannot be empty: the dump holds no bytes"},
		{[]Segment{{0, make([]byte, 0x10000)}}, "a .kim cassette image holds at most 65535 bytes (its size has 16 bits), the dump has 65536"},
	} {
		if _, err := WriteKIM(c.segs, 1); err == nil || err.Error() != c.want {
			t.Errorf("got %v\nwant %s", err, c.want)
		}
	}
}

func TestReadKIMErrors(t *testing.T) {
	for _, c := range []struct {
		data []byte
		want string
	}{
		{[]byte("KIM"), `t.kim: offset 3 (0x3): truncated header: a .kim file starts with "KIM1", the load address, the size and the tape ID (9 bytes), this one has 3 bytes`},
		{[]byte("KIMX\x00\x02\x01\x00\x01\xEA"), `t.kim: offset 3 (0x3): not a .kim cassette image: the file does not start with "KIM1"`},
		{[]byte("KIM1\x00\x02"), `t.kim: offset 6 (0x6): truncated header: a .kim header is 9 bytes ("KIM1", the load address, the size, the tape ID), this one has 6`},
		{[]byte("KIM1\x00\x02\x00\x00\x01"), "t.kim: offset 6 (0x6): the header's size is 0: the tape holds no data"},
		{[]byte("KIM1\xFF\xFF\x02\x00\x01\xEA\xEA"), "t.kim: offset 6 (0x6): 2 bytes at FFFF run past FFFF"},
		{[]byte("KIM1\x00\x02\x03\x00\x01\xEA"), "t.kim: offset 10 (0xA): truncated: the header counts 3 data bytes, the file holds 1"},
		{[]byte("KIM1\x00\x02\x01\x00\x01\xEA\x1A\x1A"), "t.kim: offset 10 (0xA): 2 bytes after the 1 data byte the header counts"},
	} {
		if _, err := ReadKIM("t.kim", c.data); err == nil || err.Error() != c.want {
			t.Errorf("% X:\n got %v\nwant %s", c.data, err, c.want)
		}
	}
}

func TestRaw(t *testing.T) {
	segs, err := ReadRaw([]byte{1, 2, 3}, 0xFFFD)
	if err != nil || !equalSegs(segs, []Segment{{0xFFFD, []byte{1, 2, 3}}}) {
		t.Errorf("got %v, %v", segs, err)
	}
	if _, err := ReadRaw([]byte{1, 2, 3}, 0xFFFE); err == nil || err.Error() != "offset 2 (0x2): 3 bytes loaded at FFFE run past FFFF: this byte would land at 10000" {
		t.Errorf("past FFFF: %v", err)
	}
	if _, err := ReadRaw(nil, 0); err == nil || err.Error() != "offset 0 (0x0): empty file: a raw binary holds at least one byte" {
		t.Errorf("empty: %v", err)
	}
	// Adjacent segments are one range, in any order.
	got, err := WriteRaw([]Segment{{0x0202, []byte{3}}, {0x0200, []byte{1, 2}}})
	if err != nil || !bytes.Equal(got, []byte{1, 2, 3}) {
		t.Errorf("adjacent: % X, %v", got, err)
	}
	_, err = WriteRaw([]Segment{{0x0000, make([]byte, 0x400)}, {0x1780, make([]byte, 0x66)}, {0x2000, []byte{1}}})
	want := "a raw binary holds one contiguous range, and the dump has 3 segments (0000–03FF, 1780–17E5, 2000) with gaps at 0400–177F, 17E6–1FFF"
	if err == nil || err.Error() != want {
		t.Errorf("gaps: %v", err)
	}
	if _, ok := err.(*GapError); !ok {
		t.Errorf("gaps: %T, want *GapError", err)
	}
}

func TestFill(t *testing.T) {
	segs, err := Fill([]Segment{{0x0203, []byte{4}}, {0x0200, []byte{1}}, {0x0205, nil}}, 0xEA)
	if err != nil || !equalSegs(segs, []Segment{{0x0200, []byte{1, 0xEA, 0xEA, 4}}}) {
		t.Errorf("got %v, %v", segs, err)
	}
	if segs, err := Fill(nil, 0); err != nil || segs != nil {
		t.Errorf("empty: %v, %v", segs, err)
	}
	if _, err := Fill([]Segment{{0, []byte{1, 2}}, {1, []byte{3}}}, 0); err == nil {
		t.Error("overlapping segments were filled")
	}
}
