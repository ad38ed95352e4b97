package verify

import (
	"fmt"
	"io"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/linker"
)

// ExtensionReport says what a program built over the original (an
// extension: new routines in expansion RAM, the original re-pointed to
// them) does to it: every byte of the original it changes, named by the
// original's source line and the extension's, and where its own bytes lie.
type ExtensionReport struct {
	Changed []ChangedByte `json:"changed"` // bytes of the original given a new value
	// Rewritten counts bytes of the original the extension writes with
	// the value they already had (an opcode kept when a call is
	// re-pointed, say).
	Rewritten int        `json:"rewritten_same"`
	New       []NewRange `json:"new"` // where the extension's own bytes lie
}

// ChangedByte is one byte of the original an extension changes.
type ChangedByte struct {
	Original Byte   `json:"original"` // the byte as the original has it, with its source
	Now      string `json:"now"`      // the value the extension gives it
	By       string `json:"by"`       // the extension's statement (file:line:col)
	ByText   string `json:"by_source"`
}

// NewRange is a run of the extension's own bytes.
type NewRange struct {
	Start string `json:"start"`
	End   string `json:"end"`
	Bytes int    `json:"bytes"`
	Image string `json:"image"`
	From  string `json:"from"` // the first statement, file:line:col
}

// CompareExtension reports an overlay (linker.Overlay's changes and
// patched images) against the original's images and program (for the
// names of its bytes).
func CompareExtension(original *asm.Program, base, patched []*linker.Image, changes []linker.Change) ExtensionReport {
	anchors := map[*asm.Stmt]anchor{}
	anchorsOf(original, anchors)
	rep := ExtensionReport{Changed: []ChangedByte{}, New: []NewRange{}}
	for _, c := range changes {
		if c.New {
			im := imageFor(patched, int(c.Start))
			rep.New = append(rep.New, NewRange{Start: hex4(int(c.Start)), End: hex4(int(c.End)), Bytes: int(c.End-c.Start) + 1,
				Image: im.Name, From: c.Stmts[0].Pos.String()})
			continue
		}
		for a := int(c.Start); a <= int(c.End); a++ {
			b, p := imageFor(base, a), imageFor(patched, a)
			was, now := b.Bytes[a-int(b.Start)], p.Bytes[a-int(p.Start)]
			if was == now {
				rep.Rewritten++
				continue
			}
			by := p.Src[a-int(p.Start)]
			e := Byte{Address: hex4(a), Got: fmt.Sprintf("%02X", was)}
			if s := b.Src[a-int(b.Start)]; s != nil {
				e = describe(a, was, was, s, anchors, false)
				e.Expected = ""
			}
			rep.Changed = append(rep.Changed, ChangedByte{Original: e, Now: fmt.Sprintf("%02X", now), By: by.Pos.String(), ByText: by.Text})
		}
	}
	return rep
}

// WriteExtensionText prints the report for people.
func WriteExtensionText(w io.Writer, name string, r ExtensionReport) {
	fmt.Fprintf(w, "%s changes %d byte(s) of the original (and writes %d with the value they had):\n", name, len(r.Changed), r.Rewritten)
	for _, c := range r.Changed {
		o := c.Original
		where := "no source line"
		if o.File != "" {
			where = fmt.Sprintf("%s:%d (statement %d, %s)  %s", o.File, o.Line, o.Statement, o.Symbol, o.Source)
		}
		fmt.Fprintf(w, "  %s  %s -> %s  %s\n             by %s  %s\n", o.Address, o.Got, c.Now, where, c.By, c.ByText)
	}
	for _, n := range r.New {
		fmt.Fprintf(w, "  new  %s–%s  %4d bytes in image %s, from %s\n", n.Start, n.End, n.Bytes, n.Image, n.From)
	}
}
