package debug

import (
	"github.com/kim1-archive/microchess/emu"
	"github.com/kim1-archive/microchess/isa"
)

// Access is a byte an instruction reads or writes.
type Access struct {
	Addr  uint16
	Write bool
}

// reads and writes name the instructions that read or write the memory
// their operand addresses; the read-modify-write ones do both.
var (
	reads = map[string]bool{"ADC": true, "AND": true, "BIT": true, "CMP": true, "CPX": true, "CPY": true,
		"EOR": true, "LDA": true, "LDX": true, "LDY": true, "ORA": true, "SBC": true,
		"ASL": true, "LSR": true, "ROL": true, "ROR": true, "INC": true, "DEC": true}
	writes = map[string]bool{"STA": true, "STX": true, "STY": true,
		"ASL": true, "LSR": true, "ROL": true, "ROR": true, "INC": true, "DEC": true}
)

// Accesses lists the bytes the instruction at PC will read and write,
// worked out from its addressing mode and the registers before it runs
// (the core has no read hook, and needs none). The stack bytes that
// pushes, pulls, JSR and RTS touch are included; the fetch of the
// instruction itself is not.
func Accesses(c *emu.CPU, out []Access) []Access {
	out = out[:0]
	e := isa.ByCode[c.Mem[c.PC]]
	if !e.Valid {
		return out
	}
	stack := func(off byte, write bool) { out = append(out, Access{emu.StackPage | uint16(c.S+off), write}) }
	switch e.Mnemonic {
	case "PHA", "PHP":
		stack(0, true)
		return out
	case "JSR":
		stack(0, true)
		stack(0xFF, true)
		return out
	case "PLA", "PLP":
		stack(1, false)
		return out
	case "RTS":
		stack(1, false)
		stack(2, false)
		return out
	}
	if !reads[e.Mnemonic] && !writes[e.Mnemonic] {
		return out
	}
	addr, ok := c.EffectiveAddress(c.PC, e.Mode)
	if !ok { // immediate, accumulator
		return out
	}
	if reads[e.Mnemonic] {
		out = append(out, Access{addr, false})
	}
	if writes[e.Mnemonic] {
		out = append(out, Access{addr, true})
	}
	return out
}
