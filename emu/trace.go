package emu

import (
	"fmt"
	"io"

	"github.com/kim1-archive/microchess/isa"
)

// Tracer writes one line per instruction, before it runs: address, bytes,
// label, disassembly with symbol names, the registers and the cycle count.
type Tracer struct {
	W io.Writer
	// Sym names addresses; nil prints them in hex.
	Sym isa.Symbolizer
	// Routine names an address where a machine emulates a ROM routine in
	// place of code (the core sees an undocumented opcode there); nil for
	// none.
	Routine func(addr uint16) (string, bool)
}

// Line traces the instruction at c.PC.
func (t *Tracer) Line(c *CPU) {
	pc := c.PC
	code := []byte{c.Mem[pc], c.Mem[pc+1], c.Mem[pc+2]}
	text, n := isa.Disassemble(code, pc, t.Sym)
	if !isa.ByCode[code[0]].Valid && t.Routine != nil {
		if name, ok := t.Routine(pc); ok {
			text, n = name+" (monitor routine, emulated)", 0
		}
	}
	label := ""
	if t.Sym != nil {
		label, _ = t.Sym(pc, false)
	}
	hex := ""
	for i := 0; i < n; i++ {
		hex += fmt.Sprintf("%02X ", code[i])
	}
	fmt.Fprintf(t.W, "%04X  %-9s %-8s %-22s A=%02X X=%02X Y=%02X P=%02X S=%02X  %d\n",
		pc, hex, label, text, c.A, c.X, c.Y, c.P, c.S, c.Cycles)
}

// RunTraced is Run with every instruction traced first (slow); a nil
// tracer runs at full speed.
func (c *CPU) RunTraced(budget uint64, t *Tracer) Stop {
	if t == nil {
		return c.Run(budget)
	}
	end := c.Cycles + budget
	for c.Cycles < end {
		t.Line(c)
		if stop := c.Step(); stop != StopBudget {
			return stop
		}
	}
	return StopBudget
}
