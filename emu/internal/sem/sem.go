// Package sem says what each documented 6502 instruction does, as Go
// statements over the registers held in locals, for the two generators
// that turn instructions into Go: the interpreter's instruction switch
// (emu/internal/gendispatch) and the ahead-of-time translator
// (emu/translate). Each operation, the flags, decimal mode and the cycle
// rules the opcode table leaves out are defined here once; the generators
// add only how they fetch operands, store bytes and count time.
//
// The statements use these names: a, x, y, s (registers), nz (N and Z: N
// is its sign, Z is set when its low byte is 0), cf (C, 0 or 1), m (the
// operand byte), ea (the effective address), t (a temporary), c (the
// *emu.CPU, whose P keeps D and I), the emu flag constants and
// StackPage. V lives where Names.V says.
package sem

import "github.com/kim1-archive/microchess/isa"

// Names says where a generator keeps what the two keep differently.
type Names struct {
	V string // the overflow flag, a bool
	// Spill and Reload bracket the decimal paths of ADC and SBC, which
	// need more registers than the interpreter's loop has free (see
	// gendispatch); empty for code that has registers to spare.
	Spill, Reload string
	// Binary leaves out the decimal paths of ADC and SBC, for code that
	// runs only while D is clear (the translation's whole function).
	Binary bool
}

// SetNZ sets N and Z from a result byte: its sign-extended value keeps
// both.
func SetNZ(r string) string { return "nz = int(int8(" + r + "))" }

// PackP leaves the status byte in p, B set when b (PHP and BRK push it
// so), as the flags stand.
func (n Names) PackP(b bool) string {
	bflag := ""
	if b {
		bflag = " | FlagB"
	}
	return `p := c.P&(FlagD|FlagI)` + bflag + ` | FlagU | cf | byte(nz>>8)&FlagN
if byte(nz) == 0 { p |= FlagZ }
if ` + n.V + ` { p |= FlagV }
`
}

// UnpackP loads the status from the byte m; D and I live in c.P.
func (n Names) UnpackP() string {
	return `c.P = m
nz = int(int8(m&FlagN))<<8 | int(^m&FlagZ)
cf = m & FlagC
` + n.V + ` = m&FlagV != 0
`
}

// LoadP sets the locals from c.P at the start of a run.
func (n Names) LoadP() string {
	return `nz := int(int8(c.P&FlagN))<<8 | int(^c.P&FlagZ)
cf := c.P & FlagC
` + n.V + ` = c.P&FlagV != 0
`
}

// binaryADC adds m and the carry to A. SBC is the same with m inverted.
func (n Names) binaryADC() string {
	return `t := uint(a) + uint(m) + uint(cf)
r := byte(t)
` + n.V + ` = (a^r)&(m^r)&0x80 != 0
cf = byte(t >> 8)
a = r
nz = int(int8(r))`
}

// adc is ADC, binary or NMOS decimal. In decimal mode the accumulator and
// carry follow the BCD correction (also for invalid digits); Z comes from
// the binary sum and N and V from the sum after only the low-digit
// correction, which is what the chip does. Decimal mode is tested first so
// that the binary path's registers do not have to live alongside it.
func (n Names) adc() string {
	if n.Binary {
		return n.binaryADC()
	}
	return `if c.P&FlagD == 0 {
` + n.binaryADC() + `
} else {
` + n.Spill + `
nz = int(a + m + cf) // Z from the binary sum; N is added below
lo := int(a&0x0F) + int(m&0x0F) + int(cf)
if lo >= 0x0A { lo = ((lo + 0x06) & 0x0F) + 0x10 }
sum := int(a&0xF0) + int(m&0xF0) + lo
// Signed view of the same sum for V: high digits as two's complement.
ssum := int(int8(a&0xF0)) + int(int8(m&0xF0)) + lo
nz |= int(int8(byte(sum)&FlagN)) << 8
` + n.V + ` = ssum < -128 || ssum > 127
if sum >= 0xA0 { sum += 0x60 }
cf = 0
if sum >= 0x100 { cf = 1 }
a = byte(sum)
` + n.Reload + `
}`
}

// sbc is SBC: the flags are the binary ones in both modes; in decimal mode
// the accumulator comes from the BCD correction.
func (n Names) sbc() string {
	if n.Binary {
		return "m = ^m\n" + n.binaryADC()
	}
	return `if c.P&FlagD == 0 {
m = ^m
` + n.binaryADC() + `
} else {
` + n.Spill + `
t := uint(a) + uint(^m) + uint(cf)
r := byte(t)
` + n.V + ` = (a^r)&(^m^r)&0x80 != 0
nz = int(int8(r))
lo := int(a&0x0F) - int(m&0x0F) + int(cf) - 1
cf = byte(t >> 8)
if lo < 0 { lo = ((lo - 0x06) & 0x0F) - 0x10 }
res := int(a&0xF0) - int(m&0xF0) + lo
if res < 0 { res -= 0x60 }
a = byte(res)
` + n.Reload + `
}`
}

// compare is CMP, CPX or CPY: r + ^m + 1, whose bit 8 is the carry.
func compare(r string) string {
	return "t := 0x100 + uint(" + r + ") - uint(m)\ncf = byte(t >> 8)\nnz = int(int8(byte(t)))"
}

// Read returns the operation of an instruction that reads a value m from
// its operand (LDA, ADC, CMP, BIT, ...).
func (n Names) Read(mnemonic string) (string, bool) {
	switch mnemonic {
	case "LDA":
		return "a = m\n" + SetNZ("a"), true
	case "LDX":
		return "x = m\n" + SetNZ("x"), true
	case "LDY":
		return "y = m\n" + SetNZ("y"), true
	case "AND":
		return "a &= m\n" + SetNZ("a"), true
	case "ORA":
		return "a |= m\n" + SetNZ("a"), true
	case "EOR":
		return "a ^= m\n" + SetNZ("a"), true
	case "ADC":
		return n.adc(), true
	case "SBC":
		return n.sbc(), true
	case "CMP":
		return compare("a"), true
	case "CPX":
		return compare("x"), true
	case "CPY":
		return compare("y"), true
	case "BIT":
		// N and V from the operand, Z from the AND.
		return "nz = int(int8(m&FlagN))<<8 | int(a&m)\n" + n.V + " = m&FlagV != 0", true
	}
	return "", false
}

// Store returns the register a store instruction writes.
func Store(mnemonic string) (string, bool) {
	r, ok := map[string]string{"STA": "a", "STX": "x", "STY": "y"}[mnemonic]
	return r, ok
}

// RMW returns the operation of a read-modify-write instruction on m.
func RMW(mnemonic string) (string, bool) {
	switch mnemonic {
	case "ASL":
		return "cf = m >> 7\nm <<= 1\n" + SetNZ("m"), true
	case "LSR":
		return "cf = m & 1\nm >>= 1\n" + SetNZ("m"), true
	case "ROL":
		return "m, cf = m<<1|cf, m>>7\n" + SetNZ("m"), true
	case "ROR":
		return "m, cf = m>>1|cf<<7, m&1\n" + SetNZ("m"), true
	case "INC":
		return "m++\n" + SetNZ("m"), true
	case "DEC":
		return "m--\n" + SetNZ("m"), true
	}
	return "", false
}

// Pull pops a byte into m.
const Pull = "s++\nm := c.Mem[StackPage|uint16(s)]\n"

// Implied returns the operation of a one-byte instruction other than the
// control flow ones (BRK, RTI, RTS); push writes a value (an expression
// that does not use s) on the stack the generator's way.
func (n Names) Implied(mnemonic string, push func(val string) string) (string, bool) {
	switch mnemonic {
	case "CLC":
		return "cf = 0", true
	case "SEC":
		return "cf = 1", true
	case "CLD":
		return "c.P &^= FlagD", true
	case "SED":
		return "c.P |= FlagD", true
	case "CLI":
		return "c.P &^= FlagI", true
	case "SEI":
		return "c.P |= FlagI", true
	case "CLV":
		return n.V + " = false", true
	case "TAX":
		return "x = a\n" + SetNZ("x"), true
	case "TAY":
		return "y = a\n" + SetNZ("y"), true
	case "TXA":
		return "a = x\n" + SetNZ("a"), true
	case "TYA":
		return "a = y\n" + SetNZ("a"), true
	case "TSX":
		return "x = s\n" + SetNZ("x"), true
	case "TXS":
		return "s = x", true
	case "INX":
		return "x++\n" + SetNZ("x"), true
	case "INY":
		return "y++\n" + SetNZ("y"), true
	case "DEX":
		return "x--\n" + SetNZ("x"), true
	case "DEY":
		return "y--\n" + SetNZ("y"), true
	case "NOP":
		return "", true
	case "PHA":
		return push("a"), true
	case "PHP":
		return n.PackP(true) + push("p"), true
	case "PLA":
		return Pull + "a = m\n" + SetNZ("a"), true
	case "PLP":
		return Pull + n.UnpackP(), true
	}
	return "", false
}

// Branch returns the condition under which a branch is taken.
func (n Names) Branch(mnemonic string) (string, bool) {
	switch mnemonic {
	case "BPL":
		return "nz >= 0", true
	case "BMI":
		return "nz < 0", true
	case "BVC":
		return "!" + n.V, true
	case "BVS":
		return n.V, true
	case "BCC":
		return "cf == 0", true
	case "BCS":
		return "cf != 0", true
	case "BNE":
		return "byte(nz) != 0", true
	case "BEQ":
		return "byte(nz) == 0", true
	}
	return "", false
}

// A branch costs the table's cycles when not taken; taken, one more, and
// one more again when its target is on another page than the instruction
// after it. BranchPageCrossed is that test at run time (next and t the two
// addresses); BranchCycles gives the cost for a known target.
const BranchPageCrossed = "(t^next) > 0xFF"

// BranchCycles is the cost of the branch op at pc to target, taken or not.
func BranchCycles(op isa.Op, pc, target uint16, taken bool) int {
	if !taken {
		return op.Cycles
	}
	next := pc + 2
	if (target^next)&0xFF00 != 0 {
		return op.Cycles + 2
	}
	return op.Cycles + 1
}

// PageCrossed is the test, as an expression of 0 or 1 (uint), for an
// indexed address ea that crossed a page from its base: the low byte
// wrapped, that is it came out below the index. Adding the borrow of that
// comparison takes fewer registers than a conditional add. Only opcodes
// whose row has PageCost pay for it.
func PageCrossed(index string) string {
	return "(uint(byte(ea)) - uint(" + index + ")) >> 63"
}
