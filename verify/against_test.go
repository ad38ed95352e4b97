package verify

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/memmap"
)

// publishedSegments is the 1977 hex listing as a dump holds it.
func publishedSegments() []dump.Segment {
	var out []dump.Segment
	for _, im := range memmap.Published() {
		out = append(out, dump.Segment{Addr: im.Start, Data: append([]byte(nil), im.Bytes...)})
	}
	return out
}

// poke changes a dump's byte at addr to v.
func poke(segs []dump.Segment, addr int, v byte) {
	for _, s := range segs {
		if addr >= int(s.Addr) && addr < s.End() {
			s.Data[addr-int(s.Addr)] = v
			return
		}
	}
	panic(fmt.Sprintf("%04X is not in the dump", addr))
}

// sourceLine finds the line of the program's text that starts with
// prefix, read from the file itself, not through the assembler.
func sourceLine(t *testing.T, prefix string) (int, string) {
	t.Helper()
	b, err := os.ReadFile(programFile)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, prefix) {
			return i + 1, strings.TrimRight(l, "\r")
		}
	}
	t.Fatalf("no line starts with %q", prefix)
	return 0, ""
}

func TestAgainst(t *testing.T) {
	p, _ := build(t, true)
	cand := Candidate{Name: "the 1977 program", Key: "1977", Images: p.Images,
		Symbols: NewSymbols(p.Images, p.Code, p.Residue), Residue: map[string]bool{residueFile: true}, Area: p.ResidueName}
	label := func(name string) int { return p.Code.Symbols[name].Value }
	// Three program bytes: the operand of OUT's JSR, GNMZ's opcode, and
	// the CLC after POS in the C1 image (POS LSRA is one byte).
	outLine, outText := sourceLine(t, "OUT\tJSR\t*OUT")
	gnmzLine, gnmzText := sourceLine(t, "GNMZ\tLDXIM\t10")
	posLine, _ := sourceLine(t, "POS\tLSRA")
	posText := "\tCLC\t*****"
	three := []DumpByte{
		{Address: fmt.Sprintf("%04X", label("OUT")+1), Dump: "00", Pos: fmt.Sprintf("%s:%d:1", programFile, outLine), Symbol: "OUT+1", Source: outText},
		{Address: fmt.Sprintf("%04X", label("GNMZ")), Dump: "EA", Pos: fmt.Sprintf("%s:%d:1", programFile, gnmzLine), Symbol: "GNMZ", Source: gnmzText},
		{Address: fmt.Sprintf("%04X", label("POS")+1), Dump: "EA", Pos: fmt.Sprintf("%s:%d:1", programFile, posLine+1), Symbol: "POS+1", Source: posText},
	}
	for _, c := range []struct {
		name    string
		change  func([]dump.Segment) []dump.Segment
		differ  []DumpByte // address, dump byte, position, symbol, text
		residue []DumpByte // address, dump byte, area
		source  int        // source-defined bytes in the dump
		missing []Range
		nothing []Range
	}{
		{name: "published", change: func(s []dump.Segment) []dump.Segment { return s }, source: 851 + 102},
		{name: "three program bytes", change: func(s []dump.Segment) []dump.Segment {
			for _, d := range three {
				var a, v int
				fmt.Sscanf(d.Address, "%X", &a)
				fmt.Sscanf(d.Dump, "%X", &v)
				poke(s, a, byte(v))
			}
			return s
		}, differ: three, source: 953},
		{name: "the board", change: func(s []dump.Segment) []dump.Segment {
			poke(s, memmap.Board, 0x55)
			poke(s, memmap.PlayerBoard+5, 0x77)
			poke(s, 0x01C0, 0x00)
			return s
		}, residue: []DumpByte{
			{Address: "0050", Dump: "55", Area: "the board, .BOARD"},
			{Address: "0065", Dump: "77", Area: "the board, .BK+5"},
			{Address: "01C0", Dump: "00", Area: "stack residue"},
		}, source: 953},
		{name: "C0 and more", change: func(s []dump.Segment) []dump.Segment {
			return []dump.Segment{s[0], {Addr: 0x0400, Data: make([]byte, 16)}}
		}, source: 851, missing: []Range{{Start: "1780", End: "17E5"}}, nothing: []Range{{Start: "0400", End: "040F"}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			rep := Against(c.change(publishedSegments()), cand)
			var got, gotRes []DumpByte
			for _, d := range rep.Differences {
				got = append(got, DumpByte{Address: d.Address, Dump: d.Dump, Pos: d.Pos, Symbol: d.Symbol, Source: d.Source})
			}
			for _, d := range rep.ResidueDifferences {
				gotRes = append(gotRes, DumpByte{Address: d.Address, Dump: d.Dump, Area: d.Area})
			}
			if !reflect.DeepEqual(got, c.differ) {
				t.Errorf("differences\n%+v\nwant\n%+v", got, c.differ)
			}
			if !reflect.DeepEqual(gotRes, c.residue) {
				t.Errorf("residue differences\n%+v\nwant\n%+v", gotRes, c.residue)
			}
			if rep.SourceBytes != c.source || rep.SourceTotal != 953 || rep.Identical != c.source-len(c.differ) || rep.Same() != (len(c.differ) == 0) {
				t.Errorf("source bytes %d of %d, %d identical, same %v", rep.SourceBytes, rep.SourceTotal, rep.Identical, rep.Same())
			}
			if want := 173 - len(c.residue); rep.ResidueBytes-len(rep.ResidueDifferences) != want {
				t.Errorf("%d residue bytes, %d differ: want %d equal", rep.ResidueBytes, len(rep.ResidueDifferences), want)
			}
			if !reflect.DeepEqual(rep.NotInDump, orEmpty(c.missing)) || !reflect.DeepEqual(rep.NothingHere, orEmpty(c.nothing)) {
				t.Errorf("not in the dump %v, nothing here %v", rep.NotInDump, rep.NothingHere)
			}
		})
	}
}

func orEmpty(r []Range) []Range {
	if r == nil {
		return []Range{}
	}
	return r
}

// The build's bytes in a report are the build's, each difference's run is
// reported, and the build's byte is what the source assembles to.
func TestAgainstBuildBytes(t *testing.T) {
	p, _ := build(t, true)
	segs := publishedSegments()
	poke(segs, 0x0009, 0x6A)
	poke(segs, 0x000A, 0x00)
	rep := Against(segs, Candidate{Images: p.Images, Residue: map[string]bool{residueFile: true}})
	// JSR *OUT is 20 1F 1F.
	if len(rep.Differences) != 2 || rep.Differences[0].Build != "1F" || rep.Differences[1].Build != "1F" ||
		!reflect.DeepEqual(rep.DifferenceRuns, []Range{{Start: "0009", End: "000A"}}) {
		t.Errorf("%+v %+v", rep.Differences, rep.DifferenceRuns)
	}
}

// The closest build has the fewest differing source bytes; the first of
// equals wins; a build that shares no byte with the dump is none.
func TestClosest(t *testing.T) {
	r := func(src, differ int) AgainstReport {
		return AgainstReport{SourceBytes: src, Differences: make([]DumpByte, differ)}
	}
	for _, c := range []struct {
		reps []AgainstReport
		want int
	}{
		{[]AgainstReport{r(10, 0), r(10, 0), r(10, 3)}, 0},
		{[]AgainstReport{r(10, 3), r(10, 1), r(10, 1)}, 1},
		{[]AgainstReport{r(0, 0), r(10, 4)}, 1},
		{[]AgainstReport{r(0, 0), r(0, 0)}, -1},
		{nil, -1},
	} {
		if got := Closest(c.reps); got != c.want {
			t.Errorf("Closest %v = %d, want %d", c.reps, got, c.want)
		}
	}
}
