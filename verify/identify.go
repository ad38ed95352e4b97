package verify

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kim1-archive/microchess/dump"
)

// The keys of the candidates Identify reads meaning into: the 1977
// program with the published listing's residue, the program alone, and an
// opening block's prefix.
const (
	KeyPublished = "1977"
	KeyClean     = "clean"
	BlockPrefix  = "opening:"
)

// Candidates are the builds a dump is identified among.
type Candidates struct {
	// Programs are the program builds, in the order a tie is decided.
	Programs []Candidate
	// Blocks are the opening blocks, each keyed BlockPrefix+name.
	Blocks []Candidate
	// BookStart and BookEnd bound the opening block's addresses, the area
	// a dump may hold a block of alone.
	BookStart, BookEnd int
}

// BuildCount is one build's count, for the table of builds.
type BuildCount struct {
	Build       string `json:"build"`
	Key         string `json:"key"`
	SourceBytes int    `json:"source_bytes"`
	Differ      int    `json:"differ"`
}

// Identification is a dump compared with every candidate: the counts, the
// closest build and the verdict.
type Identification struct {
	OK      bool
	Summary string       // the verdict in one line
	Verdict string       // the closest build's key; "" when none shares a byte
	Builds  []BuildCount // every candidate compared, in order
	Closest *AgainstReport
}

// Identify compares a dump with every candidate and picks the closest. A
// dump of the book area alone is compared with the blocks first, so that
// the Giuoco Piano is named as the block it is, not as the 1977 program
// that carries it. With none sharing a byte, Closest is the 1977
// program's report, to show where the dump lies against it.
func Identify(segs []dump.Segment, c Candidates) *Identification {
	cands := c.Programs
	if c.bookOnly(segs) {
		cands = slices.Concat(c.Blocks, cands)
	}
	reps := make([]AgainstReport, len(cands))
	id := &Identification{Builds: []BuildCount{}}
	for i, cand := range cands {
		reps[i] = Against(segs, cand)
		id.Builds = append(id.Builds, BuildCount{cand.Name, cand.Key, reps[i].SourceBytes, len(reps[i].Differences)})
	}
	best := Closest(reps)
	if best < 0 {
		id.Closest = byKey(reps, KeyPublished)
		id.Summary = "nothing to compare: the dump holds none of the bytes the sources define"
		return id
	}
	id.Closest, id.Verdict, id.OK = &reps[best], reps[best].Key, reps[best].Same()
	id.Summary = c.summary(segs, reps, best)
	return id
}

// SegmentRanges are the address ranges a dump's segments hold.
func SegmentRanges(segs []dump.Segment) []Range {
	out := []Range{}
	for _, s := range segs {
		out = append(out, Range{Start: hex4(int(s.Addr)), End: hex4(s.End() - 1)})
	}
	return out
}

// bookOnly tells whether a dump holds nothing but the opening block's
// addresses.
func (c Candidates) bookOnly(segs []dump.Segment) bool {
	for _, s := range segs {
		if int(s.Addr) < c.BookStart || s.End() > c.BookEnd {
			return false
		}
	}
	return len(segs) > 0
}

// bookPart is what a dump holds of the book area.
func (c Candidates) bookPart(segs []dump.Segment) []dump.Segment {
	var out []dump.Segment
	for _, s := range segs {
		a, b := max(int(s.Addr), c.BookStart), min(s.End(), c.BookEnd)
		if a < b {
			out = append(out, dump.Segment{Addr: uint16(a), Data: s.Data[a-int(s.Addr) : b-int(s.Addr)]})
		}
	}
	return out
}

// summary is the verdict in one line.
func (c Candidates) summary(segs []dump.Segment, reps []AgainstReport, best int) string {
	r := &reps[best]
	var s string
	if r.Same() {
		s = fmt.Sprintf("%s: identical in all %d bytes its source defines that the dump holds", r.Build, r.SourceBytes)
		if p := byKey(reps, KeyPublished); strings.HasPrefix(r.Key, BlockPrefix) && p != nil && p.Same() {
			s += " (the block the 1977 program carries)"
		}
	} else {
		s = fmt.Sprintf("differs: closest is %s: %d of the %d bytes its source defines that the dump holds differ, at %s",
			r.Build, len(r.Differences), r.SourceBytes, RangeList(r.DifferenceRuns, 8))
	}
	if r.Partial() {
		s += fmt.Sprintf("; only part of it: the dump covers %s, %d of the %d bytes its source defines", RangeList(SegmentRanges(segs), 8), r.SourceBytes, r.SourceTotal)
	}
	if r.Same() {
		s += residueNote(r, byKey(reps, KeyClean))
	} else if note := c.otherBlock(segs, r); note != "" {
		s += "; " + note
	}
	return s
}

// residueNote says whether the bytes no source defines are the build's
// too: the published listing's, or zero as the program alone has them.
func residueNote(r, clean *AgainstReport) string {
	n, k := r.ResidueBytes, len(r.ResidueDifferences)
	switch {
	case n == 0:
		return ""
	case k == 0 && r.Key == KeyClean:
		return fmt.Sprintf("; its %d residue bytes are zero, as the program built without residue has them", n)
	case k == 0:
		return fmt.Sprintf("; its %d residue bytes (board, variables, stack, unused) match the published hex listing too", n)
	case clean != nil && r.Key != KeyClean && clean.ResidueBytes > 0 && len(clean.ResidueDifferences) == 0:
		return fmt.Sprintf("; its %d residue bytes are zero, as the program built without residue has them", clean.ResidueBytes)
	}
	return fmt.Sprintf("; %d of its %d residue bytes (board, variables, stack, unused) differ from the published hex listing: the state it was dumped in, not counted", k, n)
}

// otherBlock names the opening block a program's dump holds when that is
// all that differs: the program with another opening loaded.
func (c Candidates) otherBlock(segs []dump.Segment, r *AgainstReport) string {
	if strings.HasPrefix(r.Key, BlockPrefix) || c.ownBlock(r.Key) {
		return ""
	}
	for _, x := range r.Differences {
		var a int
		fmt.Sscanf(x.Address, "%X", &a)
		if a < c.BookStart || a >= c.BookEnd {
			return ""
		}
	}
	book := c.bookPart(segs)
	if dump.Size(book) != c.BookEnd-c.BookStart {
		return ""
	}
	for _, b := range c.Blocks {
		if rep := Against(book, b); rep.Same() {
			return fmt.Sprintf("%s–%s is %s: the program with another opening loaded", hex4(c.BookStart), hex4(c.BookEnd-1), b.Name)
		}
	}
	return ""
}

func byKey(reps []AgainstReport, key string) *AgainstReport {
	for i := range reps {
		if reps[i].Key == key {
			return &reps[i]
		}
	}
	return nil
}

// RangeList writes ranges as 0009, 0100–0101, at most n of them.
func RangeList(rs []Range, n int) string {
	var out []string
	for i, r := range rs {
		if i == n {
			out = append(out, fmt.Sprintf("and %d more ranges", len(rs)-n))
			break
		}
		if r.Start == r.End {
			out = append(out, r.Start)
		} else {
			out = append(out, r.Start+"–"+r.End)
		}
	}
	return strings.Join(out, ", ")
}

// ownBlock tells whether the program of a key has its opening block as
// its own part (Candidate.OwnBlock).
func (c Candidates) ownBlock(key string) bool {
	for _, p := range c.Programs {
		if p.Key == key {
			return p.OwnBlock
		}
	}
	return false
}
