package translate

import (
	"fmt"
	"strings"

	"github.com/kim1-archive/microchess/emu/internal/sem"
)

// Loops unrolled. A counted loop of one block that ends DEX (DEY), BPL
// back to itself, entered with the counter set to a constant (MicroChess's
// REVERSE: LDX #$0F, sixteen passes of twelve instructions), runs its
// passes one after another in straight-line code when the counter holds
// that constant: in each the counter is a constant, so the compiler
// works out every indexed address and drops the checks that they do not
// fall into the code, and the flags no later pass reads. The pass's BPL
// is taken on every pass but the last, as the counter goes down to 0. Any
// other value runs the loop as written. Only the whole function has them.

// maxUnrolledInstructions bounds an unrolled loop: its passes times its
// instructions.
const maxUnrolledInstructions = 256

// unrolledLoopCode is the head's test for the counter's constant and the
// passes unrolled, or empty.
func (t *translator) unrolledLoopCode(l *loop) (string, error) {
	if !t.binaryOnly() || len(l.chain) != 1 {
		return "", nil
	}
	bl := l.head
	n := len(bl.insts)
	if n < 2 {
		return "", nil
	}
	dec, br := bl.insts[n-2], bl.insts[n-1]
	if (dec.op.Mnemonic != "DEX" && dec.op.Mnemonic != "DEY") || br.op.Mnemonic != "BPL" || br.target() != bl.start {
		return "", nil
	}
	for _, in := range bl.insts[:n-1] {
		if in.kind != plain || !in.documented || in.op.Mnemonic == "PLP" || in.op.Mnemonic == "SED" {
			return "", nil
		}
	}
	reg := dec.op.Mnemonic[2:]
	k := t.counterBefore(l, reg)
	if k < 0 || k > 0x7F || (k+1)*n > maxUnrolledInstructions {
		return "", nil
	}
	r := strings.ToLower(reg)
	taken := sem.BranchCycles(br.op, br.addr, br.target(), true) - br.op.Cycles
	// Its stores into a table kept by value leave it to be built again
	// after the passes (REVERSE rewrites the whole table; kept store by
	// store it measured about the same).
	rebuilt := t.shadowsStoredBy(bl.insts[:n-1])
	t.shadowsDeferred = len(rebuilt) > 0
	defer func() { t.shadowsDeferred = false }()
	var b strings.Builder
	fmt.Fprintf(&b, "// The loop unrolled when %[1]s holds %02[2]X, the value set before it:\n// %[3]d passes, the BPL taken but on the last.\nif %[1]s == 0x%02[2]X {\n", r, k, k+1)
	for x := k; x >= 0; x-- {
		fmt.Fprintf(&b, "// The pass with %s = %02X.\n%s = 0x%02X\n", r, x, r, x)
		fmt.Fprintf(&b, "clock += %d<<clockShift + %d\n", bl.cycles, n)
		left, leftN := bl.cycles, n // not yet run, this instruction included
		for _, in := range bl.insts[:n-1] {
			if x == k {
				b.WriteString(t.comment(in))
			}
			back := fmt.Sprintf("clock -= %d<<clockShift + %d\npc = 0x%04X\ngoto step\n", left, leftN, in.addr)
			code, err := t.instrCode(in, back)
			if err != nil {
				return "", err
			}
			b.WriteString(code)
			left -= in.op.Cycles
			leftN--
		}
		if x > 0 {
			fmt.Fprintf(&b, "clock += %d << clockShift // the BPL, taken\n", taken)
		}
	}
	for _, sh := range rebuilt {
		b.WriteString(sh.built(true))
	}
	b.WriteString(t.goTo(br.next()))
	b.WriteString("}\n")
	return b.String(), nil
}
