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
