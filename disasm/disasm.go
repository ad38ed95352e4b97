// Package disasm turns a dump back into source in the 1977 dialect that
// `mchess asm` reassembles to the same bytes. Code is found by following
// the program from its entry points (every JSR, JMP and branch target it
// reaches); whatever is not reached, and any instruction the dialect
// cannot spell, is written as data. Names come from a symbol table (a
// .sym, or a build the bytes match), or are made up where none fits.
package disasm

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/isa"
)

// Options says what a disassembly starts from besides the bytes.
type Options struct {
	// Names are symbols whose names the source uses: the first of an
	// address wins, as in asm.Names; a name the 1977 dialect cannot
	// spell is left out.
	Names []asm.FileSymbol
	// Entries are where code starts besides the KIM-1's own: 0000, where
	// GO starts a program, and the monitor's NMI and IRQ vectors when the
	// dump holds them.
	Entries []uint16
	// Header lines go first, each as a comment.
	Header []string
}

// The monitor's vectors in 17FA–17FF: where it hands over to a program.
const (
	nmiVector = 0x17FA
	irqVector = 0x17FE
	bytesLine = 8 // data bytes a line
)

// Source1977 disassembles the segments. It assembles what it wrote and
// returns an error, never a wrong source, if the bytes differ.
func Source1977(segs []dump.Segment, opt Options) (string, error) {
	d := newDisassembly(segs, opt)
	d.trace()
	text := d.write()
	if err := Check(text, segs); err != nil {
		return "", fmt.Errorf("the disassembly does not reassemble to the dump (a defect of mchess): %v", err)
	}
	return text, nil
}

// Check assembles 1977-dialect source and compares it with the segments:
// every byte of the dump defined, nothing else.
func Check(text string, segs []dump.Segment) error {
	p, err := asm.Assemble(asm.Source{Name: "disassembly.asm", Text: text})
	if err != nil {
		return err
	}
	got := map[int]byte{}
	for _, s := range p.Stmts {
		for i, b := range s.Bytes {
			got[int(s.Addr)+i] = b
		}
	}
	n := 0
	for _, seg := range segs {
		for i, b := range seg.Data {
			a := int(seg.Addr) + i
			g, ok := got[a]
			if !ok || g != b {
				return fmt.Errorf("%04X: the source gives %s, the dump %02X", a, byteText(g, ok), b)
			}
			n++
		}
	}
	if len(got) != n {
		return fmt.Errorf("the source defines %d bytes, the dump holds %d", len(got), n)
	}
	return nil
}

func byteText(b byte, ok bool) string {
	if !ok {
		return "nothing"
	}
	return fmt.Sprintf("%02X", b)
}

type disassembly struct {
	segs  []dump.Segment
	opt   Options
	mem   map[int]byte
	seg   map[int]int // address -> its segment's index
	insn  map[int]int // instruction start -> length
	owner map[int]int // address -> the start of the instruction that holds it
	refs  map[int]bool
	jumps map[int]bool // JSR, JMP and branch targets
	// names: by address (labels) and by page-zero variable; each name
	// stands for one value.
	names *asm.Names
	value map[string]int
	label map[int]string // the name defined at a line's start
	used  map[string]int // names written in operands, with their values
}

func newDisassembly(segs []dump.Segment, opt Options) *disassembly {
	d := &disassembly{segs: segs, opt: opt, mem: map[int]byte{}, seg: map[int]int{}, insn: map[int]int{},
		owner: map[int]int{}, refs: map[int]bool{}, jumps: map[int]bool{}, value: map[string]int{},
		label: map[int]string{}, used: map[string]int{}}
	for k, s := range segs {
		for i, b := range s.Data {
			d.mem[int(s.Addr)+i] = b
			d.seg[int(s.Addr)+i] = k
		}
	}
	var ok []asm.FileSymbol
	for _, s := range opt.Names {
		if Valid(s.Name) {
			ok = append(ok, s)
		}
	}
	d.names = asm.NewNames(ok)
	return d
}

// Valid tells whether the 1977 dialect can spell a name: a letter then
// letters or digits, after at most one . or *; a bare name made only of
// hex digits would read as a number.
func Valid(name string) bool {
	body := strings.TrimLeft(name, ".*")
	if len(name)-len(body) > 1 || body == "" {
		return false
	}
	hex := true
	for i, c := range body {
		letter := c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z'
		digit := c >= '0' && c <= '9'
		if !letter && !(digit && i > 0) {
			return false
		}
		hex = hex && (digit || c >= 'A' && c <= 'F' || c >= 'a' && c <= 'f')
	}
	return !(hex && body == name)
}

func (d *disassembly) in(a int) bool { _, ok := d.mem[a]; return ok }

// trace follows the program from its entry points.
func (d *disassembly) trace() {
	var work []int
	push := func(a int) {
		if d.in(a) {
			work = append(work, a)
		}
	}
	push(0)
	for _, v := range []int{nmiVector, irqVector} {
		if d.in(v) && d.in(v+1) {
			push(int(d.mem[v]) | int(d.mem[v+1])<<8)
		}
	}
	for _, e := range d.opt.Entries {
		push(int(e))
	}
	for len(work) > 0 {
		pc := work[len(work)-1]
		work = work[:len(work)-1]
		for {
			if _, seen := d.insn[pc]; seen {
				break
			}
			op, n, ok := d.decode(pc)
			if !ok {
				break
			}
			d.insn[pc] = n
			for k := range n {
				d.owner[pc+k] = pc
			}
			target, hasTarget := d.target(pc, op)
			if hasTarget {
				d.refs[target] = true
			}
			switch {
			case op.Mode == isa.Relative:
				d.jumps[target] = true
				push(target)
			case op.Mnemonic == "JSR":
				d.jumps[target] = true
				push(target)
			case op.Mnemonic == "JMP" && op.Mode == isa.Absolute:
				d.jumps[target] = true
				push(target)
			}
			if op.Mnemonic == "JMP" || op.Mnemonic == "RTS" || op.Mnemonic == "RTI" || op.Mnemonic == "BRK" {
				break
			}
			pc += n
		}
	}
}

// decode reads the instruction at pc if the program can run it there:
// a documented opcode whose bytes are all in one segment of the dump and
// in no other instruction, and that the dialect can spell.
func (d *disassembly) decode(pc int) (isa.Op, int, bool) {
	b, ok := d.mem[pc]
	if !ok {
		return isa.Op{}, 0, false
	}
	e := isa.ByCode[b]
	if !e.Valid {
		return isa.Op{}, 0, false
	}
	for k := range e.Bytes {
		if !d.in(pc+k) || d.seg[pc+k] != d.seg[pc] {
			return isa.Op{}, 0, false
		}
		if _, taken := d.owner[pc+k]; taken {
			return isa.Op{}, 0, false
		}
	}
	return e.Op, e.Bytes, true
}

// operand is an instruction's operand value (a branch's target).
func (d *disassembly) operand(pc int, op isa.Op) int {
	switch op.Bytes {
	case 2:
		if op.Mode == isa.Relative {
			return pc + 2 + int(int8(d.mem[pc+1]))
		}
		return int(d.mem[pc+1])
	case 3:
		return int(d.mem[pc+1]) | int(d.mem[pc+2])<<8
	}
	return 0
}

// target is the address an instruction names, if it names one.
func (d *disassembly) target(pc int, op isa.Op) (int, bool) {
	switch op.Mode {
	case isa.Implied, isa.Accumulator, isa.Immediate:
		return 0, false
	}
	return d.operand(pc, op), true
}

// spellable tells whether the dialect can write an instruction: an
// unsuffixed absolute operand below 0100 would be assembled to zero
// page, and a branch must reach an address.
func (d *disassembly) spellable(pc int, op isa.Op) bool {
	v := d.operand(pc, op)
	switch op.Mode {
	case isa.Absolute:
		if _, zp := isa.Lookup(op.Mnemonic, isa.ZeroPage); zp && v < 0x100 {
			return false
		}
	case isa.Relative:
		return v >= 0 && v <= 0xFFFF
	}
	return true
}

// line is one line of the disassembly.
type line struct {
	addr    int
	n       int
	code    bool
	comment string
}

// lines cuts the dump into instructions and data lines; data breaks where
// a name or a reference points.
func (d *disassembly) lines() [][]line {
	var out [][]line
	for _, s := range d.segs {
		var ls []line
		lo, end := int(s.Addr), s.End()
		for a := lo; a < end; {
			if n, ok := d.insn[a]; ok {
				op := isa.ByCode[d.mem[a]].Op
				if d.spellable(a, op) {
					ls = append(ls, line{addr: a, n: n, code: true})
				} else {
					ls = append(ls, line{addr: a, n: n, comment: d.unspellable(a, op)})
				}
				a += n
				continue
			}
			b := a + 1
			for b < end && b-a < bytesLine && !d.breaks(b) {
				b++
			}
			ls = append(ls, line{addr: a, n: b - a})
			a = b
		}
		out = append(out, ls)
	}
	return out
}

// breaks tells whether a data line must end before a.
func (d *disassembly) breaks(a int) bool {
	if _, ok := d.insn[a]; ok {
		return true
	}
	if d.refs[a] {
		return true
	}
	_, named := d.names.Name(uint16(a), false)
	return named
}

func (d *disassembly) unspellable(pc int, op isa.Op) string {
	v := d.operand(pc, op)
	if op.Mode == isa.Relative {
		return fmt.Sprintf("; %s to %X, past the end of memory", op.Mnemonic, v)
	}
	return fmt.Sprintf("; %s %04X: absolute in page zero, which the 1977 dialect has no spelling for", op.Mnemonic, v)
}

// bind gives a name a value; false when it stands for another already.
func (d *disassembly) bind(name string, v int) bool {
	if old, ok := d.value[name]; ok {
		return old == v
	}
	d.value[name] = v
	return true
}

// nameLabels names each line start that has a name or is referenced.
func (d *disassembly) nameLabels(all [][]line) {
	for _, ls := range all {
		for _, l := range ls {
			a := l.addr
			if n, ok := d.names.Name(uint16(a), false); ok && d.bind(n, a) {
				d.label[a] = n
				continue
			}
			if !d.refs[a] {
				continue
			}
			prefix := "T" // a table, say
			if d.jumps[a] {
				prefix = "L"
			}
			name := fmt.Sprintf("%s%04X", prefix, a)
			for !d.bind(name, a) {
				name += "X"
			}
			d.label[a] = name
		}
	}
}

// name is how an operand v is written: a name, else hex of width digits.
func (d *disassembly) name(v int, zp bool, width int) string {
	if zp {
		if n, ok := d.names.Name(uint16(v), true); ok && d.bind(n, v) {
			d.used[n] = v
			return n
		}
	}
	if n, ok := d.label[v]; ok {
		return n
	}
	if n, ok := d.names.Name(uint16(v), zp); ok && d.bind(n, v) {
		d.used[n] = v
		return n
	}
	return fmt.Sprintf("%0*X", width, v)
}

func (d *disassembly) instruction(pc int) (string, string) {
	op := isa.ByCode[d.mem[pc]].Op
	v := d.operand(pc, op)
	m := op.Mnemonic
	switch op.Mode {
	case isa.Implied:
		return m, ""
	case isa.Accumulator:
		return m + "A", ""
	case isa.Immediate:
		return m + "IM", fmt.Sprintf("%02X", v)
	case isa.Relative, isa.Absolute:
		return m, d.name(v, false, 4)
	case isa.ZeroPage, isa.ZeroPageX, isa.ZeroPageY, isa.IndirectX, isa.IndirectY:
		return m + asm.Suffix1977(op.Mode), d.name(v, true, 2)
	}
	return m + asm.Suffix1977(op.Mode), d.name(v, false, 4)
}

func (d *disassembly) write() string {
	all := d.lines()
	d.nameLabels(all)
	var w strings.Builder
	for _, h := range d.opt.Header {
		w.WriteString(";\t" + h + "\n")
	}
	for k, ls := range all {
		fmt.Fprintf(&w, ";\n+++\t%04X\n", d.segs[k].Addr)
		for _, l := range ls {
			label := d.label[l.addr]
			if l.code {
				m, operand := d.instruction(l.addr)
				text := label + "\t" + m
				if operand != "" {
					text += "\t" + operand
				}
				w.WriteString(text + "\n")
				continue
			}
			var hex []string
			for a := l.addr; a < l.addr+l.n; a++ {
				hex = append(hex, fmt.Sprintf("%02X", d.mem[a]))
			}
			text := label + "\t.BYTE\t" + strings.Join(hex, " ")
			if l.comment != "" {
				text += "\t" + l.comment
			}
			w.WriteString(text + "\n")
		}
	}
	// Names used that no line defines: equates, at the end as in 1977.
	defined := map[string]bool{}
	for _, n := range d.label {
		defined[n] = true
	}
	var eq []string
	for n := range d.used {
		if !defined[n] {
			eq = append(eq, n)
		}
	}
	sort.Slice(eq, func(i, j int) bool {
		if d.used[eq[i]] != d.used[eq[j]] {
			return d.used[eq[i]] < d.used[eq[j]]
		}
		return eq[i] < eq[j]
	})
	if len(eq) > 0 {
		w.WriteString(";\n;\tNAMES OUTSIDE THE DUMP, OR INSIDE AN INSTRUCTION\n")
	}
	for _, n := range eq {
		width := 4
		if d.used[n] < 0x100 {
			width = 2
		}
		fmt.Fprintf(&w, "%s\t=\t%0*X\n", n, width, d.used[n])
	}
	return w.String()
}
