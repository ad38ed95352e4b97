// Package tunable reads declarations of which bytes of a program in the
// 1977 dialect may change, and how: the evaluation weights a tuner varies
// (issue 22). A declaration file sits beside its source (src/microchess.tune
// beside src/microchess.asm) and never changes the source's bytes; the
// syntax and the declarations of the original are in docs/tuning.md.
//
// A Set holds the parameters resolved against an assembled program. A
// tuner sees a vector of integers, one per parameter: a RANGE parameter's
// value is the byte it writes, a CHOICE parameter's the index of its
// choice. Project brings any vector back into the ranges and ORDER
// groups, Pokes turns it into the bytes to write, Current and Vector read
// it back, Addresses lists every byte that may change, and Apply writes a
// source with those bytes changed.
package tunable

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/diag"
	"github.com/kim1-archive/microchess/isa"
	"github.com/kim1-archive/microchess/linker"
)

// Kind is how a parameter's bytes may change.
type Kind int

const (
	Range  Kind = iota // an integer from Lo to Hi
	Choice             // one of Choices
)

func (k Kind) String() string {
	if k == Choice {
		return kindChoice
	}
	return kindRange
}

// Option is one value a CHOICE parameter may take: an operand expression
// as the declaration writes it (Apply writes this text into the source)
// and its byte.
type Option struct {
	Text  string
	Value byte
}

// Param is one parameter: one value written to every one of its
// addresses.
type Param struct {
	Name    string
	Kind    Kind
	Addrs   []uint16 // ascending
	Lo, Hi  int      // a Range's bounds, inclusive
	Choices []Option // a Choice's values, in the declared order
	// Current is the parameter's value in the assembled program: the byte
	// for a Range, the index of its choice for a Choice.
	Current int
	Comment string
	Pos     diag.Pos // where the declaration names it
}

// Byte is the byte a value of the parameter writes; a value out of range
// is held to it first.
func (p *Param) Byte(v int) byte {
	v = min(max(v, p.Min()), p.Max())
	if p.Kind == Choice {
		return p.Choices[v].Value
	}
	return byte(v)
}

// Max is the highest value the parameter takes in a vector: Hi for a
// Range, the last index for a Choice.
func (p *Param) Max() int {
	if p.Kind == Choice {
		return len(p.Choices) - 1
	}
	return p.Hi
}

// Min is the lowest value the parameter takes in a vector: Lo for a
// Range, 0 for a Choice.
func (p *Param) Min() int {
	if p.Kind == Choice {
		return 0
	}
	return p.Lo
}

// Poke is one byte to write.
type Poke struct {
	Addr uint16
	Byte byte
}

// Set is a program's declared parameters and ORDER groups.
type Set struct {
	File   string // the declaration file, as named in messages
	Params []*Param
	Orders []*Order
	sites  map[uint16]site
	order  orderGraph
}

// site is where the source defines a declared byte, for Apply.
type site struct {
	stmt *asm.Stmt
	expr *asm.Expr // the operand or data byte that gives it
}

// Load reads a declaration file and resolves it against a program and the
// images it was linked into. A program assembled over another (a patch,
// asm.AssembleOver) may declare bytes of the lines of its base that its
// images still hold. Every error of the file is returned
// together, each at its file:line:col.
func Load(decl asm.Source, prog *asm.Program, images []*linker.Image) (*Set, error) {
	decls, errs := parseFile(decl.Name, decl.Text)
	r := &resolver{
		set:    &Set{File: decl.Name, sites: map[uint16]site{}},
		prog:   prog,
		images: images,
		own:    map[*asm.Stmt]bool{},
		errs:   errs,
		names:  map[string]*Param{},
		owner:  map[uint16]*Param{},
	}
	// A patch names its base's symbols and keeps the base's bytes it does
	// not change: those lines are the program's too (the special-moves
	// program's STRATGY is the original's).
	for q := prog; q != nil; q = q.Base {
		for _, s := range q.Stmts {
			r.own[s] = true
		}
	}
	var orders []*declLine
	for _, d := range decls {
		if d.kind == kindOrder {
			orders = append(orders, d)
			continue
		}
		r.param(d)
	}
	for _, d := range orders {
		r.orderLine(d)
	}
	if err := r.errs.Err(); err != nil {
		return nil, err
	}
	r.set.order = r.graph()
	r.checkOrders()
	if err := r.errs.Err(); err != nil {
		return nil, err
	}
	return r.set, nil
}

type resolver struct {
	set    *Set
	prog   *asm.Program
	images []*linker.Image
	own    map[*asm.Stmt]bool
	errs   diag.ErrorList
	names  map[string]*Param
	owner  map[uint16]*Param // which parameter declared each address
	edges  []edge
}

func (r *resolver) param(d *declLine) {
	p := &Param{Name: d.name, Comment: d.comment, Pos: d.namePos, Lo: d.lo, Hi: d.hi}
	if d.kind == kindChoice {
		p.Kind = Choice
	}
	if old, dup := r.names[strings.ToUpper(d.name)]; dup {
		r.errs.Add(d.namePos, "duplicate parameter %s (first declared at %s)", d.name, old.Pos)
		return
	}
	r.names[strings.ToUpper(d.name)] = p
	ok := r.addresses(p, d)
	if p.Kind == Choice {
		ok = r.options(p, d) && ok
	}
	if !ok {
		return
	}
	r.current(p, d)
	r.set.Params = append(r.set.Params, p)
}

// addresses resolves the parameter's addresses and checks that each is a
// byte the source defines as an operand or a data byte, declared once.
func (r *resolver) addresses(p *Param, d *declLine) bool {
	ok := true
	for _, sp := range d.addrs {
		from, okFrom := r.address(sp.from)
		to := from
		okTo := true
		if sp.to != nil {
			to, okTo = r.address(sp.to)
		}
		if !okFrom || !okTo {
			ok = false
			continue
		}
		if to < from {
			r.errs.Add(sp.to.Pos, "address span %s:%s runs backwards (%04X to %04X)", sp.from, sp.to, from, to)
			ok = false
			continue
		}
		// A span stops at its first bad byte: one error, not one per byte.
		for a := from; a <= to; a++ {
			if !r.declare(p, uint16(a), sp.from.Pos) {
				ok = false
				break
			}
		}
	}
	sort.Slice(p.Addrs, func(i, j int) bool { return p.Addrs[i] < p.Addrs[j] })
	return ok
}

func (r *resolver) address(e *asm.Expr) (int, bool) {
	v, ok := r.prog.Eval(e)
	if !ok {
		r.errs.Add(e.Pos, "undefined symbol %s", e.Sym)
		return 0, false
	}
	if v < 0 || v > 0xFFFF {
		r.errs.Add(e.Pos, "address %s = %X is outside 0000–FFFF", e, v)
		return 0, false
	}
	return v, true
}

// declare checks one byte and records it for the parameter.
func (r *resolver) declare(p *Param, a uint16, pos diag.Pos) bool {
	im := r.imageOf(a)
	if im == nil {
		r.errs.Add(pos, "%04X is outside the program's images (%s)", a, r.imageList())
		return false
	}
	s := im.Src[a-im.Start]
	if s == nil || !r.own[s] {
		r.errs.Add(pos, "%04X is not defined by a line of the program's source", a)
		return false
	}
	i := int(a - s.Addr)
	if s.Kind == asm.KindInstr {
		what := instrText(s)
		switch {
		case i == 0:
			r.errs.Add(pos, "%04X is the opcode of %s (%s): only an operand or a data byte may change", a, what, lineOf(s))
			return false
		case s.Mode.OperandBytes() != 1:
			r.errs.Add(pos, "%04X is part of the two-byte address of %s (%s): only a one-byte operand or a data byte may change", a, what, lineOf(s))
			return false
		case s.Mode == isa.Relative:
			r.errs.Add(pos, "%04X is the branch offset of %s (%s): only a one-byte operand or a data byte may change", a, what, lineOf(s))
			return false
		}
	}
	if prev, taken := r.owner[a]; taken {
		if prev == p {
			r.errs.Add(pos, "%04X is declared twice for %s", a, p.Name)
		} else {
			r.errs.Add(pos, "%04X is declared already by %s (%s)", a, prev.Name, prev.Pos)
		}
		return false
	}
	r.owner[a] = p
	p.Addrs = append(p.Addrs, a)
	expr := s.Operand
	if s.Kind == asm.KindData {
		expr = &s.Data[i]
	}
	r.set.sites[a] = site{stmt: s, expr: expr}
	return true
}

func (r *resolver) imageOf(a uint16) *linker.Image {
	for _, im := range r.images {
		if a >= im.Start && int(a) < int(im.Start)+len(im.Bytes) {
			return im
		}
	}
	return nil
}

func (r *resolver) imageList() string {
	var out []string
	for _, im := range r.images {
		out = append(out, fmt.Sprintf("%04X–%04X", im.Start, im.End()))
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ", ")
}

// lineOf is a statement's file:line.
func lineOf(s *asm.Stmt) string { return fmt.Sprintf("%s:%d", s.Pos.File, s.Pos.Line) }

// instrText names an instruction as the source writes it: LDAIM 80.
func instrText(s *asm.Stmt) string {
	text := s.Mnemonic + asm.Suffix1977(s.Mode)
	if s.Operand != nil {
		text += " " + s.Operand.String()
	}
	return text
}

// options resolves a CHOICE's values: each must fit in a byte, and no two
// may be the same byte (a byte read back must name one choice).
func (r *resolver) options(p *Param, d *declLine) bool {
	ok := true
	seen := map[byte]int{}
	for i, e := range d.choices {
		v, known := r.prog.Eval(e)
		switch {
		case !known:
			r.errs.Add(e.Pos, "undefined symbol %s", e.Sym)
			ok = false
			continue
		case v < 0 || v > 0xFF:
			r.errs.Add(e.Pos, "choice %s = %X does not fit in a byte (00–FF)", d.texts[i], v)
			ok = false
			continue
		}
		if j, dup := seen[byte(v)]; dup {
			r.errs.Add(e.Pos, "choices %s and %s are the same byte %02X", d.texts[j], d.texts[i], v)
			ok = false
			continue
		}
		seen[byte(v)] = i
		p.Choices = append(p.Choices, Option{Text: d.texts[i], Value: byte(v)})
	}
	return ok
}

// current reads the parameter's value from the images: all its bytes
// must hold the same value, within its range or among its choices.
func (r *resolver) current(p *Param, d *declLine) {
	b := r.byteAt(p.Addrs[0])
	for _, a := range p.Addrs[1:] {
		if r.byteAt(a) != b {
			r.errs.Add(d.namePos, "%s's bytes differ (%04X holds %02X, %04X holds %02X): a parameter writes one value to all its addresses", p.Name, p.Addrs[0], b, a, r.byteAt(a))
			return
		}
	}
	if p.Kind == Range {
		if int(b) < p.Lo || int(b) > p.Hi {
			r.errs.Add(d.loPos, "%s's current value %02X is outside its range %02X-%02X", p.Name, b, p.Lo, p.Hi)
		}
		p.Current = int(b)
		return
	}
	for i, o := range p.Choices {
		if o.Value == b {
			p.Current = i
			return
		}
	}
	r.errs.Add(d.choices[0].Pos, "%s's current value %02X is none of its choices", p.Name, b)
}

func (r *resolver) byteAt(a uint16) byte {
	im := r.imageOf(a)
	return im.Bytes[a-im.Start]
}
