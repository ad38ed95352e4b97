package translate

import (
	"fmt"
	"strings"

	"github.com/kim1-archive/microchess/emu/internal/sem"
	"github.com/kim1-archive/microchess/isa"
)

// A table scan of the other shape: CMP table,X (,Y), BEQ out, DEX (DEY),
// BPL back. It looks down the table for A from the counter's value to 0;
// MicroChess's MOVE looks with it (LDX #$1F first) for a man on the
// square a move goes to, a twentieth of a Normal move's time. When the
// code before it sets the counter to a constant, the whole function tests
// for that value and reads the table's words at once (wordsCode), then
// settles what the passes did as scanCode does; any other value runs the
// loop as written.
type scanDown struct {
	cmp, out, dec, back *instr
}

// scanDownOf returns the scan of this shape l is, if it is one, on the
// same terms as scanOf.
func (t *translator) scanDownOf(l *loop) *scanDown {
	if len(l.chain) != 2 || len(l.chain[0].insts) != 2 || len(l.chain[1].insts) != 2 {
		return nil
	}
	sc := &scanDown{l.chain[0].insts[0], l.chain[0].insts[1], l.chain[1].insts[0], l.chain[1].insts[1]}
	reg := sc.dec.op.Mnemonic[2:]
	if (sc.dec.op.Mnemonic != "DEX" && sc.dec.op.Mnemonic != "DEY") || sc.cmp.op.Mnemonic != "CMP" ||
		sc.out.op.Mnemonic != "BEQ" || sc.back.op.Mnemonic != "BPL" {
		return nil
	}
	if out := sc.out.target(); out == l.head.start || out == l.chain[1].start || sc.back.target() != l.head.start {
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

// scanDownCode is the head block's test for the counter's constant and
// the scan run at once for it, or empty. Only the whole function has it.
func (t *translator) scanDownCode(l *loop) string {
	sc := t.scanDownOf(l)
	if sc == nil || !t.binaryOnly() {
		return ""
	}
	reg := strings.ToLower(sc.dec.op.Mnemonic[2:])
	base, n := t.constantScan(l)
	if n == 0 {
		return ""
	}
	k := n - 1 // the counter's constant
	t.bits = true
	compare, _ := names.Read("CMP")
	pass := sc.cmp.op.Cycles + sc.out.op.Cycles + sc.dec.op.Cycles + sem.BranchCycles(sc.back.op, sc.back.addr, sc.back.target(), true)
	found := sc.cmp.op.Cycles + sem.BranchCycles(sc.out.op, sc.out.addr, sc.out.target(), true)
	last := sc.cmp.op.Cycles + sc.out.op.Cycles + sc.dec.op.Cycles + sc.back.op.Cycles
	find := "pat := uint64(a) * 0x0101010101010101\n" + wordsCode(base, n)
	if sh, ok := t.shadowFor(base, n); ok {
		find = shadowScan(sh, base, n)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `// A table scan, run at once when %[1]s holds %02[2]X, the value set before
// it: a pass is 4 instructions and %[3]d cycles.
if %[1]s == 0x%02[2]X {
found := -1
%[4]sif found >= 0 {
passes := uint64(%[2]d - found)
%[1]s = byte(found)
m := a
%[5]s
clock += passes*(%[3]d<<clockShift+4) + %[6]d<<clockShift + 2
%[7]s}
// None: the BPL leaves after the pass at 0.
m := c.Mem[0x%[8]X]
%[5]s
%[1]s = 0xFF
%[9]s
clock += %[2]d*(%[3]d<<clockShift+4) + %[10]d<<clockShift + 4
%[11]s}
`, reg, k, pass, find, compare, found, t.goTo(sc.out.target()),
		sc.cmp.operand, sem.SetNZ(reg), last, t.goTo(sc.back.next()))
	return b.String()
}
