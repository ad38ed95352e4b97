// Package emu is an NMOS 6502 core: the 151 documented opcodes with exact
// cycle counts, NMOS decimal mode and quirks, over a flat 64 KiB memory.
// Machines (see emu/kim1) add I/O by hooking writes to chosen addresses and by
// placing bytes no documented instruction uses where their ROM routines
// would be: fetching one stops the run, so the machine can emulate the
// routine without any per-instruction cost in the loop.
package emu

import "fmt"

//go:generate go run ./internal/gendispatch

// CPU is the processor and its 64 KiB address space.
type CPU struct {
	A, X, Y, S byte
	P          byte // status; bit 5 always reads 1, bit 4 (B) only exists when pushed
	PC         uint16

	Cycles       uint64 // clock cycles since power-on
	Instructions uint64 // instructions executed

	Mem [65536]byte

	// Writes to an address whose hookByte is set go to WriteHook. The loop
	// tests hookPage (any byte of the page hooked) first, so a plain page
	// costs one test and a page hooked only in part, such as a watched
	// zero page, two.
	hookPage [256]bool
	hookByte [65536]bool
	// The hooked writes of the last instruction run executed, queued for
	// Run to send: the writer's PC, its clock and cycle count at its
	// start, whether it was a JSR, and the addresses and bytes (at most
	// three; four places let the loop mask the index instead of checking
	// it).
	queuePC     uint16
	queueClock  int64
	queueCycles uint64
	queueJSR    bool
	queued      uint8
	queueAddr   [4]uint16
	queueVal    [4]byte

	runStart  int64 // run's clock at its start
	v         bool  // V while run runs
	hookStop  bool
	WriteHook WriteHook
}

// run's clock keeps the cycle count above cycleShift bits and the
// instruction count below them; maxChunk keeps both in range (an
// instruction takes at least 2 cycles).
const (
	cycleShift = 28
	maxChunk   = 1 << cycleShift
)

// WriteHook receives every write to a hooked address instead of memory.
// pc is the address of the writing instruction and cycles the count when
// it began. The hook runs once that instruction has finished (c holds the
// registers after it) and before the next one; an instruction that writes
// more than once calls it once a write, in order. The hook stores the byte
// itself if it wants it stored; returning true ends Run after this
// instruction.
type WriteHook func(c *CPU, pc, addr uint16, val byte, cycles uint64) (stop bool)

// Stop says why Run returned.
type Stop uint8

const (
	StopBudget       Stop = iota // the cycle budget was used up
	StopUndocumented             // PC is at an undocumented opcode, not executed
	StopSelfJump                 // a JMP or taken branch to its own address (PC is there)
	StopHook                     // a write hook asked to stop
)

func (s Stop) String() string {
	switch s {
	case StopBudget:
		return "cycle budget"
	case StopUndocumented:
		return "undocumented opcode"
	case StopSelfJump:
		return "jump to self"
	case StopHook:
		return "write hook"
	}
	return "unknown"
}

// UndocumentedError reports an opcode the core does not run.
type UndocumentedError struct {
	PC     uint16
	Opcode byte
}

func (e *UndocumentedError) Error() string {
	return fmt.Sprintf("undocumented opcode $%02X at $%04X", e.Opcode, e.PC)
}

// New returns a CPU with S = FD and P = I set, as after the reset sequence,
// and PC at pc.
func New(pc uint16) *CPU {
	return &CPU{S: 0xFD, P: FlagU | FlagI, PC: pc}
}

// Run executes instructions until at least budget cycles have passed (it
// stops between instructions, so it may run up to 6 cycles over) or until
// one of the other Stop conditions. It never allocates.
func (c *CPU) Run(budget uint64) Stop {
	end := c.Cycles + budget
	if end < c.Cycles {
		end = ^uint64(0)
	}
	stop := StopBudget
	for {
		chunk := end - c.Cycles
		if chunk > maxChunk {
			chunk = maxChunk
		}
		stop = c.run(chunk)
		if c.queued != 0 && c.sendQueued() {
			c.hookStop = true
			break
		}
		if stop != StopBudget || c.Cycles >= end {
			break
		}
	}
	if c.hookStop {
		c.hookStop = false
		stop = StopHook
	}
	return stop
}

// sendQueued gives the queued writes to the hook, as the writing
// instruction would have, and reports whether one asked to stop. A JSR
// fetches its target's high byte after its pushes, so it is fetched again
// here, after the hook has stored (or not) what the pushes wrote.
func (c *CPU) sendQueued() (stop bool) {
	n := c.queued
	c.queued, c.queueClock = 0, 0
	for k := range c.queueAddr[:n] {
		if c.hookWrite(c.queuePC, c.queueAddr[k], c.queueVal[k], c.queueCycles) {
			stop = true
		}
	}
	if c.queueJSR {
		c.queueJSR = false
		c.PC = c.PC&0x00FF | uint16(c.Mem[c.queuePC+2])<<8
	}
	return stop
}

// Step executes one instruction.
func (c *CPU) Step() Stop { return c.Run(1) }

// Undocumented returns the error for a StopUndocumented at the current PC.
func (c *CPU) Undocumented() error {
	return &UndocumentedError{PC: c.PC, Opcode: c.Mem[c.PC]}
}

// HookWrites sends writes to pages first..last (inclusive) to WriteHook.
func (c *CPU) HookWrites(first, last byte, on bool) {
	c.HookBytes(uint16(first)<<8, uint16(last)<<8|0xFF, on)
}

// HookBytes sends writes to addresses lo..hi (inclusive) to WriteHook.
func (c *CPU) HookBytes(lo, hi uint16, on bool) {
	for a := int(lo); a <= int(hi); a++ {
		c.hookByte[a] = on
	}
	for p := int(lo >> 8); p <= int(hi>>8); p++ {
		c.hookPage[p] = false
		for _, h := range c.hookByte[p<<8 : (p+1)<<8] {
			if h {
				c.hookPage[p] = true
				break
			}
		}
	}
}

// Hooked reports whether writes to addr go to the hook.
func (c *CPU) Hooked(addr uint16) bool { return c.hookByte[addr] }

func (c *CPU) hookWrite(pc, addr uint16, val byte, cyc uint64) bool {
	if c.WriteHook == nil {
		c.Mem[addr] = val
		return false
	}
	return c.WriteHook(c, pc, addr, val, cyc)
}

// Write stores a byte the way an instruction would, hooks included.
func (c *CPU) Write(addr uint16, val byte) {
	if c.hookByte[addr] {
		if c.hookWrite(c.PC, addr, val, c.Cycles) {
			c.hookStop = true
		}
		return
	}
	c.Mem[addr] = val
}

func (c *CPU) push(v byte) {
	c.Write(StackPage|uint16(c.S), v)
	c.S--
}

// Pull pops a byte from the stack.
func (c *CPU) Pull() byte {
	c.S++
	return c.Mem[StackPage|uint16(c.S)]
}

// RTS returns from a subroutine as the RTS instruction does (6 cycles);
// machines use it to finish an emulated ROM routine.
func (c *CPU) RTS() {
	lo := c.Pull()
	hi := c.Pull()
	c.PC = (uint16(lo) | uint16(hi)<<8) + 1
	c.Cycles += 6
}

func (c *CPU) interrupt(vector uint16, p byte) {
	c.push(byte(c.PC >> 8))
	c.push(byte(c.PC))
	c.push(p)
	c.P |= FlagI
	c.PC = uint16(c.Mem[vector]) | uint16(c.Mem[vector+1])<<8
	c.Cycles += 7
}

// IRQ takes a maskable interrupt between instructions (7 cycles) unless
// the I flag is set; it reports whether it was taken. The pushed status
// has B clear, which is how a handler tells it from BRK.
func (c *CPU) IRQ() bool {
	if c.P&FlagI != 0 {
		return false
	}
	c.interrupt(0xFFFE, c.P&^FlagB|FlagU)
	return true
}

// NMI takes a non-maskable interrupt between instructions (7 cycles).
func (c *CPU) NMI() { c.interrupt(0xFFFA, c.P&^FlagB|FlagU) }

// Reset runs the reset sequence: S drops by 3 without writing, I is set,
// PC comes from FFFC (7 cycles).
func (c *CPU) Reset() {
	c.S -= 3
	c.P |= FlagU | FlagI
	c.PC = uint16(c.Mem[0xFFFC]) | uint16(c.Mem[0xFFFD])<<8
	c.Cycles += 7
}

// Load copies an image into memory without going through hooks.
func (c *CPU) Load(addr uint16, data []byte) {
	for i, b := range data {
		c.Mem[addr+uint16(i)] = b
	}
}
