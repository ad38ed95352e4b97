// Package linker lays assembled statements into load images: one image per
// memory region the program touches, as the KIM-1 tapes carry them.
package linker

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kim1-archive/microchess/asm"
)

// Region is a block of RAM that becomes one tape image.
type Region struct {
	Name       string
	ID         byte // tape ID
	Start, End uint16
}

// KIM1 is the unexpanded KIM-1's RAM as MicroChess is loaded into it: the
// 1K at 0000–03FF (tape ID C0) and the 6530 RAM at 1780–17E6 (tape ID C1).
// 17E7–17FF is monitor workspace and may not be loaded.
var KIM1 = []Region{
	{Name: "c0", ID: 0xC0, Start: 0x0000, End: 0x03FF},
	{Name: "c1", ID: 0xC1, Start: 0x1780, End: 0x17E6},
}

// MonitorWorkspace is the part of the 6530 RAM the KIM-1 monitor uses.
const MonitorStart, MonitorEnd = 0x17E7, 0x17FF

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
		return Region{}, fmt.Errorf("region %q: want NAME=SSSS-EEEE (hex)", s)
	}
	a, err1 := strconv.ParseUint(lo, 16, 16)
	b, err2 := strconv.ParseUint(hi, 16, 16)
	if err1 != nil || err2 != nil || a > b {
		return Region{}, fmt.Errorf("region %q: want NAME=SSSS-EEEE with SSSS <= EEEE (hex)", s)
	}
	return Region{Name: name, Start: uint16(a), End: uint16(b)}, nil
}

// Link places every byte of the program in its region. Each image spans
// from the first to the last byte defined in its region; gaps are 00. A
// byte outside every region, or in the monitor workspace, is an error at
// the statement that emitted it.
func Link(p *asm.Program, regions []Region) ([]*Image, error) {
	var errs asm.ErrorList
	type span struct{ lo, hi int }
	spans := make([]span, len(regions))
	for i := range spans {
		spans[i] = span{-1, -1}
	}
	owner := map[int]*asm.Stmt{}
	for _, s := range p.Stmts {
		for i := range s.Bytes {
			addr := int(s.Addr) + i
			if addr >= MonitorStart && addr <= MonitorEnd {
				errs.Add(s.Pos, "%04X is KIM-1 monitor workspace (%04X–%04X): nothing may be loaded there", addr, MonitorStart, MonitorEnd)
				break
			}
			r := regionOf(regions, addr)
			if r < 0 {
				errs.Add(s.Pos, "%04X is outside the RAM being linked (%s)", addr, describe(regions))
				break
			}
			owner[addr] = s
			if spans[r].lo < 0 || addr < spans[r].lo {
				spans[r].lo = addr
			}
			if addr > spans[r].hi {
				spans[r].hi = addr
			}
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	var images []*Image
	for i, r := range regions {
		if spans[i].lo < 0 {
			continue
		}
		// A region's image starts at the region start when the program
		// starts within its first page, so tapes load from the usual place.
		lo := spans[i].lo
		if lo-int(r.Start) < 0x100 {
			lo = int(r.Start)
		}
		im := &Image{Name: r.Name, ID: r.ID, Start: uint16(lo)}
		for a := lo; a <= spans[i].hi; a++ {
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
