package linker

import (
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/asm"
)

func assemble(t *testing.T, name, src string) *asm.Program {
	t.Helper()
	p, err := asm.Assemble(asm.Source{Name: name, Text: src})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func baseImages(t *testing.T) []*Image {
	base := assemble(t, "base.asm", "+++\t0000\n\t.BYTE\t00 01 02 03 04 05 06 07\n+++\t1780\n\t.BYTE\t10 11 12 13\n")
	images, err := Link(base, KIM1)
	if err != nil {
		t.Fatal(err)
	}
	return images
}

func TestOverlayReportsWrittenRanges(t *testing.T) {
	base := baseImages(t)
	patch := assemble(t, "p.s", "0100 .BA $2\n0110 .BY $02 $FF\n0120 .BA $1783\n0130 .BY $99\n0140 .BA $6\n0150 .BY $06\n")
	out, changes, err := Overlay(base, patch)
	if err != nil {
		t.Fatal(err)
	}
	if got := out[0].Bytes; string(got) != "\x00\x01\x02\xFF\x04\x05\x06\x07" {
		t.Errorf("patched c0 % X", got)
	}
	if base[0].Bytes[3] != 0x03 {
		t.Error("the base image was modified")
	}
	want := []struct {
		start, end uint16
		differ     int
	}{{0x0002, 0x0003, 1}, {0x0006, 0x0006, 0}, {0x1783, 0x1783, 1}}
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
		"0100 .BA $8\n0110 .BY $01\n":                        "p.s:2:1: the patch writes 0008, outside the base images (0000–0007, 1780–1783)",
		"0100 .BA $17E7\n0110 .BY $01\n":                     "p.s:2:1: the patch writes 17E7, KIM-1 monitor workspace (17E7–17FF)",
		"0100 .BA $0\n0110 .BY $01\n0120 .BA $0\n0130 NOP\n": "overlapping code",
	}
	for src, want := range cases {
		p, err := asm.Assemble(asm.Source{Name: "p.s", Text: src})
		if err == nil {
			_, _, err = Overlay(baseImages(t), p)
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: got %v, want %q", src, err, want)
		}
	}
}
