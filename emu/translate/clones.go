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
// is turned off with the block it copies). Only the whole function has
// copies.
//
// Copies nest one deep: a copy holds the blocks its inner calls return
// to as well (when that costs none of its RTSs that know where they
// return, below), and each such call goes to a copy of the callee of its
// own, which returns into the outer copy; so LINE's RTS after its JSR
// RESET, say, is still its copy's and goes straight back to LINE's
// caller. A call inside a nested copy, or whose return is not in its
// copy, goes to the copy for that call, which returns to the block the
// call returns to in the original code.

// Limits of a subroutine copied per call: its blocks and instructions
// (reached from its entry up to its calls and RTSs) and its calls (each
// makes a copy).
const (
	maxCopyBlocks       = 40
	maxCopyInstructions = 100
	maxCopyCalls        = 8
	// maxCopyDepth is how deep copies nest: a copy's inner calls go to
	// copies of their own, theirs do not.
	maxCopyDepth = 2
)

// copyCtx is the copy being written: the blocks it copies, and the
// return address of the call it serves.
type copyCtx struct {
	blocks map[uint16]bool
	ret    uint16
	known  map[uint16]bool // blocks whose RTS returns to ret for sure
	// The copy the call is in (nil: the original code), how deep it is
	// (1 for a copy in the original code), and what its labels end with.
	parent *copyCtx
	depth  int
	suffix string
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
		blocks := t.subroutine(sub, false)
		if blocks == nil {
			continue
		}
		// With the blocks its calls return to, if within the limits
		// and no RTS of it that knew where it returns then does not.
		if all := t.subroutine(sub, true); all != nil && len(all) > len(blocks) && t.keepsKnown(sub, blocks, all) {
			blocks = all
		}
		t.copied[sub] = blocks
	}
	return t.copied
}

// subroutine lists the blocks reached from the block at sub (a call or
// an RTS ending the way; with returns, a call leads on to its return
// address), or nil when there is no such block, they exceed the limits,
// or some instruction of theirs is left to the core.
func (t *translator) subroutine(sub uint16, returns bool) []uint16 {
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
		case call:
			if returns {
				work = append(work, last.next())
			}
			continue
		case ret:
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

// keepsKnown tells whether the copy of sub with the blocks all (its
// calls' returns among them) has every RTS that knows where it returns
// in the copy with only blocks.
func (t *translator) keepsKnown(sub uint16, blocks, all []uint16) bool {
	set := func(bs []uint16) map[uint16]bool {
		m := map[uint16]bool{}
		for _, a := range bs {
			m[a] = true
		}
		return m
	}
	before, after := t.knownReturns(sub, set(blocks)), t.knownReturns(sub, set(all))
	for a := range before {
		if last := t.blocks[a].insts[len(t.blocks[a].insts)-1]; last.kind == ret && !after[a] {
			return false
		}
	}
	return true
}

// label is the Go label of the block at a, in the copy being written
// when a is one of its blocks.
func (t *translator) label(a uint16) string {
	if t.copy != nil && t.copy.blocks[a] {
		return fmt.Sprintf("L%04X%s", a, t.copy.suffix)
	}
	return fmt.Sprintf("L%04X", a)
}

// nests tells whether the call in, in the copy being written, goes to a
// copy nested in it: its return is one of the copy's blocks, and the copy
// is not as deep as copies go.
func (t *translator) nests(in *instr) bool {
	c := t.copy
	if c == nil || c.depth >= maxCopyDepth || !c.blocks[in.next()] {
		return false
	}
	_, sub := t.copies()[in.target()]
	_, block := t.blocks[in.next()]
	return sub && block
}

// callTo is the label a call goes to: the copy of its subroutine for its
// return address (nested in the copy being written, or not), or the
// subroutine.
func (t *translator) callTo(in *instr) string {
	if t.nests(in) {
		return fmt.Sprintf("L%04X%s_%04X", in.target(), t.copy.suffix, in.next())
	}
	if _, ok := t.copies()[in.target()]; ok {
		return fmt.Sprintf("L%04X_%04X", in.target(), in.next())
	}
	return fmt.Sprintf("L%04X", in.target())
}

// retLabel is the label of the block the copy being written returns to:
// in the copy it is nested in, or in the original code.
func (t *translator) retLabel() string {
	if p := t.copy.parent; p != nil {
		return fmt.Sprintf("L%04X%s", t.copy.ret, p.suffix)
	}
	return fmt.Sprintf("L%04X", t.copy.ret)
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
	return fmt.Sprintf("if pc == 0x%04X { // the call this copy serves\ngoto %s\n}\n", t.copy.ret, t.retLabel())
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
	return fmt.Sprintf("// Every way here left the stack as the call did: it returns there.\ns += 2\npc = 0x%04X\ngoto %s\n", t.copy.ret, t.retLabel())
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

// copiesCode writes every call's copy of its subroutine, and the copies
// nested in them.
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
		t.copy = nil
		if err := t.copyCode(&b, in, parts); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

// copyCode writes the copy for the call in made from the copy being
// written (or the original code), then the copies nested in it.
func (t *translator) copyCode(b *strings.Builder, in *instr, parts bool) error {
	parent := t.copy
	blocks := t.copies()[in.target()]
	c := &copyCtx{blocks: map[uint16]bool{}, ret: in.next(), parent: parent, depth: 1,
		suffix: fmt.Sprintf("_%04X", in.next())}
	if parent != nil {
		c.depth = parent.depth + 1
		c.suffix = parent.suffix + c.suffix
	}
	for _, a := range blocks {
		c.blocks[a] = true
	}
	c.known = t.knownReturns(in.target(), c.blocks)
	t.copy = c
	defer func() { t.copy = parent }()
	fmt.Fprintf(b, "\n// The copy of %04X for the call at %04X", in.target(), in.addr)
	if parent != nil {
		fmt.Fprintf(b, " in the copy of %s", strings.TrimPrefix(parent.suffix, "_"))
	}
	b.WriteString(".\n")
	code := map[string]string{}
	byLabel := map[string]*block{}
	for _, a := range blocks {
		bl := t.blocks[a]
		s, err := t.blockCode(bl, parts)
		if err != nil {
			return err
		}
		code[t.label(a)] = s
		byLabel[t.label(a)] = bl
	}
	// Only the blocks the copy's entry leads to: a block of a scan run
	// at once, or one an inner call returns to in the original code, is
	// not. A call nested here leads to its return.
	reached := map[string]bool{}
	var nested []*instr
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
		if last := byLabel[l].insts[len(byLabel[l].insts)-1]; last.kind == call && t.nests(last) {
			nested = append(nested, last)
			work = append(work, t.label(last.next()))
		}
	}
	for _, a := range blocks {
		if l := t.label(a); reached[l] {
			b.WriteString(code[l])
		}
	}
	slices.SortFunc(nested, func(x, y *instr) int { return int(x.addr) - int(y.addr) })
	for _, call := range nested {
		if err := t.copyCode(b, call, parts); err != nil {
			return err
		}
	}
	return nil
}

// gotoLabel finds the jumps to a copy's blocks.
var gotoLabel = regexp.MustCompile(`goto (L[0-9A-F]{4}(?:_[0-9A-F]{4})+)\b`)
