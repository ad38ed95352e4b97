package linker

import (
	"strings"
	"testing"
)

// A program that outgrows its memory gets one error per run of bytes
// outside the regions, at the run's first statement, and the layout's
// advice once.
func TestOverflowReportedOncePerRun(t *testing.T) {
	src := "+++\t00FE\n\tNOP\n\tNOP\n\tNOP\n\tNOP\n\tNOP\n+++\t0200\n\tNOP\n\tNOP\n"
	_, err := Link(testLayout, assemble(t, "big.asm", src))
	want := "big.asm:4:1: 0100–0102 is outside the memory being linked (0000–00FF, 1000–10EF): add RAM\n" +
		"big.asm:8:1: 0200–0201 is outside the memory being linked (0000–00FF, 1000–10EF)"
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
	_, err = Link(testLayout, assemble(t, "ws.asm", "+++\t10EF\n\tNOP\n\tNOP\n"))
	if err == nil || err.Error() != "ws.asm:3:1: 10F0 is the monitor's workspace (10F0–10FF): nothing may be loaded there" {
		t.Errorf("workspace: %v", err)
	}
}

// Fill bytes go only where the program has none; where the program has
// grown over them, its bytes stand, and they may extend an image.
func TestLinkFill(t *testing.T) {
	prog := assemble(t, "p.asm", "+++\t0000\n\t.BYTE\t01 02 03\n")
	fill := assemble(t, "fill.asm", "+++\t0002\n\t.BYTE\tF2 F3 F4\n")
	images, err := LinkFill(testLayout, prog, fill)
	if err != nil {
		t.Fatal(err)
	}
	if len(images) != 1 || string(images[0].Bytes) != "\x01\x02\x03\xF3\xF4" {
		t.Fatalf("images %+v", images)
	}
	if images[0].Src[2].Pos.File != "p.asm" || images[0].Src[3].Pos.File != "fill.asm" {
		t.Errorf("sources %v %v", images[0].Src[2].Pos, images[0].Src[3].Pos)
	}
}

func TestWithRegionRefusals(t *testing.T) {
	for _, c := range []struct {
		spec, want string
	}{
		{"lo=2000-2FFF", "region lo 2000–2FFF: the name lo is taken by lo 0000–00FF"},
		{"ram=0080-017F", "region ram 0080–017F overlaps lo 0000–00FF"},
		{"ram=10F8-20FF", "region ram 10F8–20FF overlaps the monitor's workspace 10F0–10FF"},
		{"ram=2000", `region "ram=2000": want NAME=SSSS-EEEE (hex), e.g. ram=2000-3FFF`},
		{"a/b=2000-2FFF", `region "a/b=2000-2FFF": a name is letters, digits, - and _ (it becomes part of a file name)`},
		{"ram=3000-2000", `region "ram=3000-2000": want NAME=SSSS-EEEE with SSSS <= EEEE (hex)`},
	} {
		r, err := ParseRegion(c.spec)
		if err == nil {
			_, err = testLayout.WithRegion(r)
		}
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: %v, want %q", c.spec, err, c.want)
		}
	}
	l, err := testLayout.WithRegion(Region{Name: "ram", Start: 0x2000, End: 0x2FFF})
	if err != nil || len(l.Regions) != 3 || len(testLayout.Regions) != 2 {
		t.Errorf("added: %v %v", l.Regions, err)
	}
	if !strings.Contains(l.Regions[2].String(), "ram 2000–2FFF") {
		t.Errorf("%v", l.Regions[2])
	}
}
