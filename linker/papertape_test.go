package linker

import (
	"reflect"

	"strings"
	"testing"

	"github.com/kim1-archive/microchess/asm"

	"github.com/kim1-archive/microchess/dump"
)

// Records printed in the KIM-1 User Manual's paper-tape appendix, and in
// articles about the format, serve as test vectors.
func TestPaperTapeKnownRecords(t *testing.T) {
	data := []byte{0xFF, 0xEE, 0xDD, 0xCC, 0xBB, 0xAA, 0x00, 0x99, 0x88, 0x77, 0x66, 0x55,
		0x44, 0x33, 0x22, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99}
	got, _ := PaperTape(nil, &Image{Start: 0x0000, Bytes: data})
	want := ";180000FFEEDDCCBBAA0099887766554433221122334455667788990AFC\r\n;0000010001\r\n"
	if got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}

	first := []byte{0xD8, 0xA9, 0xFF, 0x8D, 0x03, 0x16, 0x8D, 0x01, 0x16, 0xA2, 0xFF, 0x86,
		0x04, 0x20, 0x1D, 0x02, 0xA6, 0x04, 0xCA, 0x86, 0x04, 0xD0, 0xF6, 0xA9}
	// Four records: the published first record, then three of padding; the
	// published tape of four records ends ";0000040004".
	prog := append(append([]byte(nil), first...), make([]byte, 24*2+6)...)
	tape, _ := PaperTape(nil, &Image{Start: 0x0200, Bytes: prog})
	lines := strings.Split(tape, "\r\n")
	if lines[0] != ";180200D8A9FF8D03168D0116A2FF8604201D02A604CA8604D0F6A90ABB" {
		t.Errorf("first record %q", lines[0])
	}
	if len(lines) != 6 || lines[3] != ";0602480000000000000050" || lines[4] != ";0000040004" {
		t.Errorf("records %q", lines)
	}
}

// The tape keeps each image's records apart, in the images' order (an
// image that follows another directly starts a record of its own), and
// reads back as the images' bytes.
func TestPaperTapeImagesInOrder(t *testing.T) {
	a := &Image{Start: 0x0400, Bytes: []byte{0xEA, 0x60}}
	b := &Image{Start: 0x03FF, Bytes: []byte{0x4C}}
	// ;01 03FF 4C: 01+03+FF+4C = 014F; ;02 0400 EA60: 02+04+00+EA+60 = 0150.
	want := ";0103FF4C014F\r\n;020400EA600150\r\n;0000020002\r\n"
	if got, _ := PaperTape(nil, b, a); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	tape, _ := PaperTape(nil, a, b)
	segs, err := dump.Read("t.ptp", []byte(tape))
	if err != nil || len(segs) != 1 || segs[0].Addr != 0x03FF || string(segs[0].Data) != "\x4C\xEA\x60" {
		t.Errorf("read back %v, %v", segs, err)
	}
}

// An image past FFFF is a fault in the caller, not in a file: it panics.
func TestPaperTapePastFFFFPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic")
		}
	}()
	PaperTape(nil, &Image{Start: 0xFFFF, Bytes: []byte{1, 2}})
}

// Bytes inside the skipped blocks are not on the tape; the records go
// round them, and each gap is returned with its reason and the statements
// that defined its bytes.
func TestPaperTapeLeavesOutSkipped(t *testing.T) {
	stmt := &asm.Stmt{}
	im := &Image{Name: "c0", Start: 0x00F0, Bytes: make([]byte, 0x20), Src: make([]*asm.Stmt, 0x20)}
	for i := range im.Bytes {
		im.Bytes[i] = byte(i)
	}
	im.Src[0x0A] = stmt // 00FA
	skip := []Reserved{{What: "page", Start: 0x00F8, End: 0x00FB}, {What: "stack", Start: 0x010E, End: 0x01FF}}
	tape, left := PaperTape(skip, im)
	want := []LeftOut{{Image: "c0", Start: 0x00F8, End: 0x00FB, Why: "page", Src: []*asm.Stmt{nil, nil, stmt, nil}},
		{Image: "c0", Start: 0x010E, End: 0x010F, Why: "stack", Src: []*asm.Stmt{nil, nil}}}
	if !reflect.DeepEqual(left, want) {
		t.Errorf("left out %+v, want %+v", left, want)
	}
	segs, err := dump.Read("t.ptp", []byte(tape))
	if err != nil {
		t.Fatal(err)
	}
	got := map[int]byte{}
	for _, s := range segs {
		for i, b := range s.Data {
			got[int(s.Addr)+i] = b
		}
	}
	for a := 0x00F0; a < 0x0110; a++ {
		b, on := got[a]
		if off := (a >= 0xF8 && a <= 0xFB) || a >= 0x10E; on == off || (on && b != byte(a-0xF0)) {
			t.Errorf("%04X: on the tape %v (%02X)", a, on, b)
		}
	}
}
