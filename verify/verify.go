// Package verify proves linked images against the published reference and
// reports, per address, whether a source defined the byte and whether it is
// the printed one.
package verify

import (
	"fmt"
	"sort"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/linker"
)

// Byte is one reported address.
type Byte struct {
	Address   string `json:"address"`
	Expected  string `json:"expected,omitempty"` // reference byte
	Got       string `json:"got,omitempty"`      // image byte
	File      string `json:"file,omitempty"`
	Line      int    `json:"line,omitempty"`      // line in File
	Statement int    `json:"statement,omitempty"` // listing statement number
	Symbol    string `json:"symbol,omitempty"`    // e.g. CHESS+3
	Source    string `json:"source,omitempty"`    // the source line
	Residue   bool   `json:"residue,omitempty"`   // defined by a residue data source
}

// Range is an inclusive address range.
type Range struct {
	Start string `json:"start"`
	End   string `json:"end"`
}

// ImageReport classifies every address of one reference image.
type ImageReport struct {
	Name        string `json:"name"`
	ID          string `json:"id"`
	Start       string `json:"start"`
	End         string `json:"end"`
	SourceBytes int    `json:"source_bytes"` // defined by program source
	Identical   int    `json:"identical"`    // of those, equal to the reference
	Mismatches  []Byte `json:"mismatches"`   // source or residue byte differs
	// ResidueBytes are carried from residue data and equal the reference.
	ResidueBytes int `json:"residue_bytes"`
	// Reconstructed bytes come from lines no document fixes; they are
	// compared where a reference exists but never counted as verified.
	Reconstructed  []Byte  `json:"reconstructed"`
	Undefined      []Range `json:"undefined"`       // reference bytes no source defines
	Extra          []Range `json:"extra"`           // source bytes the reference lacks
	TotalIdentical int     `json:"total_identical"` // all bytes equal, any origin
	ReferenceBytes int     `json:"reference_bytes"`
}

// OK reports whether the image has no mismatch.
func (r *ImageReport) OK() bool { return len(r.Mismatches) == 0 }

// Options says which source files are residue data rather than program.
type Options struct {
	Residue map[string]bool
}

// Compare classifies the images against the reference images with the same
// name; progs are the programs the images were linked from, for naming
// each byte after a label. Images without a reference are reported with
// every byte as extra.
func Compare(progs []*asm.Program, images []*linker.Image, refs []*linker.Image, opt Options) []ImageReport {
	anchors := map[*asm.Stmt]anchor{}
	for _, p := range progs {
		if p != nil {
			anchorsOf(p, anchors)
		}
	}
	got := map[string]*linker.Image{}
	for _, im := range images {
		got[im.Name] = im
	}
	var reports []ImageReport
	for _, r := range refs {
		reports = append(reports, compareOne(got[r.Name], r, anchors, opt))
		delete(got, r.Name)
	}
	var rest []string
	for name := range got {
		rest = append(rest, name)
	}
	sort.Strings(rest)
	for _, name := range rest {
		im := got[name]
		rep := ImageReport{Name: im.Name, ID: fmt.Sprintf("%02X", im.ID), Start: hex4(int(im.Start)), End: hex4(int(im.End()))}
		rep.Extra = []Range{{hex4(int(im.Start)), hex4(int(im.End()))}}
		reports = append(reports, rep)
	}
	return reports
}

func compareOne(im *linker.Image, r *linker.Image, anchors map[*asm.Stmt]anchor, opt Options) ImageReport {
	rep := ImageReport{Name: r.Name, ID: fmt.Sprintf("%02X", r.ID), Start: hex4(int(r.Start)), End: hex4(int(r.End())),
		ReferenceBytes: len(r.Bytes), Mismatches: []Byte{}, Reconstructed: []Byte{}, Undefined: []Range{}, Extra: []Range{}}
	var undefined, extra []int
	for i, want := range r.Bytes {
		addr := int(r.Start) + i
		var s *asm.Stmt
		var b byte
		if im != nil && addr >= int(im.Start) && addr <= int(im.End()) {
			s = im.Src[addr-int(im.Start)]
			b = im.Bytes[addr-int(im.Start)]
		}
		if s == nil {
			undefined = append(undefined, addr)
			continue
		}
		if b == want {
			rep.TotalIdentical++
		}
		residue := opt.Residue[s.Pos.File]
		entry := describe(addr, want, b, s, anchors, residue)
		switch {
		case s.Reconstructed:
			rep.Reconstructed = append(rep.Reconstructed, entry)
		case residue && b == want:
			rep.ResidueBytes++
		case residue:
			rep.Mismatches = append(rep.Mismatches, entry)
		default:
			rep.SourceBytes++
			if b == want {
				rep.Identical++
			} else {
				rep.Mismatches = append(rep.Mismatches, entry)
			}
		}
	}
	if im != nil {
		for i, s := range im.Src {
			addr := int(im.Start) + i
			if s != nil && (addr < int(r.Start) || addr > int(r.End())) {
				extra = append(extra, addr)
			}
		}
	}
	rep.Undefined = ranges(undefined)
	rep.Extra = ranges(extra)
	return rep
}

func describe(addr int, want, got byte, s *asm.Stmt, anchors map[*asm.Stmt]anchor, residue bool) Byte {
	e := Byte{Address: hex4(addr), Expected: fmt.Sprintf("%02X", want), Got: fmt.Sprintf("%02X", got),
		File: s.Pos.File, Line: s.Pos.Line, Statement: s.Number, Source: s.Text, Residue: residue}
	if a, ok := anchors[s]; ok && a.name != "" {
		e.Symbol = a.name
		if d := addr - a.value; d > 0 {
			e.Symbol += fmt.Sprintf("+%X", d)
		} else if d < 0 {
			e.Symbol += fmt.Sprintf("-%X", -d)
		}
	}
	return e
}

// anchor is the symbol a statement's bytes are named after: the nearest
// label above it, or the symbol its segment's origin was given as.
type anchor struct {
	name  string
	value int
}

func anchorsOf(p *asm.Program, out map[*asm.Stmt]anchor) {
	var cur anchor
	file := ""
	for _, s := range p.Stmts {
		if s.Pos.File != file {
			file, cur = s.Pos.File, anchor{}
		}
		switch {
		case s.Kind == asm.KindOrigin:
			cur = anchor{}
			if s.Operand != nil && s.Operand.Sym != "" {
				if sym := p.Symbols[s.Operand.Sym]; sym != nil {
					cur = anchor{sym.Name, sym.Value}
				}
			}
		case s.Label != "" && s.Kind != asm.KindEquate:
			cur = anchor{s.Label, int(s.Addr)}
		}
		if len(s.Bytes) > 0 {
			out[s] = cur
		}
	}
}

func ranges(addrs []int) []Range {
	out := []Range{}
	for i := 0; i < len(addrs); {
		j := i
		for j+1 < len(addrs) && addrs[j+1] == addrs[j]+1 {
			j++
		}
		out = append(out, Range{hex4(addrs[i]), hex4(addrs[j])})
		i = j + 1
	}
	return out
}

func hex4(v int) string { return fmt.Sprintf("%04X", v) }
