package session_test

import (
	"testing"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/internal/sessiontest"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
)

// TestSelfPlaySuperBlitz plays the manual's PC, E, PC, ... game at Super
// Blitz with the book on, checks every move with the chess library (inside
// SelfPlay) and watches the program's code for writes.
func TestSelfPlaySuperBlitz(t *testing.T) {
	t.Parallel()
	s, err := session.New(microchess.KIM(memmap.Published())...)
	if err != nil {
		t.Fatal(err)
	}
	l, _ := memmap.LevelByName("super-blitz")
	s.SetLevel(l)
	s.WatchCode()
	g, err := s.SelfPlay(40, false, "")
	for i, m := range g.Moves {
		t.Logf("%2d %s %v %-5s %9d cycles %s", i/2+1, m.Computer.Name(), m.Move, m.UCI, m.Cycles, m.Note)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("end: %s\n%s", g.End, g.PGN)
	sessiontest.CheckEnd(t, g, s, 40)
	for _, w := range s.M.Writes {
		t.Errorf("write into code: %04X = %02X (was %02X) by the instruction at %04X, cycle %d", w.Addr, w.New, w.Old, w.PC, w.Cycle)
	}
}
