package asm

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/kim1-archive/microchess/diag"
	"github.com/kim1-archive/microchess/isa"
)

// Source is one input file.
type Source struct {
	Name string // as shown in messages
	Text string
}

// Symbol is a label or an equate with its cross references.
type Symbol struct {
	Name  string
	Value int
	Def   *Stmt
	Refs  []*Stmt
	known bool
}

// Program is an assembled set of sources.
type Program struct {
	Stmts   []*Stmt
	Symbols map[string]*Symbol
	Order   []*Symbol // in order of definition
	// Base is the program this one was assembled over (AssembleOver):
	// its symbols may be named here. Imported are those this program
	// names, in order of first use, each with this program's references
	// (the base's own Symbols are not touched).
	Base     *Program
	Imported []*Symbol
}

// Dialect names a front end.
type Dialect string

const (
	Dialect1977 Dialect = "1977" // MicroChess listing: .asm
	Dialect1980 Dialect = "1980" // Stone's upgrade listing: .s
)

// DialectFor picks the front end from a file name.
func DialectFor(name string) Dialect {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".s":
		return Dialect1980
	default:
		return Dialect1977
	}
}

// originDirective is how a dialect starts a segment, for messages.
func originDirective(file string) string {
	if DialectFor(file) == Dialect1980 {
		return "a .BA"
	}
	return "a +++"
}

// ReconstructedTag in a statement's comment marks its bytes as rebuilt by
// this project rather than printed in any document (both dialects).
const ReconstructedTag = "[RECONSTRUCTED]"

// Parse turns one source into statements with the front end its name picks.
func Parse(src Source) ([]*Stmt, diag.ErrorList) {
	var stmts []*Stmt
	var errs diag.ErrorList
	switch DialectFor(src.Name) {
	case Dialect1980:
		stmts, errs = Parse1980(src.Name, src.Text)
	default:
		stmts, errs = Parse1977(src.Name, src.Text)
	}
	for _, s := range stmts {
		s.Reconstructed = strings.Contains(strings.ToUpper(s.Comment), ReconstructedTag)
	}
	return stmts, errs
}

// Assemble parses and assembles the sources as one program (they share one
// symbol table). On any error it returns every error found, sorted.
func Assemble(sources ...Source) (*Program, error) { return AssembleOver(nil, sources...) }

// AssembleOver assembles sources that go over a base program, if any (a patch or
// an extension of it): they may name the base's symbols, labels and
// equates alike. A symbol they define themselves stands for theirs
// wherever they name it (Stone's upgrade defines its own GO, MOVE, ...):
// the base's is seen only where they define none.
func AssembleOver(base *Program, sources ...Source) (*Program, error) {
	var errs diag.ErrorList
	var all []*Stmt
	for _, src := range sources {
		stmts, e := Parse(src)
		errs = append(errs, e...)
		all = append(all, stmts...)
	}
	p, e := assembleStmts(all, base)
	errs = append(errs, e...)
	return p, errs.Err()
}

// AssembleStmts assembles statements from any front end.
func AssembleStmts(stmts []*Stmt) (*Program, diag.ErrorList) { return assembleStmts(stmts, nil) }

func assembleStmts(stmts []*Stmt, base *Program) (*Program, diag.ErrorList) {
	a := newAssembler(stmts, base)
	a.run()
	return a.p, a.errs
}

func newAssembler(stmts []*Stmt, base *Program) *assembler {
	return &assembler{p: &Program{Stmts: stmts, Symbols: map[string]*Symbol{}, Base: base}, unplaced: make([]bool, len(stmts)), imported: map[string]*Symbol{}}
}

func (a *assembler) run() {
	a.define()
	a.resolveEquates()
	a.layout()
	a.resolveEquates()
	a.encode()
	a.checkOverlap()
}

type assembler struct {
	p    *Program
	errs diag.ErrorList
	// unplaced marks, by index, the statements with no address (no
	// origin, or after code ran past FFFF): they are not encoded, so they
	// cause no more errors.
	unplaced []bool
	imported map[string]*Symbol // the base's symbols named so far, by name
	// evaluated counts the operands evaluated: a test holds it to the
	// number of statements, so that no pass is repeated per equate.
	evaluated int
}

func (a *assembler) define() {
	for _, s := range a.p.Stmts {
		if s.Label == "" {
			continue
		}
		if old, dup := a.p.Symbols[s.Label]; dup {
			a.errs.Add(s.LabelPos, "duplicate symbol %s (first defined at %s)", s.Label, old.Def.LabelPos)
			continue
		}
		sym := &Symbol{Name: s.Label, Def: s}
		a.p.Symbols[s.Label] = sym
		a.p.Order = append(a.p.Order, sym)
	}
}

// baseSymbol is the base program's symbol of that name, if any.
func (a *assembler) baseSymbol(name string) *Symbol {
	if a.p.Base == nil {
		return nil
	}
	return a.p.Base.Symbols[name]
}

// lookup finds a symbol: this program's, else the base's (recorded as
// imported, with this program's references).
func (a *assembler) lookup(name string) (*Symbol, bool) {
	if sym, ok := a.p.Symbols[name]; ok {
		return sym, true
	}
	if sym, ok := a.imported[name]; ok {
		return sym, true
	}
	b := a.baseSymbol(name)
	if b == nil {
		return nil, false
	}
	sym := &Symbol{Name: b.Name, Value: b.Value, Def: b.Def, known: b.known}
	a.imported[name] = sym
	return sym, true
}

// value returns an expression's value if everything it names is known.
func (a *assembler) value(e *Expr) (int, bool) {
	a.evaluated++
	if e.Sym == "" {
		return e.Offset, true
	}
	sym, ok := a.lookup(e.Sym)
	if !ok || !sym.known {
		return 0, false
	}
	return sym.Value + e.Offset, true
}

// resolveEquates settles every equate whose operand is known. Equates may
// name other equates in any order: an equate waiting for a symbol of this
// program is settled when that symbol is, so a chain of n equates takes
// time in n, not n passes over the program (an operand names one symbol
// at most).
func (a *assembler) resolveEquates() {
	waiting := map[string][]*Symbol{} // a symbol not known yet -> the equates that name it
	var settled []*Symbol
	try := func(sym *Symbol) {
		e := sym.Def.Operand
		if v, ok := a.value(e); ok {
			sym.Value, sym.known = v, true
			settled = append(settled, sym)
		} else if _, own := a.p.Symbols[e.Sym]; own {
			// A base symbol never changes; this program's may.
			waiting[e.Sym] = append(waiting[e.Sym], sym)
		}
	}
	for _, s := range a.p.Stmts {
		if s.Kind != KindEquate || s.Operand == nil {
			continue
		}
		if sym := a.p.Symbols[s.Label]; sym != nil && sym.Def == s && !sym.known {
			try(sym)
		}
	}
	for len(settled) > 0 {
		sym := settled[len(settled)-1]
		settled = settled[:len(settled)-1]
		deps := waiting[sym.Name]
		delete(waiting, sym.Name)
		for _, d := range deps {
			try(d)
		}
	}
}

// layout is pass 1: it places every statement and fixes each instruction's
// size. An operand that is not known yet keeps the absolute form.
func (a *assembler) layout() {
	pc := -1
	for i, s := range a.p.Stmts {
		if s.Kind == KindOrigin && s.Operand != nil {
			v, ok := a.value(s.Operand)
			switch {
			case !ok:
				a.errs.Add(s.Operand.Pos, "origin %s is not known here: define it above this line", exprText(s.Operand))
				pc = -1
			case v < 0 || v > 0xFFFF:
				a.errs.Add(s.Operand.Pos, "origin %X is outside 0000–FFFF", v)
				pc = -1
			default:
				pc = v
			}
			continue
		}
		size := a.size(s)
		if pc < 0 {
			// pc -1: no origin yet; -2: an error was reported for this
			// segment, and the statements up to the next origin are not
			// placed (no follow-on errors).
			if pc == -1 && (size > 0 || (s.Label != "" && s.Kind != KindEquate)) {
				a.errs.Add(s.Pos, "no origin: put %s line with an address before the first statement", originDirective(s.Pos.File))
				pc = -2
			}
			if s.Kind != KindEquate {
				a.unplaced[i] = true
			}
			continue
		}
		if s.Label != "" && s.Kind != KindEquate {
			if sym := a.p.Symbols[s.Label]; sym != nil && sym.Def == s {
				sym.Value, sym.known = pc, true
			}
		}
		s.Addr = uint16(pc)
		if pc+size > 0x10000 {
			a.errs.Add(s.Pos, "code runs past FFFF (the statements after this one, up to the next origin, are not placed)")
			a.unplaced[i] = true
			pc = -2
			continue
		}
		pc += size
	}
}

// size decides the final mode of an instruction and returns its length.
func (a *assembler) size(s *Stmt) int {
	switch s.Kind {
	case KindData:
		return len(s.Data)
	case KindInstr:
		if s.Mnemonic == "" {
			return 0
		}
		if s.MayShrink && s.Operand != nil {
			if v, ok := a.value(s.Operand); ok && v >= 0 && v < 0x100 {
				if zp, ok := s.Mode.ZeroPageForm(); ok {
					if _, exists := isa.Lookup(s.Mnemonic, zp); exists {
						s.Mode = zp
					}
				}
			}
			s.MayShrink = false
		}
		return s.Mode.Size()
	}
	return 0
}

// encode is pass 2: every operand is now known or undefined.
func (a *assembler) encode() {
	for i, s := range a.p.Stmts {
		if a.unplaced[i] {
			continue
		}
		for _, e := range a.exprs(s) {
			if e.Sym == "" {
				continue
			}
			if sym, ok := a.lookup(e.Sym); ok {
				if len(sym.Refs) == 0 || sym.Refs[len(sym.Refs)-1] != s {
					sym.Refs = append(sym.Refs, s)
				}
				if _, own := a.p.Symbols[e.Sym]; !own && len(sym.Refs) == 1 {
					a.p.Imported = append(a.p.Imported, sym)
				}
			} else {
				a.errs.Add(e.Pos, "undefined symbol %s", e.Sym)
			}
		}
		switch s.Kind {
		case KindData:
			for i := range s.Data {
				if v, ok := a.known(&s.Data[i]); ok {
					s.Bytes = append(s.Bytes, a.byteValue(&s.Data[i], v, "a data byte"))
				}
			}
		case KindInstr:
			a.encodeInstr(s)
		}
	}
}

func (a *assembler) exprs(s *Stmt) []*Expr {
	var out []*Expr
	if s.Operand != nil {
		out = append(out, s.Operand)
	}
	for i := range s.Data {
		out = append(out, &s.Data[i])
	}
	return out
}

// known is value() for pass 2; undefined symbols were reported already.
func (a *assembler) known(e *Expr) (int, bool) {
	v, ok := a.value(e)
	if !ok && e.Sym != "" {
		if sym, defined := a.lookup(e.Sym); defined && !sym.known {
			a.errs.Add(e.Pos, "symbol %s has no value (its definition depends on itself or on an error)", e.Sym)
		}
	}
	return v, ok
}

func (a *assembler) byteValue(e *Expr, v int, what string) byte {
	if v < 0 || v > 0xFF {
		a.errs.Add(e.Pos, "%s is out of range for %s (00–FF)", valueText(e, v), what)
	}
	return byte(v)
}

// valueText names an operand in a message: "123" for a number, "X+1 = 0100"
// when a symbol is involved.
func valueText(e *Expr, v int) string {
	if e.Sym == "" {
		return hexValue(v)
	}
	return exprText(e) + " = " + hexValue(v)
}

func (a *assembler) encodeInstr(s *Stmt) {
	if s.Mnemonic == "" {
		return
	}
	op, ok := isa.Lookup(s.Mnemonic, s.Mode)
	if !ok {
		a.errs.Add(s.Pos, "%s has no %s mode", s.Mnemonic, s.Mode)
		return
	}
	s.Bytes = []byte{op.Code}
	if s.Mode.OperandBytes() == 0 {
		return
	}
	e := s.Operand
	if e == nil {
		return
	}
	v, ok := a.known(e)
	if !ok {
		s.Bytes = append(s.Bytes, make([]byte, s.Mode.OperandBytes())...)
		return
	}
	switch s.Mode {
	case isa.Relative:
		d := v - (int(s.Addr) + 2)
		if d < -128 || d > 127 {
			a.errs.Add(e.Pos, "branch to %s (%04X) out of range: %d bytes away, a branch reaches -128..+127", exprText(e), v&0xFFFF, d)
		}
		s.Bytes = append(s.Bytes, byte(d))
	case isa.Immediate:
		s.Bytes = append(s.Bytes, a.byteValue(e, v, "immediate mode"))
	default:
		if s.Mode.OperandBytes() == 1 {
			s.Bytes = append(s.Bytes, a.byteValue(e, v, s.Mode.String()+" mode"))
			return
		}
		if v < 0 || v > 0xFFFF {
			a.errs.Add(e.Pos, "%s is out of range for %s mode (0000–FFFF)", valueText(e, v), s.Mode)
		}
		s.Bytes = append(s.Bytes, byte(v), byte(v>>8))
	}
}

// checkOverlap reports any address that two statements both fill.
func (a *assembler) checkOverlap() {
	owner := map[int]*Stmt{}
	for _, s := range a.p.Stmts {
		for i := range s.Bytes {
			addr := int(s.Addr) + i
			if prev, taken := owner[addr]; taken {
				a.errs.Add(s.Pos, "overlapping code: %04X is already filled by %s", addr, prev.Pos)
				break
			}
			owner[addr] = s
		}
	}
}

func exprText(e *Expr) string {
	switch {
	case e.Sym == "":
		return hexValue(e.Offset)
	case e.Offset > 0:
		return fmt.Sprintf("%s+%X", e.Sym, e.Offset)
	case e.Offset < 0:
		return fmt.Sprintf("%s-%X", e.Sym, -e.Offset)
	}
	return e.Sym
}

func hexValue(v int) string {
	if v < 0 {
		return fmt.Sprintf("-%X", -v)
	}
	return fmt.Sprintf("%X", v)
}
