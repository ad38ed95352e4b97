package linker

import (
	"fmt"
	"sort"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/diag"
)

// Change is an address range a patch writes, with how many of its bytes
// actually differ from the base.
type Change struct {
	Start, End uint16
	Differ     int
	// New is set when the range lies outside the base images: new code or
	// data in memory the base program did not fill (expansion RAM, say),
	// rather than a change to the base.
	New   bool
	Stmts []*asm.Stmt // statements that wrote the range, in address order
}

// Overlay applies a patch program on top of base images. The patch may
// write anywhere in the layout's regions, never into reserved memory and
// never twice to one address: over a base image it changes the base's
// bytes; elsewhere it adds to the image of that region (one is made when
// the base has none there, as Link would make it). The base images are not
// modified: patched copies are returned, with the patch's statements
// recorded as each byte's source.
func Overlay(base []*Image, patch *asm.Program, l Layout) ([]*Image, []Change, error) {
	var errs diag.ErrorList
	written := map[int]*asm.Stmt{}
	var addrs []int
	outside := &outsideRuns{l: l, errs: &errs, say: func(start, end int) string {
		where := fmt.Sprintf("%04X–%04X", start, end)
		if start == end {
			where = fmt.Sprintf("%04X", start)
		}
		return fmt.Sprintf("the patch writes %s, outside the base images (%s) and the memory being linked (%s)", where, spans(base), describe(l.Regions))
	}}
	for _, s := range patch.Stmts {
		for i := range s.Bytes {
			addr := int(s.Addr) + i
			if prev, twice := written[addr]; twice {
				errs.Add(s.Pos, "the patch writes %04X twice (also at %s)", addr, prev.Pos)
				break
			}
			if r := reservedAt(l.Reserved, addr); r != nil {
				outside.flush()
				errs.Add(s.Pos, "the patch writes %04X, %s (%04X–%04X)", addr, r.What, r.Start, r.End)
				break
			}
			written[addr] = s
			if imageAt(base, addr) == nil && regionOf(l.Regions, addr) < 0 {
				outside.add(s, addr)
				continue
			}
			outside.flush()
			addrs = append(addrs, addr)
		}
	}
	outside.flush()
	if err := errs.Err(); err != nil {
		return nil, nil, err
	}
	sort.Ints(addrs)
	out := grow(base, addrs, l.Regions)
	for _, a := range addrs {
		s := written[a]
		im := imageAt(out, a)
		im.Bytes[a-int(im.Start)] = s.Bytes[a-int(s.Addr)]
		im.Src[a-int(im.Start)] = s
	}
	return out, changes(base, addrs, written), nil
}

// grow copies the base images and widens them (or adds one a region) so
// that every written address lies in an image.
func grow(base []*Image, addrs []int, regions []Region) []*Image {
	var out []*Image
	for _, im := range base {
		cp := *im
		cp.Bytes = append([]byte(nil), im.Bytes...)
		cp.Src = append([]*asm.Stmt(nil), im.Src...)
		out = append(out, &cp)
	}
	for _, r := range regions {
		lo, hi := -1, -1
		for _, a := range addrs {
			if a >= int(r.Start) && a <= int(r.End) && imageAt(out, a) == nil {
				if lo < 0 {
					lo = a
				}
				hi = a
			}
		}
		if lo < 0 {
			continue
		}
		var im *Image
		for _, o := range out {
			if int(o.Start) >= int(r.Start) && int(o.End()) <= int(r.End) {
				im = o
			}
		}
		if im == nil {
			// As Link does: an image starts at its region's start when the
			// code starts in the region's first page.
			if lo-int(r.Start) < 0x100 {
				lo = int(r.Start)
			}
			n := hi - lo + 1
			out = append(out, &Image{Name: r.Name, ID: r.ID, Start: uint16(lo), Bytes: make([]byte, n), Src: make([]*asm.Stmt, n)})
			continue
		}
		if lo < int(im.Start) {
			n := int(im.Start) - lo
			im.Bytes = append(make([]byte, n), im.Bytes...)
			im.Src = append(make([]*asm.Stmt, n), im.Src...)
			im.Start = uint16(lo)
		}
		if n := hi - int(im.End()); n > 0 {
			im.Bytes = append(im.Bytes, make([]byte, n)...)
			im.Src = append(im.Src, make([]*asm.Stmt, n)...)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out
}

// changes groups the written addresses into runs, split where a run
// passes from the base images into new memory.
func changes(base []*Image, addrs []int, written map[int]*asm.Stmt) []Change {
	var out []Change
	for i := 0; i < len(addrs); {
		isNew := imageAt(base, addrs[i]) == nil
		j := i
		for j+1 < len(addrs) && addrs[j+1] == addrs[j]+1 && (imageAt(base, addrs[j+1]) == nil) == isNew {
			j++
		}
		c := Change{Start: uint16(addrs[i]), End: uint16(addrs[j]), New: isNew}
		for _, a := range addrs[i : j+1] {
			s := written[a]
			if len(c.Stmts) == 0 || c.Stmts[len(c.Stmts)-1] != s {
				c.Stmts = append(c.Stmts, s)
			}
			if b := imageAt(base, a); b != nil && b.Bytes[a-int(b.Start)] != s.Bytes[a-int(s.Addr)] {
				c.Differ++
			}
		}
		out = append(out, c)
		i = j + 1
	}
	return out
}

func imageAt(images []*Image, addr int) *Image {
	for _, im := range images {
		if addr >= int(im.Start) && addr <= int(im.End()) {
			return im
		}
	}
	return nil
}

func spans(images []*Image) string {
	s := ""
	for i, im := range images {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%04X–%04X", im.Start, im.End())
	}
	return s
}
