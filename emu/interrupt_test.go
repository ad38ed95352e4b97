package emu

import "testing"

func TestIRQMaskedAndTaken(t *testing.T) {
	c := New(0x1234)
	c.Mem[0xFFFE], c.Mem[0xFFFF] = 0x00, 0x80
	if c.IRQ() {
		t.Fatal("IRQ taken with I set")
	}
	c.P = 0x20 | 0x01 // I clear, C set
	c.S = 0xFF
	if !c.IRQ() {
		t.Fatal("IRQ not taken")
	}
	if c.PC != 0x8000 || c.Cycles != 7 || c.P&0x04 == 0 || c.S != 0xFC {
		t.Fatalf("PC %04X cycles %d P %02X S %02X", c.PC, c.Cycles, c.P, c.S)
	}
	// Return address 1234, then status with B clear and bit 5 set.
	if c.Mem[0x1FF] != 0x12 || c.Mem[0x1FE] != 0x34 || c.Mem[0x1FD] != 0x21 {
		t.Fatalf("stack % X", c.Mem[0x1FD:0x200])
	}
	// RTI comes back with the old flags.
	c.Mem[0x8000] = 0x40
	c.Step()
	if c.PC != 0x1234 || c.P&0x04 != 0 || c.P&0x01 == 0 || c.Cycles != 13 {
		t.Fatalf("after RTI PC %04X P %02X cycles %d", c.PC, c.P, c.Cycles)
	}
}

func TestBRKSetsBAndNMIDoesNot(t *testing.T) {
	c := New(0x0200)
	c.S = 0xFF
	c.Mem[0x0200] = 0x00 // BRK
	c.Mem[0xFFFE], c.Mem[0xFFFF] = 0x00, 0x03
	c.Step()
	if c.PC != 0x0300 || c.Mem[0x1FD]&0x10 == 0 || c.Mem[0x1FE] != 0x02 || c.Mem[0x1FF] != 0x02 {
		t.Fatalf("BRK: PC %04X pushed % X", c.PC, c.Mem[0x1FD:0x200])
	}
	c.Mem[0xFFFA], c.Mem[0xFFFB] = 0x00, 0x04
	c.NMI()
	if c.PC != 0x0400 || c.Mem[0x1FA]&0x10 != 0 || c.Cycles != 14 {
		t.Fatalf("NMI: PC %04X pushed P %02X cycles %d", c.PC, c.Mem[0x1FA], c.Cycles)
	}
}

func TestResetVector(t *testing.T) {
	c := New(0)
	c.S = 0x00
	c.Mem[0xFFFC], c.Mem[0xFFFD] = 0x22, 0x1C
	c.Reset()
	if c.PC != 0x1C22 || c.S != 0xFD || c.Cycles != 7 {
		t.Fatalf("PC %04X S %02X", c.PC, c.S)
	}
}

func TestWriteHookCanStop(t *testing.T) {
	// STA $4000; NOP; NOP
	c := New(0x0200)
	c.Load(0x0200, []byte{0x8D, 0x00, 0x40, 0xEA, 0xEA})
	c.A = 0x99
	var seen []uint16
	c.HookWrites(0x40, 0x40, true)
	c.WriteHook = func(c *CPU, pc, addr uint16, v byte, cyc uint64) bool {
		seen = append(seen, pc, addr)
		return true
	}
	if stop := c.Run(1000); stop != StopHook {
		t.Fatalf("stop %v", stop)
	}
	if c.PC != 0x0203 || c.Mem[0x4000] != 0 || len(seen) != 2 || seen[0] != 0x0200 || seen[1] != 0x4000 {
		t.Fatalf("PC %04X mem %02X seen %04X", c.PC, c.Mem[0x4000], seen)
	}
}

func TestSelfJumpStops(t *testing.T) {
	// BNE * with Z clear, then JMP *.
	c := New(0x0200)
	c.Load(0x0200, []byte{0xD0, 0xFE})
	c.P = 0x20
	if stop := c.Run(1000); stop != StopSelfJump || c.PC != 0x0200 || c.Cycles != 3 {
		t.Fatalf("branch: %v PC %04X cycles %d", stop, c.PC, c.Cycles)
	}
	c = New(0x0300)
	c.Load(0x0300, []byte{0x4C, 0x00, 0x03})
	if stop := c.Run(1000); stop != StopSelfJump || c.PC != 0x0300 || c.Cycles != 3 {
		t.Fatalf("jmp: %v PC %04X cycles %d", stop, c.PC, c.Cycles)
	}
}
