package isa

import "fmt"

// Symbolizer names an address for the disassembler; ok is false when the
// address has no name. zeroPage tells which operand width is being named.
type Symbolizer func(addr uint16, zeroPage bool) (name string, ok bool)

// Disassemble decodes the instruction whose bytes start at code[0], located
// at pc. It returns the text and the instruction length; undocumented opcodes
// disassemble as "???" with length 1.
func Disassemble(code []byte, pc uint16, sym Symbolizer) (string, int) {
	if len(code) == 0 {
		return "", 0
	}
	e := ByCode[code[0]]
	if !e.Valid {
		return fmt.Sprintf("??? %02X", code[0]), 1
	}
	if len(code) < e.Bytes {
		return fmt.Sprintf("%s (truncated)", e.Mnemonic), len(code)
	}
	var operand uint16
	switch e.Bytes {
	case 2:
		operand = uint16(code[1])
	case 3:
		operand = uint16(code[1]) | uint16(code[2])<<8
	}
	name := func(a uint16, zp bool) string {
		if sym != nil {
			if s, ok := sym(a, zp); ok {
				return s
			}
		}
		if zp {
			return fmt.Sprintf("$%02X", a)
		}
		return fmt.Sprintf("$%04X", a)
	}
	m := e.Mnemonic
	switch e.Mode {
	case Implied:
		return m, 1
	case Accumulator:
		return m + " A", 1
	case Immediate:
		return fmt.Sprintf("%s #$%02X", m, operand), 2
	case ZeroPage:
		return m + " " + name(operand, true), 2
	case ZeroPageX:
		return m + " " + name(operand, true) + ",X", 2
	case ZeroPageY:
		return m + " " + name(operand, true) + ",Y", 2
	case Absolute:
		return m + " " + name(operand, false), 3
	case AbsoluteX:
		return m + " " + name(operand, false) + ",X", 3
	case AbsoluteY:
		return m + " " + name(operand, false) + ",Y", 3
	case Indirect:
		return m + " (" + name(operand, false) + ")", 3
	case IndirectX:
		return m + " (" + name(operand, true) + ",X)", 2
	case IndirectY:
		return m + " (" + name(operand, true) + "),Y", 2
	case Relative:
		target := pc + 2 + uint16(int8(code[1]))
		return m + " " + name(target, false), 2
	}
	return m, e.Bytes
}
