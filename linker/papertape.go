package linker

import "github.com/kim1-archive/microchess/dump"

// PaperTape renders images, in their order, in the MOS Technology
// paper-tape format the KIM-1 monitor's TTY loader (L command) reads; the
// format is package dump's (dump.WritePaperTape): records of up to 24 data
// bytes with their 16-bit sums, a last record counting them, CR LF line
// ends, and none of the NULs a real punch adds, so that the file can be
// sent from a terminal program. It panics if an image runs past FFFF or
// overlaps another, which no image a Layout places does.
func PaperTape(images ...*Image) string {
	segs := make([]dump.Segment, len(images))
	for i, im := range images {
		segs[i] = dump.Segment{Addr: im.Start, Data: im.Bytes}
	}
	b, err := dump.WritePaperTape(segs)
	if err != nil {
		panic("linker.PaperTape: " + err.Error())
	}
	return string(b)
}
