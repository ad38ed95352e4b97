package verify

import (
	"fmt"
	"strings"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/ref"
)

// Disagreement is one place where printed 1977 material differs from what
// the source assembles to. The hex listing wins; docs/errata.md records
// each of these with its evidence.
type Disagreement struct {
	Line      int    `json:"line"`      // printed statement number
	Printed   string `json:"printed"`   // as printed (OCR'd)
	Assembled string `json:"assembled"` // what the source gives
}

func (d Disagreement) String() string {
	return fmt.Sprintf("line %d: printed %s, assembled %s", d.Line, d.Printed, d.Assembled)
}

// CheckListing compares the printed listing's address and byte columns with
// the statements of one source file, by statement number.
func CheckListing(p *asm.Program, file string, printed []ref.PrintedLine) []Disagreement {
	byNumber := map[int]*asm.Stmt{}
	for _, s := range p.Stmts {
		if s.Pos.File == file && s.Number > 0 {
			byNumber[s.Number] = s
		}
	}
	out := []Disagreement{}
	for _, pl := range printed {
		want := fmt.Sprintf("%04X %s", pl.Addr, hexList(pl.Bytes))
		got := "(no bytes)"
		if s := byNumber[pl.Line]; s != nil && len(s.Bytes) > 0 {
			got = fmt.Sprintf("%04X %s", s.Addr, hexList(s.Bytes))
		}
		if got != want {
			out = append(out, Disagreement{pl.Line, want, got})
		}
	}
	return out
}

// SymbolDisagreement is a printed symbol-table row that differs from the
// assembled program's table.
type SymbolDisagreement struct {
	Symbol    string `json:"symbol"`
	Printed   string `json:"printed"`   // "NAME ADDR DEF REFS" as printed
	Assembled string `json:"assembled"` // the same fields assembled, or "(none)"
}

// CheckSymbols compares the printed symbol table with the program's
// symbols, row by row in printed order. A printed name the program lacks
// is matched to the program symbol defined on the same statement.
func CheckSymbols(p *asm.Program, file string, printed []ref.PrintedSymbol) []SymbolDisagreement {
	byDef := map[int]*asm.Symbol{}
	for _, s := range p.Order {
		if s.Def.Pos.File == file {
			byDef[s.Def.Number] = s
		}
	}
	out := []SymbolDisagreement{}
	for _, ps := range printed {
		var printedRefs []string
		for _, r := range ps.Refs {
			printedRefs = append(printedRefs, fmt.Sprint(r))
		}
		want := symRow(ps.Name, int(ps.Addr), ps.Def, printedRefs)
		sym := p.Symbols[ps.Name]
		if sym == nil || sym.Def.Pos.File != file {
			sym = byDef[ps.Def]
		}
		got := "(none)"
		if sym != nil {
			// A reference from an unnumbered line (a +++ segment mark) is
			// shown as +++, as the rebuilt symbol table prints it: the
			// printout has no such lines, so such rows differ from it.
			var refs []string
			for _, r := range sym.Refs {
				switch {
				case r.Pos.File != file:
				case r.Number == 0:
					refs = append(refs, "+++")
				default:
					refs = append(refs, fmt.Sprint(r.Number))
				}
			}
			got = symRow(sym.Name, sym.Value, sym.Def.Number, refs)
		}
		if got != want {
			out = append(out, SymbolDisagreement{ps.Name, want, got})
		}
	}
	return out
}

// Landmarks1977 is what the 1977 listing prints where: each statement the
// listing's byte column gives an address (its statement number), and the
// BLOCK DATA tables.
func Landmarks1977() []Landmark {
	var out []Landmark
	for _, pl := range ref.ListingBytes1977() {
		out = append(out, Landmark{pl.Addr, pl.Addr + uint16(len(pl.Bytes)) - 1, fmt.Sprintf("statement %d", pl.Line)})
	}
	for _, b := range ref.BlockData1977() {
		out = append(out, Landmark{b.Addr, b.Addr + uint16(len(b.Bytes)) - 1, "BLOCK DATA " + b.Name})
	}
	return out
}

func symRow(name string, value, def int, refs []string) string {
	parts := append([]string{name, fmt.Sprintf("%04X", value&0xFFFF), fmt.Sprint(def)}, refs...)
	return strings.Join(parts, " ")
}

func hexList(b []byte) string {
	parts := make([]string, len(b))
	for i, x := range b {
		parts[i] = fmt.Sprintf("%02X", x)
	}
	return strings.Join(parts, " ")
}
