package kim1

import (
	"fmt"
	"strings"

	"github.com/kim1-archive/microchess/emu"
)

// Reason says why Run returned without an error.
type Reason int

const (
	Budget     Reason = iota // the cycle budget was used up
	WaitingKey               // GETKEY was called with no key left in the script
	WaitingTTY               // GETCH was called with no input left
	SelfJump                 // a jump or branch to itself
)

func (r Reason) String() string {
	return [...]string{"cycle budget", "waiting for a key", "waiting for teletype input", "jump to self"}[r]
}

// RunError is a run that cannot go on: an undocumented opcode, or a jump
// into a part of the monitor ROM that is not emulated.
type RunError struct {
	PC     uint16
	Opcode byte
	InROM  bool
	board  bool // a board with no ROM installed
}

func (e *RunError) Error() string {
	if e.InROM && e.board {
		return fmt.Sprintf("the program entered the monitor ROM at %04X, and no ROM is installed on this board", e.PC)
	}
	if e.InROM {
		var emulated []string
		for _, r := range Routines {
			emulated = append(emulated, fmt.Sprintf("%s %04X", r.Name, r.Addr))
		}
		return fmt.Sprintf("the program entered the monitor ROM at %04X, which is not emulated (only %s are)", e.PC, strings.Join(emulated, ", "))
	}
	return fmt.Sprintf("undocumented opcode %02X at %04X", e.Opcode, e.PC)
}

// Run executes until the budget of cycles is used, the program waits for
// input that the scripts do not have, it jumps to itself, or an error. It
// runs Native, when set, where it applies, and the core elsewhere: the
// two stop alike.
// When it waits, PC is at the routine's entry, so adding input and calling
// Run again carries on exactly where it stopped.
func (m *Machine) Run(budget uint64) (Reason, error) {
	if m.hw != nil {
		return m.runBoard(budget)
	}
	c := m.CPU
	end := c.Cycles + budget
	if end < c.Cycles {
		end = ^uint64(0)
	}
	for c.Cycles < end {
		var stop emu.Stop
		switch {
		case m.Trace != nil:
			m.Trace(m)
			stop = c.Step()
		case m.Native != nil:
			var core uint64
			if stop, core = m.Native.Run(c, end-c.Cycles); core > 0 {
				stop = m.Native.RunCore(c, core, end-c.Cycles)
			}
		default:
			stop = c.Run(end - c.Cycles)
		}
		switch stop {
		case emu.StopSelfJump:
			return SelfJump, nil
		case emu.StopUndocumented:
			trap, ok := m.traps[c.PC]
			if !ok {
				return 0, &RunError{PC: c.PC, Opcode: c.Mem[c.PC], InROM: c.PC >= ROM.Start && c.PC <= ROM.End}
			}
			if !trap(m) {
				if c.PC == AddrGETCH {
					return WaitingTTY, nil
				}
				return WaitingKey, nil
			}
		}
	}
	return Budget, nil
}

// RunToKey runs until the program waits for a key with the script empty,
// or the budget runs out (an error then: the program never asked).
func (m *Machine) RunToKey(budget uint64) error {
	r, err := m.Run(budget)
	if err != nil {
		return err
	}
	if r != WaitingKey {
		return fmt.Errorf("stopped at %04X after %d cycles (%v) instead of waiting for a key", m.CPU.PC, m.CPU.Cycles, r)
	}
	return nil
}
