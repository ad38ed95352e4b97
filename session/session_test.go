package session_test

import (
	"testing"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/internal/sessiontest"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

// images1977 are the published bytes.
func images1977() []kim1.Image { return microchess.KIM(memmap.Published()) }

func newSession(t testing.TB) *session.Session { return sessiontest.New(t, images1977()...) }

func TestBookMoveAfterClear(t *testing.T) {
	s := newSession(t)
	if err := s.Keys("C"); err != nil {
		t.Fatal(err)
	}
	if got := s.M.Display; got != [3]byte{0xCC, 0xCC, 0xCC} {
		t.Fatalf("after C the display is % X, want CC CC CC", got)
	}
	mv, err := s.Play()
	if err != nil {
		t.Fatal(err)
	}
	if mv.String() != "0F 13 33" {
		t.Fatalf("book move %v, want 0F 13 33", mv)
	}
	t.Logf("book move in %d cycles", mv.Cycles)
}

// The first move with the book off, at each level: a legal move of the
// piece the display names, well inside the manual's average time for the
// level (quiet opening positions are the cheap ones). Super Blitz and
// Blitz differ only in the capture tree, which the opening position, with
// no capture on the board, never enters: their first moves cost the same
// cycles. Normal adds the check test on every move, so it costs more.
func TestFirstMovesBookOff(t *testing.T) {
	cycles := map[string]uint64{}
	for _, l := range memmap.Levels {
		s := newSession(t)
		s.SetLevel(l)
		if err := s.Keys("C"); err != nil {
			t.Fatal(err)
		}
		s.BookOff()
		mv, err := s.Play()
		if err != nil {
			t.Fatal(err)
		}
		game := rules.NewReferee(rules.NewGame())
		if _, _, _, err := s.Computer(game, mv, chess.White); err != nil {
			t.Errorf("%s: %v: %v", l.Name, mv, err)
		}
		if mv.Cycles > uint64(l.ManualSeconds)*1_000_000 {
			t.Errorf("%s: %v took %d cycles, more than the manual's average of %d s", l.Name, mv, mv.Cycles, l.ManualSeconds)
		}
		cycles[l.Name] = mv.Cycles
		t.Logf("%s: %v in %d cycles", l.Name, mv, mv.Cycles)
	}
	if cycles["super-blitz"] != cycles["blitz"] || cycles["normal"] <= cycles["blitz"] {
		t.Errorf("cycles %v: want super-blitz = blitz < normal", cycles)
	}
}

// RunKeys with the book off runs C alone, then clears .OMOVE, so that the
// program thinks for its first move instead of playing the book's.
func TestRunKeysBookOff(t *testing.T) {
	keys, err := session.ParseKeys("C")
	if err != nil {
		t.Fatal(err)
	}
	for _, off := range []bool{false, true} {
		s := newSession(t)
		r, err := s.RunKeys(keys, off)
		if err != nil || r != kim1.WaitingKey {
			t.Fatalf("book off %v: %v, %v", off, r, err)
		}
		if on := s.M.Peek(memmap.OpenPtr) >= 0x80; on == off { // negative while the book is followed
			t.Errorf("book off %v: .OMOVE = %02X", off, s.M.Peek(memmap.OpenPtr))
		}
	}
}
