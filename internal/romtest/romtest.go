// Package romtest gives tests the user's KIM-1 monitor ROM: MOS
// Technology's code, never in the repository, named by MCHESS_KIM1_ROM;
// without it every test that needs it skips with one message naming the
// variable.
package romtest

import (
	"os"

	"github.com/kim1-archive/microchess/emu/kim1"
)

// Env names the environment variable that gives tests the monitor ROM
// (one 2 KB file): the ROM is MOS Technology's and is never shipped, so
// every test that needs it skips with Skip when the variable is unset.
const (
	Env  = "MCHESS_KIM1_ROM"
	Skip = "no KIM-1 monitor ROM: set " + Env + " to a 2 KB image of 1800–1FFF to run the ROM tests"
)

// FromEnv reads the ROM Env names; ok is false when it is unset.
func FromEnv() (rom kim1.MonitorROM, ok bool, err error) {
	path := os.Getenv(Env)
	if path == "" {
		return rom, false, nil
	}
	rom, err = kim1.ReadROM(path)
	if err == nil {
		err = rom.Verify(false)
	}
	return rom, true, err
}

// TB is what ROM needs of a *testing.T or *testing.B.
type TB interface {
	Helper()
	Skip(args ...any)
	Fatal(args ...any)
}

// ROM is the ROM a test runs on: the one Env names, the test
// skipped with Skip when none is named, failed when it cannot be read
// or is not the known monitor.
func ROM(t TB) kim1.MonitorROM {
	t.Helper()
	rom, ok, err := FromEnv()
	if !ok {
		t.Skip(Skip)
	}
	if err != nil {
		t.Fatal(err)
	}
	return rom
}
