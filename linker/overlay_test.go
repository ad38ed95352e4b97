package linker

import (
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/asm"
)

// testLayout is a small machine: two RAM blocks and a workspace above the
// second, which nothing may be loaded into.
var testLayout = Layout{
	Regions:  []Region{{Name: "lo", ID: 0xA0, Start: 0x0000, End: 0x00FF}, {Name: "hi", ID: 0xA1, Start: 0x1000, End: 0x10EF}},
	Reserved: []Reserved{{What: "the monitor's workspace", Start: 0x10F0, End: 0x10FF}},
	Overflow: "add RAM",
}

func assemble(t *testing.T, name, src string) *asm.Program {
	t.Helper()
	p, err := asm.Assemble(asm.Source{Name: name, Text: src})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func baseImages(t *testing.T) []*Image {
	base := assemble(t, "base.asm", "+++\t0000\n\t.BYTE\t00 01 02 03 04 05 06 07\n+++\t1000\n\t.BYTE\t10 11 12 13\n")
	images, err := Link(testLayout, base)
	if err != nil {
		t.Fatal(err)
	}
	return images
}

func TestOverlayReportsWrittenRanges(t *testing.T) {
	base := baseImages(t)
	patch := assemble(t, "p.s", "0100 .BA $2\n0110 .BY $02 $FF\n0120 .BA $1003\n0130 .BY $99\n0140 .BA $6\n0150 .BY $06\n")
	out, changes, err := Overlay(base, patch, testLayout)
	if err != nil {
		t.Fatal(err)
	}
	if got := out[0].Bytes; string(got) != "\x00\x01\x02\xFF\x04\x05\x06\x07" {
		t.Errorf("patched lo % X", got)
	}
	if base[0].Bytes[3] != 0x03 {
		t.Error("the base image was modified")
	}
	want := []struct {
		start, end uint16
		differ     int
	}{{0x0002, 0x0003, 1}, {0x0006, 0x0006, 0}, {0x1003, 0x1003, 1}}
	if len(changes) != len(want) {
		t.Fatalf("changes %+v", changes)
	}
	for i, w := range want {
		if c := changes[i]; c.Start != w.start || c.End != w.end || c.Differ != w.differ {
			t.Errorf("change %d: %04X–%04X differ %d, want %04X–%04X differ %d", i, c.Start, c.End, c.Differ, w.start, w.end, w.differ)
		}
	}
}

func TestOverlayRefusals(t *testing.T) {
	cases := map[string]string{
		"0100 .BA $200\n0110 .BY $01\n":                      "p.s:2:1: the patch writes 0200, outside the base images (0000–0007, 1000–1003) and the memory being linked (0000–00FF, 1000–10EF): add RAM",
		"0100 .BA $10F0\n0110 .BY $01\n":                     "p.s:2:1: the patch writes 10F0, the monitor's workspace (10F0–10FF)",
		"0100 .BA $0\n0110 .BY $01\n0120 .BA $0\n0130 NOP\n": "overlapping code",
	}
	for src, want := range cases {
		p, err := asm.Assemble(asm.Source{Name: "p.s", Text: src})
		if err == nil {
			_, _, err = Overlay(baseImages(t), p, testLayout)
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want %q", src, err, want)
		}
	}
}

// A patch that adds code beyond the base images gets it in the image of
// that region: widened where the base has one, new where it has none; the
// ranges are reported as new, apart from the changes to the base.
func TestOverlayAddsToMemoryTheBaseLeftEmpty(t *testing.T) {
	layout := testLayout
	layout.Regions = append(layout.Regions, Region{Name: "x", Start: 0x2000, End: 0x2FFF})
	base := baseImages(t)
	patch := assemble(t, "p.asm", "+++\t0007\n\t.BYTE\t77 08\n+++\t2010\n\t.BYTE\tAA BB\n+++\t2210\n\t.BYTE\tCC\n")
	out, changes, err := Overlay(base, patch, layout)
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 3 {
		t.Fatalf("%d images, want lo, hi and x", len(out))
	}
	lo, x := out[0], out[2]
	if lo.Start != 0 || string(lo.Bytes) != "\x00\x01\x02\x03\x04\x05\x06\x77\x08" || lo.Src[8] == nil {
		t.Errorf("lo %04X % X", lo.Start, lo.Bytes)
	}
	if x.Name != "x" || x.Start != 0x2000 || x.End() != 0x2210 || x.Bytes[0x10] != 0xAA || x.Bytes[0x210] != 0xCC || x.Src[0x12] != nil {
		t.Errorf("x %s %04X–%04X", x.Name, x.Start, x.End())
	}
	if len(base[0].Bytes) != 8 {
		t.Error("the base image was modified")
	}
	want := []Change{{Start: 0x0007, End: 0x0007, Differ: 1}, {Start: 0x0008, End: 0x0008, New: true}, {Start: 0x2010, End: 0x2011, New: true}, {Start: 0x2210, End: 0x2210, New: true}}
	if len(changes) != len(want) {
		t.Fatalf("changes %+v", changes)
	}
	for i, w := range want {
		c := changes[i]
		if c.Start != w.Start || c.End != w.End || c.Differ != w.Differ || c.New != w.New {
			t.Errorf("change %d: %04X–%04X differ %d new %v, want %04X–%04X differ %d new %v", i, c.Start, c.End, c.Differ, c.New, w.Start, w.End, w.Differ, w.New)
		}
	}
}
