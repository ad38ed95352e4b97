package microchess

import (
	"cmp"
	"fmt"

	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/linker"
)

// loadedOnROM is a KIM-1 running the user's monitor ROM on its emulated
// 6530s (kim1.NewWithROM), with the expansion RAM of a layout and the
// images loaded; the monitor has been reset but not run.
func loadedOnROM(l linker.Layout, images []kim1.Image, rom kim1.MonitorROM) (*kim1.Machine, error) {
	m := kim1.NewWithROM(rom)
	if err := loadWithRAM(m, l, images); err != nil {
		return nil, err
	}
	return m, nil
}

// BoardOnROM is a KIM-1 running the monitor ROM with the expansion RAM of
// a layout and nothing loaded, reset: a board to load tapes into.
func BoardOnROM(l linker.Layout, rom kim1.MonitorROM) (*kim1.Machine, error) {
	return loadedOnROM(l, nil, rom)
}

// MachineOnROM is Machine on the monitor ROM: the program started as its
// manual says, by keying AD, the start address and GO on the keypad. It
// returns with the program waiting for its first key.
func MachineOnROM(l linker.Layout, images []kim1.Image, rom kim1.MonitorROM, start uint16) (*kim1.Machine, error) {
	m, err := loadedOnROM(l, images, rom)
	if err != nil {
		return nil, err
	}
	return m, StartFromMonitor(m, start)
}

// MachineOnROMTTY is MachineOnROM with the TTY jumper in and the teletype
// at baud: the monitor, reset, measures the RUBOUT typed after RS and
// prints its prompt; the program is loaded but not started (type its
// address and G, as on the board). It returns at the prompt.
func MachineOnROMTTY(l linker.Layout, images []kim1.Image, rom kim1.MonitorROM, baud int) (*kim1.Machine, error) {
	m, err := loadedOnROM(l, images, rom)
	if err != nil {
		return nil, err
	}
	m.TTYBaud = baud
	m.SetTTY(true)
	m.PressRS()
	if r, err := m.Run(10 * bootBudget); err != nil || r != kim1.WaitingTTY {
		return nil, fmt.Errorf("the monitor ROM did not print its prompt after RS and RUBOUT (%v, %v, PC %04X): is it the KIM-1 monitor?", r, err, m.CPU.PC)
	}
	return m, nil
}

// MachineOnROMTeletype is MachineOnROMTTY with the program started as at
// a board's teletype: its address, a space (the monitor opens the cell)
// and G. It returns with the program waiting for its first line, read
// through the ROM's GETCH; what the monitor printed is dropped.
func MachineOnROMTeletype(l linker.Layout, images []kim1.Image, rom kim1.MonitorROM, baud int, start uint16) (*kim1.Machine, error) {
	m, err := MachineOnROMTTY(l, images, rom, baud)
	if err != nil {
		return nil, err
	}
	m.TTYIn = fmt.Appendf(m.TTYIn, "%04X G", start)
	r, err := m.Run(DefaultBudget)
	if err == nil && r != kim1.WaitingTTY {
		err = fmt.Errorf("stopped (%v) at %04X", r, m.CPU.PC)
	}
	if err == nil && inMonitor(m) {
		err = fmt.Errorf("the monitor is still reading (it printed %q)", Printed(m.TTYOut))
	}
	if err != nil {
		return nil, fmt.Errorf("the program at %04X, started with G at the monitor's prompt, did not come to read a line: %w", start, err)
	}
	m.TTYOut = nil
	return m, nil
}

// inMonitor reports whether the GETCH the machine waits in was called by
// the monitor (its return address in 1800–1FFF) rather than the program.
func inMonitor(m *kim1.Machine) bool {
	hi := m.CPU.Mem[0x0100|uint16(m.CPU.S+2)]
	return hi >= 0x18 && hi <= 0x1F
}

// bootBudget bounds each step of starting a program through the monitor:
// the reset, and keying a few keys (each held and let go in 0.1 s).
const bootBudget = 5_000_000

// StartFromMonitor runs the monitor from RS until it waits at the keypad,
// keys AD, the address and GO, and runs the program until it waits for a
// key.
func StartFromMonitor(m *kim1.Machine, entry uint16) error {
	m.StopAtScan(true)
	if r, err := m.Run(bootBudget); err != nil || r != kim1.WaitingKey {
		return fmt.Errorf("the monitor ROM did not come up at the keypad after RS (%v, %v, PC %04X): is it the KIM-1 monitor?", r, err, m.CPU.PC)
	}
	m.Press(kim1.KeyAD, byte(entry>>12), byte(entry>>8&15), byte(entry>>4&15), byte(entry&15))
	if r, err := m.Run(bootBudget); err != nil || r != kim1.WaitingKey {
		return fmt.Errorf("the monitor did not take the address %04X (%v, %v)", entry, r, err)
	}
	m.StopAtScan(false)
	m.Press(kim1.KeyGO)
	return m.RunToKey(bootBudget)
}

// NewOnROM is New on a KIM-1 running the monitor ROM (MachineOnROM).
func NewOnROM(rom kim1.MonitorROM, images ...kim1.Image) (*Session, error) {
	m, err := MachineOnROM(Layout, images, rom, Start)
	if err != nil {
		return nil, err
	}
	return NewSession(m), nil
}

// playMachine is the machine NewPlay plays on: with traps, or on the ROM.
func playMachine(l linker.Layout, opt PlayOptions) (*kim1.Machine, error) {
	if opt.ROM == nil {
		return Machine(l, opt.Images)
	}
	if opt.Teletype {
		return MachineOnROMTeletype(l, opt.Images, *opt.ROM, cmp.Or(opt.Baud, DefaultBaud), Start)
	}
	return MachineOnROM(l, opt.Images, *opt.ROM, Start)
}
