package emu

import (
	"fmt"
	"slices"
	"strings"
)

// Checked returns a Native that runs n and, from a copy of the state, the
// core for the same cycles, every time it is entered, and compares the
// two: the lock-step mode of the differential tests. At the first
// difference it calls report with the block where the two part (the
// earliest block on the core's path from which the translation's run
// goes wrong, found by running the translation from the core's state at
// each block) and the differences; after that it runs n alone. It is
// slow: a copy of the CPU on every entry, and the core's run besides.
func (n *Native) Checked(report func(string)) *Native {
	checked := *n
	reported := false
	checked.Enter = func(c *CPU, budget uint64) (Stop, uint64) {
		if reported {
			return n.Enter(c, budget)
		}
		before := *c
		stop, core := n.Enter(c, budget)
		if d := n.against(&before, c, stop); d != "" {
			reported = true
			report(fmt.Sprintf("%s: %s", n.Name, n.locate(&before, budget, c.Cycles-before.Cycles, d)))
		}
		return stop, core
	}
	return &checked
}

// against runs the core from before for the cycles the translation ran to
// reach after (which it stopped at with stop), and describes how the two
// differ.
func (n *Native) against(before, after *CPU, stop Stop) string {
	ran := after.Cycles - before.Cycles
	ref := *before
	hooked := false
	// The translation stores nothing hooked; the core reaching a hooked
	// store in the same cycles is a difference of its own.
	ref.WriteHook = func(c *CPU, pc, addr uint16, val byte, cycles uint64) bool {
		hooked = true
		return true
	}
	refStop := ref.Run(ran) // of 0 cycles when it left at once, which only tidies P as it does
	d := differences(&ref, after)
	if hooked {
		d += "; the core stored to a hooked address"
	}
	if stop == StopSelfJump && refStop != StopSelfJump {
		d += fmt.Sprintf("; stop %v, the core's %v", stop, refStop)
	}
	return strings.TrimPrefix(d, "; ")
}

// differences describes how got (the translation's state) differs from
// want (the core's).
func differences(want, got *CPU) string {
	var d []string
	for _, r := range []struct {
		name      string
		want, got uint64
		hex, wide bool
	}{
		{"A", uint64(want.A), uint64(got.A), true, false}, {"X", uint64(want.X), uint64(got.X), true, false},
		{"Y", uint64(want.Y), uint64(got.Y), true, false}, {"S", uint64(want.S), uint64(got.S), true, false},
		{"P", uint64(want.P), uint64(got.P), true, false}, {"PC", uint64(want.PC), uint64(got.PC), true, true},
		{"cycles", want.Cycles, got.Cycles, false, false}, {"instructions", want.Instructions, got.Instructions, false, false},
	} {
		if r.want == r.got {
			continue
		}
		switch {
		case r.wide:
			d = append(d, fmt.Sprintf("%s %04X, the core's %04X", r.name, r.got, r.want))
		case r.hex:
			d = append(d, fmt.Sprintf("%s %02X, the core's %02X", r.name, r.got, r.want))
		default:
			d = append(d, fmt.Sprintf("%s %d, the core's %d", r.name, r.got, r.want))
		}
	}
	if want.Mem != got.Mem {
		for a := range want.Mem {
			if want.Mem[a] != got.Mem[a] {
				d = append(d, fmt.Sprintf("memory %04X %02X, the core's %02X", a, got.Mem[a], want.Mem[a]))
				break
			}
		}
	}
	return strings.Join(d, "; ")
}

// locate finds the block where the translation's run from before (ran
// cycles, with the budget it had) first goes wrong: along the core's path,
// the last block from whose state the translation's run still differs
// from the core's.
func (n *Native) locate(before *CPU, budget, ran uint64, first string) string {
	// The cycle counts at which the core's path reaches a block.
	var arrivals []uint64
	ref := *before
	ref.WriteHook = func(*CPU, uint16, uint16, byte, uint64) bool { return true }
	for ref.Cycles-before.Cycles < ran+8 {
		if _, ok := slices.BinarySearch(n.Blocks, ref.PC); ok {
			arrivals = append(arrivals, ref.Cycles)
		}
		if ref.Step() != StopBudget {
			break
		}
	}
	wrongFrom := func(k int) (string, uint16) {
		at := *before
		at.WriteHook = ref.WriteHook
		if cyc := arrivals[k] - before.Cycles; cyc > 0 {
			at.Run(cyc)
		}
		start := at
		pc := at.PC
		if !n.Applies(&at) {
			return "", pc
		}
		stop, _ := n.Enter(&at, budget-(start.Cycles-before.Cycles))
		return n.against(&start, &at, stop), pc
	}
	if len(arrivals) == 0 {
		return first + " (its run started at no block)"
	}
	// The run from the first arrival differs (or the translation went
	// wrong before reaching a block): find the last that does.
	lo, hi := 0, len(arrivals)
	if d, _ := wrongFrom(0); d == "" {
		return first + fmt.Sprintf(" (from %04X; from the first block on its path, %d cycles on, it agrees)", before.PC, arrivals[0]-before.Cycles)
	}
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if d, _ := wrongFrom(mid); d != "" {
			lo = mid
		} else {
			hi = mid
		}
	}
	d, pc := wrongFrom(lo)
	return fmt.Sprintf("the block at %04X (reached at cycle %d) runs differently from the core: %s", pc, arrivals[lo], d)
}
