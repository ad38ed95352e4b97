package linker

import (
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/dump"
)

// Records printed in the KIM-1 User Manual's paper-tape appendix, and in
// articles about the format, serve as test vectors.
func TestPaperTapeKnownRecords(t *testing.T) {
	data := []byte{0xFF, 0xEE, 0xDD, 0xCC, 0xBB, 0xAA, 0x00, 0x99, 0x88, 0x77, 0x66, 0x55,
		0x44, 0x33, 0x22, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99}
	got := PaperTape(&Image{Start: 0x0000, Bytes: data})
	want := ";180000FFEEDDCCBBAA0099887766554433221122334455667788990AFC\r\n;0000010001\r\n"
	if got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}

	first := []byte{0xD8, 0xA9, 0xFF, 0x8D, 0x03, 0x16, 0x8D, 0x01, 0x16, 0xA2, 0xFF, 0x86,
		0x04, 0x20, 0x1D, 0x02, 0xA6, 0x04, 0xCA, 0x86, 0x04, 0xD0, 0xF6, 0xA9}
	// Four records: the published first record, then three of padding; the
	// published tape of four records ends ";0000040004".
	prog := append(append([]byte(nil), first...), make([]byte, 24*2+6)...)
	lines := strings.Split(PaperTape(&Image{Start: 0x0200, Bytes: prog}), "\r\n")
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
	if got := PaperTape(b, a); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	segs, err := dump.Read("t.ptp", []byte(PaperTape(a, b)))
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
	PaperTape(&Image{Start: 0xFFFF, Bytes: []byte{1, 2}})
}
