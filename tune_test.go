package microchess_test

import (
	"testing"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
)

// The harmless variable of src/microchess.tune: .SETW+2 (0072) holds 00
// whenever STRATGY runs, so a term that names it adds or subtracts
// nothing. By reading the source: nothing stores into .SETW (0070–008F);
// the only stores near it are indexed from .BOARD with X up to 1F (to
// 006F) or FF (wrapping to 004F). Here a game at Super Blitz, as both
// sides, watches the byte: never written, and 00 at every entry to
// STRATGY.
func TestHarmlessVariableStaysZero(t *testing.T) {
	t.Parallel()
	p, err := microchess.Original(true)
	if err != nil {
		t.Fatal(err)
	}
	const harmless = 0x0072
	stratgy := uint16(p.Code.Symbols["STRATGY"].Value)
	setw := p.Code.Symbols[".SETW"].Value
	if setw+2 != harmless {
		t.Fatalf(".SETW+2 is %04X", setw+2)
	}
	s, err := session.New(microchess.KIM(p.Images)...)
	if err != nil {
		t.Fatal(err)
	}
	l, _ := memmap.LevelByName("super-blitz")
	s.SetLevel(l)
	s.M.Watch(harmless, harmless)
	entries, nonzero := 0, 0
	s.M.Trace = func(m *kim1.Machine) {
		if m.CPU.PC == stratgy {
			entries++
			if m.Peek(harmless) != 0 {
				nonzero++
			}
		}
	}
	g, err := s.SelfPlay(20, true, "")
	if err != nil {
		t.Fatal(err)
	}
	if entries == 0 || nonzero != 0 {
		t.Errorf("STRATGY ran %d times, %d of them with %04X not 00", entries, nonzero, harmless)
	}
	for _, w := range s.M.Writes {
		t.Errorf("write to %04X: %02X by the instruction at %04X", w.Addr, w.New, w.PC)
	}
	t.Logf("%d moves, STRATGY entered %d times", len(g.Moves), entries)
}
