package emu

import (
	"fmt"
	"testing"
)

// hookCall is one call of a recording hook.
type hookCall struct {
	pc, addr uint16
	val, old byte
	cycles   uint64
}

// recordHook stores every write and records it, with the byte it replaced;
// it asks to stop on a write of stopOn to stopAt.
func recordHook(calls *[]hookCall, stopAt uint16, stopOn byte) WriteHook {
	return func(c *CPU, pc, addr uint16, val byte, cycles uint64) bool {
		*calls = append(*calls, hookCall{pc, addr, val, c.Mem[addr], cycles})
		c.Mem[addr] = val
		return addr == stopAt && val == stopOn
	}
}

// The hook runs after the writing instruction and before the next: a read
// of the address in the next instruction sees what the hook stored, and
// the hook gets the writer's PC and the cycle count when it began.
func TestHookRunsBeforeNextInstruction(t *testing.T) {
	// LDA #$11; STA $4010; LDX $4010; INC $4010; LDY $4010
	c := New(0x0200)
	c.Load(0x0200, []byte{0xA9, 0x11, 0x8D, 0x10, 0x40, 0xAE, 0x10, 0x40, 0xEE, 0x10, 0x40, 0xAC, 0x10, 0x40})
	c.HookBytes(0x4010, 0x4010, true)
	c.WriteHook = func(c *CPU, pc, addr uint16, val byte, cycles uint64) bool {
		c.Mem[addr] = val + 0x40 // a device that changes what it is given
		return false
	}
	if stop := c.Run(2 + 4 + 4 + 6 + 4); stop != StopBudget {
		t.Fatalf("stop %v", stop)
	}
	if c.X != 0x51 || c.Y != 0x92 || c.Mem[0x4010] != 0x92 {
		t.Fatalf("X %02X Y %02X mem %02X, want 51 92 92", c.X, c.Y, c.Mem[0x4010])
	}
	if c.Cycles != 20 || c.Instructions != 5 || c.PC != 0x020E {
		t.Fatalf("cycles %d instructions %d PC %04X", c.Cycles, c.Instructions, c.PC)
	}
}

// An instruction that writes more than once (BRK and JSR pushing onto a
// hooked stack page) calls the hook once a write, in order, each with the
// instruction's PC and starting cycle count; a stop asked by the first
// still lets the others through.
func TestHookMultipleWritesInOneInstruction(t *testing.T) {
	// 0200 LDA #$00; 0202 BRK; (pad); handler at 0300: JSR $0310; 0310: JMP $0310
	c := New(0x0200)
	c.S = 0xFF
	c.Load(0x0200, []byte{0xA9, 0x00, 0x00, 0xEA})
	c.Load(0x0300, []byte{0x20, 0x10, 0x03})
	c.Load(0x0310, []byte{0x4C, 0x10, 0x03})
	c.Mem[0xFFFE], c.Mem[0xFFFF] = 0x00, 0x03
	c.HookWrites(0x01, 0x01, true)
	var calls []hookCall
	c.WriteHook = recordHook(&calls, 0x01FF, 0x02)
	if stop := c.Run(1000); stop != StopHook {
		t.Fatalf("stop %v, want the hook's", stop)
	}
	want := []hookCall{
		{0x0202, 0x01FF, 0x02, 0, 2},
		{0x0202, 0x01FE, 0x04, 0, 2},
		{0x0202, 0x01FD, 0x36, 0, 2}, // P: N clear, Z set, B and bit 5
	}
	if fmt.Sprint(calls) != fmt.Sprint(want) {
		t.Fatalf("hook calls %v, want %v", calls, want)
	}
	if c.PC != 0x0300 || c.S != 0xFC || c.P&FlagI == 0 || c.Cycles != 9 || c.Instructions != 2 {
		t.Fatalf("after BRK: PC %04X S %02X P %02X cycles %d instructions %d", c.PC, c.S, c.P, c.Cycles, c.Instructions)
	}
	calls = nil
	if stop := c.Run(1000); stop != StopSelfJump || c.PC != 0x0310 || c.Cycles != 18 {
		t.Fatalf("stop %v at %04X after %d cycles", stop, c.PC, c.Cycles)
	}
	want = []hookCall{{0x0300, 0x01FC, 0x03, 0, 9}, {0x0300, 0x01FB, 0x02, 0, 9}}
	if fmt.Sprint(calls) != fmt.Sprint(want) {
		t.Fatalf("JSR hook calls %v, want %v", calls, want)
	}
}

// JSR fetches its target's high byte after the pushes; when a hooked push
// overwrites it, the target is the one the hook stored.
func TestHookedJSROverwritingItsTarget(t *testing.T) {
	for _, hooked := range []bool{false, true} {
		// JSR at 01FD with S = FF: the return address's high byte (01)
		// lands on the operand's high byte at 01FF.
		c := New(0x01FD)
		c.S = 0xFF
		c.Load(0x01FD, []byte{0x20, 0x34, 0x12})
		var calls []hookCall
		if hooked {
			c.HookBytes(0x01FF, 0x01FF, true)
			c.WriteHook = recordHook(&calls, 0, 0)
		}
		c.Step()
		if c.PC != 0x0134 || c.Mem[0x01FF] != 0x01 || c.Mem[0x01FE] != 0xFF || c.Cycles != 6 {
			t.Errorf("hooked %v: PC %04X stack % X cycles %d", hooked, c.PC, c.Mem[0x01FE:0x0200], c.Cycles)
		}
		if hooked && (len(calls) != 1 || calls[0] != (hookCall{0x01FD, 0x01FF, 0x01, 0x12, 0})) {
			t.Errorf("hook calls %v", calls)
		}
	}
}

// Read-modify-write on a hooked address: the hook gets the new value while
// memory still holds the old one, and a byte the hook does not store
// stays as it was.
func TestHookedReadModifyWrite(t *testing.T) {
	// LDX #$01; ASL $40FF,X (writes 4100); ROL $4100; DEC $4101
	c := New(0x0200)
	c.Load(0x0200, []byte{0xA2, 0x01, 0x1E, 0xFF, 0x40, 0x2E, 0x00, 0x41, 0xCE, 0x01, 0x41})
	c.Mem[0x4100], c.Mem[0x4101] = 0xC1, 0x05
	c.HookWrites(0x41, 0x41, true)
	var calls []hookCall
	c.WriteHook = func(c *CPU, pc, addr uint16, val byte, cycles uint64) bool {
		calls = append(calls, hookCall{pc, addr, val, c.Mem[addr], cycles})
		if addr == 0x4100 {
			c.Mem[addr] = val
		}
		return false
	}
	c.Run(2 + 7 + 6 + 6)
	want := []hookCall{{0x0202, 0x4100, 0x82, 0xC1, 2}, {0x0205, 0x4100, 0x05, 0x82, 9}, {0x0208, 0x4101, 0x04, 0x05, 15}}
	if fmt.Sprint(calls) != fmt.Sprint(want) {
		t.Fatalf("hook calls %v, want %v", calls, want)
	}
	if c.Mem[0x4100] != 0x05 || c.Mem[0x4101] != 0x05 || c.P&FlagC == 0 || c.Cycles != 21 || c.Instructions != 4 {
		t.Fatalf("mem % X P %02X cycles %d instructions %d", c.Mem[0x4100:0x4102], c.P, c.Cycles, c.Instructions)
	}
}

// Only the hooked bytes of a page reach the hook.
func TestHookBytesWithinAPage(t *testing.T) {
	c := New(0)
	c.HookBytes(0x0010, 0x0011, true)
	if !c.Hooked(0x0010) || !c.Hooked(0x0011) || c.Hooked(0x000F) || c.Hooked(0x0012) {
		t.Fatal("Hooked disagrees with HookBytes")
	}
	// LDA #$77; STA $0F; STA $10; STA $11; STA $12
	c.Load(0x0200, []byte{0xA9, 0x77, 0x85, 0x0F, 0x85, 0x10, 0x85, 0x11, 0x85, 0x12})
	c.PC = 0x0200
	var calls []hookCall
	c.WriteHook = recordHook(&calls, 0, 0)
	c.Run(2 + 4*3)
	if len(calls) != 2 || calls[0].addr != 0x10 || calls[1].addr != 0x11 || c.Mem[0x0F] != 0x77 || c.Mem[0x12] != 0x77 {
		t.Fatalf("calls %v", calls)
	}
	c.HookBytes(0x0010, 0x0011, false)
	if c.hookPage[0] {
		t.Fatal("page 0 still marked hooked")
	}
}

// A run whose every write goes through a storing hook ends in the same
// state as one without hooks, for budgets that end anywhere: the queued
// writes cost nothing in cycles or instructions.
func TestHookedRunMatchesPlain(t *testing.T) {
	for _, budget := range []uint64{1, 2, 5, 31, 100, 1001, 100000} {
		plain, hooked := newBenchCPU(), newBenchCPU()
		hooked.HookWrites(0x00, 0xFF, true)
		n := 0
		hooked.WriteHook = func(c *CPU, pc, addr uint16, val byte, cycles uint64) bool {
			n++
			c.Mem[addr] = val
			return false
		}
		for i := 0; i < 3; i++ {
			s1, s2 := plain.Run(budget), hooked.Run(budget)
			if s1 != s2 {
				t.Fatalf("budget %d: stops %v and %v", budget, s1, s2)
			}
		}
		if plain.A != hooked.A || plain.X != hooked.X || plain.Y != hooked.Y || plain.S != hooked.S || plain.P != hooked.P ||
			plain.PC != hooked.PC || plain.Cycles != hooked.Cycles || plain.Instructions != hooked.Instructions || plain.Mem != hooked.Mem {
			t.Fatalf("budget %d: plain and hooked runs differ: PC %04X/%04X cycles %d/%d instructions %d/%d",
				budget, plain.PC, hooked.PC, plain.Cycles, hooked.Cycles, plain.Instructions, hooked.Instructions)
		}
		if budget >= 100 && n == 0 {
			t.Fatalf("budget %d: the hook never ran", budget)
		}
	}
}

// Runs longer than the loop's chunk keep exact counts.
func TestLongRunCounts(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 2^28 cycles")
	}
	c := New(0)
	for i := range c.Mem {
		c.Mem[i] = 0xEA // NOP, 2 cycles
	}
	c.Cycles = 10
	budget := uint64(maxChunk + 1000)
	if stop := c.Run(budget); stop != StopBudget {
		t.Fatalf("stop %v", stop)
	}
	if c.Cycles != 10+budget || c.Instructions != budget/2 || c.PC != uint16(budget/2) {
		t.Fatalf("cycles %d instructions %d PC %04X", c.Cycles, c.Instructions, c.PC)
	}
}
