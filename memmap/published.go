package memmap

import (
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/ref"
)

// Published is the 1977 hex listing as the images the tapes carried, named
// and numbered as Layout's regions: C0 at 0000–03FF and C1 at 1780–17E5
// (the manual's "1780 to 17E6" gives the tape's end address, one past the
// last byte).
func Published() []*linker.Image {
	var out []*linker.Image
	for _, b := range ref.HexListing1977() {
		im := &linker.Image{Start: b.Start, Bytes: b.Bytes}
		for _, r := range Layout.Regions {
			if b.Start >= r.Start && b.End() <= r.End {
				im.Name, im.ID = r.Name, r.ID
			}
		}
		out = append(out, im)
	}
	return out
}
