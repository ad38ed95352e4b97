package main

import (
	"sort"

	"github.com/kim1-archive/microchess/emu/translate"
	"github.com/kim1-archive/microchess/isa"
)

// The exercise is a program for the translator's own test: every
// documented opcode in every mode, the arithmetic once in decimal and once
// in binary mode, branches taken and not, one across a page, calls and
// returns, the instructions the translation leaves to the core (BRK, RTI,
// JMP indirect, a call into an undocumented byte), variable operands (in
// the decimal pass every immediate operand and every zero-page read's
// address, and the table of a scan), and a loop back to the start. Its
// test runs it from random states on both engines, with the variable
// operands changed now and then between its runs.
const (
	exerciseStart   = 0x0800
	exerciseData    = 0x0400 // 0400–05FF: what absolute and indexed operands reach
	exerciseVector  = 0x0600 // JMP (0600)
	exerciseResults = 0x2000 // what each instruction left
	exerciseTrap    = 0x1F1F // a byte no instruction uses (the test puts it there)
)

// exerciseVariables is set by exerciseProgram: its variable operands;
// exerciseTail, where its sections after the two passes of every opcode
// begin.
var (
	exerciseVariables []uint16
	exerciseTail      uint16
)

// exerciseProgram assembles the exercise into memory and returns its
// entry points.
func exerciseProgram() (mem *[65536]byte, entries []uint16) {
	mem = new([65536]byte)
	exerciseVariables = nil
	pc := uint16(exerciseStart)
	emit := func(bs ...byte) {
		for _, b := range bs {
			mem[pc] = b
			pc++
		}
	}
	op := func(mnemonic string, mode isa.Mode) isa.Op {
		o, ok := isa.Lookup(mnemonic, mode)
		if !ok {
			panic("no " + mnemonic)
		}
		return o
	}
	ops := append([]isa.Op(nil), isa.Table...)
	sort.Slice(ops, func(i, j int) bool { return ops[i].Code < ops[j].Code })
	// record keeps what an instruction left (A, X, Y, P) in four bytes
	// of its own, so that a difference is not washed out by the
	// instructions after it: PHP, STA, STX, STY, PLA, STA.
	results := uint16(exerciseResults)
	// Every 16 instructions an entry, so that the budget is checked there
	// and the translation can take over from the core there.
	var checks []uint16
	record := func() {
		if (results-exerciseResults)%64 == 0 {
			checks = append(checks, pc)
		}
		emit(op("PHP", isa.Implied).Code)
		for _, st := range []string{"STA", "STX", "STY"} {
			emit(op(st, isa.Absolute).Code, lo(results), hi(results))
			results++
		}
		emit(op("PLA", isa.Implied).Code, op("STA", isa.Absolute).Code, lo(results), hi(results))
		results++
	}
	plain := func(variable bool) {
		for _, o := range ops {
			switch o.Mnemonic {
			case "BRK", "RTI", "RTS", "JMP", "JSR", "TXS":
				continue
			}
			if o.Mode == isa.Relative {
				emit(o.Code, 0x00) // to the next instruction, taken or not
				record()
				continue
			}
			operand := map[isa.Mode]uint16{
				isa.Immediate: 0x5A, isa.ZeroPage: 0x80, isa.ZeroPageX: 0x80, isa.ZeroPageY: 0x80,
				isa.Absolute: exerciseData + 0x80, isa.AbsoluteX: exerciseData + 0xC0, isa.AbsoluteY: exerciseData + 0xC0,
				isa.IndirectX: 0x40, isa.IndirectY: 0x41,
			}[o.Mode]
			if variable && translate.VariableOperand(o) {
				exerciseVariables = append(exerciseVariables, pc+1)
			}
			emit(o.Code)
			switch o.Bytes {
			case 2:
				emit(byte(operand))
			case 3:
				emit(byte(operand), byte(operand>>8))
			}
			record()
		}
	}
	start := pc
	emit(op("SED", isa.Implied).Code)
	plain(true)
	emit(op("CLD", isa.Implied).Code)
	plain(false)
	// The binary pass ran SED (the op after the last but three): binary
	// mode again for what follows, which the whole translation runs only
	// with D clear.
	emit(op("CLD", isa.Implied).Code)
	exerciseTail = pc
	// Table scans (see emu/translate/loops.go), down a zero-page table
	// by X and an absolute one by Y, from whatever the registers hold.
	emit(op("DEX", isa.Implied).Code, op("BMI", isa.Relative).Code, 0x04, op("CMP", isa.ZeroPageX).Code, 0xC0, op("BNE", isa.Relative).Code, 0xF9)
	record()
	emit(op("DEY", isa.Implied).Code, op("BMI", isa.Relative).Code, 0x05, op("CMP", isa.AbsoluteY).Code, lo(exerciseData+0x40), hi(exerciseData+0x40), op("BNE", isa.Relative).Code, 0xF8)
	record()
	// And one whose table's address is variable, translated plainly.
	emit(op("DEX", isa.Implied).Code, op("BMI", isa.Relative).Code, 0x04, op("CMP", isa.ZeroPageX).Code, 0xC0, op("BNE", isa.Relative).Code, 0xF9)
	exerciseVariables = append(exerciseVariables, pc-3)
	record()
	// Stores into the tables of the scans below, which the whole
	// translation keeps by value (emu/translate: shadow.go), in every
	// mode a store has: the byte looked for put in, other bytes over
	// it, at fixed and random indexes (some past the table's end).
	emit(op("LDA", isa.ZeroPage).Code, 0x4F, op("STA", isa.ZeroPage).Code, 0x63)
	emit(op("LDA", isa.ZeroPage).Code, 0x4D, op("AND", isa.Immediate).Code, 0x3F, op("TAX", isa.Implied).Code)
	emit(op("LDA", isa.ZeroPage).Code, 0x4C, op("AND", isa.Immediate).Code, 0x1F, op("TAY", isa.Implied).Code)
	emit(op("LDA", isa.ZeroPage).Code, 0x4E, op("STA", isa.ZeroPageX).Code, 0x50)
	emit(op("STX", isa.ZeroPageY).Code, 0x50, op("STY", isa.ZeroPageX).Code, 0x51)
	emit(op("INC", isa.ZeroPage).Code, 0x5F, op("DEC", isa.ZeroPageX).Code, 0x52, op("ROL", isa.ZeroPageX).Code, 0x53)
	emit(op("LDA", isa.Absolute).Code, lo(exerciseData+0x3F), hi(exerciseData+0x3F))
	emit(op("STA", isa.Absolute).Code, lo(exerciseData+0x45), hi(exerciseData+0x45))
	emit(op("STA", isa.AbsoluteY).Code, lo(exerciseData+0x40), hi(exerciseData+0x40))
	emit(op("LDA", isa.ZeroPage).Code, 0x4E, op("STA", isa.AbsoluteX).Code, lo(exerciseData+0x30), hi(exerciseData+0x30))
	emit(op("INC", isa.Absolute).Code, lo(exerciseData+0x4A), hi(exerciseData+0x4A), op("LSR", isa.AbsoluteX).Code, lo(exerciseData+0x40), hi(exerciseData+0x40))
	// Through pointers: (48,X) with X at 0 to the absolute table, (4A),Y
	// to zero page's.
	emit(op("LDA", isa.Immediate).Code, lo(exerciseData+0x4C), op("STA", isa.ZeroPage).Code, 0x48)
	emit(op("LDA", isa.Immediate).Code, hi(exerciseData+0x4C), op("STA", isa.ZeroPage).Code, 0x49)
	emit(op("LDA", isa.Immediate).Code, 0x50, op("STA", isa.ZeroPage).Code, 0x4A, op("LDA", isa.Immediate).Code, 0x00, op("STA", isa.ZeroPage).Code, 0x4B)
	emit(op("LDX", isa.Immediate).Code, 0x00, op("LDA", isa.ZeroPage).Code, 0x4F, op("STA", isa.IndirectY).Code, 0x4A)
	emit(op("LDA", isa.Absolute).Code, lo(exerciseData+0x3F), hi(exerciseData+0x3F), op("STA", isa.IndirectX).Code, 0x48)
	record()
	// Two entered with the counter set to a constant, which the
	// translation reads without a loop (emu/translate: unrolledScan):
	// 32 bytes of zero page, and 19 of the absolute table, whose lowest
	// word reaches below it; each looks for the byte just below its
	// table, which it must not find there.
	emit(op("LDA", isa.ZeroPage).Code, 0x4F, op("LDX", isa.Immediate).Code, 0x20)
	emit(op("DEX", isa.Implied).Code, op("BMI", isa.Relative).Code, 0x04, op("CMP", isa.ZeroPageX).Code, 0x50, op("BNE", isa.Relative).Code, 0xF9)
	record()
	emit(op("LDA", isa.Absolute).Code, lo(exerciseData+0x3F), hi(exerciseData+0x3F), op("LDY", isa.Immediate).Code, 0x13)
	emit(op("DEY", isa.Implied).Code, op("BMI", isa.Relative).Code, 0x05, op("CMP", isa.AbsoluteY).Code, lo(exerciseData+0x40), hi(exerciseData+0x40), op("BNE", isa.Relative).Code, 0xF8)
	record()
	// The same of the other shape (CMP, BEQ out, DEX, BPL back), which
	// also compares at 0: 32 bytes of zero page, and 19 of the absolute
	// table (emu/translate: scandown.go).
	emit(op("LDA", isa.ZeroPage).Code, 0x4F, op("LDX", isa.Immediate).Code, 0x1F)
	emit(op("CMP", isa.ZeroPageX).Code, 0x50, op("BEQ", isa.Relative).Code, 0x03, op("DEX", isa.Implied).Code, op("BPL", isa.Relative).Code, 0xF9)
	record()
	emit(op("LDA", isa.Absolute).Code, lo(exerciseData+0x3F), hi(exerciseData+0x3F), op("LDY", isa.Immediate).Code, 0x12)
	emit(op("CMP", isa.AbsoluteY).Code, lo(exerciseData+0x40), hi(exerciseData+0x40), op("BEQ", isa.Relative).Code, 0x03, op("DEY", isa.Implied).Code, op("BPL", isa.Relative).Code, 0xF8)
	record()
	// A loop of one block entered with its counter set to a constant,
	// unrolled (emu/translate: unroll.go): REVERSE's exchange, and a read
	// that crosses a page on some passes.
	// Its exchange is in the zero-page table of the scans above, which
	// the translation builds again after the passes (emu/translate:
	// shadow.go); a scan of it follows.
	emit(op("LDX", isa.Immediate).Code, 0x0B)
	emit(op("SEC", isa.Implied).Code, op("LDY", isa.ZeroPageX).Code, 0x50, op("LDA", isa.Immediate).Code, 0x77, op("SBC", isa.ZeroPageX).Code, 0x60)
	emit(op("STA", isa.ZeroPageX).Code, 0x50, op("STY", isa.ZeroPageX).Code, 0x60)
	emit(op("ADC", isa.AbsoluteX).Code, lo(exerciseData+0xF8), hi(exerciseData+0xF8), op("DEX", isa.Implied).Code, op("BPL", isa.Relative).Code, 0xEF)
	record()
	emit(op("LDA", isa.ZeroPage).Code, 0x4F, op("LDX", isa.Immediate).Code, 0x20)
	emit(op("DEX", isa.Implied).Code, op("BMI", isa.Relative).Code, 0x04, op("CMP", isa.ZeroPageX).Code, 0x50, op("BNE", isa.Relative).Code, 0xF9)
	record()
	// A PLP that sets D now and then (a data byte's bit 3), in the
	// binary pass: the whole translation leaves decimal mode to the core
	// from the next instruction.
	emit(op("LDA", isa.Absolute).Code, lo(exerciseData+0x7D), hi(exerciseData+0x7D), op("PHA", isa.Implied).Code, op("PLP", isa.Implied).Code)
	emit(op("INX", isa.Implied).Code, op("CLD", isa.Implied).Code)
	record()
	// A branch whose target is on the next page from the instruction
	// after it: NOPs up to the page's end.
	for pc&0xFF != 0xFD {
		emit(op("NOP", isa.Implied).Code)
	}
	emit(op("BCC", isa.Relative).Code, 0x01, op("NOP", isa.Implied).Code) // 02FF NOP, target 0300
	// Calls: a subroutine, a call into an undocumented byte (the core
	// stops there), the ones left to the core.
	sub := uint16(0x0700)
	emit(op("JSR", isa.Absolute).Code, byte(sub), byte(sub>>8))
	record()
	// One in page one, at its start, where a call's return address
	// lands on its code when S is low: the core must then run the JSR.
	sub0 := uint16(0x0100)
	emit(op("JSR", isa.Absolute).Code, byte(sub0), byte(sub0>>8))
	record()
	// A subroutine called from two places is copied for each call
	// (emu/translate: clones.go); this one, when a data byte is
	// negative, adds one to the address it returns to, so that its RTS
	// does not go back to its call.
	sub2 := uint16(0x0720)
	for range 2 {
		emit(op("JSR", isa.Absolute).Code, byte(sub2), byte(sub2>>8), op("NOP", isa.Implied).Code)
		record()
	}
	// The first subroutine, which pushes and pulls as many, a second
	// time: its copies' RTS returns without reading the stack.
	emit(op("JSR", isa.Absolute).Code, byte(sub), byte(sub>>8))
	record()
	// A subroutine called from two places that calls both of the
	// others: its copies hold copies of theirs, which return into them
	// (emu/translate: copies nest), the second now and then past its
	// call, into the original code.
	sub3 := uint16(0x0740)
	for range 2 {
		emit(op("JSR", isa.Absolute).Code, byte(sub3), byte(sub3>>8))
		record()
	}
	emit(op("TSX", isa.Implied).Code, op("TXS", isa.Implied).Code)
	brk := pc + 3 // the JMP (indirect) goes to the BRK after it
	mem[exerciseVector], mem[exerciseVector+1] = byte(brk), byte(brk>>8)
	emit(op("JMP", isa.Indirect).Code, lo(exerciseVector), hi(exerciseVector))
	emit(op("BRK", isa.Implied).Code, 0xEA) // the handler returns with RTI
	handler := uint16(0x0710)
	mem[0xFFFE], mem[0xFFFF] = byte(handler), byte(handler>>8)
	// Into the undocumented byte when a data byte is 00, which the
	// stores make it now and then: the core stops there.
	emit(op("LDA", isa.Absolute).Code, lo(exerciseData+0x7F), hi(exerciseData+0x7F), op("BNE", isa.Relative).Code, 0x03)
	emit(op("JSR", isa.Absolute).Code, lo(exerciseTrap), hi(exerciseTrap))
	emit(op("JMP", isa.Absolute).Code, byte(start), byte(start>>8))
	mem[exerciseTrap] = 0x02
	// The subroutine and the handler.
	pc = sub
	emit(op("INX", isa.Implied).Code, op("PHA", isa.Implied).Code, op("PHP", isa.Implied).Code, op("PLP", isa.Implied).Code, op("PLA", isa.Implied).Code, op("RTS", isa.Implied).Code)
	pc = sub2
	emit(op("INY", isa.Implied).Code, op("LDA", isa.Absolute).Code, lo(exerciseData+0x7E), hi(exerciseData+0x7E), op("BPL", isa.Relative).Code, 0x04)
	emit(op("TSX", isa.Implied).Code, op("INC", isa.AbsoluteX).Code, 0x01, 0x01)
	emit(op("RTS", isa.Implied).Code)
	pc = sub0
	emit(op("INX", isa.Implied).Code, op("RTS", isa.Implied).Code)
	pc = sub3
	emit(op("JSR", isa.Absolute).Code, byte(sub), byte(sub>>8), op("INX", isa.Implied).Code)
	emit(op("JSR", isa.Absolute).Code, byte(sub2), byte(sub2>>8), op("NOP", isa.Implied).Code)
	emit(op("DEY", isa.Implied).Code, op("RTS", isa.Implied).Code)
	pc = handler
	emit(op("PHA", isa.Implied).Code, op("PLA", isa.Implied).Code, op("RTI", isa.Implied).Code)
	// The BRK, where the JMP (indirect) goes, and after it, where the RTI
	// returns, are entries: the translation cannot follow the two.
	return mem, append([]uint16{exerciseStart, handler, brk, brk + 2}, checks...)
}

func lo(a uint16) byte { return byte(a) }
func hi(a uint16) byte { return byte(a >> 8) }
