package translate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kim1-archive/microchess/emu/internal/sem"
	"github.com/kim1-archive/microchess/isa"
)

// Counted loops. A loop that scans a table (DEX, BMI out, ..., back to
// its head; or ..., DEX, BPL back) ends within 129 passes whatever X held:
// X goes down by one a pass and nothing else in the loop sets it, and the
// pass after X has gone below 0 (as a signed byte) leaves. Such a loop
// need not check the budget at its head on every pass: the check before
// it counts all its passes at once, and the loop runs as tight as the
// program wrote it.

// loop is a counted loop: its blocks, a chain from the head to the one
// that jumps back, each leaving only to blocks outside it.
type loop struct {
	head   *block
	chain  []*block
	passes int    // at most
	pass   int    // the most cycles of a pass
	exits  []edge // the ways out, each with its cost from the pass's start
}

// countedPasses bounds the passes of a loop counted by a decrement.
const countedPasses = 129

func (t *translator) countedLoops() []*loop {
	var loops []*loop
	for _, start := range t.order {
		if !t.loopHeads[start] || t.checks[start] {
			continue
		}
		if l := t.counted(t.blocks[start]); l != nil {
			l.head.checkpoint = false
			loops = append(loops, l)
			t.loops[start] = l
		}
	}
	return loops
}

// counted returns the loop headed by h when it is a counted loop, or nil.
func (t *translator) counted(h *block) *loop {
	// The loop: the blocks that reach the one jumping back to the head
	// without passing the head (there must be one such block).
	preds := map[uint16][]uint16{}
	var tail *block
	for _, a := range t.order {
		b := t.blocks[a]
		for _, e := range b.edges {
			preds[e.to] = append(preds[e.to], a)
			if e.to == h.start && b.insts[len(b.insts)-1].addr >= h.start {
				if tail != nil {
					return nil
				}
				tail = b
			}
		}
	}
	if tail == nil {
		return nil
	}
	inChain := map[uint16]bool{h.start: true}
	for stack := []uint16{tail.start}; len(stack) > 0; {
		a := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if inChain[a] {
			continue
		}
		inChain[a] = true
		stack = append(stack, preds[a]...)
	}
	// A chain: each block with one way on in the loop, no call, no
	// return, nothing left to the core.
	var chain []*block
	for b := h; ; {
		chain = append(chain, b)
		if len(chain) > len(inChain) {
			return nil
		}
		if k := b.insts[len(b.insts)-1].kind; k != plain && k != branch && k != jump {
			return nil
		}
		var next []uint16
		for _, e := range b.edges {
			if inChain[e.to] {
				next = append(next, e.to)
			}
		}
		if len(next) != 1 {
			return nil
		}
		if next[0] == h.start {
			break
		}
		b = t.blocks[next[0]]
	}
	if len(chain) != len(inChain) {
		return nil
	}
	// The counter: one DEX or DEY, the register set nowhere else, and
	// the branch right after it leaving when it went negative.
	reg, counters := "", 0
	for _, b := range chain {
		for i, in := range b.insts {
			switch in.op.Mnemonic {
			case "DEX", "DEY":
				counters++
				reg = in.op.Mnemonic[2:]
				if i+1 >= len(b.insts) || !t.leavesWhenNegative(b, b.insts[i+1], h, inChain) {
					return nil
				}
			}
		}
	}
	if counters != 1 {
		return nil
	}
	for _, b := range chain {
		for _, in := range b.insts {
			if in.op.Mnemonic != "DE"+reg && setsRegister(in, reg) {
				return nil
			}
		}
	}
	// A pass's cost, and the ways out with their cost from a pass's
	// start.
	l := &loop{head: h, chain: chain, passes: countedPasses}
	cost := 0
	for _, b := range chain {
		cost += b.cycles + b.penalty
		for _, e := range b.edges {
			if e.to == h.start {
				l.pass = max(l.pass, cost+e.extra)
			} else if !inChain[e.to] {
				l.exits = append(l.exits, edge{e.to, cost + e.extra})
			}
		}
	}
	return l
}

// leavesWhenNegative tells whether br, right after the decrement, leaves
// the loop when the counter went negative and stays in it otherwise: a
// BMI out of it, or a BPL back (its other way out).
func (t *translator) leavesWhenNegative(b *block, br *instr, h *block, inChain map[uint16]bool) bool {
	if br.kind != branch {
		return false
	}
	in := func(a uint16) bool { return inChain[a] || a == h.start }
	switch br.op.Mnemonic {
	case "BMI":
		return !in(br.target())
	case "BPL":
		return in(br.target()) && !in(br.next())
	}
	return false
}

// setsRegister tells whether in writes X or Y (reg).
func setsRegister(in *instr, reg string) bool {
	m := in.op.Mnemonic
	switch reg {
	case "X":
		return m == "LDX" || m == "TAX" || m == "TSX" || m == "INX" || m == "DEX"
	case "Y":
		return m == "LDY" || m == "TAY" || m == "INY" || m == "DEY"
	}
	return true
}

// A table scan is the counted loop DEX (DEY), BMI out, CMP table,X (,Y),
// BNE back: it looks down a table for A, from the counter's value less
// one to 0. Its passes differ only in the counter and the byte compared,
// so it runs at once (scanCode), and the clock, the instructions and the
// flags are settled as it ends, by the same definitions as ever.
type scan struct {
	dec, out, cmp, back *instr
}

// scanOf returns the scan l is, if it is one. An absolute table must not
// cross a page for the indexes a scan compares (00–7F), whose cost would
// vary from pass to pass. A table whose address is variable is not one:
// the scan reads from where the translation was made.
func (t *translator) scanOf(l *loop) *scan {
	if len(l.chain) != 2 || len(l.chain[0].insts) != 2 || len(l.chain[1].insts) != 2 {
		return nil
	}
	sc := &scan{l.chain[0].insts[0], l.chain[0].insts[1], l.chain[1].insts[0], l.chain[1].insts[1]}
	reg := sc.dec.op.Mnemonic[2:]
	if (reg != "X" && reg != "Y") || sc.out.op.Mnemonic != "BMI" || sc.cmp.op.Mnemonic != "CMP" || sc.back.op.Mnemonic != "BNE" {
		return nil
	}
	if sc.out.target() == l.head.start || sc.back.target() != l.head.start {
		return nil
	}
	switch sc.cmp.op.Mode {
	case isa.ZeroPageX, isa.AbsoluteX:
		if reg != "X" {
			return nil
		}
	case isa.ZeroPageY, isa.AbsoluteY:
		if reg != "Y" {
			return nil
		}
	default:
		return nil
	}
	// The table, indexes 00 to 7F, in one page (zero page does not
	// wrap, an absolute table crosses no page), and 7 bytes above its
	// page's start, so that eight are read below any index.
	if base := sc.cmp.operand; base&0xFF > 0x80 || base < 7 {
		return nil
	}
	for k := 1; k < sc.cmp.op.Bytes; k++ {
		if t.variable[sc.cmp.addr+uint16(k)] {
			return nil
		}
	}
	return sc
}

// scanCode is a scan's Go. It finds the highest index below the counter
// whose byte equals A eight bytes at a time (a byte of the word XORed
// with A's that is zero, found exactly: no borrow crosses bytes), then
// settles what the passes did: the counter, the clock and instruction
// count (passes × a pass, then the way out), the flags (the last CMP's,
// then the decrement's when the BMI leaves).
func (t *translator) scanCode(l *loop, sc *scan) string {
	t.bits = true
	reg := strings.ToLower(sc.dec.op.Mnemonic[2:])
	compare, _ := names.Read("CMP")
	pass := sc.dec.op.Cycles + sc.out.op.Cycles + sc.cmp.op.Cycles + sem.BranchCycles(sc.back.op, sc.back.addr, sc.back.target(), true)
	leave := sc.dec.op.Cycles + sem.BranchCycles(sc.out.op, sc.out.addr, sc.out.target(), true)
	found := sc.dec.op.Cycles + sc.out.op.Cycles + sc.cmp.op.Cycles + sc.back.op.Cycles
	unrolled, closing := t.unrolledScan(l), ""
	if unrolled != "" {
		closing = "}\n"
	}
	var b strings.Builder
	for _, in := range []*instr{sc.dec, sc.out, sc.cmp, sc.back} {
		b.WriteString(t.comment(in))
	}
	fmt.Fprintf(&b, `// A table scan, run at once: a pass is 4 instructions and %[1]d cycles.
{
n := int(%[2]s) // the passes that can compare: none unless 1 to 80
if n == 0 || n > 0x80 {
n = 0
}
found := -1
pat := uint64(a) * 0x0101010101010101
%[10]sfor top := n - 1; top >= 0 && found < 0; top -= 8 {
w := c.Mem[0x%[3]X+top-7 : 0x%[3]X+top+1]
v := uint64(w[0]) | uint64(w[1])<<8 | uint64(w[2])<<16 | uint64(w[3])<<24 | uint64(w[4])<<32 | uint64(w[5])<<40 | uint64(w[6])<<48 | uint64(w[7])<<56
v ^= pat
zero := ^((v&0x7F7F7F7F7F7F7F7F + 0x7F7F7F7F7F7F7F7F) | v | 0x7F7F7F7F7F7F7F7F)
if top < 7 {
zero &^= 1<<(8*(7-top)) - 1 // below the table
}
if zero != 0 {
found = top - 7 + (63-bits.LeadingZeros64(zero))/8
}
}
%[11]sif found >= 0 {
passes := uint64(n - 1 - found)
%[2]s = byte(found)
m := a
%[4]s
clock += passes*(%[1]d<<clockShift+4) + %[5]d<<clockShift + 4
%[6]s}
// None: the BMI leaves after the last pass.
passes := uint64(n)
if n > 0 {
m := c.Mem[0x%[3]X]
%[4]s
}
%[2]s -= byte(n) + 1
%[7]s
clock += passes*(%[1]d<<clockShift+4) + %[8]d<<clockShift + 2
%[9]s}
`, pass, reg, sc.cmp.operand, compare, found, t.goTo(sc.back.next()), sem.SetNZ(reg), leave, t.goTo(sc.out.target()),
		unrolled, closing)
	return b.String()
}

// maxUnrolled is the longest table (in bytes) a scan whose counter is
// set to a constant before it reads in straight-line code.
const maxUnrolled = 32

// unrolledScan is the scan for the counter's usual value, when the code
// before the loop sets it to a constant (CMOVE's LDX #$20): the table's
// words read and tested without a loop, the highest that holds A then
// picked; the loop serves any other value. Empty, when there
// is no such constant.
func (t *translator) unrolledScan(l *loop) string {
	base, k := t.constantScan(l)
	if k == 0 {
		return ""
	}
	var b strings.Builder
	if sh, ok := t.shadowFor(base, k); ok {
		fmt.Fprintf(&b, "if n == %d { // the value set before the loop: the table by value\n", k)
		b.WriteString(shadowScan(sh, base, k))
	} else {
		fmt.Fprintf(&b, "if n == %d { // the value set before the loop: its words without a loop\n", k)
		b.WriteString(wordsCode(base, k))
	}
	b.WriteString("} else {\n")
	return b.String()
}

// wordsCode sets found to the highest index below n (at most
// maxUnrolled) whose byte of the table at base equals A (pat, A in every
// byte), leaving it as it was when there is none: the table's words read
// and tested without a loop, the highest that holds A then picked. base
// must be at least 7, and the table within its page.
func wordsCode(base, n int) string {
	var b strings.Builder
	var tops []int
	for top := n - 1; top >= 0; top -= 8 {
		i := len(tops)
		tops = append(tops, top)
		// Eight loads at constant addresses, which the compiler makes
		// one; binary.LittleEndian.Uint64 is not inlined into a function
		// this large, and a call there costs spills around it.
		lo := base + top - 7
		fmt.Fprintf(&b, "z%d := (", i)
		for k := range 8 {
			if k > 0 {
				b.WriteString(" | ")
			}
			fmt.Fprintf(&b, "uint64(c.Mem[0x%X])<<%d", lo+k, 8*k)
		}
		b.WriteString(") ^ pat\n")
		fmt.Fprintf(&b, "z%[1]d = ^((z%[1]d&0x7F7F7F7F7F7F7F7F + 0x7F7F7F7F7F7F7F7F) | z%[1]d | 0x7F7F7F7F7F7F7F7F)\n", i)
		if top < 7 {
			fmt.Fprintf(&b, "z%d &^= 1<<%d - 1 // below the table\n", i, 8*(7-top))
		}
	}
	b.WriteString("switch {\n")
	for i, top := range tops {
		fmt.Fprintf(&b, "case z%[1]d != 0:\nfound = %[2]d + (63-bits.LeadingZeros64(z%[1]d))/8\n", i, top-7)
	}
	b.WriteString("}\n")
	return b.String()
}

// counterBefore is the constant the blocks that lead into a scan (other
// than its own) set its counter to with an immediate load, when they all
// set the same, or -1. The scan tests the counter all the same: the core,
// stepping, may enter it otherwise.
func (t *translator) counterBefore(l *loop, reg string) int {
	k := -1
	for _, a := range t.order {
		b := t.blocks[a]
		if slices.Contains(l.chain, b) {
			continue // the loop itself
		}
		for _, e := range b.edges {
			if e.to != l.head.start {
				continue
			}
			v := -1
			for _, in := range b.insts {
				if setsRegister(in, reg) {
					v = -1
					if in.op.Mode == isa.Immediate && !t.variable[in.addr+1] {
						v = int(in.operand)
					}
				}
			}
			if v < 0 || (k >= 0 && v != k) {
				return -1
			}
			k = v
		}
	}
	return k
}
