package emu

import "github.com/kim1-archive/microchess/isa"

// EffectiveAddress is the address the instruction at pc, in addressing
// mode mode, reads or writes, from the registers and memory as they are
// before it runs; ok is false for a mode that names no memory (implied,
// immediate, accumulator, relative, indirect jumps).
func (c *CPU) EffectiveAddress(pc uint16, mode isa.Mode) (ea uint16, ok bool) {
	lo := c.Mem[pc+1]
	abs := uint16(lo) | uint16(c.Mem[pc+2])<<8
	switch mode {
	case isa.ZeroPage:
		return uint16(lo), true
	case isa.ZeroPageX:
		return uint16(lo + c.X), true
	case isa.ZeroPageY:
		return uint16(lo + c.Y), true
	case isa.Absolute:
		return abs, true
	case isa.AbsoluteX:
		return abs + uint16(c.X), true
	case isa.AbsoluteY:
		return abs + uint16(c.Y), true
	case isa.IndirectX:
		zp := lo + c.X
		return uint16(c.Mem[zp]) | uint16(c.Mem[zp+1])<<8, true
	case isa.IndirectY:
		return (uint16(c.Mem[lo]) | uint16(c.Mem[lo+1])<<8) + uint16(c.Y), true
	}
	return 0, false
}
