package translate

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/kim1-archive/microchess/emu/internal/sem"
	"github.com/kim1-archive/microchess/isa"
)

// Tables kept by value. A table scan whose counter is set to a constant
// before it (CMOVE's and MOVE's look for a man on a square) asks, of the
// bytes of one table, which is the highest index holding A. The whole
// function keeps, for each such table, a local array by value: for each
// byte value, a bit for each index of the table that holds it. It is
// built from memory on every entry (the core, the machine and the other
// function may have stored anywhere since), and kept by every store the
// function makes that can land in the table (nothing else stores while
// it runs: a store to a hooked address or into the code leaves to the
// core first). The scan is then one load and a count of leading zeros,
// where it read and tested the table's words.

// shadow is a table kept by value: bytes lo to lo+n-1.
type shadow struct{ lo, n int }

// maxShadow is the most bytes a table kept by value can have: a bit each
// in a uint64.
const maxShadow = 64

func (sh shadow) name() string { return fmt.Sprintf("byValue%04X", sh.lo) }

// bits is the width of the table's words: 32 where that holds it, half
// the room to clear on each entry.
func (sh shadow) bits() int {
	if sh.n <= 32 {
		return 32
	}
	return 64
}

// shadows finds the tables to keep by value: those of the scans with a
// constant counter, one for each table's start (its length the longest
// any scan reads), none in the stack's page (whose stores, the pushes and
// calls, would all have to keep it).
func (t *translator) shadows() []shadow {
	longest := map[int]int{}
	for _, a := range t.order {
		if l := t.loops[a]; l != nil {
			if base, n := t.constantScan(l); n > 0 {
				longest[base] = max(longest[base], n)
			}
		}
	}
	// Tables that overlap or touch are kept as one, so that a store
	// keeps one table, not two.
	var out []shadow
	for _, lo := range slices.Sorted(maps.Keys(longest)) {
		hi := lo + longest[lo] - 1
		if k := len(out) - 1; k >= 0 && lo <= out[k].lo+out[k].n {
			if top := max(out[k].lo+out[k].n-1, hi); top-out[k].lo < maxShadow {
				out[k].n = top - out[k].lo + 1
				continue
			}
		}
		out = append(out, shadow{lo, longest[lo]})
	}
	return slices.DeleteFunc(out, func(sh shadow) bool {
		return sh.n > maxShadow || (sh.lo+sh.n-1 >= 0x100 && sh.lo <= 0x1FF)
	})
}

// constantScan is the table a scan reads at once for the constant its
// counter is set to before it (unrolledScan, scanDownCode): its start and
// length in bytes, n 0 when there is none.
func (t *translator) constantScan(l *loop) (base, n int) {
	if sc := t.scanOf(l); sc != nil {
		if k := t.counterBefore(l, sc.dec.op.Mnemonic[2:]); k >= 1 && k <= maxUnrolled {
			return int(sc.cmp.operand), k // indexes k-1 down to 0
		}
	} else if sc := t.scanDownOf(l); sc != nil {
		if k := t.counterBefore(l, sc.dec.op.Mnemonic[2:]); k >= 0 && k+1 <= maxUnrolled {
			return int(sc.cmp.operand), k + 1 // indexes k down to 0
		}
	}
	return 0, 0
}

// shadowFor is the table kept by value that a scan of n bytes from lo
// can look in, if the function being written keeps one.
func (t *translator) shadowFor(lo, n int) (shadow, bool) {
	if !t.binaryOnly() {
		return shadow{}, false
	}
	for _, sh := range t.kept {
		if sh.lo <= lo && lo+n <= sh.lo+sh.n {
			return sh, true
		}
	}
	return shadow{}, false
}

// shadowsBuilt declares the tables kept by value and builds them from
// memory, on the whole function's entry.
func (t *translator) shadowsBuilt() string {
	if !t.binaryOnly() {
		return ""
	}
	var b strings.Builder
	for _, sh := range t.kept {
		fmt.Fprintf(&b, "// The table at %04X–%04X by value: a bit for each index that holds it.\n", sh.lo, sh.lo+sh.n-1)
		b.WriteString(sh.built(false))
	}
	return b.String()
}

// built is the table by value built from memory: declared, or cleared
// and built again.
func (sh shadow) built(again bool) string {
	decl := fmt.Sprintf("var %s [256]uint%d\n", sh.name(), sh.bits())
	if again {
		decl = fmt.Sprintf("%s = [256]uint%d{}\n", sh.name(), sh.bits())
	}
	return decl + fmt.Sprintf("for i := range %d {\n%s[c.Mem[0x%04X+i]] |= 1 << i\n}\n", sh.n, sh.name(), sh.lo)
}

// shadowsStoredBy is the tables kept by value that the stores among insts
// can land in.
func (t *translator) shadowsStoredBy(insts []*instr) []shadow {
	var out []shadow
	for _, sh := range t.kept {
		for _, in := range insts {
			_, isStore := sem.Store(in.op.Mnemonic)
			_, isRMW := sem.RMW(in.op.Mnemonic)
			if lo, hi := eaRange(in); (isStore || isRMW && in.op.Mode != isa.Accumulator) && hi >= sh.lo && lo <= sh.lo+sh.n-1 {
				out = append(out, sh)
				break
			}
		}
	}
	return out
}

// shadowStore keeps the tables by value as reg is stored at addr (an
// expression of type uint16, or a constant), which lies in lo..hi.
func (t *translator) shadowStore(addr string, lo, hi int, reg string) string {
	if !t.binaryOnly() || t.shadowsDeferred {
		return ""
	}
	var b strings.Builder
	for _, sh := range t.kept {
		if hi < sh.lo || lo > sh.lo+sh.n-1 {
			continue
		}
		if lo == hi {
			i := lo - sh.lo
			fmt.Fprintf(&b, "%[1]s[c.Mem[0x%04[2]X]] &^= 1 << %[3]d\n%[1]s[%[4]s] |= 1 << %[3]d\n", sh.name(), lo, i, reg)
			continue
		}
		fmt.Fprintf(&b, "if i := %[2]s - 0x%04[3]X; i < %[4]d {\n%[1]s[c.Mem[%[2]s]] &^= 1 << i\n%[1]s[%[5]s] |= 1 << i\n}\n",
			sh.name(), addr, sh.lo, sh.n, reg)
	}
	return b.String()
}

// shadowScan sets found to the highest index below n of the table at lo
// (within sh) whose byte equals A, or to -1 when there is none.
func shadowScan(sh shadow, lo, n int) string {
	word := sh.name() + "[a]"
	if lo > sh.lo {
		word = fmt.Sprintf("%s >> %d", word, lo-sh.lo)
	}
	mask := ""
	if n < sh.n-(lo-sh.lo) {
		mask = fmt.Sprintf(" & (1<<%d - 1)", n)
	}
	// No branch: with no bit set the count is the word's width, and
	// found is -1.
	return fmt.Sprintf("found = %d - bits.LeadingZeros%d(%s%s)\n", sh.bits()-1, sh.bits(), word, mask)
}
