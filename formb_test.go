package microchess

import (
	"testing"

	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
)

// Form B's check term: a move whose best continuation capture (WMAXC) is
// worth the king's value (a move that attacks the king) has CHECK taken
// from its value, exactly, and no other move has anything taken. Watched
// instruction by instruction over a Super Blitz game of the program
// against itself, with CHECK 08.
func TestFormBCheckTerm(t *testing.T) {
	set, p, err := LoadTunable(Proven, FormBSource, "")
	if err != nil {
		t.Fatal(err)
	}
	var check uint16
	for _, q := range set.Params {
		if q.Name == "CHECK" {
			check = q.Addrs[0]
		}
	}
	sym := func(name string) uint16 {
		s, ok := p.Code.Symbols[name]
		if !ok {
			t.Fatalf("no %s in %s", name, FormBSource)
		}
		return uint16(s.Value)
	}
	noChk, wmaxc, points := sym("NOCHK"), sym(".WMAXC"), sym(".POINTS")
	sbc := check - 1 // SBCIM CHECK
	if check == 0 || p.Code.Stmts == nil {
		t.Fatal("no CHECK parameter")
	}
	full, err := FormB()
	if err != nil {
		t.Fatal(err)
	}
	s, err := session.New(KIM(full.Images)...)
	if err != nil {
		t.Fatal(err)
	}
	l, _ := memmap.LevelByName("super-blitz")
	s.SetLevel(l)
	const value = 0x08
	if err := s.M.Poke(check, value); err != nil {
		t.Fatal(err)
	}
	var evaluations, checks int
	var attacksKing, viaSBC bool
	var before byte
	s.M.Trace = func(m *kim1.Machine) {
		c := m.CPU
		switch c.PC {
		case noChk - 8: // LDXZ .WMAXC
			attacksKing = c.Mem[wmaxc] == c.Mem[points]
			viaSBC = false
		case sbc:
			before, viaSBC = c.A, true
		case noChk:
			evaluations++
			if viaSBC != attacksKing {
				t.Errorf("evaluation %d: WMAXC %02X, king %02X, the check term ran: %v", evaluations, c.Mem[wmaxc], c.Mem[points], viaSBC)
			}
			if viaSBC {
				checks++
				if c.A != before-value {
					t.Errorf("evaluation %d: %02X after the check term, want %02X − %02X", evaluations, c.A, before, value)
				}
			}
		}
	}
	if _, err := s.SelfPlay(20, true, "e2e4"); err != nil {
		t.Fatal(err)
	}
	if checks == 0 || evaluations < 100 {
		t.Fatalf("%d evaluations, %d of moves that attack the king: the game tested nothing", evaluations, checks)
	}
	t.Logf("%d evaluations, %d of them of a move attacking the king", evaluations, checks)
}
