// Package sessiontest holds checks the tests of several packages make of
// sessions (package session) and their games.
package sessiontest

import (
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/session"
)

// CheckEnd holds a self-play game's end to what the game shows: all the
// moves asked for, or the program's resignation on the display, or a
// finished game by the chess library's rules, or a pawn on the last rank
// the program cannot replace.
func CheckEnd(t *testing.T, g *session.Game, s *session.Session, maxPerSide int) {
	t.Helper()
	played := len(g.Moves)
	switch g.Reason {
	case session.MovesPlayed:
		if played != 2*maxPerSide {
			t.Errorf("%v after %d moves, want %d", g.Reason, played, 2*maxPerSide)
		}
		if g.Final.Outcome() != chess.NoOutcome {
			t.Errorf("all moves played, but the game is over: %v by %v", g.Final.Outcome(), g.Final.Method())
		}
	case session.Resigned:
		if s.M.Display != [3]byte{0xFF, 0xFF, 0xFF} {
			t.Errorf("resigned, but the display shows % X", s.M.Display)
		}
	case session.Checkmate, session.Stalemate, session.Drawn:
		want := map[session.Reason]chess.Method{session.Checkmate: chess.Checkmate, session.Stalemate: chess.Stalemate}[g.Reason]
		if g.Final.Outcome() == chess.NoOutcome || want != chess.NoMethod && g.Final.Method() != want {
			t.Errorf("%v, but the library's game says %v by %v", g.Reason, g.Final.Outcome(), g.Final.Method())
		}
	case session.LastRank:
		d := s.M.Display
		if d[0] < 8 || d[0] > 0x0F || d[2]>>4 != 7 {
			t.Errorf("%v, but the display shows % X", g.Reason, d)
		}
	default:
		t.Errorf("unknown end %v", g.Reason)
	}
	if played < 2*maxPerSide && g.Reason == session.MovesPlayed {
		t.Errorf("stopped after %d moves", played)
	}
}

// New is a session of the images on a stock KIM-1, ready to start at
// 0000; the test fails when they do not load.
func New(t testing.TB, images ...kim1.Image) *session.Session {
	t.Helper()
	s, err := session.New(images...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}
