package kim1

import (
	"github.com/kim1-archive/microchess/emu"
	"github.com/kim1-archive/microchess/emu/riot"
	"github.com/kim1-archive/microchess/isa"
)

// The board's hardware, used when the machine runs a monitor ROM instead
// of the trapped routines (NewWithROM, docs/kim1.md "The board"):
//
//   - 6530-002 (U2) registers at 1740–177F, RAM 17C0–17FF, ROM 1C00–1FFF;
//     6530-003 (U3) registers at 1700–173F, RAM 1780–17BF, ROM 1800–1BFF.
//     Each chip decodes its 16 registers from A3–A0, so they repeat four
//     times in its 64 addresses.
//   - A13–A15 are not decoded: the 8 KB at 0000–1FFF repeats through the
//     64 KB (2000 reads as 0000, FFFA as 1FFA), unless expansion RAM has
//     been added (boards that add memory decode A13–A15).
//   - U2's PB4–PB1 drive a 74145 decoder: outputs 0–2 select the keypad's
//     rows, 3 the TTY jumper, 4–9 the six digits, left to right. PA6–PA0
//     are the digits' segments g–a when outputs and the keypad's columns
//     (a pressed key in the selected row reads 0) when inputs.
//   - With the TTY jumper in, decoder output 3 pulls PA0 low: the monitor
//     reads that as "teletype". The teletype's receive line is PA7 (1 =
//     mark) and its send line PB0.
//   - ST is NMI, RS is RESET; SST on raises NMI at every instruction
//     fetched outside 1C00–1FFF, so the monitor steps a program.
//   - U3's PB7 (its timer's IRQ output) reaches the 6502's IRQ only when
//     wired (WireTimerIRQ), as owners did on the application connector.
type board struct {
	u2, u3 *riot.RRIOT
	rom    bool // 1800–1FFF hold a ROM (false: the area is absent)
	mirror bool
	tty    bool // the TTY jumper
	sst    bool
	irqU3  bool

	sel  byte // the 74145's input
	segs byte // segment lines driven high
	leds leds
	key  finger
	in   serialIn
	out  serialOut

	// Calls of GETKEY and SCANDS in progress, to record on return.
	getkey, scands call
	// stopAtScan makes a keyboard scan with nothing to press a wait (for
	// the monitor, which never calls GETKEY until a key is down).
	stopAtScan bool
	nmi        bool // ST pressed: NMI before the next instruction

	// The cassette (tape.go): the recording playing into the PLL, PB7 as
	// an output, and what it has recorded.
	tapeIn    tapeIn
	pb7       bool
	recording bool
	tapeOut   TapeOut
}

type call struct {
	active bool
	ret    uint16
	s      byte
	cycle  uint64
}

// NewWithROM returns a KIM-1 running the monitor in rom on its emulated
// 6530s, keypad, display and teletype, powered up and reset: the monitor
// runs from its RESET entry.
func NewWithROM(rom MonitorROM) *Machine {
	m := newBoard(&rom)
	m.PressRS()
	return m
}

// NewBoard returns the board with no ROM at 1800–1FFF (reads 02 there, so
// entering it stops the run), PC at 0000: for test programs of the
// hardware.
func NewBoard() *Machine { return newBoard(nil) }

func newBoard(rom *MonitorROM) *Machine {
	m := New()
	m.traps = map[uint16]func(*Machine) bool{}
	b := &board{u2: riot.New("6530-002"), u3: riot.New("6530-003"), mirror: true}
	b.leds.reset()
	if rom != nil {
		b.rom = true
		copy(m.CPU.Mem[ROM.Start:], rom.Data[:])
		copy(m.CPU.Mem[0xFFFA:], rom.Data[len(rom.Data)-6:])
	}
	m.hw = b
	m.wire()
	return m
}

// wire connects the chips' ports to the board (again after Clone).
func (m *Machine) wire() {
	b := m.hw
	b.u2.InA = func(cycle uint64) byte { return m.portAPins(cycle) }
	b.u2.OutA = func(out, ddr byte, cycle uint64) {
		b.segs = out & ddr & 0x7F
		b.leds.drive(b.sel, b.segs, cycle)
	}
	b.u2.InB = func(cycle uint64) byte {
		if b.tapeIn.level(cycle) {
			return 0xFF
		}
		return 0x7F
	}
	b.u2.OutB = func(out, ddr byte, cycle uint64) {
		b.sel = out >> 1 & 0x0F
		b.leds.drive(b.sel, b.segs, cycle)
		b.out.set(out&1 != 0, cycle, m)
		b.drivePB7(out, ddr, cycle)
	}
}

// portAPins is what the board drives onto U2's port A: the keypad's
// column lines for the selected row, the TTY jumper, the teletype line.
func (m *Machine) portAPins(cycle uint64) byte {
	b := m.hw
	v := byte(0xFF)
	if b.sel <= 2 {
		if k, down := b.key.at(cycle, m); down && k/7 == b.sel {
			v &^= 1 << (6 - k%7)
		}
	}
	if b.sel == 3 && b.tty {
		v &^= 0x01
	}
	if !b.in.level(cycle, m) {
		v &^= 0x80
	}
	return v
}

// ROMMode reports whether the machine runs a monitor ROM on emulated
// hardware rather than trapping its routines.
func (m *Machine) ROMMode() bool { return m.hw != nil }

// PressRS is the RS key: RESET to the processor and both 6530s.
func (m *Machine) PressRS() {
	b := m.hw
	c := m.CPU
	b.u2.Reset(c.Cycles)
	b.u3.Reset(c.Cycles)
	b.getkey, b.scands = call{}, call{}
	c.Reset()
	if b.tty {
		// A teletype user types RUBOUT after RS, for the monitor to
		// measure the baud rate from its start bit.
		m.TTYIn = append([]byte{0x7F}, m.TTYIn...)
		b.in.pending = true
	}
}

// PressST is the ST key: NMI before the next instruction.
func (m *Machine) PressST() { m.hw.nmi = true }

// SetSST sets the single-step switch.
func (m *Machine) SetSST(on bool) { m.hw.sst = on }

// SetTTY puts the TTY/keypad jumper in (teletype) or out (keypad); the
// monitor looks at it after RS.
func (m *Machine) SetTTY(on bool) { m.hw.tty = on }

// WireTimerIRQ connects the 6530-003's IRQ output (PB7) to the 6502's IRQ.
func (m *Machine) WireTimerIRQ(on bool) { m.hw.irqU3 = on }

// StopAtScan makes Run return WaitingKey when the program scans the keypad
// with no key left to press (the monitor waits that way).
func (m *Machine) StopAtScan(on bool) { m.hw.stopAtScan = on }

// RIOTs returns the 6530-002 and the 6530-003.
func (m *Machine) RIOTs() (u2, u3 *riot.RRIOT) { return m.hw.u2, m.hw.u3 }

// ioReg decodes an address to a 6530 register.
func (b *board) ioReg(addr uint16) (*riot.RRIOT, byte, bool) {
	if b.mirror {
		addr &= 0x1FFF
	}
	if addr < 0x1700 || addr >= 0x1780 {
		return nil, 0, false
	}
	if addr < 0x1740 {
		return b.u3, byte(addr & 0x0F), true
	}
	return b.u2, byte(addr & 0x0F), true
}

// hwWrite is a write the hook passed on that is not plain RAM: a 6530
// register, or a mirror of the lower 8 KB. start is the writing
// instruction's first cycle, end the cycle after its last.
func (m *Machine) hwWrite(c *emu.CPU, pc, addr uint16, val byte, start uint64) {
	b := m.hw
	if chip, reg, ok := b.ioReg(addr); ok {
		end := c.Cycles
		if readModifyWrite[c.Mem[pc]] {
			// The 6502 writes the unmodified byte back first.
			chip.Write(reg, c.Mem[addr], end-2)
		}
		chip.Write(reg, val, end-1)
		return
	}
	if b.mirror && addr >= 0x2000 {
		base := addr & 0x1FFF
		if bit(&m.ram, base) {
			if bit(&m.watch, base) {
				m.Writes = append(m.Writes, CodeWrite{PC: pc, Addr: base, Old: c.Mem[base], New: val, Cycle: start})
			}
			c.Mem[base] = val
		}
	}
}

// Which opcodes read memory through an absolute or indirect address (the
// only ones that can reach the 6530s or a mirror), and on which of their
// cycles.
var (
	readAbs         [256]bool
	readModifyWrite [256]bool
)

func init() {
	reads := map[string]bool{"LDA": true, "LDX": true, "LDY": true, "ADC": true, "SBC": true, "AND": true,
		"ORA": true, "EOR": true, "CMP": true, "CPX": true, "CPY": true, "BIT": true}
	rmw := map[string]bool{"ASL": true, "LSR": true, "ROL": true, "ROR": true, "INC": true, "DEC": true}
	for _, op := range isa.Table {
		switch op.Mode {
		case isa.Absolute, isa.AbsoluteX, isa.AbsoluteY, isa.IndirectX, isa.IndirectY:
			readAbs[op.Code] = reads[op.Mnemonic] || rmw[op.Mnemonic]
			readModifyWrite[op.Code] = rmw[op.Mnemonic]
		}
	}
}

// operand finds the address the instruction at pc reads and the cycle it
// reads it on.
func operand(c *emu.CPU, pc uint16) (ea uint16, cycle uint64) {
	op := isa.ByCode[c.Mem[pc]]
	n := uint64(op.Cycles)
	var base uint16
	switch op.Mode {
	case isa.Absolute:
		base = uint16(c.Mem[pc+1]) | uint16(c.Mem[pc+2])<<8
		ea = base
	case isa.AbsoluteX:
		base = uint16(c.Mem[pc+1]) | uint16(c.Mem[pc+2])<<8
		ea = base + uint16(c.X)
	case isa.AbsoluteY:
		base = uint16(c.Mem[pc+1]) | uint16(c.Mem[pc+2])<<8
		ea = base + uint16(c.Y)
	case isa.IndirectX:
		zp := c.Mem[pc+1] + c.X
		ea = uint16(c.Mem[zp]) | uint16(c.Mem[zp+1])<<8
		base = ea
	case isa.IndirectY:
		zp := c.Mem[pc+1]
		base = uint16(c.Mem[zp]) | uint16(c.Mem[zp+1])<<8
		ea = base + uint16(c.Y)
	}
	if op.PageCost && ea&0xFF00 != base&0xFF00 {
		n++
	}
	if readModifyWrite[op.Code] {
		// Read on the third cycle from the end, then two writes.
		return ea, c.Cycles + n - 3
	}
	return ea, c.Cycles + n - 1
}

// present puts in memory what a read of ea on cycle sees, when that is not
// what memory holds: a 6530 register, or the lower 8 KB through a mirror.
// It returns false, reading nothing, when the read is a keypad scan the
// machine is to stop at.
func (m *Machine) present(ea uint16, cycle uint64) bool {
	b := m.hw
	c := m.CPU
	if chip, reg, ok := b.ioReg(ea); ok {
		if chip == b.u2 && reg&0x7 == riot.RegPA && b.sel <= 2 && b.stopAtScan && b.key.idle(cycle, m) {
			return false
		}
		c.Mem[ea] = chip.Read(reg, cycle)
		return true
	}
	if b.mirror && ea >= 0x2000 {
		c.Mem[ea] = c.Mem[ea&0x1FFF]
	}
	return true
}
