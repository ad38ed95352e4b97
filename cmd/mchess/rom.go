package main

import (
	"flag"
	"strings"

	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/session"
)

// romOption is --rom and --force: the user's KIM-1 monitor ROM, to run the
// program on the emulated board's own hardware instead of the traps.
type romOption struct {
	files stringList
	force bool
	baud  int
}

func (r *romOption) register(fs *flag.FlagSet) {
	fs.Var(&r.files, "rom", "run on the KIM-1 monitor ROM in `FILE` (1800–1FFF, 2 KB; or give --rom twice, the 6530-003 and 6530-002 dumps) on emulated 6530s, keypad, LEDs and teletype, instead of trapping its routines; checked by CRC32 (docs/kim1.md)")
	fs.BoolVar(&r.force, "force", false, "with --rom: run an image whose CRC32 is not the known monitor's")
	fs.IntVar(&r.baud, "baud", session.DefaultBaud, "with --rom and a teletype: the teletype's `BAUD` rate (the monitor measures it from the RUBOUT typed after RS)")
}

func (r *romOption) set() bool { return len(r.files) > 0 }

func (r *romOption) load() (kim1.MonitorROM, error) {
	var paths []string
	for _, f := range r.files {
		paths = append(paths, strings.Split(f, ",")...)
	}
	if r.baud < 50 || r.baud > 19200 {
		return kim1.MonitorROM{}, usagef("--baud %d: want a teletype rate from 50 to 19200", r.baud)
	}
	rom, err := kim1.ReadROM(paths...)
	if err != nil {
		return rom, err
	}
	return rom, rom.Verify(r.force)
}

// machine is the KIM-1 for the program: with traps, PC at start; on the
// ROM, started through the monitor's keypad (or, for a teletype, at the
// monitor's prompt).
func (r *romOption) machine(l linker.Layout, images []kim1.Image, start uint16, tty bool) (*kim1.Machine, error) {
	if !r.set() {
		m, err := session.Machine(l, images)
		if err == nil {
			m.CPU.PC = start
		}
		return m, err
	}
	rom, err := r.load()
	if err != nil {
		return nil, err
	}
	if tty {
		return session.MachineOnROMTTY(l, images, rom, r.baud)
	}
	return session.MachineOnROM(l, images, rom, start)
}

// options is the ROM for microchess.PlayOptions: nil without --rom.
func (r *romOption) options() (*kim1.MonitorROM, error) {
	if !r.set() {
		return nil, nil
	}
	rom, err := r.load()
	if err != nil {
		return nil, err
	}
	return &rom, nil
}
