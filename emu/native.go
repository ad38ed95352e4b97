package emu

// Native is a program translated to Go ahead of time (see emu/translate):
// its instructions as straight-line Go over the registers, exact to the
// cycle and to the instruction count. A machine runs it in place of the
// core where it applies; wherever it cannot go on exactly as the core
// would (a write that is hooked or lands in its code, a jump out of it,
// the end of the budget near), it leaves the rest to the core.
type Native struct {
	Name string
	// Code is the bytes it was translated from. It runs only while memory
	// holds them; the operands it reads from memory at run time (settings
	// such as a level byte) are left out.
	Code []Span
	// Unhooked are where it stores without asking whether the store is
	// hooked (a store into its code it always leaves to the core): it runs
	// only while no address there is hooked.
	Unhooked []Range
	// Blocks are the addresses its basic blocks start at, in order.
	Blocks []uint16
	// Enter runs the translation from c's state for at most budget cycles,
	// never past where Run(budget) would stop, and writes the state back.
	// It returns the stop it came to; or, when it leaves off before one,
	// core > 0: how many cycles the core should run before it is asked
	// again (1 to step over an instruction it does not run, the rest of
	// the budget when the end is near or PC is outside its code). It
	// assumes Applies.
	Enter func(c *CPU, budget uint64) (stop Stop, core uint64)
}

// Range is the addresses Lo to Hi, both included.
type Range struct{ Lo, Hi uint16 }

// Span is bytes at an address.
type Span struct {
	Addr  uint16
	Bytes string
}

// Applies reports whether memory holds the translation's code and no
// address it stores to unchecked is hooked.
func (n *Native) Applies(c *CPU) bool {
	for _, s := range n.Code {
		end := int(s.Addr) + len(s.Bytes)
		if end > len(c.Mem) || string(c.Mem[s.Addr:end]) != s.Bytes {
			return false
		}
	}
	for _, r := range n.Unhooked {
		for a := int(r.Lo); a <= int(r.Hi); a++ {
			if !c.hookPage[a>>8] {
				a |= 0xFF // the whole page is free
				continue
			}
			if c.hookByte[a] {
				return false
			}
		}
	}
	return true
}

// Run runs the translation as Enter does when it applies; when it does
// not, it leaves the whole budget to the core.
func (n *Native) Run(c *CPU, budget uint64) (stop Stop, core uint64) {
	if !n.Applies(c) {
		return StopBudget, budget
	}
	return n.Enter(c, budget)
}
