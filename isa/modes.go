// Package isa describes the NMOS 6502 instruction set: its addressing modes
// and the one opcode table that the assemblers, the disassembler and the
// emulator all read. Nothing here knows about any assembler dialect.
package isa

// Mode is a 6502 addressing mode.
type Mode uint8

// The 13 addressing modes of the NMOS 6502.
const (
	Implied     Mode = iota // CLC
	Accumulator             // LSR A
	Immediate               // LDA #nn
	ZeroPage                // LDA nn
	ZeroPageX               // LDA nn,X
	ZeroPageY               // LDX nn,Y
	Absolute                // LDA nnnn
	AbsoluteX               // LDA nnnn,X
	AbsoluteY               // LDA nnnn,Y
	Indirect                // JMP (nnnn)
	IndirectX               // LDA (nn,X)
	IndirectY               // LDA (nn),Y
	Relative                // BNE label
	NumModes    = 13
)

var modeNames = [NumModes]string{
	"implied", "accumulator", "immediate", "zero page", "zero page,X",
	"zero page,Y", "absolute", "absolute,X", "absolute,Y", "indirect",
	"(indirect,X)", "(indirect),Y", "relative",
}

func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return "mode?"
}

// Size is the instruction length in bytes for an instruction in this mode.
func (m Mode) Size() int {
	switch m {
	case Implied, Accumulator:
		return 1
	case Absolute, AbsoluteX, AbsoluteY, Indirect:
		return 3
	default:
		return 2
	}
}

// OperandBytes is the number of operand bytes after the opcode.
func (m Mode) OperandBytes() int { return m.Size() - 1 }

// ZeroPageForm returns the zero-page counterpart of an absolute mode
// (Absolute→ZeroPage, AbsoluteX→ZeroPageX, AbsoluteY→ZeroPageY).
func (m Mode) ZeroPageForm() (Mode, bool) {
	switch m {
	case Absolute:
		return ZeroPage, true
	case AbsoluteX:
		return ZeroPageX, true
	case AbsoluteY:
		return ZeroPageY, true
	}
	return m, false
}
