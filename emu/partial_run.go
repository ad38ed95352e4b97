package emu

import "github.com/kim1-archive/microchess/isa"

// What each opcode stores, for a partial translation's core runs: a store
// or read-modify-write through its addressing mode, a push of one byte,
// JSR's two, BRK's three; nothing (0) for the rest.
const (
	storesNothing byte = iota
	storesAddressed
	storesPush1
	storesPush2
	storesPush3
)

var storeKinds = func() (k [256]byte) {
	for code, e := range isa.ByCode {
		if !e.Valid {
			continue
		}
		switch e.Mnemonic {
		case "STA", "STX", "STY", "INC", "DEC", "ASL", "LSR", "ROL", "ROR":
			if e.Mode != isa.Accumulator {
				k[code] = storesAddressed
			}
		case "PHA", "PHP":
			k[code] = storesPush1
		case "JSR":
			k[code] = storesPush2
		case "BRK":
			k[code] = storesPush3
		}
	}
	return k
}()

// partRun is what a partial translation knows between the core's runs.
type partRun struct {
	// code marks the bytes of the blocks kept.
	code [1 << 16 / 64]uint64
	// The core last stopped, on cpu at cycle at, at a block kept, having
	// stored neither into the code kept nor to a hooked address: memory
	// still holds the code, and the hooks are as they were, so the next
	// entry need not compare them (Run).
	cpu *CPU
	at  uint64
	// held is the CPU whose memory was last seen to hold the code kept
	// (Run), and no store since has changed it.
	held *CPU
}

func (r *partRun) isCode(a uint16) bool { return r.code[a>>6]&(1<<(a&63)) != 0 }

// stores reports whether the instruction at PC may store into the kept
// code or to a hooked address: its effective address, from the registers
// and memory as they are before it runs.
func (r *partRun) stores(c *CPU) bool {
	pc := c.PC
	op := c.Mem[pc]
	kind := storeKinds[op]
	if kind == storesNothing {
		return false
	}
	touched := func(a uint16) bool { return r.isCode(a) || c.hookByte[a] }
	if kind != storesAddressed {
		for k := range uint16(kind - storesAddressed) {
			if touched(StackPage | uint16(c.S-byte(k))) {
				return true
			}
		}
		return false
	}
	ea, ok := c.EffectiveAddress(pc, isa.ByCode[op].Mode)
	if !ok {
		return true // no such store: take no chance
	}
	return touched(ea)
}

// How an instruction may take part in a stretch the core runs at once
// (RunCore): run among others (its cycles fixed, no store, no jump), only
// as the last (its cycles vary or it jumps), or not at all (it stores, or
// it is no instruction, where the core stops).
const (
	stretchInner byte = iota
	stretchLast
	stretchNot
)

type stretchOp struct{ kind, bytes, cycles byte }

var stretchOps = func() (t [256]stretchOp) {
	for code, e := range isa.ByCode {
		switch {
		case !e.Valid || storeKinds[code] != storesNothing:
			t[code].kind = stretchNot
		case e.PageCost || e.Mode == isa.Relative || e.Mnemonic == "JMP" || e.Mnemonic == "RTS" || e.Mnemonic == "RTI":
			t[code].kind = stretchLast
		default:
			t[code].kind = stretchInner
		}
		t[code].bytes, t[code].cycles = byte(e.Bytes), byte(e.Cycles)
	}
	return t
}()

// stretch returns the cycles to run the core for so that it runs the
// instructions from PC on up to the first that stores (not that one), or
// jumps or varies in its cycles (that one included), or up to a block
// kept, and no further; 0 when the first stores. The core stops at the
// first instruction boundary at or past its budget: past instructions of
// fixed cycles, at their sum; past one more that takes at least 2, at
// their sum and 1.
func (n *Native) stretch(c *CPU) uint64 {
	pc := c.PC
	var sum uint64 // the cycles of the instructions taken so far
	for k := 0; k < 32; k++ {
		if k > 0 && n.starts[pc>>6]&(1<<(pc&63)) != 0 {
			return sum
		}
		op := stretchOps[c.Mem[pc]]
		switch op.kind {
		case stretchNot:
			return sum
		case stretchLast:
			return sum + 1
		}
		sum += uint64(op.cycles)
		pc += uint16(op.bytes)
	}
	return sum
}
