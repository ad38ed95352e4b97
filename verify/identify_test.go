package verify_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/verify"
)

var candidates = sync.OnceValues(builds.Candidates)

func identifyCandidates(t *testing.T) verify.Candidates {
	t.Helper()
	c, err := candidates()
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// segments copies images into a dump's segments.
func segments(images []*linker.Image) []dump.Segment {
	var out []dump.Segment
	for _, im := range images {
		out = append(out, dump.Segment{Addr: im.Start, Data: append([]byte(nil), im.Bytes...)})
	}
	return out
}

// defined counts the bytes of a candidate that a statement of a program
// source (not the residue's) defines.
func defined(c verify.Candidate) int {
	n := 0
	for _, im := range c.Images {
		for _, s := range im.Src {
			if s != nil && !c.Residue[s.Pos.File] {
				n++
			}
		}
	}
	return n
}

func TestIdentifyPublished(t *testing.T) {
	c := identifyCandidates(t)
	id := verify.Identify(segments(memmap.Published()), c)
	n := defined(c.Programs[0])
	want := fmt.Sprintf("the 1977 program: identical in all %d bytes its source defines that the dump holds; its ", n)
	if !id.OK || id.Verdict != verify.KeyPublished || !strings.HasPrefix(id.Summary, want) ||
		!strings.HasSuffix(id.Summary, "residue bytes (board, variables, stack, unused) match the published hex listing too") {
		t.Errorf("ok %v, verdict %q, summary %s", id.OK, id.Verdict, id.Summary)
	}
	if len(id.Builds) != len(c.Programs) {
		t.Errorf("%d builds compared, want the %d programs (the dump is not the book area alone)", len(id.Builds), len(c.Programs))
	}
}

// The program alone: its source bytes tie with the published program's,
// which wins the tie; its residue is zero, as the clean build has it.
func TestIdentifyClean(t *testing.T) {
	p, err := microchess.Original(false)
	if err != nil {
		t.Fatal(err)
	}
	id := verify.Identify(segments(p.Images), identifyCandidates(t))
	if !id.OK || id.Verdict != verify.KeyPublished || !strings.Contains(id.Summary, "residue bytes are zero, as the program built without residue has them") {
		t.Errorf("ok %v, verdict %q, summary %s", id.OK, id.Verdict, id.Summary)
	}
}

// An opening block alone is named as the block; the program with another
// block loaded differs in 00C0–00DB only, which the verdict names.
func TestIdentifyBlocks(t *testing.T) {
	c := identifyCandidates(t)
	if len(c.Blocks) != 10 || c.BookEnd-c.BookStart != 28 {
		t.Fatalf("%d blocks, book %04X–%04X", len(c.Blocks), c.BookStart, c.BookEnd-1)
	}
	for _, b := range c.Blocks {
		block := b.Images[0].Bytes[c.BookStart-int(b.Images[0].Start):][:28]
		id := verify.Identify([]dump.Segment{{Addr: uint16(c.BookStart), Data: block}}, c)
		if !id.OK || id.Verdict != b.Key || !strings.HasPrefix(id.Summary, b.Name+": identical in all 28 bytes") {
			t.Errorf("%s alone: ok %v, verdict %q, summary %s", b.Key, id.OK, id.Verdict, id.Summary)
		}
		own := b.Key == "opening:giuoco-piano-white"
		if carried := strings.HasSuffix(id.Summary, "(the block the 1977 program carries)"); carried != own {
			t.Errorf("%s alone: %s", b.Key, id.Summary)
		}
		whole := segments(memmap.Published())
		copy(whole[0].Data[c.BookStart:], block)
		id = verify.Identify(whole, c)
		if own {
			if !id.OK || id.Verdict != verify.KeyPublished {
				t.Errorf("the program's own block: %s", id.Summary)
			}
			continue
		}
		if want := "; 00C0–00DB is " + b.Name + ": the program with another opening loaded"; id.OK ||
			id.Verdict != verify.KeyPublished || !strings.HasSuffix(id.Summary, want) {
			t.Errorf("%s in the program: ok %v, verdict %q, %s\nwant …%s", b.Key, id.OK, id.Verdict, id.Summary, want)
		}
	}
}

// A dump of nothing any source defines has no verdict; the report shows
// it against the 1977 program.
func TestIdentifyNothing(t *testing.T) {
	id := verify.Identify([]dump.Segment{{Addr: 0x2000, Data: []byte{1, 2, 3}}}, identifyCandidates(t))
	if id.OK || id.Verdict != "" || id.Closest == nil || id.Closest.Key != verify.KeyPublished ||
		id.Summary != "nothing to compare: the dump holds none of the bytes the sources define" {
		t.Errorf("ok %v, verdict %q, summary %s", id.OK, id.Verdict, id.Summary)
	}
}

// One program byte changed: the verdict counts it and names its address;
// a part of the program is said to be a part.
func TestIdentifyChanged(t *testing.T) {
	c := identifyCandidates(t)
	segs := segments(memmap.Published())
	segs[0].Data[0x0100] ^= 0xFF // a byte of the program's code (C1 image starts at 0000)
	id := verify.Identify(segs[:1], c)
	n := 0
	for _, im := range c.Programs[0].Images {
		for i, s := range im.Src {
			if a := int(im.Start) + i; a < 0x0400 && s != nil && !c.Programs[0].Residue[s.Pos.File] {
				n++
			}
		}
	}
	want := fmt.Sprintf("differs: closest is the 1977 program: 1 of the %d bytes its source defines that the dump holds differ, at 0100; only part of it: the dump covers 0000–03FF, %d of the %d bytes its source defines",
		n, n, defined(c.Programs[0]))
	if id.OK || id.Verdict != verify.KeyPublished || id.Summary != want {
		t.Errorf("ok %v, verdict %q,\n got %s\nwant %s", id.OK, id.Verdict, id.Summary, want)
	}
}

func TestRangeList(t *testing.T) {
	rs := []verify.Range{{Start: "0009", End: "0009"}, {Start: "0100", End: "0101"}, {Start: "0200", End: "02FF"}}
	if got := verify.RangeList(rs, 3); got != "0009, 0100–0101, 0200–02FF" {
		t.Errorf("got %s", got)
	}
	if got := verify.RangeList(rs, 1); got != "0009, and 2 more ranges" {
		t.Errorf("got %s", got)
	}
}
