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
	// Parts are its blocks, each with the bytes of Code its translation
	// assumes (its instructions', and a loop's run at once, the loop's);
	// EnterParts is Enter with blocks turned off (off[k] for Blocks[k]):
	// an entry into one of them leaves to the core there. Partial uses
	// them for a program that differs from the one translated.
	Parts      []Part
	EnterParts func(c *CPU, budget uint64, off []bool) (stop Stop, core uint64)

	// starts marks, in a partial translation, where its blocks start:
	// the core runs the rest up to one of them (RunCore).
	starts *[1 << 16 / 64]uint64
	part   *partRun
}

// Part is a block of a translation and where its translation's
// assumptions lie: the addresses of Code whose bytes it was made from.
type Part struct {
	Start uint16
	Bytes []Range
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
	if r := n.part; r != nil {
		if r.cpu == c && r.at == c.Cycles {
			r.cpu = nil // the core has just run, changing neither code nor hooks
			return n.Enter(c, budget)
		}
		r.cpu, r.held = nil, nil
		if !n.Applies(c) {
			return StopBudget, budget
		}
		r.held = c
		return n.Enter(c, budget)
	}
	if !n.Applies(c) {
		return StopBudget, budget
	}
	return n.Enter(c, budget)
}

// RunCore runs the core where the translation left off, core cycles as
// Run asked (never more than budget). A partial translation asks for
// less: the core runs up to the next of its blocks it comes to, however
// far that is within the budget, so that it runs only the blocks that
// changed and what they lead to.
func (n *Native) RunCore(c *CPU, core, budget uint64) Stop {
	if n.starts == nil {
		return c.Run(min(core, budget))
	}
	end := c.Cycles + budget
	r := n.part
	clean := r.held == c // memory held the code as the core began
	r.held = nil
	for {
		// A stretch that stores nothing at once; else one instruction,
		// its store looked at first.
		run := n.stretch(c)
		if run == 0 {
			clean = clean && !r.stores(c)
			run = 1
		}
		if stop := c.Run(min(run, end-c.Cycles)); stop != StopBudget || c.Cycles >= end {
			return stop
		}
		if n.starts[c.PC>>6]&(1<<(c.PC&63)) != 0 {
			if clean {
				r.cpu, r.at, r.held = c, c.Cycles, c
			}
			return StopBudget
		}
	}
}

// Copy returns n for another machine (a clone, say): a whole translation
// is shared, a partial one has a state of its own for each.
func (n *Native) Copy() *Native {
	if n == nil || n.part == nil {
		return n
	}
	p := *n
	p.part = &partRun{code: n.part.code}
	return &p
}
