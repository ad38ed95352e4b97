package microchess_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

// record encodes a line as a library record (docs/opening-library.md),
// here by the rules of the program's piece table and keying, apart from
// the opening compiler: the computer's plies as its man's code and TO
// square, the player's as the last pair of squares they key.
func record(t *testing.T, id byte, computer chess.Color, sans ...string) []byte {
	t.Helper()
	game := rules.NewGame()
	a := memmap.InitialArray(computer)
	side := byte(0)
	if computer == chess.Black {
		side = 1
	}
	out := []byte{id, side, byte(len(sans))}
	for _, san := range sans {
		m, err := (chess.AlgebraicNotation{}).Decode(game.Position(), san)
		if err != nil {
			t.Fatalf("%s: %v", san, err)
		}
		from, to := memmap.Code(m.S1(), computer), memmap.Code(m.S2(), computer)
		mover := game.Position().Turn()
		for i := range 16 { // a man taken is marked CC, as MOVE does
			if a.Computer[i] == to && mover != computer {
				a.Computer[i] = memmap.Captured
			}
			if a.Player[i] == to && mover == computer {
				a.Player[i] = memmap.Captured
			}
		}
		if mover == computer {
			piece := memmap.Index(&a.Computer, from)
			a.Computer[piece] = to
			out = append(out, byte(piece), to)
		} else {
			i := memmap.Index(&a.Player, from)
			a.Player[i] = to
			keys := session.MoveKeys(m, computer)
			last := keys[len(keys)-1]
			if len(keys) > 1 && m.HasTag(chess.KingSideCastle|chess.QueenSideCastle) {
				r := memmap.Index(&a.Player, last[0])
				a.Player[r] = last[1]
			}
			out = append(out, last[0], last[1])
		}
		if err := game.Move(m, nil); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// tables writes records as the tables source that follows the library.
func tables(records ...[]byte) string {
	var b strings.Builder
	fmt.Fprintf(&b, "+++\t%s\n\t.BYTE\t%02X\n", microchess.LibraryTables, len(records))
	for _, r := range records {
		fmt.Fprintf(&b, "\t.BYTE\t% X\n", r)
	}
	return b.String()
}

type librarySession struct {
	*session.Session
	sym func(string) uint16
}

func newLibrary(t *testing.T, records ...[]byte) librarySession {
	t.Helper()
	p, _, err := microchess.LibraryProgram(asm.Source{Name: "tables.asm", Text: tables(records...)})
	if err != nil {
		t.Fatal(err)
	}
	m, err := session.Machine(microchess.LibraryLayout(), microchess.KIM(p.Images))
	if err != nil {
		t.Fatal(err)
	}
	s := session.NewSession(m)
	s.SetLevel(memmap.Levels[0])
	return librarySession{s, func(name string) uint16 {
		sym, ok := p.Patch.Symbols[name]
		if !ok {
			t.Fatalf("no symbol %s", name)
		}
		return uint16(sym.Value)
	}}
}

func (l librarySession) keys(t *testing.T, keys string) string {
	t.Helper()
	if err := l.Keys(keys); err != nil {
		t.Fatalf("%s: %v", keys, err)
	}
	d := l.M.Display
	return fmt.Sprintf("%02X %02X %02X", d[0], d[1], d[2])
}

// shows keys and checks what the display then shows.
func (l librarySession) shows(t *testing.T, keys, want, what string) {
	t.Helper()
	if got := l.keys(t, keys); got != want {
		t.Errorf("%s: %s shows %s, want %s", what, keys, got, want)
	}
}

func (l librarySession) inBook() bool { return l.M.Peek(l.sym(".INBK")) != 0 }

// keyMove keys a player's move from a chess game, as the manual has it.
func keyMove(t *testing.T, l librarySession, game *chess.Game, san string, computer chess.Color) {
	t.Helper()
	m, err := (chess.AlgebraicNotation{}).Decode(game.Position(), san)
	if err != nil {
		t.Fatalf("%s: %v", san, err)
	}
	if err := l.EnterKeys(session.MoveKeys(m, computer)); err != nil {
		t.Fatal(err)
	}
	if err := game.Move(m, nil); err != nil {
		t.Fatal(err)
	}
}

// playBook plays the program's move and checks it is san.
func playBook(t *testing.T, l librarySession, game *chess.Game, san string, computer chess.Color) {
	t.Helper()
	mv, err := l.Play()
	if err != nil {
		t.Fatal(err)
	}
	uci, _, _, err := l.Computer(rules.NewReferee(game), mv, computer)
	if err != nil {
		t.Fatal(err)
	}
	last := game.Moves()[len(game.Moves())-1]
	if got := rules.SAN(positionBefore(game), last); got != san || !l.inBook() {
		t.Fatalf("the program played %s (%s, %v), want the book's %s (in the book: %v)", got, uci, mv, san, l.inBook())
	}
	if err := l.Matches(game.Position(), computer); err != nil {
		t.Fatal(err)
	}
}

// playLine plays a line from the start: the computer's moves must be the
// book's, the player's are keyed.
func playLine(t *testing.T, l librarySession, computer chess.Color, sans ...string) *chess.Game {
	t.Helper()
	game := rules.NewGame()
	for _, san := range sans {
		if game.Position().Turn() == computer {
			playBook(t, l, game, san, computer)
		} else {
			keyMove(t, l, game, san, computer)
		}
	}
	return game
}

func positionBefore(g *chess.Game) *chess.Position {
	ps := g.Positions()
	return ps[len(ps)-2]
}

// Selection by number, the prompt, following the chosen opening, and
// leaving the book for good on a reply no opening expects.
func TestLibrarySelectPromptLeave(t *testing.T) {
	giuoco := record(t, 0x12, chess.White, "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5")
	ruy := record(t, 0x13, chess.White, "e4", "e5", "Nf3", "Nc6", "Bb5", "a6")
	french := record(t, 0x11, chess.Black, "e4", "e6", "d4", "d5")
	l := newLibrary(t, french, giuoco, ruy)
	l.shows(t, "C AD 1 3", "13 13 13", "AD 1 3")
	l.shows(t, "GO", "00 00 00", "the prompt before the computer's first move")
	game := rules.NewGame()
	playBook(t, l, game, "e4", chess.White)
	// The reply the Ruy Lopez expects: the man on e7 (1F), e7-e5.
	l.shows(t, "GO", "1F 63 43", "the reply expected, e7-e5")
	keyMove(t, l, game, "e5", chess.White)
	playBook(t, l, game, "Nf3", chess.White)
	keyMove(t, l, game, "Nc6", chess.White)
	playBook(t, l, game, "Bb5", chess.White)
	// A reply no opening has: out of the book, for good.
	keyMove(t, l, game, "Nf6", chess.White)
	if _, err := l.Play(); err != nil {
		t.Fatal(err)
	}
	if l.inBook() {
		t.Error("still in the book after 3...Nf6")
	}
	l.shows(t, "GO", "00 00 00", "out of the book, the prompt")
	// A number the computer's side has not: 00 00 00, and the program picks.
	l2 := newLibrary(t, french, giuoco, ruy)
	l2.shows(t, "C AD 1 1", "00 00 00", "AD 1 1 (the French is a Black book)")
	l2.shows(t, "E AD 1 1", "11 11 11", "after E, AD 1 1")
	g2 := rules.NewGame()
	// e2-e4 from Black's side: 64 44 (77 minus 13 and 33), the man the
	// player's king's pawn, 1F.
	l2.shows(t, "GO", "1F 64 44", "the French's first expected move, e2-e4 from Black's side")
	keyMove(t, l2, g2, "e4", chess.Black)
	playBook(t, l2, g2, "e6", chess.Black)
	keyMove(t, l2, g2, "d4", chess.Black)
	playBook(t, l2, g2, "d5", chess.Black)
}

// White's method: after the opening followed stops fitting, any opening
// whose reply here, computer's move before and reply before are the game's
// is followed. Here the game comes by one move order (1.c4 Nf6 2.d4 e6
// 3.Nc3 Bb4, stored as opening 01) and the player's 4...O-O is stored only
// in opening 02 (1.d4 Nf6 2.c4 e6 3.Nc3 Bb4 4.e3 O-O 5.Bd3): the program
// follows it into 02, a transposition.
func TestLibraryFollowsATransposition(t *testing.T) {
	a := record(t, 0x01, chess.White, "c4", "Nf6", "d4", "e6", "Nc3", "Bb4", "e3", "c5", "Bd3")
	b := record(t, 0x02, chess.White, "d4", "Nf6", "c4", "e6", "Nc3", "Bb4", "e3", "O-O", "Bd3")
	l := newLibrary(t, a, b)
	l.keys(t, "C AD 0 1")
	playLine(t, l, chess.White, "c4", "Nf6", "d4", "e6", "Nc3", "Bb4", "e3", "O-O", "Bd3")
	cur := uint16(l.M.Peek(l.sym(".CURH")))<<8 | uint16(l.M.Peek(l.sym(".CURL")))
	second := l.sym(microchess.LibraryTables) + 1 + uint16(len(a))
	if cur != second {
		t.Errorf("following the record at %04X, want opening 02's at %04X", cur, second)
	}
	// 4...c5, opening 01's own reply, would have kept it: the same game
	// with c5 plays 5.Bd3 from 01 too, and a reply neither has leaves.
	l2 := newLibrary(t, a, b)
	l2.keys(t, "C AD 0 1")
	playLine(t, l2, chess.White, "c4", "Nf6", "d4", "e6", "Nc3", "Bb4", "e3", "d5")
	if _, err := l2.Play(); err != nil {
		t.Fatal(err)
	}
	if l2.inBook() {
		t.Error("4...d5 is in no opening, yet the program stayed in the book")
	}
	// The reply alone is not enough: opening 03 has 4...O-O at the same
	// ply, but after 4.g3, not 4.e3; the game is not 03's, and the
	// program leaves the book.
	c := record(t, 0x03, chess.White, "d4", "Nf6", "c4", "e6", "Nf3", "Be7", "g3", "O-O", "Bg2")
	l3 := newLibrary(t, a, c)
	l3.keys(t, "C AD 0 1")
	playLine(t, l3, chess.White, "c4", "Nf6", "d4", "e6", "Nc3", "Bb4", "e3", "O-O")
	if _, err := l3.Play(); err != nil {
		t.Fatal(err)
	}
	if l3.inBook() {
		t.Error("followed opening 03 on its reply alone")
	}
}

// Left to the program, the choice is random among the openings that fit,
// and the same seed (.SEED, set here before C) chooses the same.
func TestLibraryRandomChoice(t *testing.T) {
	recs := [][]byte{
		record(t, 0x01, chess.White, "e4", "e5"),
		record(t, 0x02, chess.White, "d4", "d5"),
		record(t, 0x03, chess.White, "c4", "c5"),
		record(t, 0x04, chess.White, "Nf3", "Nf6"),
	}
	first := func(seed byte) string {
		l := newLibrary(t, recs...)
		l.M.Poke(l.sym(".SEED"), seed)
		l.keys(t, "C")
		mv, err := l.Play()
		if err != nil {
			t.Fatal(err)
		}
		return mv.String()
	}
	seen := map[string]bool{}
	for seed := 1; seed < 40; seed += 3 {
		a, b := first(byte(seed)), first(byte(seed))
		if a != b {
			t.Fatalf("seed %02X: %s, then %s", seed, a, b)
		}
		seen[a] = true
	}
	if len(seen) < 3 {
		t.Errorf("thirteen seeds chose %d of the four openings: %v", len(seen), seen)
	}
}

// Out of its book the library program is the original: the same moves in
// the same positions (here a game of ten moves a side at Blitz, the
// player's moves picked from the legal ones, the library switched off
// after C as a match does with the books off).
func TestLibraryOutOfBookPlaysAsTheOriginal(t *testing.T) {
	l := newLibrary(t, record(t, 0x01, chess.White, "e4", "e5"))
	orig, err := microchess.Original(true)
	if err != nil {
		t.Fatal(err)
	}
	o, err := session.New(microchess.KIM(orig.Images)...)
	if err != nil {
		t.Fatal(err)
	}
	var games [2]string
	for i, s := range []*session.Session{l.Session, o} {
		s.SetLevel(memmap.Levels[1])
		if err := s.Keys("C"); err != nil {
			t.Fatal(err)
		}
		s.BookOff()
		if i == 0 {
			s.M.Poke(l.sym(".INBK"), 0)
		}
		game := rules.NewGame()
		ref := rules.NewReferee(game)
		for n := range 10 {
			mv, err := s.Play()
			if err != nil {
				t.Fatal(err)
			}
			if _, _, _, err := s.Computer(ref, mv, chess.White); err != nil {
				t.Fatalf("move %d: %v", n+1, err)
			}
			if game.Outcome() != chess.NoOutcome {
				break
			}
			m := playerReply(t, game, nil, n+1)
			if err := s.Player(ref, m, chess.White); err != nil {
				t.Fatal(err)
			}
			if game.Outcome() != chess.NoOutcome {
				break
			}
		}
		games[i] = game.String()
	}
	if games[0] != games[1] || len(games[0]) < 60 {
		t.Errorf("the library program out of its book:\n%s\nthe original:\n%s", games[0], games[1])
	}
}
