package kim1

import "github.com/kim1-archive/microchess/emu"

// runBoard is Run in board mode. It steps the core one instruction at a
// time: before each, what the instruction will read from a 6530 (or a
// mirror) is put in memory as of the cycle it reads it on; between
// instructions, interrupts are taken and the monitor's routines are
// watched at their entries to record what the trap mode records (polls,
// readings, what the display shows) and to stop where the trap mode stops
// (GETKEY or GETCH with nothing to give). The translated program, when
// there is one, runs natively wherever the program counter is in it.
func (m *Machine) runBoard(budget uint64) (Reason, error) {
	c := m.CPU
	b := m.hw
	end := c.Cycles + budget
	if end < c.Cycles {
		end = ^uint64(0)
	}
	defer func() { b.out.flush(c.Cycles, m) }()
	for c.Cycles < end {
		pc := c.PC
		if pc >= ROM.Start && pc <= ROM.End && b.rom {
			if r, wait := m.atROM(pc); wait {
				return r, nil
			}
		}
		if b.getkey.active && pc == b.getkey.ret && c.S == b.getkey.s+2 {
			b.getkey.active = false
			m.Polls = append(m.Polls, Poll{Key: c.A, Cycle: b.getkey.cycle})
		}
		if b.scands.active && pc == b.scands.ret && c.S == b.scands.s+2 {
			b.scands.active = false
			m.scanned()
		}
		if m.Native != nil && m.Trace == nil && !b.sst && !b.nmi && !b.irqU3 && pc < RIOT.Start {
			stop, core := m.Native.Run(c, end-c.Cycles)
			if core == 0 || c.PC != pc {
				if stop == emu.StopSelfJump {
					return SelfJump, nil
				}
				continue
			}
		}
		if readAbs[c.Mem[pc]] {
			ea, cycle := operand(c, pc)
			if !m.present(ea, cycle) {
				return WaitingKey, nil
			}
		}
		if b.mirror && pc >= 0x2000 {
			for i := uint16(0); i < 3; i++ {
				c.Mem[pc+i] = c.Mem[(pc+i)&0x1FFF]
			}
		}
		stepNMI := b.sst && !(pc&0x1C00 == 0x1C00 && (b.mirror || pc < 0x2000))
		if m.Trace != nil {
			m.Trace(m)
		}
		switch c.Step() {
		case emu.StopSelfJump:
			return SelfJump, nil
		case emu.StopUndocumented:
			return 0, &RunError{PC: c.PC, Opcode: c.Mem[c.PC], InROM: !b.rom && c.PC >= ROM.Start && c.PC <= ROM.End, board: true}
		}
		if b.nmi || stepNMI {
			b.nmi = false
			c.NMI()
		} else if b.irqU3 && b.u3.IRQ(c.Cycles) {
			c.IRQ()
		}
	}
	return Budget, nil
}

// atROM watches the monitor's entries: it records calls, feeds the
// teletype, and says whether the program waits for input it lacks.
func (m *Machine) atROM(pc uint16) (Reason, bool) {
	b := m.hw
	c := m.CPU
	ret := func() call {
		lo := c.Mem[emu.StackPage|uint16(c.S+1)]
		hi := c.Mem[emu.StackPage|uint16(c.S+2)]
		return call{active: true, ret: (uint16(lo) | uint16(hi)<<8) + 1, s: c.S, cycle: c.Cycles}
	}
	switch pc {
	case AddrGETKEY:
		if b.key.idle(c.Cycles, m) {
			return WaitingKey, true
		}
		m.Display = m.shownDigits()
		if n := len(m.Readings); n == 0 || m.Readings[n-1].Digits != m.Display {
			m.Readings = append(m.Readings, Reading{Digits: m.Display, Cycle: c.Cycles})
		}
		b.getkey = ret()
	case AddrSCANDS:
		m.Scans++
		b.scands = ret()
	case AddrGETCH:
		if !b.in.busy(c.Cycles, m) && len(b.in.line) == 0 {
			if len(m.TTYIn) == 0 {
				return WaitingTTY, true
			}
			b.in.send(c.Cycles, m)
		}
	}
	return 0, false
}

// scanned is SCANDS's return: the display as the eye sees it now.
func (m *Machine) scanned() {
	m.Display = m.shownDigits()
	if n := len(m.Shown); n == 0 || m.Shown[n-1].Digits != m.Display {
		m.Shown = append(m.Shown, Reading{Digits: m.Display, Cycle: m.CPU.Cycles})
	}
	if m.OnScan != nil {
		m.OnScan(m)
	}
}
