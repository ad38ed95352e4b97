// Package dump reads and writes the formats KIM-1 owners and archivists
// trade program dumps in: raw binaries (with the load address given apart),
// MOS Technology paper tape (the KIM-1 monitor's L and Q), Intel HEX,
// Motorola S-records and MAME's .kim cassette image. A dump is a list of
// segments, each a run of bytes at consecutive 16-bit addresses; see
// docs/dumps.md for each format as implemented.
package dump

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/kim1-archive/microchess/diag"
)

// Segment is a run of bytes at consecutive addresses from Addr.
type Segment struct {
	Addr uint16
	Data []byte
}

// End is one past the segment's last address: 0x10000 for a segment that
// ends at FFFF, so it is an int.
func (s Segment) End() int { return int(s.Addr) + len(s.Data) }

// String is the segment's address range, as the toolchain prints ranges.
func (s Segment) String() string { return span(int(s.Addr), s.End()) }

// span prints the range lo..end-1 ("0000–03FF"); a range of one byte (or
// none) prints its start alone.
func span(lo, end int) string {
	if end-1 <= lo {
		return fmt.Sprintf("%04X", lo)
	}
	return fmt.Sprintf("%04X–%04X", lo, end-1)
}

// Dump is what a file holds: its segments (sorted by address, none
// overlapping, adjacent runs joined) and what some formats carry besides.
type Dump struct {
	Format   string // the format read: one of the Format names
	Segments []Segment
	Start    uint16 // the start (execution) address, when HasStart
	HasStart bool
	Header   string // an S-record file's S0 header text
	ID       byte   // a .kim tape's ID byte (the KIM-1's 17F9), when HasID
	HasID    bool
}

// Size is the number of data bytes in the segments.
func Size(segs []Segment) int {
	n := 0
	for _, s := range segs {
		n += len(s.Data)
	}
	return n
}

// piece is a run of bytes as a reader found it, with where: the readers
// collect pieces and join them into segments at the end, so that an
// overlap can name both places.
type piece struct {
	addr int
	data []byte
	pos  string // "file:line:col" or "file: offset N"
}

// join sorts pieces by address, reports every piece that overlaps an
// earlier one (naming both), and joins adjacent pieces into segments. The
// segments own their bytes.
func join(ps []piece) ([]Segment, error) {
	order := make([]int, len(ps))
	for i := range order {
		order[i] = i
	}
	// Stable by address, then by place in the file, so the later record is
	// the one blamed for an overlap.
	slices.SortStableFunc(order, func(a, b int) int { return ps[a].addr - ps[b].addr })
	var errs []string
	var segs []Segment
	reach := -1 // the piece that reaches highest so far
	for _, i := range order {
		p := ps[i]
		if len(p.data) == 0 {
			continue
		}
		if reach >= 0 {
			q := ps[reach]
			if p.addr < q.addr+len(q.data) {
				a, b := p, q
				if i < reach {
					a, b = q, p
				}
				errs = append(errs, diag.Printable(fmt.Sprintf("%s: %s overlaps %s from %s",
					a.pos, span(a.addr, a.addr+len(a.data)), span(b.addr, b.addr+len(b.data)), b.pos)))
				if p.addr+len(p.data) > q.addr+len(q.data) {
					reach = i
				}
				continue
			}
		}
		if n := len(segs); n > 0 && segs[n-1].End() == p.addr {
			segs[n-1].Data = append(segs[n-1].Data, p.data...)
		} else {
			segs = append(segs, Segment{Addr: uint16(p.addr), Data: append([]byte(nil), p.data...)})
		}
		reach = i
	}
	if len(errs) > 0 {
		return nil, errors.New(strings.Join(errs, "\n"))
	}
	return segs, nil
}

// Check tells whether segments make a dump a writer can write: each within
// the 16-bit address space, none overlapping another. Empty segments are
// allowed (writers skip them).
func Check(segs []Segment) error {
	var errs []string
	for _, s := range segs {
		if s.End() > 0x10000 {
			errs = append(errs, fmt.Sprintf("segment of %s at %04X runs past FFFF", plural(len(s.Data), "byte"), s.Addr))
		}
	}
	sorted := sortedCopy(segs)
	for i := 1; i < len(sorted); i++ {
		if a, b := sorted[i-1], sorted[i]; int(b.Addr) < a.End() {
			errs = append(errs, fmt.Sprintf("segment %s overlaps segment %s", a, b))
		}
	}
	if len(errs) > 0 {
		return errors.New(strings.Join(errs, "\n"))
	}
	return nil
}

// sortedCopy is the non-empty segments sorted by address.
func sortedCopy(segs []Segment) []Segment {
	var out []Segment
	for _, s := range segs {
		if len(s.Data) > 0 {
			out = append(out, s)
		}
	}
	slices.SortStableFunc(out, func(a, b Segment) int { return int(a.Addr) - int(b.Addr) })
	return out
}

// GapError is the refusal of a format that holds one contiguous range
// (a raw binary, a .kim tape) to write segments with gaps between them.
type GapError struct {
	Format   string    // the format's description
	Segments []Segment // the segments, sorted
}

func (e *GapError) Error() string {
	var gaps []string
	for i := 1; i < len(e.Segments); i++ {
		gaps = append(gaps, span(e.Segments[i-1].End(), int(e.Segments[i].Addr)))
	}
	return fmt.Sprintf("%s holds one contiguous range, and the dump has %d segments (%s) with gaps at %s",
		e.Format, len(e.Segments), list(e.Segments), strings.Join(gaps, ", "))
}

func list(segs []Segment) string {
	s := make([]string, len(segs))
	for i, g := range segs {
		s[i] = g.String()
	}
	return strings.Join(s, ", ")
}

// contiguous is the one range that segments cover without gaps, for the
// formats that hold only one; format describes the format for the error.
func contiguous(segs []Segment, format string) (Segment, error) {
	if err := Check(segs); err != nil {
		return Segment{}, err
	}
	sorted := sortedCopy(segs)
	if len(sorted) == 0 {
		return Segment{}, fmt.Errorf("%s cannot be empty: the dump holds no bytes", format)
	}
	out := Segment{Addr: sorted[0].Addr}
	for i, s := range sorted {
		if i > 0 && int(s.Addr) != sorted[i-1].End() {
			return Segment{}, &GapError{Format: format, Segments: sorted}
		}
		out.Data = append(out.Data, s.Data...)
	}
	return out, nil
}

// Fill joins segments into one that runs from the first address to the
// last, with the gaps between them filled with the byte fill: how a dump
// of several ranges becomes a raw binary or a .kim tape.
func Fill(segs []Segment, fill byte) ([]Segment, error) {
	if err := Check(segs); err != nil {
		return nil, err
	}
	sorted := sortedCopy(segs)
	if len(sorted) == 0 {
		return nil, nil
	}
	lo := int(sorted[0].Addr)
	data := make([]byte, sorted[len(sorted)-1].End()-lo)
	for i := range data {
		data[i] = fill
	}
	for _, s := range sorted {
		copy(data[int(s.Addr)-lo:], s.Data)
	}
	return []Segment{{Addr: uint16(lo), Data: data}}, nil
}
