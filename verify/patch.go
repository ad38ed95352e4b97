package verify

import (
	"fmt"
	"io"
	"sort"

	"github.com/kim1-archive/microchess/linker"
)

// PatchReport proves a patch's bytes against the bytes its article prints.
type PatchReport struct {
	Writes        []Range `json:"writes"`        // address ranges the patch writes
	WrittenBytes  int     `json:"written_bytes"` // bytes the patch writes
	PrintedBytes  int     `json:"printed_bytes"` // of those, printed in the article
	Identical     int     `json:"identical"`     // printed and equal
	Mismatches    []Byte  `json:"mismatches"`    // printed and different
	Reconstructed []Byte  `json:"reconstructed"` // lines marked [RECONSTRUCTED]
	Unprinted     []Byte  `json:"unprinted"`     // neither printed nor marked: unproven
	NotWritten    []Range `json:"not_written"`   // printed bytes the patch does not write
}

// OK reports whether every printed byte is reproduced and every other
// byte is declared a reconstruction.
func (r *PatchReport) OK() bool {
	return len(r.Mismatches) == 0 && len(r.Unprinted) == 0 && len(r.NotWritten) == 0
}

// ComparePatch checks the bytes a patch wrote (changes, from
// linker.Overlay, with the patched images) against the printed bytes.
// A reconstructed byte is compared too where something was printed, but
// it is listed as reconstructed, never counted as identical.
func ComparePatch(patched []*linker.Image, changes []linker.Change, printed map[int]byte) PatchReport {
	rep := PatchReport{Writes: []Range{}, Mismatches: []Byte{}, Reconstructed: []Byte{}, Unprinted: []Byte{}, NotWritten: []Range{}}
	written := map[int]bool{}
	for _, c := range changes {
		rep.Writes = append(rep.Writes, Range{Start: hex4(int(c.Start)), End: hex4(int(c.End))})
		for a := int(c.Start); a <= int(c.End); a++ {
			written[a] = true
			rep.WrittenBytes++
			im := imageFor(patched, a)
			s, b := im.Src[a-int(im.Start)], im.Bytes[a-int(im.Start)]
			want, isPrinted := printed[a]
			e := Byte{Address: hex4(a), Got: fmt.Sprintf("%02X", b), File: s.Pos.File, Line: s.Pos.Line, Statement: s.Number, Source: s.Text}
			if isPrinted {
				e.Expected = fmt.Sprintf("%02X", want)
			}
			switch {
			case s.Reconstructed:
				rep.Reconstructed = append(rep.Reconstructed, e)
			case !isPrinted:
				rep.Unprinted = append(rep.Unprinted, e)
			case b == want:
				rep.PrintedBytes++
				rep.Identical++
			default:
				rep.PrintedBytes++
				rep.Mismatches = append(rep.Mismatches, e)
			}
		}
	}
	var missing []int
	for a := range printed {
		if !written[a] {
			missing = append(missing, a)
		}
	}
	sort.Ints(missing)
	rep.NotWritten = ranges(missing)
	return rep
}

func imageFor(images []*linker.Image, addr int) *linker.Image {
	for _, im := range images {
		if addr >= int(im.Start) && addr <= int(im.End()) {
			return im
		}
	}
	return nil
}

// WritePatchText prints the patch proof for people.
func WritePatchText(w io.Writer, r PatchReport) {
	fmt.Fprintf(w, "patch writes %d bytes in %d ranges:", r.WrittenBytes, len(r.Writes))
	for _, x := range r.Writes {
		fmt.Fprintf(w, " %s–%s", x.Start, x.End)
	}
	fmt.Fprintf(w, "\n  printed in the article  %4d bytes, %d identical, %d different\n", r.PrintedBytes, r.Identical, len(r.Mismatches))
	fmt.Fprintf(w, "  reconstructed           %4d bytes (not verified):\n", len(r.Reconstructed))
	for _, b := range r.Reconstructed {
		printed := "not printed"
		if b.Expected != "" {
			printed = "printed " + b.Expected
		}
		fmt.Fprintf(w, "    %s %s (%s)  %s:%d  %s\n", b.Address, b.Got, printed, b.File, b.Line, trimSource(b.Source))
	}
	for _, m := range r.Mismatches {
		fmt.Fprintf(w, "  MISMATCH %s: printed %s, assembled %s  %s:%d  %s\n", m.Address, m.Expected, m.Got, m.File, m.Line, trimSource(m.Source))
	}
	for _, u := range r.Unprinted {
		fmt.Fprintf(w, "  UNPROVEN %s: %s is neither printed nor marked [RECONSTRUCTED]  %s:%d  %s\n", u.Address, u.Got, u.File, u.Line, trimSource(u.Source))
	}
	for _, n := range r.NotWritten {
		fmt.Fprintf(w, "  NOT WRITTEN %s–%s: printed in the article, not written by the patch\n", n.Start, n.End)
	}
}
