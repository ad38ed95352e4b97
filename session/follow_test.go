package session_test

import (
	"strings"
	"testing"
	"time"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
)

func followedSession(t *testing.T) (*session.Session, *session.Follower) {
	t.Helper()
	p, err := microchess.Original(true)
	if err != nil {
		t.Fatal(err)
	}
	s, err := session.New(microchess.KIM(p.Images)...)
	if err != nil {
		t.Fatal(err)
	}
	s.SetLevel(memmap.Levels[0])
	f := &session.Follower{}
	keys(t, s, f, "C")
	return s, f
}

func keys(t *testing.T, s *session.Session, f *session.Follower, k string) {
	t.Helper()
	if err := s.Keys(k); err != nil {
		t.Fatal(err)
	}
	f.Update(s.Array())
}

// The book's first move, the person's reply keyed FROM TO F, then a move
// out of turn and one no man can make, each read from the board alone.
func TestFollowerReadsTheBoard(t *testing.T) {
	s, f := followedSession(t)
	if f.Computer != chess.White || len(f.Plies) != 0 {
		t.Fatalf("after C: computer %v, plies %v", f.Computer, f.Plies)
	}
	keys(t, s, f, "PC")        // the book: 0F 13 33, e2-e4
	keys(t, s, f, "1 4 3 4 F") // d2-d4, White again: out of turn
	keys(t, s, f, "6 3 4 3 F") // e7 is 63, e5 43 seen from White's end
	keys(t, s, f, "6 4 3 4 F") // d7-d4: three squares
	want := []session.FollowedPly{
		{SAN: "e4", Keyed: "13-33", Computer: true},
		{SAN: "d4", Keyed: "14-34", Computer: true, Note: "out of turn"},
		{SAN: "e5", Keyed: "63-43"},
		{SAN: "d7-d4", Keyed: "64-34", Note: "not a legal move"},
	}
	if len(f.Plies) != len(want) {
		t.Fatalf("plies %+v, want %+v", f.Plies, want)
	}
	for i := range want {
		if f.Plies[i] != want[i] {
			t.Errorf("ply %d: %+v, want %+v", i+1, f.Plies[i], want[i])
		}
	}
	if len(f.Earlier) != 2 {
		t.Errorf("%d earlier games, want 2 (before the move out of turn, before the illegal one)", len(f.Earlier))
	}
	pgn := f.PGN("MicroChess 1977", "super-blitz", time.Date(1977, 1, 1, 0, 0, 0, 0, time.UTC))
	for _, w := range []string{`[White "MicroChess 1977"]`, "1. e4 *", `[Termination "a move out of turn"]`, `[SetUp "1"]`} {
		if !strings.Contains(pgn, w) {
			t.Errorf("PGN lacks %s:\n%s", w, pgn)
		}
	}
}

// E swaps the sides; the king's half of a castling waits for the rook's.
func TestFollowerExchangeAndCastling(t *testing.T) {
	s, f := followedSession(t)
	keys(t, s, f, "E")
	if f.Computer != chess.Black {
		t.Fatalf("after C E the program plays %v", f.Computer)
	}
	// Seen from Black's end a square is (7-rank)<<4 | file: e2 64, e4 44.
	for _, mv := range []string{"6 4 4 4 F", "1 4 3 4 F", "7 6 5 5 F", "0 6 2 5 F", "7 5 4 2 F", "0 5 3 2 F"} {
		keys(t, s, f, mv) // e4 e5 Nf3 Nf6 Bc4 Bc5
	}
	if len(f.Plies) != 6 {
		t.Fatalf("plies %+v", f.Plies)
	}
	keys(t, s, f, "7 4 7 6 F") // Ke1-g1: the king's half
	if f.Pending != "O-O" || len(f.Plies) != 6 {
		t.Fatalf("after the king's half: pending %q, plies %d", f.Pending, len(f.Plies))
	}
	keys(t, s, f, "7 7 7 5 F") // Rh1-f1
	if got := f.Plies[len(f.Plies)-1]; f.Pending != "" || got.SAN != "O-O" || got.Keyed != "74-76 77-75" || got.Computer {
		t.Errorf("castling: %+v, pending %q", got, f.Pending)
	}
}
