package microchess

import (
	"testing"

	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/ref"
)

// images1977 are the published bytes, used until the build's images exist.
func images1977() []kim1.Image {
	var out []kim1.Image
	for _, im := range ref.MicroChess1977() {
		out = append(out, kim1.Image{Addr: im.Start, Data: im.Bytes})
	}
	return out
}

func newSession(t testing.TB) *Session {
	t.Helper()
	s, err := New(images1977()...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

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

func TestFirstMovesBookOff(t *testing.T) {
	for _, l := range Levels {
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
		t.Logf("%s: %v in %d cycles", l.Name, mv, mv.Cycles)
	}
}
