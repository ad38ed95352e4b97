package microchess_test

import (
	"testing"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/emu/kim1"
)

// After C and PC the upgrade plays its list's first move, where the
// original plays its book's: the list at 00C4 is active because C sets
// .OMOVE (00DC) to FF, as the article's loading instructions rely on.
func TestFirstMove(t *testing.T) {
	ps := mustLoad(t)
	first := func(images []kim1.Image, keys string) microchess.Move {
		s, err := session(images, "super-blitz")
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Keys(keys); err != nil {
			t.Fatal(err)
		}
		if s.M.Peek(microchess.OpenPtr) != 0xFF {
			t.Errorf("after %s, .OMOVE is %02X, want FF", keys, s.M.Peek(microchess.OpenPtr))
		}
		mv, err := s.Play()
		if err != nil {
			t.Fatal(err)
		}
		return mv
	}
	orig := first(ps.original, "C")
	up := first(ps.white, "C")
	list := listBytes(t, whiteSrc)
	want := microchess.Move{Piece: list[0xC4].Bytes[0], From: list[0xC5].Bytes[1], To: list[0xC6].Bytes[0]}
	if up.String() != want.String() {
		t.Errorf("upgrade as White plays %v, want DEVP-1 %v (N-KB3)", up, want)
	}
	// The article's N-KB3, whatever the list holds: the king knight (Table
	// 2 code 06) from g1 to f3.
	if uci := moveUCI(t, up, true); up.Piece != 0x06 || uci != "g1f3" {
		t.Errorf("upgrade as White plays piece %02X %s, want the king knight g1f3", up.Piece, uci)
	}
	if up.String() == orig.String() {
		t.Errorf("upgrade and original both play %v", up)
	}
	t.Logf("original %v, upgrade %v", orig, up)

	// As Black (C, E), after the player's 1. P-K4, keyed as the player
	// does from his side of the board: 64 44 F.
	e2, e4 := code(mustSquare(t, "e2"), false), code(mustSquare(t, "e4"), false)
	s, err := session(ps.black, "super-blitz")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Keys("C E"); err != nil {
		t.Fatal(err)
	}
	if err := s.Enter(e2, e4); err != nil {
		t.Fatal(err)
	}
	mv, err := s.Play()
	if err != nil {
		t.Fatal(err)
	}
	blist := listBytes(t, blackSrc)
	if w := (microchess.Move{Piece: blist[0xC4].Bytes[0], From: blist[0xC5].Bytes[1], To: blist[0xC6].Bytes[0]}); mv.String() != w.String() {
		t.Errorf("upgrade as Black plays %v after 1. e4, want DEVP-1 %v", mv, w)
	}
	if uci := moveUCI(t, mv, false); mv.Piece != 0x06 || uci != "g8f6" {
		t.Errorf("upgrade as Black plays piece %02X %s, want the king knight g8f6", mv.Piece, uci)
	}
}

// The manual's self-play (PC, E, PC, ...) at Super Blitz: legal moves only,
// to mate, resignation or 40 moves a side, no write into the program, and
// not the original's game. With one list in memory the list serves White's
// first move; Black's first search finds none of its pieces on the list's
// squares and ends the list (.OMOVE = 00), so the game is mostly the new
// middle-game strategy.
func TestSelfPlay(t *testing.T) {
	t.Parallel()
	ps := mustLoad(t)
	play := func(images []kim1.Image) (*microchess.Game, *microchess.Session) {
		s, err := session(images, "super-blitz")
		if err != nil {
			t.Fatal(err)
		}
		s.WatchCode()
		g, err := s.SelfPlay(40, false, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range s.M.Writes {
			t.Errorf("write into code: %04X = %02X by the instruction at %04X", w.Addr, w.New, w.PC)
		}
		return g, s
	}
	up, s := play(ps.white)
	orig, _ := play(ps.original)
	if up.Moves[0].UCI != "g1f3" {
		t.Errorf("White's first move %s, want the list's N-KB3 (g1f3)", up.Moves[0].UCI)
	}
	if p := s.M.Peek(microchess.OpenPtr); p != 0 {
		t.Errorf(".OMOVE is %02X after the game, want 00 (list over)", p)
	}
	t.Logf("upgrade: %s\n%s", up.End, up.PGN)
	t.Logf("original: %s\n%s", orig.End, orig.PGN)
	checkEnd(t, up, s, 40)
	if up.PGN == orig.PGN {
		t.Error("the upgrade played the original's game")
	}
}

// moveUCI is a displayed move as a UCI move.
func moveUCI(t *testing.T, mv microchess.Move, white bool) string {
	t.Helper()
	from, err1 := square(mv.From, white)
	to, err2 := square(mv.To, white)
	if err1 != nil || err2 != nil {
		t.Fatalf("move %v is off the board", mv)
	}
	return from.String() + to.String()
}
