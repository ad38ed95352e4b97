package main

import (
	"fmt"
	"strings"

	"github.com/kim1-archive/microchess/isa"
)

// setNZ sets N and Z from a result byte: its sign-extended value keeps
// both.
func setNZ(r string) string { return "nz = int(int8(" + r + "))" }

// packP leaves the status byte in p, B set, as PHP and BRK push it.
const packP = `p := c.P&(FlagD|FlagI) | FlagB | FlagU | cf | byte(nz>>8)&FlagN
if byte(nz) == 0 { p |= FlagZ }
if c.v { p |= FlagV }
`

// unpackP loads the status from the pulled byte m; D and I live in c.P,
// V in c.v.
const unpackP = `c.P = m
nz = int(int8(m&FlagN))<<8 | int(^m&FlagZ)
cf = m & FlagC
c.v = m&FlagV != 0
`

// The decimal paths need more registers than the loop has free: they pack
// X, Y, S and PC into one for the while, or the compiler would spill a
// register at the head of the loop, for every instruction. (Storing them
// in c does not help: the compiler sees through the store and the load.)
const (
	spillRegs  = "packed := uint(x) | uint(y)<<8 | uint(s)<<16 | uint(pc)<<24"
	reloadRegs = "x, y, s, pc = byte(packed), byte(packed>>8), byte(packed>>16), uint16(packed>>24)"
)

// binaryADC adds m and the carry to A. SBC is the same with m inverted.
const binaryADC = `t := uint(a) + uint(m) + uint(cf)
r := byte(t)
c.v = (a^r)&(m^r)&0x80 != 0
cf = byte(t >> 8)
a = r
nz = int(int8(r))`

// adc is ADC, binary or NMOS decimal. In decimal mode the accumulator and
// carry follow the BCD correction (also for invalid digits); Z comes from
// the binary sum and N and V from the sum after only the low-digit
// correction, which is what the chip does. Decimal mode is tested first so
// that the binary path's registers do not have to live alongside it.
const adc = `if c.P&FlagD == 0 {
` + binaryADC + `
} else {
` + spillRegs + `
nz = int(a + m + cf) // Z from the binary sum; N is added below
lo := int(a&0x0F) + int(m&0x0F) + int(cf)
if lo >= 0x0A { lo = ((lo + 0x06) & 0x0F) + 0x10 }
sum := int(a&0xF0) + int(m&0xF0) + lo
// Signed view of the same sum for V: high digits as two's complement.
ssum := int(int8(a&0xF0)) + int(int8(m&0xF0)) + lo
nz |= int(int8(byte(sum)&FlagN)) << 8
c.v = ssum < -128 || ssum > 127
if sum >= 0xA0 { sum += 0x60 }
cf = 0
if sum >= 0x100 { cf = 1 }
a = byte(sum)
` + reloadRegs + `
}`

// sbc is SBC: the flags are the binary ones in both modes; in decimal mode
// the accumulator comes from the BCD correction.
const sbc = `if c.P&FlagD == 0 {
m = ^m
` + binaryADC + `
} else {
` + spillRegs + `
t := uint(a) + uint(^m) + uint(cf)
r := byte(t)
c.v = (a^r)&(^m^r)&0x80 != 0
nz = int(int8(r))
lo := int(a&0x0F) - int(m&0x0F) + int(cf) - 1
cf = byte(t >> 8)
if lo < 0 { lo = ((lo - 0x06) & 0x0F) - 0x10 }
res := int(a&0xF0) - int(m&0xF0) + lo
if res < 0 { res -= 0x60 }
a = byte(res)
` + reloadRegs + `
}`

// compare is CMP, CPX or CPY: r + ^m + 1, whose bit 8 is the carry.
func compare(r string) string {
	return "t := 0x100 + uint(" + r + ") - uint(m)\ncf = byte(t >> 8)\nnz = int(int8(byte(t)))"
}

// Operations on a value m read from the operand.
var reads = map[string]string{
	"LDA": "a = m\n" + setNZ("a"),
	"LDX": "x = m\n" + setNZ("x"),
	"LDY": "y = m\n" + setNZ("y"),
	"AND": "a &= m\n" + setNZ("a"),
	"ORA": "a |= m\n" + setNZ("a"),
	"EOR": "a ^= m\n" + setNZ("a"),
	"ADC": adc,
	"SBC": sbc,
	"CMP": compare("a"),
	"CPX": compare("x"),
	"CPY": compare("y"),
	// N and V from the operand, Z from the AND.
	"BIT": "nz = int(int8(m&FlagN))<<8 | int(a&m)\nc.v = m&FlagV != 0",
}

var stores = map[string]string{"STA": "a", "STX": "x", "STY": "y"}

// Read-modify-write operations on m.
var rmws = map[string]string{
	"ASL": "cf = m >> 7\nm <<= 1\n" + setNZ("m"),
	"LSR": "cf = m & 1\nm >>= 1\n" + setNZ("m"),
	"ROL": "m, cf = m<<1|cf, m>>7\n" + setNZ("m"),
	"ROR": "m, cf = m>>1|cf<<7, m&1\n" + setNZ("m"),
	"INC": "m++\n" + setNZ("m"),
	"DEC": "m--\n" + setNZ("m"),
}

var implied = map[string]string{
	"CLC": "cf = 0", "SEC": "cf = 1", "CLD": "c.P &^= FlagD", "SED": "c.P |= FlagD",
	"CLI": "c.P &^= FlagI", "SEI": "c.P |= FlagI", "CLV": "c.v = false",
	"TAX": "x = a\n" + setNZ("x"), "TAY": "y = a\n" + setNZ("y"),
	"TXA": "a = x\n" + setNZ("a"), "TYA": "a = y\n" + setNZ("a"),
	"TSX": "x = s\n" + setNZ("x"), "TXS": "s = x",
	"INX": "x++\n" + setNZ("x"), "INY": "y++\n" + setNZ("y"),
	"DEX": "x--\n" + setNZ("x"), "DEY": "y--\n" + setNZ("y"),
	"NOP": "",
	"PHA": push("a", false),
	"PHP": packP + push("p", false),
	"PLA": pull + "a = m\n" + setNZ("a"),
	"PLP": pull + unpackP,
}

var branches = map[string]string{
	"BPL": "nz >= 0", "BMI": "nz < 0",
	"BVC": "!c.v", "BVS": "c.v",
	"BCC": "cf == 0", "BCS": "cf != 0",
	"BNE": "byte(nz) != 0", "BEQ": "byte(nz) == 0",
}

func caseBody(op isa.Op) (string, error) {
	var b strings.Builder
	next := fmt.Sprintf("pc += %d\n", op.Bytes) + advance(op.Cycles)
	m := op.Mnemonic
	if code, ok := reads[m]; ok {
		b.WriteString(address(op))
		if op.Mode != isa.Immediate {
			b.WriteString("m := c.Mem[ea]\n")
		}
		b.WriteString(code + "\n" + next)
		return b.String(), nil
	}
	if reg, ok := stores[m]; ok {
		b.WriteString(address(op))
		b.WriteString(write("ea", reg, false))
		b.WriteString(next)
		return b.String(), nil
	}
	if code, ok := rmws[m]; ok {
		if op.Mode == isa.Accumulator {
			b.WriteString("m := a\n" + code + "\na = m\n" + next)
			return b.String(), nil
		}
		b.WriteString(address(op) + "m := c.Mem[ea]\n" + code + "\n")
		b.WriteString(write("ea", "m", false))
		b.WriteString(next)
		return b.String(), nil
	}
	if code, ok := implied[m]; ok {
		b.WriteString(code + "\n" + next)
		return b.String(), nil
	}
	if cond, ok := branches[m]; ok {
		// Base cycles from the table; +1 when taken, +1 more when the
		// target is on another page than the next instruction.
		fmt.Fprintf(&b, "if %s {\nnext := pc + 2\nt := next + uint16(int8(c.Mem[pc+1]))\n%sif (t^next) > 0xFF { clock += 1 << cycleShift }\nif t == pc { stop = StopSelfJump\nbreak loop }\npc = t\n} else {\npc += 2\n%s}\n",
			cond, advance(op.Cycles+1), advance(op.Cycles))
		return b.String(), nil
	}
	switch m {
	case "JMP":
		if op.Mode == isa.Indirect {
			// NMOS: the pointer's high byte is fetched from the same page.
			b.WriteString("ptr := uint16(c.Mem[pc+1]) | uint16(c.Mem[pc+2])<<8\nt := uint16(c.Mem[ptr]) | uint16(c.Mem[(ptr&0xFF00)|((ptr+1)&0x00FF)])<<8\n")
		} else {
			b.WriteString("t := uint16(c.Mem[pc+1]) | uint16(c.Mem[pc+2])<<8\n")
		}
		b.WriteString(advance(op.Cycles) + "if t == pc { stop = StopSelfJump\nbreak loop }\npc = t\n")
		return b.String(), nil
	case "JSR":
		// The target's high byte is fetched after the pushes, as on the
		// chip: a push that overwrites it changes the target. A queued
		// push is marked, so that Run fetches it again after the hook.
		b.WriteString("lo := c.Mem[pc+1]\nret := pc + 2\n")
		b.WriteString(push("byte(ret >> 8)", true) + push("byte(ret)", true))
		b.WriteString("pc = uint16(lo) | uint16(c.Mem[pc+2])<<8\n" + advance(op.Cycles))
		return b.String(), nil
	case "RTS":
		b.WriteString("s++\nlo := c.Mem[StackPage|uint16(s)]\ns++\npc = (uint16(lo) | uint16(c.Mem[StackPage|uint16(s)])<<8) + 1\n" + advance(op.Cycles))
		return b.String(), nil
	case "RTI":
		b.WriteString(pull + unpackP)
		b.WriteString("s++\nlo := c.Mem[StackPage|uint16(s)]\ns++\npc = uint16(lo) | uint16(c.Mem[StackPage|uint16(s)])<<8\n" + advance(op.Cycles))
		return b.String(), nil
	case "BRK":
		// BRK skips a padding byte and pushes P with B set; the NMOS
		// chip leaves D alone.
		b.WriteString("ret := pc + 2\n" + packP)
		b.WriteString(push("byte(ret >> 8)", false) + push("byte(ret)", false) + push("p", false))
		b.WriteString("c.P |= FlagI\npc = uint16(c.Mem[0xFFFE]) | uint16(c.Mem[0xFFFF])<<8\n" + advance(op.Cycles))
		return b.String(), nil
	}
	return "", fmt.Errorf("opcode %02X: no code for %s %s", op.Code, m, op.Mode)
}
