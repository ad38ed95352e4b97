package debug

import (
	"testing"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
)

// original is the 1977 program built from its source with the residue,
// on a fresh KIM-1, with its statements.
func original(t testing.TB) (*kim1.Machine, *Source) {
	t.Helper()
	p, err := microchess.Original(true)
	if err != nil {
		t.Fatal(err)
	}
	m, err := session.Machine(p.Layout, microchess.KIM(p.Images))
	if err != nil {
		t.Fatal(err)
	}
	m.CPU.PC = memmap.Start
	return m, NewSource(p.Code)
}

// firstMove sets a level, presses C, turns the book off and presses PC,
// leaving the program at its start.
func firstMove(t testing.TB, level string) (*Debugger, *session.Session) {
	t.Helper()
	m, src := original(t)
	s := session.NewSession(m)
	l, err := memmap.LevelByName(level)
	if err != nil {
		t.Fatal(err)
	}
	s.SetLevel(l)
	d := New(m, src, session.DefaultBudget)
	m.Press(0x0C)
	if st := d.Continue(); st.Why != StopWaiting {
		t.Fatalf("after C: %+v", st)
	}
	s.BookOff()
	m.Press(kim1.KeyPC)
	return d, s
}
