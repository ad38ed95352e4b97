// Package linker lays assembled statements into load images: one image per
// memory region the program touches, as tapes carry them. It knows no
// machine: the caller's Layout says where images may go and what memory
// nothing may be loaded into.
package linker

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/diag"
)

// Region is a block of memory that becomes one image.
type Region struct {
	Name       string
	ID         byte // tape ID
	Start, End uint16
}

func (r Region) String() string { return fmt.Sprintf("%s %04X–%04X", r.Name, r.Start, r.End) }

// Reserved is memory nothing may be loaded into, such as a monitor's
// workspace or a ROM.
type Reserved struct {
	What       string
	Start, End uint16
}

// Layout is the memory a program is linked into.
type Layout struct {
	Regions  []Region
	Reserved []Reserved
	// Overflow is said once, with the first error, when bytes fall
	// outside every region: what the user can do about it.
	Overflow string
}

// Image is a contiguous load image. Src records, per byte, the statement
// that defined it (nil: no statement did; the byte is 00).
type Image struct {
	Name  string
	ID    byte
	Start uint16
	Bytes []byte
	Src   []*asm.Stmt
}

// End is the image's last address.
func (im *Image) End() uint16 { return im.Start + uint16(len(im.Bytes)) - 1 }

// Defined reports how many bytes some statement defined.
func (im *Image) Defined() int {
	n := 0
	for _, s := range im.Src {
		if s != nil {
			n++
		}
	}
	return n
}

// ParseRegion reads NAME=SSSS-EEEE (hex), e.g. ram=2000-3FFF.
func ParseRegion(s string) (Region, error) {
	name, span, ok := strings.Cut(s, "=")
	lo, hi, ok2 := strings.Cut(span, "-")
	if !ok || !ok2 || name == "" {
		return Region{}, fmt.Errorf("region %q: want NAME=SSSS-EEEE (hex), e.g. ram=2000-3FFF", s)
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return Region{}, fmt.Errorf("region %q: a name is letters, digits, - and _ (it becomes part of a file name)", s)
		}
	}
	a, err1 := strconv.ParseUint(lo, 16, 16)
	b, err2 := strconv.ParseUint(hi, 16, 16)
	if err1 != nil || err2 != nil || a > b {
		return Region{}, fmt.Errorf("region %q: want NAME=SSSS-EEEE with SSSS <= EEEE (hex)", s)
	}
	return Region{Name: name, Start: uint16(a), End: uint16(b)}, nil
}

// WithRegion returns the layout with one more region. It refuses a region
// whose name is taken or that overlaps a region or reserved memory, naming
// both.
func (l Layout) WithRegion(r Region) (Layout, error) {
	for _, o := range l.Regions {
		if strings.EqualFold(o.Name, r.Name) {
			return l, fmt.Errorf("region %s: the name %s is taken by %s", r, r.Name, o)
		}
		if r.Start <= o.End && o.Start <= r.End {
			return l, fmt.Errorf("region %s overlaps %s", r, o)
		}
	}
	for _, o := range l.Reserved {
		if r.Start <= o.End && o.Start <= r.End {
			return l, fmt.Errorf("region %s overlaps %s %04X–%04X", r, o.What, o.Start, o.End)
		}
	}
	out := l
	out.Regions = append(append([]Region(nil), l.Regions...), r)
	return out, nil
}

// Link places every byte of the program in its region. Each image spans
// from the first to the last byte defined in its region (or from the
// region's start when that is within a page); gaps are 00. Bytes outside
// every region, or in reserved memory, are errors at the statement that
// emitted them, one error per run of such bytes.
func Link(l Layout, p *asm.Program) ([]*Image, error) {
	return LinkFill(l, p, nil)
}

// LinkFill is Link with a fill program whose bytes go only where p defines
// none (the residue a published dump holds beyond the program): where p
// has grown over them, p's bytes stand.
func LinkFill(l Layout, p, fill *asm.Program) ([]*Image, error) {
	owner := map[int]*asm.Stmt{}
	var errs diag.ErrorList
	place(l, p, owner, false, &errs)
	if fill != nil {
		place(l, fill, owner, true, &errs)
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	var images []*Image
	for _, r := range l.Regions {
		lo, hi := -1, -1
		for a := int(r.Start); a <= int(r.End); a++ {
			if owner[a] != nil {
				if lo < 0 {
					lo = a
				}
				hi = a
			}
		}
		if lo < 0 {
			continue
		}
		// An image starts at the region start when the program starts in
		// its first page, so tapes load from the usual place.
		if lo-int(r.Start) < 0x100 {
			lo = int(r.Start)
		}
		im := &Image{Name: r.Name, ID: r.ID, Start: uint16(lo)}
		for a := lo; a <= hi; a++ {
			s := owner[a]
			var b byte
			if s != nil {
				b = s.Bytes[a-int(s.Addr)]
			}
			im.Bytes = append(im.Bytes, b)
			im.Src = append(im.Src, s)
		}
		images = append(images, im)
	}
	return images, nil
}

// place records each byte's statement in owner. A fill byte never replaces
// one already placed. Bytes outside the regions are reported a run at a
// time: a program that outgrows its memory gets one error, not hundreds.
func place(l Layout, p *asm.Program, owner map[int]*asm.Stmt, fill bool, errs *diag.ErrorList) {
	outside := &outsideRuns{l: l, errs: errs, say: func(start, end int) string {
		return fmt.Sprintf("%04X–%04X is outside the memory being linked (%s)", start, end, describe(l.Regions))
	}}
	for _, s := range p.Stmts {
		for i := range s.Bytes {
			addr := int(s.Addr) + i
			if rs := reservedAt(l.Reserved, addr); rs != nil {
				outside.flush()
				errs.Add(s.Pos, "%04X is %s (%04X–%04X): nothing may be loaded there", addr, rs.What, rs.Start, rs.End)
				break
			}
			if regionOf(l.Regions, addr) < 0 {
				outside.add(s, addr)
				continue
			}
			outside.flush()
			if fill && owner[addr] != nil {
				continue
			}
			owner[addr] = s
		}
	}
	outside.flush()
}

// outsideRuns reports bytes outside the memory being linked a run at a
// time, at the run's first statement, and the layout's advice once: a
// program that outgrows its memory gets one error, not hundreds.
type outsideRuns struct {
	l          Layout
	errs       *diag.ErrorList
	say        func(start, end int) string // the message for a run
	run        *asm.Stmt                   // first statement of the current run
	start, end int
	advised    bool
}

func (o *outsideRuns) add(s *asm.Stmt, addr int) {
	if o.run != nil && addr == o.end+1 {
		o.end = addr
		return
	}
	o.flush()
	o.run, o.start, o.end = s, addr, addr
}

func (o *outsideRuns) flush() {
	if o.run == nil {
		return
	}
	msg := o.say(o.start, o.end)
	if o.l.Overflow != "" && !o.advised {
		msg += ": " + o.l.Overflow
		o.advised = true
	}
	o.errs.Add(o.run.Pos, "%s", msg)
	o.run = nil
}

func reservedAt(rs []Reserved, addr int) *Reserved {
	for i, r := range rs {
		if addr >= int(r.Start) && addr <= int(r.End) {
			return &rs[i]
		}
	}
	return nil
}

func regionOf(regions []Region, addr int) int {
	for i, r := range regions {
		if addr >= int(r.Start) && addr <= int(r.End) {
			return i
		}
	}
	return -1
}

func describe(regions []Region) string {
	var parts []string
	for _, r := range regions {
		parts = append(parts, fmt.Sprintf("%04X–%04X", r.Start, r.End))
	}
	return strings.Join(parts, ", ")
}
