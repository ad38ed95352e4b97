package translate

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/kim1-archive/microchess/isa"
)

// Subroutines copied per call. An RTS returns through a switch, and the
// processor mispredicts it whenever the subroutine is called from
// somewhere other than last time: for MicroChess's CMOVE and RESET, each
// called from four places tens of thousands of times a move, that was a
// good part of a move's time. So each call of a small subroutine goes to
// a copy of the subroutine of its own, whose RTS first checks that the
// address it popped is its call's return address (it is, unless the
// program played with its stack) and then jumps there directly; otherwise
// it goes on as every RTS does. The copy's code is the subroutine's,
// block for block: the same budget checks, the same exits to the core
// (which continue at the same addresses), the same parts (a copy's block
// is turned off with the block it copies). A call inside a copy goes to
// the copy for that call, which returns to the block the call returns to
// in the original code: copies do not nest. Only the whole function has
// copies.

// Limits of a subroutine copied per call: its blocks and instructions
// (reached from its entry up to its calls and RTSs) and its calls (each
// makes a copy).
const (
	maxCopyBlocks       = 40
	maxCopyInstructions = 100
	maxCopyCalls        = 8
)

// copyCtx is the copy being written: the blocks it copies, and the
// return address of the call it serves.
type copyCtx struct {
	blocks map[uint16]bool
	ret    uint16
	known  map[uint16]bool // blocks whose RTS returns to ret for sure
}

// copies finds the subroutines to copy per call: for each, its blocks.
// The function with parts (emu.Native.EnterParts) has none: it serves
// changed programs, and would double the room the copies take.
func (t *translator) copies() map[uint16][]uint16 {
	if t.noCopies {
		return nil
	}
	if t.copied != nil {
		return t.copied
	}
	t.copied = map[uint16][]uint16{}
	calls := map[uint16]int{}
	for _, in := range t.insts {
		if in.kind == call {
			calls[in.target()]++
		}
	}
	for sub, n := range calls {
		if n > maxCopyCalls || n < 2 {
			continue
		}
		if blocks := t.subroutine(sub); blocks != nil {
			t.copied[sub] = blocks
		}
	}
	return t.copied
}

// subroutine lists the blocks reached from the block at sub (a call or
// an RTS ending the way: a call returns to the original code), or nil
// when there is no such block, they exceed the limits, or some
// instruction of theirs is left to the core.
func (t *translator) subroutine(sub uint16) []uint16 {
	if _, ok := t.blocks[sub]; !ok {
		return nil
	}
	seen := map[uint16]bool{}
	insts := 0
	for work := []uint16{sub}; len(work) > 0; {
		a := work[len(work)-1]
		work = work[:len(work)-1]
		b, ok := t.blocks[a]
		if !ok || seen[a] {
			if !ok {
				return nil // a way out of the translation
			}
			continue
		}
		seen[a] = true
		insts += len(b.insts)
		if len(seen) > maxCopyBlocks || insts > maxCopyInstructions {
			return nil
		}
		last := b.insts[len(b.insts)-1]
		switch last.kind {
		case core:
			return nil
		case call, ret:
			continue
		}
		if last.kind == jump && last.target() == last.addr {
			return nil
		}
		for _, e := range b.edges {
			work = append(work, e.to)
		}
	}
	blocks := slices.Sorted(func(yield func(uint16) bool) {
		for a := range seen {
			if !yield(a) {
				return
			}
		}
	})
	return blocks
}

// label is the Go label of the block at a, in the copy being written
// when a is one of its blocks.
func (t *translator) label(a uint16) string {
	if t.copy != nil && t.copy.blocks[a] {
		return fmt.Sprintf("L%04X_%04X", a, t.copy.ret)
	}
	return fmt.Sprintf("L%04X", a)
}

// callTo is the label a call goes to: the copy of its subroutine for its
// return address, or the subroutine.
func (t *translator) callTo(in *instr) string {
	if _, ok := t.copies()[in.target()]; ok {
		return fmt.Sprintf("L%04X_%04X", in.target(), in.next())
	}
	return fmt.Sprintf("L%04X", in.target())
}

// copyReturn is an RTS's direct way back in a copy: to its call's return
// address, when that is what it popped.
func (t *translator) copyReturn() string {
	if t.copy == nil {
		return ""
	}
	if _, ok := t.blocks[t.copy.ret]; !ok {
		return ""
	}
	return fmt.Sprintf("if pc == 0x%04X { // the call this copy serves\ngoto L%04X\n}\n", t.copy.ret, t.copy.ret)
}

// knownReturn is the RTS of a copy's block that every way from the
// copy's entry reaches with the stack as its call left it: S as it was,
// and nothing stored where the return address lies, so that the RTS pops
// that address without reading it. Empty otherwise.
func (t *translator) knownReturn(in *instr) string {
	if t.copy == nil || !t.copy.known[t.blockOf(in)] {
		return ""
	}
	if _, ok := t.blocks[t.copy.ret]; !ok {
		return ""
	}
	return fmt.Sprintf("// Every way here left the stack as the call did: it returns there.\ns += 2\npc = 0x%04X\ngoto L%04X\n", t.copy.ret, t.copy.ret)
}

// blockOf is the start of the block in belongs to.
func (t *translator) blockOf(in *instr) uint16 {
	i := sort.Search(len(t.order), func(i int) bool { return t.order[i] > in.addr }) - 1
	return t.order[i]
}

// knownReturns lists the blocks of a copy whose RTS knows where it
// returns: every way from the entry to it keeps the return address where
// the call pushed it, S back where the call left it at the RTS. Pushes
// and pulls are counted (a push stores below the return address, a pull
// must not take it); TXS, RTI and BRK are not followed, nor stores that
// may reach page one (indexed from an absolute address, through a
// pointer, or to page one itself): stores in zero page and to fixed
// addresses elsewhere are. A call ends a way in a copy (its return is in
// the original code), and the copy is entered only by its call.
func (t *translator) knownReturns(entry uint16, blocks map[uint16]bool) map[uint16]bool {
	// depth follows b from S less depth at its start (0 at the entry): S
	// less the depth at its end, or ok false when b does what is not
	// followed. At an RTS the depth must be 0.
	depth := func(b *block, d int) (int, bool) {
		for _, in := range b.insts {
			if in.kind == core || !in.documented {
				return 0, false
			}
			switch in.op.Mnemonic {
			case "TXS", "RTI", "BRK":
				return 0, false
			case "PHA", "PHP":
				d++
			case "PLA", "PLP":
				if d--; d < 0 {
					return 0, false
				}
			case "RTS":
				return d, d == 0
			}
			if in.kind == call || !writes(in.op) {
				continue
			}
			switch in.op.Mode {
			case isa.ZeroPage, isa.ZeroPageX, isa.ZeroPageY:
			case isa.Absolute:
				if in.operand>>8 == 1 {
					return 0, false
				}
			default:
				return 0, false
			}
		}
		return d, true
	}
	at := map[uint16]int{} // each block's depth at its start, by the first way found
	known, bad := map[uint16]bool{}, map[uint16]bool{}
	type visit struct {
		a uint16
		d int
	}
	for work := []visit{{entry, 0}}; len(work) > 0; {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if !blocks[v.a] {
			continue
		}
		if d, seen := at[v.a]; seen {
			if d != v.d {
				bad[v.a] = true // reached at two depths
			}
			continue
		}
		at[v.a] = v.d
		b := t.blocks[v.a]
		d, ok := depth(b, v.d)
		if !ok {
			bad[v.a] = true
			continue
		}
		known[v.a] = true
		if last := b.insts[len(b.insts)-1]; last.kind == call || last.kind == ret {
			continue
		}
		for _, e := range b.edges {
			work = append(work, visit{e.to, d})
		}
	}
	// A block also reached through one that is not followed, or at two
	// depths, is not known; nor is what follows it.
	var work []uint16
	for a := range blocks {
		if bad[a] || !known[a] {
			work = append(work, a)
		}
	}
	for len(work) > 0 {
		a := work[len(work)-1]
		work = work[:len(work)-1]
		delete(known, a)
		b := t.blocks[a]
		if last := b.insts[len(b.insts)-1]; last.kind == call || last.kind == ret {
			continue
		}
		for _, e := range b.edges {
			if blocks[e.to] && known[e.to] {
				work = append(work, e.to)
			}
		}
	}
	return known
}

// copiesCode writes every call's copy of its subroutine.
func (t *translator) copiesCode(parts bool) (string, error) {
	var b strings.Builder
	var rets []*instr
	for _, in := range t.insts {
		if _, ok := t.copies()[in.target()]; ok && in.kind == call {
			rets = append(rets, in)
		}
	}
	slices.SortFunc(rets, func(x, y *instr) int { return int(x.addr) - int(y.addr) })
	defer func() { t.copy = nil }()
	for _, in := range rets {
		blocks := t.copies()[in.target()]
		t.copy = &copyCtx{blocks: map[uint16]bool{}, ret: in.next()}
		for _, a := range blocks {
			t.copy.blocks[a] = true
		}
		t.copy.known = t.knownReturns(in.target(), t.copy.blocks)
		fmt.Fprintf(&b, "\n// The copy of %04X for the call at %04X.\n", in.target(), in.addr)
		code := map[string]string{}
		for _, a := range blocks {
			c, err := t.blockCode(t.blocks[a], parts)
			if err != nil {
				return "", err
			}
			code[t.label(a)] = c
		}
		// Only the blocks the copy's entry leads to: a block of a scan
		// run at once, or one an inner call returns to, is not.
		reached := map[string]bool{}
		for work := []string{t.label(in.target())}; len(work) > 0; {
			l := work[len(work)-1]
			work = work[:len(work)-1]
			if reached[l] {
				continue
			}
			reached[l] = true
			for _, m := range gotoLabel.FindAllStringSubmatch(code[l], -1) {
				if _, ok := code[m[1]]; ok {
					work = append(work, m[1])
				}
			}
		}
		for _, a := range blocks {
			if l := t.label(a); reached[l] {
				b.WriteString(code[l])
			}
		}
	}
	return b.String(), nil
}

// gotoLabel finds the jumps to a copy's blocks.
var gotoLabel = regexp.MustCompile(`goto (L[0-9A-F]{4}_[0-9A-F]{4})\b`)
