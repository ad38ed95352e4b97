package translate

import (
	"slices"
	"sort"
)

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
