// Package translated holds the programs mchess carries translated ahead of
// time into Go by emu/translate, so that a machine holding one runs it
// natively (kim1.Machine.Native) instead of instruction by instruction.
// The files are written by ./gen from the programs as built; its test
// fails when one is out of date.
package translated

import "github.com/kim1-archive/microchess/emu"

//go:generate go run -tags regenerate ./gen

// For returns the translation whose code the CPU's memory holds, or nil.
func For(c *emu.CPU) *emu.Native {
	for _, n := range All {
		if n.Applies(c) {
			return n
		}
	}
	return nil
}

// Nearest returns the translation for the program the CPU's memory
// holds: the one whose code it holds, or else, for a program changed
// from one translated (a code byte, a block, some routines), that one's
// blocks whose bytes it holds as they were (emu.Native.Partial), the
// rest left to the core; or nil when no translation keeps half its blocks.
func Nearest(c *emu.CPU) *emu.Native {
	if n := For(c); n != nil {
		return n
	}
	var best *emu.Native
	most := 0
	for _, n := range All {
		if _, kept := n.Kept(&c.Mem); 2*kept >= len(n.Blocks) && kept > most {
			best, most = n, kept
		}
	}
	if best == nil {
		return nil
	}
	p, _ := best.Partial(&c.Mem)
	return p
}
