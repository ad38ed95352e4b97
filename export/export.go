// Package export writes a build of MicroChess (package builds) as source
// for today's 6502 assemblers: ca65 (with an ld65 configuration for the
// KIM-1 map), 64tass and ACME. The source is written from the assembled
// statements, so labels, modes, data and comments carry over; every
// operand's addressing mode is forced, so that the assembler cannot pick
// another length. Tests assemble each export with the real assembler and
// compare its output with the build's images (docs/export.md).
package export

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/isa"
	"github.com/kim1-archive/microchess/linker"
)

// Target is an assembler an export is written for.
type Target string

const (
	CA65   Target = "ca65"
	Tass64 Target = "64tass"
	ACME   Target = "acme"
)

// Targets lists the assemblers, for a usage message.
var Targets = []Target{CA65, Tass64, ACME}

// File is one file an export writes, its name relative to the output
// directory.
type File struct {
	Name string
	Data []byte
}

// Export writes build b for an assembler, its files named after base
// (base.s and base.cfg for ca65, base.asm for 64tass, base.a for ACME).
func Export(b builds.Build, t Target, base string) ([]File, error) {
	sx, ok := syntaxes[t]
	if !ok {
		return nil, fmt.Errorf("no assembler %q: want ca65, 64tass or acme", t)
	}
	if len(b.Images) == 0 {
		return nil, fmt.Errorf("%s: no images to export", b.Key)
	}
	e := newExporter(b, sx, base)
	out := []File{{Name: base + sx.ext, Data: []byte(e.source())}}
	if t == CA65 {
		out = append(out, File{Name: base + ".cfg", Data: []byte(ld65Config(e.images, base))})
	}
	return out, nil
}

// ImageFile is the file an assembler's build writes an image to, as the
// export's header and docs/export.md say (ACME writes one file for all).
func ImageFile(base string, im *linker.Image) string { return base + "-" + im.Name + ".bin" }

// unit is what one line of the export holds: a whole statement, or bytes
// (what is left of a statement a patch wrote over part of, a statement
// with no syntax of its own, or memory no statement fills, src nil).
type unit struct {
	addr  int
	stmt  *asm.Stmt // a whole statement
	bytes []byte
	src   *asm.Stmt // the statement the bytes come from, if any
}

type exporter struct {
	b      builds.Build
	sx     *syntax
	base   string
	images []*linker.Image
	prog   map[*asm.Stmt]*asm.Program
	names  *namer
	lead   map[*asm.Stmt][]string // comment lines before a statement
	tail   []string               // comment lines after a build's last statement
	units  [][]unit               // by image
	labels map[int][]string       // legal label names at a unit's start
	inside map[int][]insideLabel  // labels inside a unit, by the unit's start
	loose  []*asm.Symbol          // labels no image holds
}

// insideLabel is a label that points into a statement (an operand a
// program modifies, say): it is defined as * plus its offset, just before
// the statement, so that it stays in the statement's segment.
type insideLabel struct {
	name string
	off  int
}

// placeLabels decides where each label is defined: at the start of a
// unit, inside one, or as an equate when no image holds its address. It
// returns the names so defined.
func (e *exporter) placeLabels() map[string]bool {
	bound := e.boundaries()
	containing := map[int]int{} // address -> start of the unit that holds it
	for _, us := range e.units {
		for _, u := range us {
			for k := 1; k < len(u.bytes); k++ {
				containing[u.addr+k] = u.addr
			}
		}
	}
	defined := map[string]bool{}
	for _, p := range e.b.Programs {
		for _, sym := range p.Order {
			name := e.names.names[sym]
			if sym.Def.Kind == asm.KindEquate || defined[name] {
				continue
			}
			a := sym.Value
			if bound[a] {
				e.labels[a] = append(e.labels[a], name)
			} else if at, ok := containing[a]; ok {
				e.inside[at] = append(e.inside[at], insideLabel{name, a - at})
			} else {
				e.loose = append(e.loose, sym)
				continue
			}
			defined[name] = true
		}
	}
	sort.SliceStable(e.loose, func(i, j int) bool { return e.loose[i].Value < e.loose[j].Value })
	return defined
}

func newExporter(b builds.Build, sx *syntax, base string) *exporter {
	e := &exporter{b: b, sx: sx, base: base, prog: map[*asm.Stmt]*asm.Program{}, names: newNamer(),
		lead: map[*asm.Stmt][]string{}, labels: map[int][]string{}, inside: map[int][]insideLabel{}}
	e.images = slices.Clone(b.Images)
	sort.SliceStable(e.images, func(i, j int) bool { return e.images[i].Start < e.images[j].Start })
	for _, p := range b.Programs {
		for _, s := range p.Stmts {
			e.prog[s] = p
		}
		for _, sym := range p.Order {
			e.names.add(sym)
		}
		e.comments(p)
	}
	for _, im := range e.images {
		e.units = append(e.units, e.split(im))
	}
	return e
}

// comments attaches each program's comment lines to the statement after
// them: an equate's go with it to the equates, the others before the
// statement whose bytes follow.
func (e *exporter) comments(p *asm.Program) {
	var pending []string
	for _, s := range p.Stmts {
		switch {
		case s.Kind == asm.KindEquate, len(s.Bytes) > 0:
			e.lead[s], pending = pending, nil
		case s.Kind == asm.KindNone && s.Comment != "":
			pending = append(pending, commentText(s.Comment))
		case s.Kind == asm.KindNone && strings.TrimSpace(s.Text) == "":
			pending = append(pending, "")
		}
	}
	e.tail = append(e.tail, pending...)
}

// labelAddrs are the addresses of the build's labels (symbols that are
// not equates).
func (e *exporter) labelAddrs() map[int]bool {
	out := map[int]bool{}
	for sym := range e.names.names {
		if sym.Def != nil && sym.Def.Kind != asm.KindEquate {
			out[sym.Value] = true
		}
	}
	return out
}

// split cuts an image into units: each statement whose bytes all stand
// in the image whole, runs of other bytes broken where a label is.
func (e *exporter) split(im *linker.Image) []unit {
	labels := e.labelAddrs()
	var out []unit
	start := int(im.Start)
	for i := 0; i < len(im.Bytes); {
		s := im.Src[i]
		if s != nil && e.whole(im, i, s) {
			out = append(out, unit{addr: start + i, stmt: s, bytes: im.Bytes[i : i+len(s.Bytes)]})
			i += len(s.Bytes)
			continue
		}
		j := i + 1
		for j < len(im.Bytes) && im.Src[j] == s && !labels[start+j] && (s == nil || !e.whole(im, j, s)) {
			j++
		}
		out = append(out, unit{addr: start + i, bytes: im.Bytes[i:j], src: s})
		i = j
	}
	return out
}

// whole tells whether statement s starts at image offset i with all its
// bytes in the image, as s assembled them, in a form the exporter writes.
func (e *exporter) whole(im *linker.Image, i int, s *asm.Stmt) bool {
	if int(im.Start)+i != int(s.Addr) || i+len(s.Bytes) > len(im.Bytes) {
		return false
	}
	for k := range s.Bytes {
		if im.Src[i+k] != s {
			return false
		}
	}
	return true
}

func commentText(c string) string {
	return strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(c), ";"))
}

// source is the whole export.
func (e *exporter) source() string {
	var w strings.Builder
	sx := e.sx
	line := func(format string, args ...any) { fmt.Fprintf(&w, format+"\n", args...) }
	line("; %s", e.b.Name)
	line("; exported by mchess export --to %s from %s", sx.name, strings.Join(e.b.Sources, ", "))
	for _, h := range sx.howto(e.base, e.images) {
		line("; %s", h)
	}
	line(";")
	for _, d := range sx.prologue {
		line("%s%s", indent, d)
	}
	defined := e.placeLabels()
	// Equates: the sources' own (a name a label already defines, with the
	// same value, is the label: Stone's CHESS .DE $0000 is the original's
	// CHESS), then labels outside every image.
	for _, p := range e.b.Programs {
		for _, s := range p.Stmts {
			if s.Kind != asm.KindEquate {
				continue
			}
			sym := p.Symbols[s.Label]
			if sym == nil || sym.Def != s || defined[e.names.names[sym]] {
				continue
			}
			for _, c := range e.lead[s] {
				writeComment(&w, c)
			}
			e.equate(&w, sym, defined, commentText(s.Comment))
		}
	}
	if len(e.loose) > 0 {
		writeComment(&w, "labels at addresses no image holds")
	}
	for _, sym := range e.loose {
		e.equate(&w, sym, defined, fmt.Sprintf("label at %s", sym.Def.Pos))
	}
	for k, im := range e.images {
		line("")
		for _, d := range sx.segStart(im) {
			line("%s%s", indent, d)
		}
		for _, u := range e.units[k] {
			e.unit(&w, u)
		}
		for _, d := range sx.segEnd(im) {
			line("%s%s", indent, d)
		}
	}
	for _, c := range e.tail {
		writeComment(&w, c)
	}
	return w.String()
}

// boundaries are the addresses a unit starts at.
func (e *exporter) boundaries() map[int]bool {
	out := map[int]bool{}
	for _, us := range e.units {
		for _, u := range us {
			out[u.addr] = true
		}
	}
	return out
}

func (e *exporter) equate(w *strings.Builder, sym *asm.Symbol, defined map[string]bool, comment string) {
	name := e.names.names[sym]
	if defined[name] {
		return
	}
	defined[name] = true
	text := fmt.Sprintf("%s = %s", name, hexValue(sym.Value))
	writeLine(w, text, comment)
}

const indent = "        "

func writeComment(w *strings.Builder, c string) {
	if c == "" {
		w.WriteString(";\n")
		return
	}
	w.WriteString("; " + c + "\n")
}

func writeLine(w *strings.Builder, text, comment string) {
	if comment != "" {
		text = fmt.Sprintf("%-32s ; %s", text, comment)
	}
	w.WriteString(strings.TrimRight(text, " ") + "\n")
}

func hexValue(v int) string {
	if v >= 0 && v < 0x100 {
		return fmt.Sprintf("$%02X", v)
	}
	return fmt.Sprintf("$%04X", v)
}

// unit writes one unit with its comment lines and labels.
func (e *exporter) unit(w *strings.Builder, u unit) {
	if u.stmt != nil {
		for _, c := range e.lead[u.stmt] {
			writeComment(w, c)
		}
	}
	for _, l := range e.inside[u.addr] {
		writeLine(w, fmt.Sprintf("%s = * + $%X", l.name, l.off), "inside the statement below")
	}
	labels := e.labels[u.addr]
	label := ""
	for i, l := range labels {
		if i == len(labels)-1 {
			label = e.sx.label(l)
			break
		}
		w.WriteString(e.sx.label(l) + "\n")
	}
	pad := func(l string) string {
		if len(l) >= len(indent) {
			return l + " "
		}
		return l + indent[len(l):]
	}
	text, comment := e.body(u)
	writeLine(w, pad(label)+text, comment)
}

// body is a unit's statement and comment.
func (e *exporter) body(u unit) (string, string) {
	s := u.stmt
	if s != nil {
		p := e.prog[s]
		switch s.Kind {
		case asm.KindInstr:
			return e.instruction(s, p), commentText(s.Comment)
		case asm.KindData:
			var vals []string
			for i := range s.Data {
				vals = append(vals, e.expr(&s.Data[i], p, 1))
			}
			return e.sx.bytes + " " + strings.Join(vals, ", "), commentText(s.Comment)
		}
		// A statement of no dialect: an opening block's byte, made from
		// a book's move.
		return e.data(u.bytes), commentText(s.Text)
	}
	comment := ""
	if u.src != nil {
		comment = fmt.Sprintf("what a patch leaves of %s: %s", u.src.Pos, strings.Join(strings.Fields(u.src.Text), " "))
	} else if allZero(u.bytes) && len(u.bytes) > 1 {
		return fmt.Sprintf("%s %d, $00", e.sx.fill, len(u.bytes)), "no statement fills these bytes"
	}
	return e.data(u.bytes), comment
}

func allZero(b []byte) bool {
	for _, x := range b {
		if x != 0 {
			return false
		}
	}
	return true
}

func (e *exporter) data(b []byte) string {
	var vals []string
	for _, x := range b {
		vals = append(vals, fmt.Sprintf("$%02X", x))
	}
	return e.sx.bytes + " " + strings.Join(vals, ", ")
}

// instruction writes an instruction with its mode forced where the
// mnemonic has both a zero-page and an absolute form.
func (e *exporter) instruction(s *asm.Stmt, p *asm.Program) string {
	m := strings.ToLower(s.Mnemonic)
	op := func(width int) string { return e.expr(s.Operand, p, width) }
	force := func(zp bool) (string, string) {
		other := isa.Absolute
		switch s.Mode {
		case isa.ZeroPage:
		case isa.ZeroPageX:
			other = isa.AbsoluteX
		case isa.ZeroPageY:
			other = isa.AbsoluteY
		case isa.Absolute:
			other = isa.ZeroPage
		case isa.AbsoluteX:
			other = isa.ZeroPageX
		case isa.AbsoluteY:
			other = isa.ZeroPageY
		}
		if _, both := isa.Lookup(s.Mnemonic, other); !both {
			return m, ""
		}
		return e.sx.force(m, zp)
	}
	switch s.Mode {
	case isa.Implied:
		return m
	case isa.Accumulator:
		return m + e.sx.accumulator
	case isa.Immediate:
		return m + " #" + op(1)
	case isa.Relative:
		if s.Operand.Sym == "" {
			// A number: as an offset from the instruction, which ca65
			// can resolve in a segment placed only at link time.
			d := s.Operand.Offset - int(s.Addr)
			if d < 0 {
				return fmt.Sprintf("%s *-$%X", m, -d)
			}
			return fmt.Sprintf("%s *+$%X", m, d)
		}
		return m + " " + op(2)
	case isa.Indirect:
		return m + " (" + op(2) + ")"
	case isa.IndirectX:
		return m + " (" + op(1) + ",x)"
	case isa.IndirectY:
		return m + " (" + op(1) + "),y"
	}
	zp := s.Mode == isa.ZeroPage || s.Mode == isa.ZeroPageX || s.Mode == isa.ZeroPageY
	width := 2
	if zp {
		width = 1
	}
	mn, prefix := force(zp)
	text := mn + " " + prefix + op(width)
	switch s.Mode {
	case isa.ZeroPageX, isa.AbsoluteX:
		text += ",x"
	case isa.ZeroPageY, isa.AbsoluteY:
		text += ",y"
	}
	return text
}

// expr writes an operand: a legal name with its offset, or a number of
// width bytes.
func (e *exporter) expr(x *asm.Expr, p *asm.Program, width int) string {
	if x.Sym == "" {
		if width == 1 {
			return fmt.Sprintf("$%02X", x.Offset&0xFF)
		}
		return fmt.Sprintf("$%04X", x.Offset&0xFFFF)
	}
	sym := resolve(p, x.Sym)
	name := e.names.names[sym]
	switch {
	case x.Offset > 0:
		return fmt.Sprintf("%s+$%X", name, x.Offset)
	case x.Offset < 0:
		return fmt.Sprintf("%s-$%X", name, -x.Offset)
	}
	return name
}
