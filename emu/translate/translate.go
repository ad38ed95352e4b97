// Package translate turns a 6502 program in memory into Go ahead of time:
// an emu.Native whose Enter runs the program's instructions as Go
// statements over the registers held in locals, with branches, jumps and
// subroutine calls as gotos, returns through a switch over the calls'
// return addresses, and each basic block's cycles and instructions counted
// at once (page crossings and taken branches on top, as on the chip). What
// each instruction does comes from emu/internal/sem, which the
// interpreter's generator shares, and the cycle counts from the isa table.
//
// The translation runs exactly as the core would, or not at all: it finds
// the program's code by following its control flow from the entry points,
// and leaves to the core every instruction it cannot run exactly as the
// core does. A store to an address that is hooked or that holds translated
// code is handed to the core before it happens (the core calls the hook
// as ever); so are BRK, RTI, JMP (indirect), undocumented opcodes and any
// jump or return to an address that is not a block of the translation (a
// monitor routine, say). The end of the budget is checked where loops
// close and at subroutine entries and returns: when it is nearer than the
// most the code can run before the next check, the core runs the rest.
// Immediate operands named as variable are read from memory when the
// instruction runs, so that a setting poked there is obeyed.
package translate

import (
	"bytes"
	"fmt"
	"go/format"
	"slices"
	"sort"
	"strings"

	"github.com/kim1-archive/microchess/emu/internal/sem"
	"github.com/kim1-archive/microchess/isa"
)

// Program is what to translate.
type Program struct {
	Package string // the generated file's package
	// Name is the Go name of the generated *emu.Native (exported); its
	// Enter function is the same name in lower case.
	Name        string
	Description string // a sentence for the doc comment
	Generator   string // what wrote the file, for its header
	Mem         *[65536]byte
	Entries     []uint16
	// Variable are immediate operands read at run time, left out of the
	// code the translation checks.
	Variable []uint16
	// Symbols, when set, names addresses in the comments.
	Symbols isa.Symbolizer
	// Constraint, when set, is the file's build constraint (the
	// expression of a //go:build line).
	Constraint string
}

// kind is how an instruction ends (or does not end) a block.
type kind int

const (
	plain  kind = iota
	branch      // conditional branch
	jump        // JMP absolute
	call        // JSR
	ret         // RTS
	core        // left to the core: BRK, RTI, JMP (indirect), undocumented, a store into code
)

type instr struct {
	addr       uint16
	op         isa.Op
	documented bool
	operand    uint16
	kind       kind
}

func (in *instr) next() uint16 { return in.addr + uint16(in.op.Bytes) }

// target is a branch's, jump's or call's destination.
func (in *instr) target() uint16 {
	if in.kind == branch {
		return in.addr + 2 + uint16(int8(in.operand))
	}
	return in.operand
}

type edge struct {
	to    uint16
	extra int // cycles on top of the block's
}

type block struct {
	start      uint16
	insts      []*instr // the last may be a core instruction, not run here
	edges      []edge
	cycles     int // base cycles of the instructions run here
	penalty    int // most page-crossing cycles they can add
	checkpoint bool
	reach      int // most cycles run from the start to the next check or exit
}

type translator struct {
	p       Program
	insts   map[uint16]*instr
	leaders map[uint16]bool
	returns map[uint16]bool // return addresses of JSRs
	checks  map[uint16]bool // blocks that check the budget: entries, calls' targets and returns
	// loopHeads are the targets of jumps back, which check the budget
	// too, unless countedLoops shows their loop ends in so many passes.
	loopHeads map[uint16]bool
	loops     map[uint16]*loop // the counted loops, by head
	variable  map[uint16]bool
	code      []span // the translated instructions' bytes, merged
	blocks    map[uint16]*block
	order     []uint16
	stores    []span // where stores go that do not check for hooks
	bitmap    bool   // the guard bitmap is used
	selfJump  bool   // some jump is to itself
	bits      bool   // math/bits is used
	// Within subroutines: each block's predecessors, and the return
	// addresses of the calls to each (see returnsTo).
	preds, calls map[uint16][]uint16
	hash         *returnTable
}

type span struct{ lo, hi int } // inclusive

// Translate returns the formatted Go source of the translation.
func Translate(p Program) ([]byte, error) {
	t := &translator{p: p, insts: map[uint16]*instr{}, leaders: map[uint16]bool{},
		returns: map[uint16]bool{}, checks: map[uint16]bool{}, loopHeads: map[uint16]bool{}, loops: map[uint16]*loop{}, variable: map[uint16]bool{},
		blocks: map[uint16]*block{}}
	if len(p.Entries) == 0 {
		return nil, fmt.Errorf("%s: no entry point", p.Name)
	}
	for _, v := range p.Variable {
		t.variable[v] = true
	}
	t.discover()
	if err := t.checkVariable(); err != nil {
		return nil, err
	}
	t.mergeCode()
	t.storesIntoCode()
	t.formBlocks()
	if !t.reaches(t.countedLoops()) {
		for _, a := range t.order {
			t.blocks[a].checkpoint = t.checks[a] || t.loopHeads[a]
		}
		t.loops = map[uint16]*loop{}
		t.reaches(nil)
	}
	return t.emit()
}

// discover decodes every instruction reachable from the entries.
func (t *translator) discover() {
	work := append([]uint16(nil), t.p.Entries...)
	for _, e := range t.p.Entries {
		t.leaders[e] = true
		t.checks[e] = true
	}
	for len(work) > 0 {
		a := work[len(work)-1]
		work = work[:len(work)-1]
		if _, seen := t.insts[a]; seen {
			continue
		}
		e := isa.ByCode[t.p.Mem[a]]
		in := &instr{addr: a, op: e.Op, documented: e.Valid}
		t.insts[a] = in
		if !e.Valid || int(a)+e.Bytes > len(t.p.Mem) {
			in.kind = core
			continue
		}
		switch e.Bytes {
		case 2:
			in.operand = uint16(t.p.Mem[a+1])
		case 3:
			in.operand = uint16(t.p.Mem[a+1]) | uint16(t.p.Mem[a+2])<<8
		}
		follow := func(to uint16) {
			t.leaders[to] = true
			work = append(work, to)
		}
		switch {
		case e.Mode == isa.Relative:
			in.kind = branch
			follow(in.target())
			follow(in.next())
			if in.target() <= a {
				t.loopHeads[in.target()] = true
			}
		case e.Mnemonic == "JMP" && e.Mode == isa.Absolute:
			in.kind = jump
			follow(in.target())
			if in.target() <= a {
				t.loopHeads[in.target()] = true
			}
		case e.Mnemonic == "JSR":
			in.kind = call
			follow(in.target())
			follow(in.next())
			t.returns[in.next()] = true
			t.checks[in.target()] = true
			t.checks[in.next()] = true
		case e.Mnemonic == "RTS":
			in.kind = ret
		case e.Mnemonic == "BRK", e.Mnemonic == "RTI", e.Mnemonic == "JMP":
			in.kind = core
		default:
			work = append(work, in.next())
		}
	}
}

// checkVariable refuses a variable byte that is part of an instruction
// the translation runs, other than as its immediate operand. (One that is
// no instruction's is read from memory as data anyway.)
func (t *translator) checkVariable() error {
	for v := range t.variable {
		for a, in := range t.insts {
			if !in.documented || v < a || int(v) >= int(a)+in.op.Bytes {
				continue
			}
			if in.kind == core || in.op.Mode != isa.Immediate || v != a+1 {
				return fmt.Errorf("%s: variable byte %04X is part of the instruction at %04X, not its immediate operand", t.p.Name, v, a)
			}
		}
	}
	return nil
}

// mergeCode collects the bytes of every translated instruction.
func (t *translator) mergeCode() {
	var addrs []int
	for a, in := range t.insts {
		if !in.documented {
			continue // not an instruction: the core stops on it
		}
		for k := range in.op.Bytes {
			addrs = append(addrs, int(a)+k)
		}
	}
	sort.Ints(addrs)
	for _, a := range addrs {
		if n := len(t.code); n > 0 && a <= t.code[n-1].hi+1 {
			t.code[n-1].hi = max(t.code[n-1].hi, a)
			continue
		}
		t.code = append(t.code, span{a, a})
	}
}

func (t *translator) isCode(a int) bool {
	for _, s := range t.code {
		if a >= s.lo && a <= s.hi {
			return true
		}
	}
	return false
}

// storesIntoCode leaves a store to a fixed address in the code to the
// core; the instruction after it starts a block, so that the translation
// takes over again there.
func (t *translator) storesIntoCode() {
	for _, in := range t.insts {
		if in.kind != plain || !writes(in.op) {
			continue
		}
		if (in.op.Mode == isa.ZeroPage || in.op.Mode == isa.Absolute) && t.isCode(int(in.operand)) {
			in.kind = core
			t.leaders[in.next()] = true
		}
	}
}

func writes(op isa.Op) bool {
	if _, ok := sem.Store(op.Mnemonic); ok {
		return true
	}
	_, ok := sem.RMW(op.Mnemonic)
	return ok && op.Mode != isa.Accumulator
}

func (t *translator) formBlocks() {
	for a := range t.leaders {
		// An undocumented opcode is no block: a jump there is a jump out
		// (to an emulated monitor routine, say).
		if in, ok := t.insts[a]; ok && in.documented {
			t.order = append(t.order, a)
		}
	}
	sort.Slice(t.order, func(i, j int) bool { return t.order[i] < t.order[j] })
	for _, start := range t.order {
		b := &block{start: start, checkpoint: t.checks[start] || t.loopHeads[start]}
		t.blocks[start] = b
		for a := start; ; {
			in := t.insts[a]
			b.insts = append(b.insts, in)
			if in.kind == core {
				break
			}
			b.cycles += in.op.Cycles
			if in.op.PageCost {
				b.penalty++
			}
			switch in.kind {
			case branch:
				b.edges = append(b.edges,
					edge{in.target(), sem.BranchCycles(in.op, in.addr, in.target(), true) - in.op.Cycles},
					edge{in.next(), 0})
			case jump, call:
				if in.target() != in.addr {
					b.edges = append(b.edges, edge{in.target(), 0})
				}
			case plain:
				a = in.next()
				if _, ok := t.insts[a]; !ok || t.leaders[a] {
					b.edges = append(b.edges, edge{a, 0})
					break
				}
				continue
			}
			break
		}
	}
}

// reaches computes, for each block, the most cycles the translation can
// run from its start before it next checks the budget or leaves: every
// loop closes at a checked block (a loop's lowest block is entered from
// above) or is a counted loop, so the blocks between checks form no cycle
// but those. It reports false, should they form one all the same (a way
// out of a counted loop that comes back to it unchecked).
func (t *translator) reaches(counted []*loop) bool {
	heads := map[uint16]*loop{}
	for _, l := range counted {
		heads[l.head.start] = l
	}
	done, busy := map[uint16]bool{}, map[uint16]bool{}
	cyclic := false
	var reach func(b *block) int
	onward := func(edges []edge) int {
		most := 0
		for _, e := range edges {
			n := e.extra
			if to, ok := t.blocks[e.to]; ok && !to.checkpoint {
				n += reach(to)
			}
			most = max(most, n)
		}
		return most
	}
	reach = func(b *block) int {
		if done[b.start] {
			return b.reach
		}
		if busy[b.start] {
			cyclic = true
			return 0
		}
		busy[b.start] = true
		if l := heads[b.start]; l != nil {
			// The whole passes, then the way out.
			b.reach = l.passes*l.pass + onward(l.exits)
		} else {
			b.reach = b.cycles + b.penalty + onward(b.edges)
		}
		done[b.start] = true
		return b.reach
	}
	for _, a := range t.order {
		reach(t.blocks[a])
	}
	return !cyclic
}

// names are the translation's: V has a local of its own, and there are
// registers enough for the decimal paths.
var names = sem.Names{V: "v"}

func (t *translator) emit() ([]byte, error) {
	var b bytes.Buffer
	p := t.p
	fn := strings.ToLower(p.Name[:1]) + p.Name[1:]
	fmt.Fprintf(&b, "// Code generated by %s; DO NOT EDIT.\n\n", p.Generator)
	if p.Constraint != "" {
		fmt.Fprintf(&b, "//go:build %s\n\n", p.Constraint)
	}
	fmt.Fprintf(&b, "package %s\n\n", p.Package)
	// The flags are set as the 6502 sets them, whether read or not.
	b.WriteString("//lint:file-ignore SA4006 a flag is set as the 6502 sets it, read or not\n\n")
	body, err := t.function(t.fn())
	if err != nil {
		return nil, err
	}
	if t.bits {
		b.WriteString("import (\n\"math/bits\"\n\n\"github.com/kim1-archive/microchess/emu\"\n)\n\n")
	} else {
		b.WriteString("import \"github.com/kim1-archive/microchess/emu\"\n\n")
	}
	fmt.Fprintf(&b, "// %s is %s, translated ahead of time by emu/translate: %d blocks, %d instructions, %d bytes of code.\n",
		p.Name, p.Description, len(t.order), t.countInstructions(), t.codeBytes())
	fmt.Fprintf(&b, "var %s = &emu.Native{\nName: %q,\nCode: []emu.Span{\n", p.Name, fn)
	for _, s := range t.checked() {
		fmt.Fprintf(&b, "{Addr: 0x%04X, Bytes: %q},\n", s.lo, string(p.Mem[s.lo:s.hi+1]))
	}
	b.WriteString("},\nBlocks: []uint16{")
	for i, a := range t.order {
		if i%12 == 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "0x%04X, ", a)
	}
	b.WriteString("\n},\n")
	b.WriteString("Unhooked: []emu.Range{\n")
	for _, r := range t.unhooked() {
		fmt.Fprintf(&b, "{Lo: 0x%04X, Hi: 0x%04X},\n", r.lo, r.hi)
	}
	fmt.Fprintf(&b, "},\nEnter: %s,\n}\n\n", fn)
	b.WriteString(body)
	if _, _, slots := t.returnHash(); len(slots) > 0 {
		fmt.Fprintf(&b, "\n// %sReturns holds each return address of a call in its slot of the\n// return table (see the RTSs).\nvar %sReturns = [%d]uint16{", t.fn(), t.fn(), len(slots))
		for h, a := range slots {
			if a != noSlot {
				fmt.Fprintf(&b, "%d: 0x%04X, ", h, a)
			}
		}
		b.WriteString("}\n")
	}
	if t.bitmap {
		fmt.Fprintf(&b, "\n// %sCode marks the bytes of the code, a bit each.\nvar %sCode = [8192]byte{", fn, fn)
		var bits [8192]byte
		for _, s := range t.code {
			for a := s.lo; a <= s.hi; a++ {
				bits[a>>3] |= 1 << (a & 7)
			}
		}
		for i, v := range bits {
			if v != 0 {
				fmt.Fprintf(&b, "%d: 0x%02X, ", i, v)
			}
		}
		b.WriteString("}\n")
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("%s: the generated code does not parse: %v", p.Name, err)
	}
	return src, nil
}

func (t *translator) countInstructions() int {
	n := 0
	for _, in := range t.insts {
		if in.documented {
			n++
		}
	}
	return n
}

func (t *translator) codeBytes() int {
	n := 0
	for _, s := range t.checked() {
		n += s.hi - s.lo + 1
	}
	return n
}

// checked is the code less the variable bytes.
func (t *translator) checked() []span {
	var out []span
	for _, s := range t.code {
		lo := s.lo
		for a := s.lo; a <= s.hi+1; a++ {
			if a == s.hi+1 || t.variable[uint16(a)] {
				if a > lo {
					out = append(out, span{lo, a - 1})
				}
				lo = a + 1
			}
		}
	}
	return out
}

const prelude = `const (
FlagC, FlagZ, FlagI, FlagD = emu.FlagC, emu.FlagZ, emu.FlagI, emu.FlagD
FlagB, FlagU, FlagV, FlagN = emu.FlagB, emu.FlagU, emu.FlagV, emu.FlagN
StackPage = emu.StackPage
// clock counts the cycles run above clockShift and the instructions
// below; a run of at most 1<<clockShift cycles keeps both in range. A
// small shift keeps a block's cycles, and most checks' reach, shifted
// within a 32-bit immediate (x86-64).
clockShift = 21
)
`

// function writes the Enter function: the registers into locals, a switch
// to the block at PC, the blocks, and the exits that write them back.
func (t *translator) function(fn string) (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, `// %s runs the translation (see emu.Native.Enter). The locals: nz
// holds N and Z (N is its sign, Z is set when its low byte is 0), cf is C
// (0 or 1), v is V; D and I stay in c.P. Each block adds its cycles and
// instructions to clock as it starts; a block left before its end takes
// back what it did not run.
func %s(c *emu.CPU, budget uint64) (emu.Stop, uint64) {
`, fn, fn)
	b.WriteString(prelude)
	b.WriteString("pc := c.PC\na, x, y, s := c.A, c.X, c.Y, c.S\nvar v bool\n")
	b.WriteString(names.LoadP())
	b.WriteString(`budget = min(budget, 1<<clockShift)
var clock uint64
end := budget << clockShift
stop, core := emu.StopBudget, uint64(0)
switch pc {
`)
	for _, a := range t.order {
		fmt.Fprintf(&b, "case 0x%04X:\nif %d >= budget {\ngoto budget\n}\ngoto L%04X\n", a, t.blocks[a].reach, a)
	}
	b.WriteString("default:\n")
	var cond []string
	for _, s := range t.code {
		cond = append(cond, fmt.Sprintf("(pc >= 0x%04X && pc <= 0x%04X)", s.lo, s.hi))
	}
	b.WriteString("// Inside a block: the core steps to the next one. Outside\n// the code: the core runs the rest.\n")
	fmt.Fprintf(&b, "if %s {\nreturn emu.StopBudget, 1\n}\nreturn emu.StopBudget, budget\n}\n", strings.Join(cond, " || "))
	for _, a := range t.order {
		code, err := t.blockCode(t.blocks[a])
		if err != nil {
			return "", err
		}
		b.WriteString(code)
	}
	b.WriteString(`
// The budget's end is nearer than the code can run before its next
// check: the core runs the rest.
budget:
if used := clock >> clockShift; used < budget {
core = budget - used
}
goto exit
// An instruction the translation does not run: the core runs it.
step:
core = 1
goto exit
`)
	if t.selfJump {
		b.WriteString("selfJump:\nstop = emu.StopSelfJump\n")
	}
	b.WriteString(`exit:
c.A, c.X, c.Y, c.S, c.PC = a, x, y, s, pc
`)
	b.WriteString(names.PackP(false))
	b.WriteString("c.P = p\nc.Cycles += clock >> clockShift\nc.Instructions += clock & (1<<clockShift - 1)\nreturn stop, core\n}\n")
	return b.String(), nil
}

func (t *translator) comment(in *instr) string {
	bs := t.p.Mem[in.addr : int(in.addr)+max(1, min(in.op.Bytes, len(t.p.Mem)-int(in.addr)))]
	text, _ := isa.Disassemble(bs, in.addr, t.p.Symbols)
	return fmt.Sprintf("// %04X %s\n", in.addr, text)
}

// goTo is the jump to the block at a, or, when there is none, the exit
// to the core there.
func (t *translator) goTo(a uint16) string {
	if _, ok := t.blocks[a]; ok {
		return fmt.Sprintf("goto L%04X\n", a)
	}
	return fmt.Sprintf("pc = 0x%04X\ngoto step\n", a)
}

func (t *translator) blockCode(bl *block) (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "\nL%04X:", bl.start)
	if t.p.Symbols != nil {
		if name, ok := t.p.Symbols(bl.start, false); ok {
			b.WriteString(" // " + name)
		}
	}
	b.WriteString("\n")
	if bl.checkpoint {
		fmt.Fprintf(&b, "if clock+%d<<clockShift >= end {\npc = 0x%04X\ngoto budget\n}\n", bl.reach, bl.start)
	}
	if l := t.loops[bl.start]; l != nil {
		if sc := scanOf(l); sc != nil {
			b.WriteString(t.scanCode(sc))
			return b.String(), nil
		}
	}
	n := len(bl.insts)
	last := bl.insts[n-1]
	if last.kind == core {
		n--
	}
	if n > 0 {
		fmt.Fprintf(&b, "clock += %d<<clockShift + %d\n", bl.cycles, n)
	}
	left, leftN := bl.cycles, n // not yet run, this instruction included
	for _, in := range bl.insts[:n] {
		b.WriteString(t.comment(in))
		back := fmt.Sprintf("clock -= %d<<clockShift + %d\npc = 0x%04X\ngoto step\n", left, leftN, in.addr)
		code, err := t.instrCode(in, back)
		if err != nil {
			return "", err
		}
		b.WriteString(code)
		left -= in.op.Cycles
		leftN--
	}
	if last.kind == core {
		b.WriteString(t.comment(last))
		fmt.Fprintf(&b, "// left to the core\npc = 0x%04X\ngoto step\n", last.addr)
		return b.String(), nil
	}
	if last.kind == plain {
		// Falls into the next block, which is emitted next when it exists.
		next := last.next()
		if i := sort.Search(len(t.order), func(i int) bool { return t.order[i] > bl.start }); i < len(t.order) && t.order[i] == next {
			return b.String(), nil
		}
		b.WriteString(t.goTo(next))
	}
	return b.String(), nil
}

// instrCode is one instruction's statements; back leaves it to the core
// before it has changed anything.
func (t *translator) instrCode(in *instr, back string) (string, error) {
	code, err := t.instrBody(in, back)
	return "{\n" + code + "}\n", err
}

func (t *translator) instrBody(in *instr, back string) (string, error) {
	op := in.op
	m := op.Mnemonic
	var b strings.Builder
	switch in.kind {
	case branch:
		cond, _ := names.Branch(m)
		target := in.target()
		extra := sem.BranchCycles(op, in.addr, target, true) - op.Cycles
		fmt.Fprintf(&b, "if %s {\nclock += %d << clockShift\n", cond, extra)
		if target == in.addr {
			t.selfJump = true
			fmt.Fprintf(&b, "pc = 0x%04X\ngoto selfJump\n", in.addr)
		} else {
			b.WriteString(t.goTo(target))
		}
		b.WriteString("}\n")
		next := in.next()
		if i := sort.Search(len(t.order), func(i int) bool { return t.order[i] > in.addr }); i >= len(t.order) || t.order[i] != next {
			b.WriteString(t.goTo(next))
		}
		return b.String(), nil
	case jump:
		if in.target() == in.addr {
			t.selfJump = true
			fmt.Fprintf(&b, "pc = 0x%04X\ngoto selfJump\n", in.addr)
		} else {
			b.WriteString(t.goTo(in.target()))
		}
		return b.String(), nil
	case call:
		ret := in.addr + 2
		b.WriteString("sa, sb := StackPage|uint16(s), StackPage|uint16(s-1)\n")
		if g := t.guard("sa", 0x100, 0x1FF); g != "" {
			fmt.Fprintf(&b, "if %s || %s {\n%s}\n", g, t.guard("sb", 0x100, 0x1FF), back)
		}
		t.stores = append(t.stores, span{0x100, 0x1FF})
		fmt.Fprintf(&b, "c.Mem[sa], c.Mem[sb] = 0x%02X, 0x%02X\ns -= 2\n", ret>>8, ret&0xFF)
		b.WriteString(t.goTo(in.target()))
		return b.String(), nil
	case ret:
		b.WriteString("s++\nlo := c.Mem[StackPage|uint16(s)]\ns++\npc = (uint16(lo) | uint16(c.Mem[StackPage|uint16(s)])<<8) + 1\n")
		if cands := t.returnsTo(in); len(cands) > 0 && len(cands) <= maxLikely {
			// Where this RTS can return, by the calls that lead to it.
			b.WriteString("switch pc {\n")
			for _, a := range cands {
				fmt.Fprintf(&b, "case 0x%04X:\ngoto L%04X\n", a, a)
			}
			b.WriteString("}\n")
		}
		mul, bits, slots := t.returnHash()
		fmt.Fprintf(&b, "if h := uint32(pc) * 0x%08X >> %d; %sReturns[h] == pc {\nswitch h {\n", mul, 32-bits, t.fn())
		for h, a := range slots {
			if a != noSlot {
				fmt.Fprintf(&b, "case %d:\ngoto L%04X\n", h, a)
			}
		}
		b.WriteString("}\n}\ngoto step\n")
		return b.String(), nil
	}
	if code, ok := names.Read(m); ok {
		b.WriteString(t.operand(in))
		b.WriteString(code + "\n")
		return b.String(), nil
	}
	if reg, ok := sem.Store(m); ok {
		b.WriteString(t.store(in, reg, "", back))
		return b.String(), nil
	}
	if code, ok := sem.RMW(m); ok {
		if op.Mode == isa.Accumulator {
			b.WriteString("m := a\n" + code + "\na = m\n")
			return b.String(), nil
		}
		b.WriteString(t.store(in, "m", code, back))
		return b.String(), nil
	}
	push := func(val string) string {
		t.stores = append(t.stores, span{0x100, 0x1FF})
		g := ""
		if c := t.guard("sa", 0x100, 0x1FF); c != "" {
			g = fmt.Sprintf("if %s {\n%s}\n", c, back)
		}
		return fmt.Sprintf("sa := StackPage | uint16(s)\n%sc.Mem[sa] = %s\ns--\n", g, val)
	}
	if code, ok := names.Implied(m, push); ok {
		b.WriteString(code + "\n")
		return b.String(), nil
	}
	return "", fmt.Errorf("%s: %04X: no translation for %s %s", t.p.Name, in.addr, m, op.Mode)
}

// maxLikely is the most return addresses an RTS tests one by one before
// the table.
const maxLikely = 4

// returnsTo lists the return addresses of the calls whose subroutine
// reaches the RTS in (through its own code, calls in it stepped over):
// where it returns, unless the program plays with its stack. None, when
// they are more than maxLikely or none is found.
func (t *translator) returnsTo(rts *instr) []uint16 {
	if t.preds == nil {
		// Each block's predecessors within a subroutine: a call's block
		// leads to its return address.
		t.preds = map[uint16][]uint16{}
		t.calls = map[uint16][]uint16{}
		for _, a := range t.order {
			b := t.blocks[a]
			last := b.insts[len(b.insts)-1]
			if last.kind == call {
				t.preds[last.next()] = append(t.preds[last.next()], a)
				t.calls[last.target()] = append(t.calls[last.target()], last.next())
				continue
			}
			for _, e := range b.edges {
				t.preds[e.to] = append(t.preds[e.to], a)
			}
		}
	}
	i := sort.Search(len(t.order), func(i int) bool { return t.order[i] > rts.addr }) - 1
	seen := map[uint16]bool{}
	var rets []uint16
	for stack := []uint16{t.order[i]}; len(stack) > 0; {
		a := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[a] {
			continue
		}
		seen[a] = true
		for _, r := range t.calls[a] {
			if _, ok := t.blocks[r]; ok && !slices.Contains(rets, r) {
				rets = append(rets, r)
			}
		}
		stack = append(stack, t.preds[a]...)
	}
	if len(rets) > maxLikely {
		return nil
	}
	slices.Sort(rets)
	return rets
}

// returnTable is returnHash's result.
type returnTable struct {
	mul   uint32
	bits  int
	slots []int
}

// noSlot marks a free slot of the return table.
const noSlot = -1

// returnHash finds a multiplier that spreads the return addresses of the
// calls over a table of 1<<bits slots, no two in one, at least a quarter
// of them used: an RTS finds its block with a multiplication, a look at
// the table and a jump through a jump table, instead of a search.
func (t *translator) returnHash() (mul uint32, bits int, slots []int) {
	if h := t.hash; h != nil {
		return h.mul, h.bits, h.slots
	}
	defer func() { t.hash = &returnTable{mul, bits, slots} }()
	var rets []uint16
	for _, a := range t.order {
		if t.returns[a] {
			rets = append(rets, a)
		}
	}
	bits = 1
	for 1<<bits < 2*len(rets) {
		bits++
	}
	x := uint32(2463534242) // xorshift: the same multipliers every time
	for {
		for range 10000 {
			x ^= x << 13
			x ^= x >> 17
			x ^= x << 5
			mul = x | 1
			slots = slices.Repeat([]int{noSlot}, 1<<bits)
			ok := true
			for _, a := range rets {
				h := uint32(a) * mul >> (32 - bits)
				if slots[h] != noSlot {
					ok = false
					break
				}
				slots[h] = int(a)
			}
			if ok {
				return mul, bits, slots
			}
		}
		bits++
	}
}

func (t *translator) fn() string { return strings.ToLower(t.p.Name[:1]) + t.p.Name[1:] }

// operand leaves a read instruction's operand in m, charging a page
// crossing where the opcode pays for it.
func (t *translator) operand(in *instr) string {
	op := in.op
	o := in.operand
	cross := ""
	if op.PageCost {
		index := "x"
		if op.Mode == isa.AbsoluteY || op.Mode == isa.IndirectY {
			index = "y"
		}
		cross = "clock += uint64(" + sem.PageCrossed(index) + ") << clockShift\n"
	}
	switch op.Mode {
	case isa.Immediate:
		if t.variable[in.addr+1] {
			return fmt.Sprintf("m := c.Mem[0x%04X] // read: a setting\n", in.addr+1)
		}
		return fmt.Sprintf("m := byte(0x%02X)\n", o)
	case isa.ZeroPage, isa.Absolute:
		return fmt.Sprintf("m := c.Mem[0x%04X]\n", o)
	case isa.ZeroPageX:
		return fmt.Sprintf("m := c.Mem[x+0x%02X]\n", o)
	case isa.ZeroPageY:
		return fmt.Sprintf("m := c.Mem[y+0x%02X]\n", o)
	}
	return t.address(in) + cross + "m := c.Mem[ea]\n"
}

// address leaves an instruction's effective address in ea.
func (t *translator) address(in *instr) string {
	o := in.operand
	switch in.op.Mode {
	case isa.ZeroPage, isa.Absolute:
		return fmt.Sprintf("ea := uint16(0x%04X)\n", o)
	case isa.ZeroPageX:
		return fmt.Sprintf("ea := uint16(x + 0x%02X)\n", o)
	case isa.ZeroPageY:
		return fmt.Sprintf("ea := uint16(y + 0x%02X)\n", o)
	case isa.AbsoluteX:
		return fmt.Sprintf("ea := 0x%04X + uint16(x)\n", o)
	case isa.AbsoluteY:
		return fmt.Sprintf("ea := 0x%04X + uint16(y)\n", o)
	case isa.IndirectX:
		return fmt.Sprintf("zp := x + 0x%02X\nea := uint16(c.Mem[zp]) | uint16(c.Mem[zp+1])<<8\n", o)
	case isa.IndirectY:
		return fmt.Sprintf("ea := (uint16(c.Mem[0x%02X]) | uint16(c.Mem[0x%02X])<<8) + uint16(y)\n", o, (o+1)&0xFF)
	}
	return ""
}

// unhooked is where the stores go, less the code: the ranges that must
// have no hooked address for the translation to run.
func (t *translator) unhooked() []span {
	var free []span
	for _, st := range t.stores {
		lo := st.lo
		for _, c := range t.code { // in order
			if c.hi < lo || c.lo > st.hi {
				continue
			}
			if c.lo > lo {
				free = append(free, span{lo, c.lo - 1})
			}
			lo = c.hi + 1
		}
		if lo <= st.hi {
			free = append(free, span{lo, st.hi})
		}
	}
	sort.Slice(free, func(i, j int) bool { return free[i].lo < free[j].lo })
	var out []span
	for _, f := range free {
		if n := len(out); n > 0 && f.lo <= out[n-1].hi+1 {
			out[n-1].hi = max(out[n-1].hi, f.hi)
			continue
		}
		out = append(out, f)
	}
	return out
}

// eaRange is where an instruction's effective address can be.
func eaRange(in *instr) (lo, hi int) {
	o := int(in.operand)
	switch in.op.Mode {
	case isa.ZeroPage, isa.Absolute:
		return o, o
	case isa.ZeroPageX, isa.ZeroPageY:
		return 0, 0xFF
	case isa.AbsoluteX, isa.AbsoluteY:
		if o+0xFF <= 0xFFFF {
			return o, o + 0xFF
		}
	}
	return 0, 0xFFFF
}

// store writes reg (after op, for read-modify-write, on m read from the
// address) unless the address is hooked or in the code.
func (t *translator) store(in *instr, reg, op, back string) string {
	var b strings.Builder
	lo, hi := eaRange(in)
	// Stores within a page (zero page, the stack) have their page's hooks
	// checked on entry; one indexed from an absolute address or through a
	// pointer may go anywhere in 256 bytes or more, past the end of RAM
	// say, so it asks whether it is hooked.
	hooked := hi-lo >= 0xFF && in.op.Mode != isa.ZeroPageX && in.op.Mode != isa.ZeroPageY
	if !hooked {
		t.stores = append(t.stores, span{lo, hi})
	}
	if lo == hi {
		// A fixed address outside the code (one in it was left to the
		// core by storesIntoCode).
		if op != "" {
			fmt.Fprintf(&b, "m := c.Mem[0x%04X]\n%s\n", lo, op)
		}
		fmt.Fprintf(&b, "c.Mem[0x%04X] = %s\n", lo, reg)
		return b.String()
	}
	b.WriteString(t.address(in))
	g := t.guard("ea", lo, hi)
	if hooked {
		g = strings.TrimPrefix(g+" || c.Hooked(ea)", " || ")
	}
	if g != "" {
		fmt.Fprintf(&b, "if %s {\n%s}\n", g, back)
	}
	if op != "" {
		b.WriteString("m := c.Mem[ea]\n" + op + "\n")
	}
	fmt.Fprintf(&b, "c.Mem[ea] = %s\n", reg)
	return b.String()
}

// guard is the condition under which a store to ea (known to lie in
// lo..hi) is left to the core because ea is in the code. It is empty when
// there is no code in lo..hi.
func (t *translator) guard(ea string, lo, hi int) string {
	var in []span
	for _, s := range t.code {
		if s.hi >= lo && s.lo <= hi {
			in = append(in, span{max(s.lo, lo), min(s.hi, hi)})
		}
	}
	var conds []string
	if len(in) > 3 {
		t.bitmap = true
		fn := strings.ToLower(t.p.Name[:1]) + t.p.Name[1:]
		conds = append(conds, fmt.Sprintf("%sCode[%s>>3]&(1<<(%s&7)) != 0", fn, ea, ea))
	} else {
		for _, s := range in {
			switch {
			case s.lo == lo && s.hi == hi:
				conds = append(conds, "true")
			case s.lo == lo:
				conds = append(conds, fmt.Sprintf("%s <= 0x%04X", ea, s.hi))
			case s.hi == hi:
				conds = append(conds, fmt.Sprintf("%s >= 0x%04X", ea, s.lo))
			default:
				conds = append(conds, fmt.Sprintf("(%s >= 0x%04X && %s <= 0x%04X)", ea, s.lo, ea, s.hi))
			}
		}
	}
	return strings.Join(conds, " || ")
}
