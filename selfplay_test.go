package microchess_test

import (
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
)

// TestSelfPlaySuperBlitz plays the manual's PC, E, PC, ... game at Super
// Blitz with the book on, checks every move with the chess library (inside
// SelfPlay) and watches the program's code for writes.
func TestSelfPlaySuperBlitz(t *testing.T) {
	t.Parallel()
	s, err := microchess.New(microchess.KIM(microchess.Published())...)
	if err != nil {
		t.Fatal(err)
	}
	l, _ := microchess.LevelByName("super-blitz")
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
	checkEnd(t, g, s, 40)
	for _, w := range s.M.Writes {
		t.Errorf("write into code: %04X = %02X (was %02X) by the instruction at %04X, cycle %d", w.Addr, w.New, w.Old, w.PC, w.Cycle)
	}
}

// checkEnd holds a self-play game's end to what the game shows: all the
// moves asked for, or the program's resignation on the display, or a
// finished game by the chess library's rules, or a pawn on the last rank
// the program cannot replace.
func checkEnd(t *testing.T, g *microchess.Game, s *microchess.Session, maxPerSide int) {
	t.Helper()
	played := len(g.Moves)
	switch g.Reason {
	case microchess.MovesPlayed:
		if played != 2*maxPerSide {
			t.Errorf("%v after %d moves, want %d", g.Reason, played, 2*maxPerSide)
		}
		if g.Final.Outcome() != chess.NoOutcome {
			t.Errorf("all moves played, but the game is over: %v by %v", g.Final.Outcome(), g.Final.Method())
		}
	case microchess.Resigned:
		if s.M.Display != [3]byte{0xFF, 0xFF, 0xFF} {
			t.Errorf("resigned, but the display shows % X", s.M.Display)
		}
	case microchess.Checkmate, microchess.Stalemate, microchess.Drawn:
		want := map[microchess.Reason]chess.Method{microchess.Checkmate: chess.Checkmate, microchess.Stalemate: chess.Stalemate}[g.Reason]
		if g.Final.Outcome() == chess.NoOutcome || want != chess.NoMethod && g.Final.Method() != want {
			t.Errorf("%v, but the library's game says %v by %v", g.Reason, g.Final.Outcome(), g.Final.Method())
		}
	case microchess.LastRank:
		d := s.M.Display
		if d[0] < 8 || d[0] > 0x0F || d[2]>>4 != 7 {
			t.Errorf("%v, but the display shows % X", g.Reason, d)
		}
	default:
		t.Errorf("unknown end %v", g.Reason)
	}
	if played < 2*maxPerSide && g.Reason == microchess.MovesPlayed {
		t.Errorf("stopped after %d moves", played)
	}
}
