package verify

import (
	"fmt"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/linker"
)

// Symbols names the addresses of linked images as a report does: after
// the nearest label above the statement that defined the byte (LABEL+n).
type Symbols map[int]string

// NewSymbols names every byte of the images that a statement of the
// programs defined under a label.
func NewSymbols(images []*linker.Image, programs ...*asm.Program) Symbols {
	anchors := map[*asm.Stmt]anchor{}
	for _, p := range programs {
		if p != nil {
			anchorsOf(p, anchors)
		}
	}
	out := Symbols{}
	for _, im := range images {
		for i, s := range im.Src {
			if name := anchors[s].at(int(im.Start) + i); s != nil && name != "" {
				out[int(im.Start)+i] = name
			}
		}
	}
	return out
}

// Or names what s leaves unnamed as t does: a patch's unlabelled bytes
// after the program under it.
func (s Symbols) Or(t Symbols) Symbols {
	out := Symbols{}
	for a, n := range t {
		out[a] = n
	}
	for a, n := range s {
		out[a] = n
	}
	return out
}

// Candidate is a build a dump is compared with.
type Candidate struct {
	Name, Key string
	Images    []*linker.Image
	Symbols   Symbols
	// Residue holds the source files whose bytes are residue data: like
	// the bytes no statement defines, they are compared apart and never
	// counted as program.
	Residue map[string]bool
	// Area says what a byte no program source defines is (the board, the
	// stack); nil names none.
	Area func(addr int) string
	// OwnBlock is set for a program whose opening block is its own part
	// (Stone's lists): a dump that differs from it there is not "the
	// program with another opening loaded".
	OwnBlock bool
}

// DumpByte is a byte of a dump that differs from a build's.
type DumpByte struct {
	Address   string `json:"address"`
	Dump      string `json:"dump"`          // the dump's byte
	Build     string `json:"build"`         // the build's byte
	Pos       string `json:"pos,omitempty"` // file:line:col of the statement that defines it
	Statement int    `json:"statement,omitempty"`
	Source    string `json:"source,omitempty"` // the statement's text
	Symbol    string `json:"symbol,omitempty"`
	// Reconstructed: the build's byte comes from a line no document fixes.
	Reconstructed bool   `json:"reconstructed,omitempty"`
	Area          string `json:"area,omitempty"` // what a byte no source defines is
}

// AgainstReport compares a dump with one build, address by address.
type AgainstReport struct {
	Build          string     `json:"build"`
	Key            string     `json:"key"`
	SourceTotal    int        `json:"source_total"` // bytes the build's source defines
	SourceBytes    int        `json:"source_bytes"` // of those, bytes the dump holds
	Identical      int        `json:"identical"`
	Differences    []DumpByte `json:"differences"`
	DifferenceRuns []Range    `json:"difference_runs"`
	// ResidueBytes are the dump's bytes where the build has bytes no
	// program source defines (board, variables, stack, unused).
	ResidueBytes       int        `json:"residue_bytes"`
	ResidueDifferences []DumpByte `json:"residue_differences"`
	NotInDump          []Range    `json:"not_in_dump"`            // the build's bytes the dump lacks
	NothingHere        []Range    `json:"build_has_nothing_here"` // the dump's bytes outside the build
}

// Same reports whether the dump holds some of the build's source-defined
// bytes and every one of them is equal.
func (r *AgainstReport) Same() bool { return r.SourceBytes > 0 && len(r.Differences) == 0 }

// Partial reports whether the dump lacks some of the bytes the build's
// source defines.
func (r *AgainstReport) Partial() bool { return r.SourceBytes < r.SourceTotal }

// Against compares a dump's segments with a build.
func Against(segs []dump.Segment, c Candidate) AgainstReport {
	rep := AgainstReport{Build: c.Name, Key: c.Key, Differences: []DumpByte{}, ResidueDifferences: []DumpByte{},
		NotInDump: []Range{}, NothingHere: []Range{}}
	held := map[int]byte{}
	var nothing, differ []int
	for _, sg := range segs {
		for i, b := range sg.Data {
			addr := int(sg.Addr) + i
			held[addr] = b
			im := imageFor(c.Images, addr)
			if im == nil {
				nothing = append(nothing, addr)
				continue
			}
			s, want := im.Src[addr-int(im.Start)], im.Bytes[addr-int(im.Start)]
			program := s != nil && !c.Residue[s.Pos.File]
			if program {
				rep.SourceBytes++
			} else {
				rep.ResidueBytes++
			}
			if b == want {
				if program {
					rep.Identical++
				}
				continue
			}
			e := DumpByte{Address: hex4(addr), Dump: fmt.Sprintf("%02X", b), Build: fmt.Sprintf("%02X", want), Symbol: c.Symbols[addr]}
			if program {
				e.Pos, e.Statement, e.Source, e.Reconstructed = s.Pos.String(), s.Number, s.Text, s.Reconstructed
				rep.Differences = append(rep.Differences, e)
				differ = append(differ, addr)
				continue
			}
			if c.Area != nil {
				e.Area = c.Area(addr)
			}
			rep.ResidueDifferences = append(rep.ResidueDifferences, e)
		}
	}
	var missing []int
	for _, im := range c.Images {
		for i, s := range im.Src {
			addr := int(im.Start) + i
			if s != nil && !c.Residue[s.Pos.File] {
				rep.SourceTotal++
			}
			if _, ok := held[addr]; !ok {
				missing = append(missing, addr)
			}
		}
	}
	rep.DifferenceRuns = ranges(differ)
	rep.NotInDump = ranges(missing)
	rep.NothingHere = ranges(nothing)
	return rep
}

// Closest is the report with the fewest differing source-defined bytes
// among those that share any with the dump, the first of equals: -1 when
// none does.
func Closest(reps []AgainstReport) int {
	best := -1
	for i, r := range reps {
		if r.SourceBytes > 0 && (best < 0 || len(r.Differences) < len(reps[best].Differences)) {
			best = i
		}
	}
	return best
}
