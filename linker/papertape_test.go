package linker

import (
	"strings"
	"testing"
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
