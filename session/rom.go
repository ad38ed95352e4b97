package session

import (
	"cmp"

	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
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
	return m, kim1.StartFromMonitor(m, start)
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
	if err := m.BootTTY(baud); err != nil {
		return nil, err
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
	if err := m.GoFromTTY(start, DefaultBudget); err != nil {
		return nil, err
	}
	return m, nil
}

// NewOnROM is New on a KIM-1 running the monitor ROM (MachineOnROM).
func NewOnROM(rom kim1.MonitorROM, images ...kim1.Image) (*Session, error) {
	m, err := MachineOnROM(memmap.Layout, images, rom, memmap.Start)
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
		return MachineOnROMTeletype(l, opt.Images, *opt.ROM, cmp.Or(opt.Baud, DefaultBaud), memmap.Start)
	}
	return MachineOnROM(l, opt.Images, *opt.ROM, memmap.Start)
}
