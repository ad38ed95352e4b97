// Package verify proves linked images against the published reference and
// reports, per address, whether a source defined the byte and whether it is
// the printed one.
package verify

import (
	"fmt"
	"sort"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/isa"
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
	// Printed is what the printed listing has at Start, when known: the
	// statement or table a missing or differing byte belongs to.
	Printed string `json:"printed,omitempty"`
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
	// MismatchRuns groups the mismatches into runs of consecutive
	// addresses, each with what the listing prints where it starts.
	MismatchRuns []Range `json:"mismatch_runs"`
	// ResidueBytes are carried from residue data and equal the reference.
	ResidueBytes int `json:"residue_bytes"`
	// Reconstructed bytes come from lines no document fixes; they are
	// compared where a reference exists but never counted as verified.
	Reconstructed []Byte  `json:"reconstructed"`
	Undefined     []Range `json:"undefined"` // reference bytes no source defines: a failure
	Extra         []Range `json:"extra"`     // source bytes the reference lacks
	// Shifts explain undefined bytes at the end of a block of code: bytes
	// the source no longer has further up (a deleted statement), so the
	// code after them sits lower than in the reference.
	Shifts         []Shift `json:"shifts"`
	TotalIdentical int     `json:"total_identical"` // all bytes equal, any origin
	ReferenceBytes int     `json:"reference_bytes"`
}

// Shift is code that sits Bytes bytes lower than in the reference from
// Missing.Start to End, because the reference's bytes in Missing are not
// in the source; Missing.Printed names what the listing prints there.
type Shift struct {
	Missing Range  `json:"missing"`
	Bytes   int    `json:"bytes"`
	End     string `json:"end"`
}

// OK reports whether every byte of the reference is defined and equal.
func (r *ImageReport) OK() bool { return len(r.Mismatches) == 0 && len(r.Undefined) == 0 }

// Landmark is what a printed listing has at a range of addresses: a
// statement or a table.
type Landmark struct {
	Start, End uint16
	What       string // e.g. "statement 96", "BLOCK DATA .POINTS"
}

// Options says which source files are residue data rather than program,
// and what the printed listing has where (to name what a missing or
// differing byte should have been).
type Options struct {
	Residue   map[string]bool
	Landmarks []Landmark
}

func (o Options) landmark(addr int) string {
	for _, l := range o.Landmarks {
		if addr >= int(l.Start) && addr <= int(l.End) {
			return l.What
		}
	}
	return ""
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
		rep.Extra = []Range{{Start: hex4(int(im.Start)), End: hex4(int(im.End()))}}
		reports = append(reports, rep)
	}
	return reports
}

func compareOne(im *linker.Image, r *linker.Image, anchors map[*asm.Stmt]anchor, opt Options) ImageReport {
	rep := ImageReport{Name: r.Name, ID: fmt.Sprintf("%02X", r.ID), Start: hex4(int(r.Start)), End: hex4(int(r.End())),
		ReferenceBytes: len(r.Bytes), Mismatches: []Byte{}, Reconstructed: []Byte{}, Undefined: []Range{}, Extra: []Range{}}
	var undefined, extra, differ []int
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
			differ = append(differ, addr)
		default:
			rep.SourceBytes++
			if b == want {
				rep.Identical++
			} else {
				rep.Mismatches = append(rep.Mismatches, entry)
				differ = append(differ, addr)
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
	rep.Undefined = opt.name(ranges(undefined))
	rep.MismatchRuns = opt.name(ranges(differ))
	rep.Extra = ranges(extra)
	rep.Shifts = []Shift{}
	if im != nil {
		for _, u := range rep.Undefined {
			if sh, ok := shift(im, r, u, opt); ok {
				rep.Shifts = append(rep.Shifts, sh)
			}
		}
	}
	return rep
}

// shift looks for the cause of an undefined range u at the end of a block
// of program code: k bytes missing further up, after which every
// statement stands k bytes lower than the reference has it. Going back
// from the block's end, each statement is compared with the reference k
// bytes on (see movedMatch). The first statement that does not match ends
// the search: the missing bytes were right after it.
func shift(im, r *linker.Image, u Range, opt Options) (Shift, bool) {
	var u0, u1 int
	fmt.Sscanf(u.Start, "%X", &u0)
	fmt.Sscanf(u.End, "%X", &u1)
	k := u1 - u0 + 1
	at := func(a int) *asm.Stmt {
		if a < int(im.Start) || a > int(im.End()) {
			return nil
		}
		return im.Src[a-int(im.Start)]
	}
	ref := func(a int) (byte, bool) {
		if a < int(r.Start) || a > int(r.End()) {
			return 0, false
		}
		return r.Bytes[a-int(r.Start)], true
	}
	s := at(u0 - 1)
	if s == nil || opt.Residue[s.Pos.File] {
		return Shift{}, false
	}
	boundary := u0
	for s != nil && !opt.Residue[s.Pos.File] && int(s.Addr)+len(s.Bytes) == boundary {
		want := make([]byte, len(s.Bytes))
		for i := range want {
			b, ok := ref(int(s.Addr) + k + i)
			if !ok {
				return Shift{}, false
			}
			want[i] = b
		}
		if !movedMatch(s, want, k) {
			break
		}
		boundary = int(s.Addr)
		s = at(boundary - 1)
	}
	if boundary == u0 {
		return Shift{}, false // the last statement itself: the gap is what is missing
	}
	miss := opt.name([]Range{{Start: hex4(boundary), End: hex4(boundary + k - 1)}})[0]
	return Shift{Missing: miss, Bytes: k, End: hex4(u0 - 1)}, true
}

// movedMatch tells whether statement s, moved k bytes down, is the
// reference's want: data byte for byte; an instruction by its opcode and
// an operand that is the same, or points k bytes lower (an address after
// the gap), or branches k bytes shorter or longer (across the gap).
func movedMatch(s *asm.Stmt, want []byte, k int) bool {
	if s.Kind != asm.KindInstr {
		return string(s.Bytes) == string(want)
	}
	if s.Bytes[0] != want[0] {
		return false
	}
	switch len(s.Bytes) {
	case 1:
		return true
	case 2:
		got, ref := int(int8(s.Bytes[1])), int(int8(want[1]))
		return got == ref || s.Mode == isa.Relative && (got == ref-k || got == ref+k)
	}
	got, ref := int(s.Bytes[1])|int(s.Bytes[2])<<8, int(want[1])|int(want[2])<<8
	return got == ref || got == ref-k
}

// name fills in what the listing prints where each range starts.
func (o Options) name(rs []Range) []Range {
	for i := range rs {
		var a int
		fmt.Sscanf(rs[i].Start, "%X", &a)
		rs[i].Printed = o.landmark(a)
	}
	return rs
}

func describe(addr int, want, got byte, s *asm.Stmt, anchors map[*asm.Stmt]anchor, residue bool) Byte {
	e := Byte{Address: hex4(addr), Expected: fmt.Sprintf("%02X", want), Got: fmt.Sprintf("%02X", got),
		File: s.Pos.File, Line: s.Pos.Line, Statement: s.Number, Source: s.Text, Residue: residue}
	e.Symbol = anchors[s].at(addr)
	return e
}

// anchor is the symbol a statement's bytes are named after: the nearest
// label above it, or the symbol its segment's origin was given as.
type anchor struct {
	name  string
	value int
}

// at names addr after the anchor: LABEL, LABEL+n or LABEL-n; "" when the
// anchor has no name.
func (a anchor) at(addr int) string {
	switch d := addr - a.value; {
	case a.name == "":
		return ""
	case d > 0:
		return fmt.Sprintf("%s+%X", a.name, d)
	case d < 0:
		return fmt.Sprintf("%s-%X", a.name, -d)
	}
	return a.name
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
		out = append(out, Range{Start: hex4(addrs[i]), End: hex4(addrs[j])})
		i = j + 1
	}
	return out
}

func hex4(v int) string { return fmt.Sprintf("%04X", v) }
