package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/kim1-archive/microchess"
)

// The checked-in translations must be exactly what translating the
// programs as built gives, so that a change to a program's sources, to
// the translator or to the instructions' semantics cannot leave them
// behind.
func TestTranslationsUpToDate(t *testing.T) {
	files, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		got, err := os.ReadFile(filepath.Join("..", f.Name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, f.Source) {
			t.Errorf("internal/translated/%s is stale: run 'go generate ./internal/translated'", f.Name)
		}
	}
}

// strategyOperands are the declared bytes of STRATGY's code, counted
// from the listing, in address order (the piece values, 00A0–00AF, are
// data).
var strategyOperands = []uint16{
	0x1782,                                 // LDAIM 80
	0x1784, 0x1786, 0x1788, 0x178A, 0x178C, // ADCZ .WMOB .WMAXC .WCC .WCAP1 .WCAP2
	0x178F, 0x1791, 0x1793, 0x1795, 0x1797, 0x1799, 0x179B, // SBCZ .PMAXC ... .BMOB
	0x17A3, 0x17A5, 0x17A7, 0x17AA, // ADCIM 40, ADCZ .WMAXC .WCC, SBCZ .BMAXC
	0x17AE, 0x17B0, 0x17B2, 0x17B4, 0x17B6, 0x17B8, // ADCIM 90, ADCZ .WCAP0 ×4, .WCAP1
	0x17BB, 0x17BD, 0x17BF, 0x17C1, 0x17C3, // SBCZ .BMAXC ×2, .BCC ×2, .BCAP1
	0x17C7, 0x17CB, 0x17CF, 0x17D3, // CPXIM 33 34 22 25
	0x17E2, // ADCIM 02
}

// The special-moves program's tunable operands are the original's
// STRATGY operands (it keeps them) and two of its own, counted from its
// listing: XPTS's ADCIM 08 (05D8, the promotion's gain) and XPOS's ADCIM
// 02 (05F2, the back-rank bonus); its .CASTB (07ED) is data.
func TestSpecialTunableOperands(t *testing.T) {
	b, err := patched(microchess.SpecialLayout(), microchess.Special)()
	if err != nil {
		t.Fatal(err)
	}
	set, err := declsOf("special")()
	if err != nil {
		t.Fatal(err)
	}
	got, err := tunableOperands(set, b.images)
	if err != nil {
		t.Fatal(err)
	}
	want := append([]uint16{0x05D9, 0x05F3}, strategyOperands...)
	if !slices.Equal(got, want) {
		t.Errorf("tunable operands % X, want % X", got, want)
	}
	mem := &b.m.CPU.Mem
	for a, v := range map[uint16]byte{0x05D8: 0x69, 0x05D9: 0x08, 0x05F2: 0x69, 0x05F3: 0x02, 0x07ED: 0x08, 0x17E1: 0x69, 0x17E2: 0x02} {
		if mem[a] != v {
			t.Errorf("%04X holds %02X, want %02X", a, mem[a], v)
		}
	}
}

// The tunable operands are those of STRATGY's immediates and zero-page
// reads through the ADC #02 at POSN, counted by hand from the listing
// (1780 CLC, 1781 LDA #80, 1783 ADC .WMOB, ...; 17E1 ADC #02).
func TestTunableOperands(t *testing.T) {
	b, err := original()
	if err != nil {
		t.Fatal(err)
	}
	set, err := declsOf("original")()
	if err != nil {
		t.Fatal(err)
	}
	got, err := tunableOperands(set, b.images)
	if err != nil {
		t.Fatal(err)
	}
	want := strategyOperands
	if !slices.Equal(got, want) {
		t.Errorf("tunable operands % X, want % X", got, want)
	}
	mem := &b.m.CPU.Mem
	for a, v := range map[uint16]byte{0x1782: 0x80, 0x17A3: 0x40, 0x17AE: 0x90, 0x17E2: 0x02, 0x17C7: 0x33, 0x17CB: 0x34, 0x17CF: 0x22, 0x17D3: 0x25, 0x17B0: 0xDD} {
		if mem[a] != v {
			t.Errorf("%04X holds %02X, want %02X", a, mem[a], v)
		}
	}
}
