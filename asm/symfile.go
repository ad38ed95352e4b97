package asm

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/kim1-archive/microchess/diag"
	"github.com/kim1-archive/microchess/isa"
)

// FileSymbol is one row of a symbol table as WriteSymbols prints it.
type FileSymbol struct {
	Name  string
	Value uint16
	Def   int      // defining statement number
	Refs  []string // referencing statement numbers, "+++" for a segment mark
}

// Symbols lists a program's symbols in order of definition, as a symbol
// file holds them. A reference from an unnumbered statement (a +++ segment
// mark) is "+++".
func Symbols(p *Program) []FileSymbol {
	out := make([]FileSymbol, 0, len(p.Order))
	for _, sym := range p.Order {
		var refs []string
		for _, r := range sym.Refs {
			if r.Number == 0 {
				refs = append(refs, "+++")
			} else {
				refs = append(refs, strconv.Itoa(r.Number))
			}
		}
		out = append(out, FileSymbol{Name: sym.Name, Value: uint16(sym.Value), Def: sym.Def.Number, Refs: refs})
	}
	return out
}

const symTitle, symHeading = "SYMBOL TABLE AND CROSS REFERENCES", "SYMBOL"

// ReadSymbols reads a symbol table written by WriteSymbols: the title and
// heading lines, then one row per symbol, NAME VALUE DEF REFS. Every row
// that is not of that form is an error at its line.
func ReadSymbols(name string, r io.Reader) ([]FileSymbol, error) {
	var out []FileSymbol
	var errs diag.ErrorList
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSuffix(sc.Text(), "\r")
		f := strings.Fields(line)
		if len(f) == 0 || line == symTitle || f[0] == symHeading {
			continue
		}
		if len(f) < 3 {
			errs.Add(diag.At(name, n, 1), "want NAME VALUE DEF REFS..., not %q", line)
			continue
		}
		v, err := strconv.ParseUint(f[1], 16, 16)
		def, err2 := strconv.Atoi(f[2])
		if err != nil || len(f[1]) != 4 || err2 != nil || def < 0 {
			errs.Add(diag.At(name, n, 1), "want NAME VALUE DEF REFS... with a 4-digit hex VALUE and a statement number DEF, not %q", line)
			continue
		}
		out = append(out, FileSymbol{Name: f[0], Value: uint16(v), Def: def, Refs: f[3:]})
		if len(errs) >= diag.MaxErrors {
			break
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return out, errs.Err()
}

// Names gives each address its symbols' names for a disassembler: a name
// spelled like a page-zero variable of the 1977 dialect (.NAME) names
// page-zero operands first; labels and externals (NAME, *NAME) name the
// rest, so JSR 1F1F reads *OUT and LDA 00B1 reads .SQUARE. The first
// symbol of an address wins.
type Names struct {
	zp, abs map[uint16]string
}

// NewNames indexes symbols by value.
func NewNames(syms []FileSymbol) *Names {
	n := &Names{zp: map[uint16]string{}, abs: map[uint16]string{}}
	for _, s := range syms {
		m := n.abs
		if strings.HasPrefix(s.Name, ".") {
			m = n.zp
		}
		if _, seen := m[s.Value]; !seen {
			m[s.Value] = s.Name
		}
	}
	return n
}

// Name is an isa.Symbolizer.
func (n *Names) Name(addr uint16, zeroPage bool) (string, bool) {
	first, second := n.abs, n.zp
	if zeroPage {
		first, second = n.zp, n.abs
	}
	if s, ok := first[addr]; ok {
		return s, true
	}
	s, ok := second[addr]
	return s, ok
}

// Label is the name of a label or external at addr, for a listing's label
// column.
func (n *Names) Label(addr uint16) string { return n.abs[addr] }

var _ isa.Symbolizer = (*Names)(nil).Name
