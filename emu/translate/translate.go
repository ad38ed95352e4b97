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
// Operands named as variable (immediate operands, and the addresses of
// zero-page reads) are read from memory when the instruction runs, so
// that a setting poked there is obeyed.
package translate

import (
	"fmt"
	"maps"
	"slices"
	"sort"

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
	// Variable are operands read at run time, left out of the code the
	// translation checks: immediate operands, and the addresses of reads
	// in zero page (LDA, ADC, CMP, BIT, ... in zero-page, zero-page,X or
	// zero-page,Y mode), which read their operand byte and then the byte
	// it names.
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
	index     map[uint16]int // each block's place in order (emu.Native.Parts)
	stores    []span         // where stores go that do not check for hooks
	bitmap    bool           // the guard bitmap is used
	selfJump  bool           // some jump is to itself
	bits      bool           // math/bits is used
	// Within subroutines: each block's predecessors, and the return
	// addresses of the calls to each (see returnsTo).
	preds, calls map[uint16][]uint16
	hash         *returnTable
	// The subroutines copied per call, by entry, with their blocks; and
	// the copy being written (see clones.go).
	copied   map[uint16][]uint16
	copy     *copyCtx
	noCopies bool     // while the function with parts is written
	kept     []shadow // the tables the whole function keeps by value (shadow.go)
	// shadowsDeferred: the stores being written leave the tables kept by
	// value to be built again after them (an unrolled loop's).
	shadowsDeferred bool
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
// the translation runs, other than as an operand it can read at run time:
// an immediate operand, or the address of a zero-page read (ADC, LDA, CMP,
// BIT, ... in zero-page, zero-page,X or zero-page,Y mode). (One that is no
// instruction's is read from memory as data anyway.) A store's address
// must stay fixed: the translation checks the hooks of where it stores
// once on entry (emu.Native.Unhooked) and leaves a store into its code to
// the core; so must what decides where the code goes.
func (t *translator) checkVariable() error {
	vs := slices.Sorted(maps.Keys(t.variable)) // the first in order, every time
	for _, v := range vs {
		for a, in := range t.insts {
			if !in.documented || v < a || int(v) >= int(a)+in.op.Bytes {
				continue
			}
			if why := notVariable(in, v); why != "" {
				return fmt.Errorf("%s: variable byte %04X is part of the instruction at %04X (%s), %s", t.p.Name, v, a, in.op.Mnemonic, why)
			}
		}
	}
	return nil
}

// notVariable says why the byte v of in cannot be read at run time, or
// is empty when it can.
func notVariable(in *instr, v uint16) string {
	switch {
	case v == in.addr:
		return "its opcode"
	case in.kind == branch || in.kind == jump || in.kind == call:
		return "the operand of a branch, jump or call: where the code goes must be fixed"
	case in.kind == core:
		return "an instruction left to the core"
	case writes(in.op):
		return "the address of a store or read-modify-write: where it stores must be fixed"
	}
	if VariableOperand(in.op) {
		return ""
	}
	return "not an immediate operand nor the address of a zero-page read"
}

// VariableOperand reports whether op's operand can be named in
// Program.Variable: an immediate operand, or the address of an instruction
// that only reads memory (LDA, LDX, LDY, AND, ORA, EOR, ADC, SBC, CMP,
// CPX, CPY, BIT) in zero-page, zero-page,X or zero-page,Y mode.
func VariableOperand(op isa.Op) bool {
	switch op.Mode {
	case isa.Immediate:
		return true
	case isa.ZeroPage, isa.ZeroPageX, isa.ZeroPageY:
		_, reads := names.Read(op.Mnemonic)
		return reads
	}
	return false
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
	t.index = map[uint16]int{}
	for k, a := range t.order {
		t.index[a] = k
	}
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
