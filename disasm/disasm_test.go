package disasm_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/disasm"
	"github.com/kim1-archive/microchess/dump"
)

var all = sync.OnceValues(builds.All)

// reassemble assembles a disassembly as mchess asm would and compares it
// with the dump, byte by byte, both ways.
func reassemble(t *testing.T, what, text string, segs []dump.Segment) {
	t.Helper()
	p, err := asm.Assemble(asm.Source{Name: what + ".asm", Text: text})
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	got := map[int]byte{}
	for _, s := range p.Stmts {
		for i, b := range s.Bytes {
			got[int(s.Addr)+i] = b
		}
	}
	want := map[int]byte{}
	for _, s := range segs {
		for i, b := range s.Data {
			want[int(s.Addr)+i] = b
		}
	}
	for a, b := range want {
		if g, ok := got[a]; !ok || g != b {
			t.Fatalf("%s: %04X reassembles to %02X (defined %v), the dump holds %02X", what, a, g, ok, b)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%s: the source defines %d bytes, the dump holds %d", what, len(got), len(want))
	}
}

func segments(b builds.Build) []dump.Segment {
	var out []dump.Segment
	for _, im := range b.Images {
		out = append(out, dump.Segment{Addr: im.Start, Data: im.Bytes})
	}
	return out
}

// TestRoundTrip: each image of every build (the original's c0 at 0000
// and c1 at 1780, Stone's, each extension's, the tuned one's, the opening
// blocks), alone and all together, with the build's names and with none,
// disassembles to source that reassembles to its bytes.
func TestRoundTrip(t *testing.T) {
	bs, err := all()
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bs {
		t.Run(strings.ReplaceAll(b.Key, ":", "-"), func(t *testing.T) {
			t.Parallel()
			cases := map[string][]dump.Segment{"all": segments(b)}
			for _, im := range b.Images {
				cases[fmt.Sprintf("%s@%04X", im.Name, im.Start)] = []dump.Segment{{Addr: im.Start, Data: im.Bytes}}
			}
			for what, segs := range cases {
				named, err := disasm.Source1977(segs, disasm.Options{Names: b.Symbols(), Entries: b.CodeLabels()})
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				reassemble(t, what, named, segs)
				bare, err := disasm.Source1977(segs, disasm.Options{})
				if err != nil {
					t.Fatalf("%s without names: %v", what, err)
				}
				reassemble(t, what+" without names", bare, segs)
			}
		})
	}
}

// TestFollowsCode: from 0000 alone, with no names, the original's
// command loop is found as code (0000 CLD, 0001 LDXIM FF: D8 A2 FF), its
// branch targets get made-up labels, and the board at 0050, which no
// path reaches, stays data.
func TestFollowsCode(t *testing.T) {
	bs, err := all()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := builds.Find(bs, "clean")
	text, err := disasm.Source1977(segments(b), disasm.Options{})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(text, "\n")
	at := func(prefix string) bool {
		for _, l := range lines {
			if strings.HasPrefix(l, prefix) {
				return true
			}
		}
		return false
	}
	for _, want := range []string{"+++\t0000\nL0000\tCLD\n\tLDXIM\tFF\n\tTXS\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in:\n%s", want, text[:400])
		}
	}
	// OUT at 0008: JSR 1F1F (the monitor's OUT), outside the dump.
	if !strings.Contains(text, "\tJSR\t1F1F\n") {
		t.Error("no JSR 1F1F")
	}
	// CLDSP (0039, counted from the listing's instruction lengths) is
	// branched to from 0025; its STA .DIS1 is zero page (85 FB), and 00FB
	// is in the dump, so it is a made-up table label too.
	if !at("L0039\tSTAZ\tT00FB") {
		t.Error("no L0039 STAZ T00FB")
	}
	if !at("T0050\t.BYTE\t") {
		t.Error("the board at 0050 is not data")
	}
}
