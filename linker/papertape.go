package linker

import (
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/dump"
)

// LeftOut is a span of an image that a paper tape does not carry, and why.
type LeftOut struct {
	Image      string
	Start, End uint16
	Why        string      // the Reserved block's What
	Src        []*asm.Stmt // the statement that defined each byte, if any
}

// PaperTape renders images, in their order, in the MOS Technology
// paper-tape format the KIM-1 monitor's TTY loader (L command) reads; the
// format is package dump's (dump.WritePaperTape): records of up to 24 data
// bytes with their 16-bit sums, a last record counting them, CR LF line
// ends, and none of the NULs a real punch adds, so that the file can be
// sent from a terminal program.
//
// The bytes of the images inside skip are left out and returned: the
// loader stores through pointers of its own in page zero and calls
// subroutines on the stack, and a record that wrote there would break the
// load (microchess.LoaderWorkspace says where). It panics if an image runs
// past FFFF or overlaps another, which no image a Layout places does.
func PaperTape(skip []Reserved, images ...*Image) (string, []LeftOut) {
	var segs []dump.Segment
	var left []LeftOut
	for _, im := range images {
		lo, last := int(im.Start), int(im.Start)+len(im.Bytes)-1 // not End(): it wraps past FFFF
		for a := lo; a <= last; a++ {
			r, ok := inReserved(skip, a)
			if !ok {
				continue
			}
			end := min(int(r.End), last)
			if a > lo {
				segs = append(segs, dump.Segment{Addr: uint16(lo), Data: im.Bytes[lo-int(im.Start) : a-int(im.Start)]})
			}
			l := LeftOut{Image: im.Name, Start: uint16(a), End: uint16(end), Why: r.What}
			if len(im.Src) == len(im.Bytes) {
				l.Src = im.Src[a-int(im.Start) : end-int(im.Start)+1]
			}
			left = append(left, l)
			a, lo = end, end+1
		}
		if lo <= last {
			segs = append(segs, dump.Segment{Addr: uint16(lo), Data: im.Bytes[lo-int(im.Start):]})
		}
	}
	b, err := dump.WritePaperTape(segs)
	if err != nil {
		panic("linker.PaperTape: " + err.Error())
	}
	return string(b), left
}

func inReserved(rs []Reserved, a int) (Reserved, bool) {
	for _, r := range rs {
		if int(r.Start) <= a && a <= int(r.End) {
			return r, true
		}
	}
	return Reserved{}, false
}
