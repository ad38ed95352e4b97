package main

import (
	"fmt"
	"strings"

	"github.com/kim1-archive/microchess/emu/internal/sem"
	"github.com/kim1-archive/microchess/isa"
)

// names: the interpreter keeps V in c.v; the decimal paths need more
// registers than the loop has free, so they pack X, Y, S and PC into one
// for the while, or the compiler would spill a register at the head of the
// loop, for every instruction. (Storing them in c does not help: the
// compiler sees through the store and the load.)
var names = sem.Names{
	V:      "c.v",
	Spill:  "packed := uint(x) | uint(y)<<8 | uint(s)<<16 | uint(pc)<<24",
	Reload: "x, y, s, pc = byte(packed), byte(packed>>8), byte(packed>>16), uint16(packed>>24)",
}

func caseBody(op isa.Op) (string, error) {
	var b strings.Builder
	next := fmt.Sprintf("pc += %d\n", op.Bytes) + advance(op.Cycles)
	m := op.Mnemonic
	if code, ok := names.Read(m); ok {
		b.WriteString(address(op))
		if op.Mode != isa.Immediate {
			b.WriteString("m := c.Mem[ea]\n")
		}
		b.WriteString(code + "\n" + next)
		return b.String(), nil
	}
	if reg, ok := sem.Store(m); ok {
		b.WriteString(address(op))
		b.WriteString(write("ea", reg, false))
		b.WriteString(next)
		return b.String(), nil
	}
	if code, ok := sem.RMW(m); ok {
		if op.Mode == isa.Accumulator {
			b.WriteString("m := a\n" + code + "\na = m\n" + next)
			return b.String(), nil
		}
		b.WriteString(address(op) + "m := c.Mem[ea]\n" + code + "\n")
		b.WriteString(write("ea", "m", false))
		b.WriteString(next)
		return b.String(), nil
	}
	if code, ok := names.Implied(m, func(val string) string { return push(val, false) }); ok {
		b.WriteString(code + "\n" + next)
		return b.String(), nil
	}
	if cond, ok := names.Branch(m); ok {
		// Base cycles from the table; +1 when taken, +1 more when the
		// target is on another page than the next instruction.
		fmt.Fprintf(&b, "if %s {\nnext := pc + 2\nt := next + uint16(int8(c.Mem[pc+1]))\n%sif %s { clock += 1 << cycleShift }\nif t == pc { stop = StopSelfJump\nbreak loop }\npc = t\n} else {\npc += 2\n%s}\n",
			cond, advance(op.Cycles+1), sem.BranchPageCrossed, advance(op.Cycles))
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
		b.WriteString(sem.Pull + names.UnpackP())
		b.WriteString("s++\nlo := c.Mem[StackPage|uint16(s)]\ns++\npc = uint16(lo) | uint16(c.Mem[StackPage|uint16(s)])<<8\n" + advance(op.Cycles))
		return b.String(), nil
	case "BRK":
		// BRK skips a padding byte and pushes P with B set; the NMOS
		// chip leaves D alone.
		b.WriteString("ret := pc + 2\n" + names.PackP(true))
		b.WriteString(push("byte(ret >> 8)", false) + push("byte(ret)", false) + push("p", false))
		b.WriteString("c.P |= FlagI\npc = uint16(c.Mem[0xFFFE]) | uint16(c.Mem[0xFFFF])<<8\n" + advance(op.Cycles))
		return b.String(), nil
	}
	return "", fmt.Errorf("opcode %02X: no code for %s %s", op.Code, m, op.Mode)
}
