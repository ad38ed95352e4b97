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
	Stmts      []*asm.Stmt // statements that wrote the range, in address order
}

// Overlay applies a patch program on top of base images. The patch may only
// write inside the base images, never into reserved memory, and never
// twice to one address. The base images are not modified: patched copies
// are returned, with the patch's statements recorded as each byte's source.
func Overlay(base []*Image, patch *asm.Program, reserved []Reserved) ([]*Image, []Change, error) {
	var errs diag.ErrorList
	out := make([]*Image, len(base))
	for i, im := range base {
		cp := *im
		cp.Bytes = append([]byte(nil), im.Bytes...)
		cp.Src = append([]*asm.Stmt(nil), im.Src...)
		out[i] = &cp
	}
	written := map[int]*asm.Stmt{}
	var addrs []int
	for _, s := range patch.Stmts {
		for i, b := range s.Bytes {
			addr := int(s.Addr) + i
			if prev, twice := written[addr]; twice {
				errs.Add(s.Pos, "the patch writes %04X twice (also at %s)", addr, prev.Pos)
				break
			}
			if r := reservedAt(reserved, addr); r != nil {
				errs.Add(s.Pos, "the patch writes %04X, %s (%04X–%04X)", addr, r.What, r.Start, r.End)
				break
			}
			im := imageAt(out, addr)
			if im == nil {
				errs.Add(s.Pos, "the patch writes %04X, outside the base images (%s)", addr, spans(base))
				break
			}
			written[addr] = s
			addrs = append(addrs, addr)
			im.Bytes[addr-int(im.Start)] = b
			im.Src[addr-int(im.Start)] = s
		}
	}
	if err := errs.Err(); err != nil {
		return nil, nil, err
	}
	sort.Ints(addrs)
	var changes []Change
	for i := 0; i < len(addrs); {
		j := i
		for j+1 < len(addrs) && addrs[j+1] == addrs[j]+1 {
			j++
		}
		c := Change{Start: uint16(addrs[i]), End: uint16(addrs[j])}
		for _, a := range addrs[i : j+1] {
			s := written[a]
			if len(c.Stmts) == 0 || c.Stmts[len(c.Stmts)-1] != s {
				c.Stmts = append(c.Stmts, s)
			}
			if b := imageAt(base, a); b != nil && b.Bytes[a-int(b.Start)] != s.Bytes[a-int(s.Addr)] {
				c.Differ++
			}
		}
		changes = append(changes, c)
		i = j + 1
	}
	return out, changes, nil
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
