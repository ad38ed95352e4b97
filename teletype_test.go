package microchess_test

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

// The teletype program's notation, read here from the rules of English
// descriptive notation and not from the 6502 code: files named by the
// pieces that start on them, ranks counted from the mover's own side.
var descFiles = map[string]chess.File{"QR": chess.FileA, "QN": chess.FileB, "QB": chess.FileC, "Q": chess.FileD,
	"K": chess.FileE, "KB": chess.FileF, "KN": chess.FileG, "KR": chess.FileH}

func descSquare(t *testing.T, text string, mover chess.Color) chess.Square {
	t.Helper()
	f, ok := descFiles[text[:len(text)-1]]
	rank := int(text[len(text)-1] - '1')
	if !ok || rank < 0 || rank > 7 {
		t.Fatalf("%q is no square", text)
	}
	if mover == chess.Black {
		rank = 7 - rank
	}
	return chess.NewSquare(f, chess.Rank(rank))
}

func descName(sq chess.Square, mover chess.Color) string {
	rank := int(sq.Rank())
	if mover == chess.Black {
		rank = 7 - rank
	}
	for name, f := range descFiles {
		if f == sq.File() {
			return fmt.Sprintf("%s%d", name, rank+1)
		}
	}
	panic(sq)
}

var descLetter = map[chess.PieceType]string{chess.King: "K", chess.Queen: "Q", chess.Rook: "R", chess.Bishop: "B", chess.Knight: "N", chess.Pawn: "P"}

// descMove writes a move as the manual's N(KN1)-KB3, with sep between
// the squares ("-", or "X" for a capture).
func descMove(pos *chess.Position, m *chess.Move, mover chess.Color, sep string) string {
	return fmt.Sprintf("%s(%s)%s%s", descLetter[pos.Board().Piece(m.S1()).Type()], descName(m.S1(), mover), sep, descName(m.S2(), mover))
}

var (
	myMoveRE = regexp.MustCompile(`MY MOVE ([KQRBNP])\((\w+)\)-(\w+)  ([0-9A-F]{2}) ([0-9A-F]{2}) ([0-9A-F]{2})\n`)
	rowRE    = regexp.MustCompile(`^(?:(?:[WB][KQRBNP]|\*\*|  ) ){8}$`)
)

// printedBoard is the last board the 6502 code printed: eight rows of
// eight cells.
func printedBoard(t *testing.T, out string) [8][8]string {
	t.Helper()
	var rows []string
	for _, l := range strings.Split(out, "\n") {
		if rowRE.MatchString(l) {
			rows = append(rows, l)
		}
	}
	if len(rows) < 8 {
		t.Fatalf("no board in the output:\n%s", out)
	}
	var b [8][8]string
	for r, l := range rows[len(rows)-8:] {
		for c := range 8 {
			b[r][c] = l[3*c : 3*c+2]
		}
	}
	return b
}

// checkBoard holds the printed board to the program's memory (0050–006F):
// row r, column c is the program's square r*8+c (octal rc), a man is its
// colour and type, an empty dark square (row + column odd) is **.
func checkBoard(t *testing.T, s *session.Session, out string, computer chess.Color) {
	t.Helper()
	b := printedBoard(t, out)
	a := s.Array()
	colour := map[chess.Color]string{chess.White: "W", chess.Black: "B"}
	for r := range 8 {
		for c := range 8 {
			sq := byte(r<<4 | c)
			want := "  "
			if (r+c)%2 == 1 {
				want = "**"
			}
			for i := range 16 {
				if a.Computer[i] == sq {
					want = colour[computer] + descLetter[memmap.PieceTypes[i]]
				}
				if a.Player[i] == sq {
					want = colour[computer.Other()] + descLetter[memmap.PieceTypes[i]]
				}
			}
			if b[r][c] != want {
				t.Fatalf("printed board row %d column %d is %q, memory has %q:\n%s", r, c, b[r][c], want, out)
			}
		}
	}
}

// computerMove reads the move the program printed, checks it against the
// display bytes it printed beside it and the memory, and finds it among
// the legal moves.
func computerMove(t *testing.T, s *session.Session, out string, game *chess.Game, computer chess.Color) *chess.Move {
	t.Helper()
	m := myMoveRE.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no MY MOVE line in:\n%s", out)
	}
	from, to := descSquare(t, m[2], computer), descSquare(t, m[3], computer)
	shown := fmt.Sprintf("%02X %02X %02X", s.M.Peek(memmap.Display1), s.M.Peek(memmap.Display2), s.M.Peek(memmap.Display3))
	if got := m[4] + " " + m[5] + " " + m[6]; got != shown {
		t.Fatalf("printed %s beside the move, the display bytes are %s", got, shown)
	}
	if memmap.Code(from, computer) != s.M.Peek(memmap.Display2) || memmap.Code(to, computer) != s.M.Peek(memmap.Display3) {
		t.Fatalf("printed %s-%s (%v-%v), the display bytes are %s", m[2], m[3], from, to, shown)
	}
	pc := game.Position().Board().Piece(from)
	if pc.Color() != computer || descLetter[pc.Type()] != m[1] {
		t.Fatalf("printed %s(%s), the board has %v there", m[1], m[2], pc)
	}
	for _, mv := range game.ValidMoves() {
		if mv.S1() == from && mv.S2() == to {
			return &mv
		}
	}
	t.Fatalf("the program's move %s(%s)-%s (%v%v) is not legal in\n%s", m[1], m[2], m[3], from, to, game.Position().Board().Draw())
	return nil
}

func newTeletype(t *testing.T) *session.Session {
	t.Helper()
	s, err := NewTeletypeSession()
	if err != nil {
		t.Fatal(err)
	}
	l, _ := memmap.LevelByName("super-blitz")
	s.SetLevel(l)
	return s
}

func typeLine(t *testing.T, s *session.Session, line string) string {
	t.Helper()
	out, err := s.Type(line)
	if err != nil {
		t.Fatalf("%s: %v\n%s", line, err, out)
	}
	return out
}

// The manual's session at a teletype: C, PC, the computer's book move
// printed as P(K2)-K4, the player's replies in the manual's notation (one
// with a piece that is not on its square, refused), the board printed by
// the 6502 code after every move equal to the program's memory, every move
// legal in the chess library, for more than ten moves a side.
func TestTeletypeGame(t *testing.T) {
	s := newTeletype(t)
	game := rules.NewGame()
	const computer = chess.White
	checkBoard(t, s, typeLine(t, s, "C"), computer)
	// Black's replies of the Giuoco Piano block the program carries, then
	// moves picked from the legal ones.
	book := []string{"e5", "Nc6", "Bc5", "Nf6", "exd4", "Bb4+", "Nxe4"}
	refused := false
	for n := 1; n <= 12 && game.Outcome() == chess.NoOutcome; n++ {
		out := typeLine(t, s, "PC")
		if n == 1 && !strings.Contains(out, "MY MOVE P(K2)-K4  0F 13 33\n") {
			t.Fatalf("the first move is not printed as P(K2)-K4:\n%s", out)
		}
		mv := computerMove(t, s, out, game, computer)
		if err := game.Move(mv, nil); err != nil {
			t.Fatal(err)
		}
		if mv.HasTag(chess.KingSideCastle) || mv.HasTag(chess.QueenSideCastle) {
			// The manual: the player completes the computer's castling by
			// moving its rook, named from the player's side.
			rf, rt := memmap.CastlingRook(mv.S2())
			out = typeLine(t, s, fmt.Sprintf("R(%s)-%s", descName(rf, chess.Black), descName(rt, chess.Black)))
		}
		checkBoard(t, s, out, computer)
		if err := s.Matches(game.Position(), computer); err != nil {
			t.Fatalf("after the program's move %d: %v", n, err)
		}
		if game.Outcome() != chess.NoOutcome {
			break
		}
		reply := playerReply(t, game, book, n)
		sep := "-"
		if reply.HasTag(chess.Capture) && n%2 == 0 {
			sep = "X"
		}
		text := descMove(game.Position(), reply, chess.Black, sep)
		if !refused && n >= 3 {
			// The same squares under another piece's letter are refused,
			// and nothing moves.
			wrong := strings.Replace(text, text[:1], map[bool]string{true: "Q", false: "B"}[text[:1] != "Q"], 1)
			before := s.Array()
			out := typeLine(t, s, wrong)
			want := "WRONG PIECE: THAT IS A " + text[:1] + "\n"
			if !strings.Contains(out, want) || s.Array() != before {
				t.Fatalf("%s (the man is a %s) gave:\n%s", wrong, text[:1], out)
			}
			refused = true
		}
		out = typeLine(t, s, text)
		if err := game.Move(reply, nil); err != nil {
			t.Fatal(err)
		}
		checkBoard(t, s, out, computer)
		if err := s.Matches(game.Position(), computer); err != nil {
			t.Fatalf("after the player's %s: %v", text, err)
		}
	}
	if len(game.Moves()) < 20 {
		t.Errorf("the game stopped after %d plies (%v): want ten moves a side at least", len(game.Moves()), game.Outcome())
	}
	if !refused {
		t.Error("no wrong piece was tried")
	}
	t.Logf("%s", game.String())
}

// playerReply is the book's reply while it is legal, then a move picked
// from the legal ones, none the teletype program's player would enter in
// two steps (castling, en passant) or set up by hand (promotion).
func playerReply(t *testing.T, game *chess.Game, book []string, n int) *chess.Move {
	t.Helper()
	if n <= len(book) {
		if m, err := (chess.AlgebraicNotation{}).Decode(game.Position(), book[n-1]); err == nil {
			return m
		}
	}
	var plain []chess.Move
	for _, m := range game.ValidMoves() {
		if !m.HasTag(chess.KingSideCastle) && !m.HasTag(chess.QueenSideCastle) && !m.HasTag(chess.EnPassant) && m.Promo() == chess.NoPieceType {
			plain = append(plain, m)
		}
	}
	if len(plain) == 0 {
		t.Fatalf("no plain move in\n%s", game.Position().Board().Draw())
	}
	return &plain[(7*n)%len(plain)]
}

// After C and E the computer plays Black: the files turn round (the
// program's board is reversed), the player enters White's moves from
// White's side and the computer's are printed from Black's.
func TestTeletypeComputerBlack(t *testing.T) {
	s := newTeletype(t)
	game := rules.NewGame()
	const computer = chess.Black
	typeLine(t, s, "C")
	checkBoard(t, s, typeLine(t, s, "E"), computer)
	for _, san := range []string{"d4", "c4", "Nc3", "Nf3"} {
		m, err := (chess.AlgebraicNotation{}).Decode(game.Position(), san)
		if err != nil {
			t.Fatal(err)
		}
		text := descMove(game.Position(), m, chess.White, "-")
		out := typeLine(t, s, text)
		if err := game.Move(m, nil); err != nil {
			t.Fatal(err)
		}
		checkBoard(t, s, out, computer)
		if err := s.Matches(game.Position(), computer); err != nil {
			t.Fatalf("after %s (%s): %v", san, text, err)
		}
		out = typeLine(t, s, "PC")
		mv := computerMove(t, s, out, game, computer)
		if err := game.Move(mv, nil); err != nil {
			t.Fatal(err)
		}
		checkBoard(t, s, out, computer)
		if err := s.Matches(game.Position(), computer); err != nil {
			t.Fatalf("after the program's %v: %v", mv, err)
		}
	}
}

// Lines that are no command are refused with the commands, and the
// program asks again; octal moves are taken as the keypad takes them.
func TestTeletypeRefusesAndTakesOctal(t *testing.T) {
	s := newTeletype(t)
	typeLine(t, s, "C")
	for _, line := range []string{"X", "PQ", "P(K2)", "P(K9)-K4", "P(K2)-K4Z", "P(KQ2)-K4", "8343", "P(K2)-"} {
		before := s.Array()
		out := typeLine(t, s, line)
		if !strings.Contains(out, "WHAT? C NEW GAME") || s.Array() != before {
			t.Errorf("%q gave:\n%s", line, out)
		}
	}
	before := s.Array()
	if out := typeLine(t, s, "P(K5)-K6"); !strings.Contains(out, "NO MAN ON THAT SQUARE") || s.Array() != before {
		t.Errorf("a move from an empty square gave:\n%s", out)
	}
	// 6343 is the keypad's e7-e5 with the computer White; lower case and
	// spaces are taken too.
	checkBoard(t, s, typeLine(t, s, "6343"), chess.White)
	checkBoard(t, s, typeLine(t, s, "n(kn1) - kb3"), chess.White)
	want := map[chess.Square]chess.Piece{}
	for sq, p := range rules.NewGame().Position().Board().SquareMap() {
		want[sq] = p
	}
	delete(want, chess.E7)
	delete(want, chess.G8)
	want[chess.E5], want[chess.F6] = chess.BlackPawn, chess.BlackKnight
	got, err := s.Position(chess.White)
	if err != nil {
		t.Fatal(err)
	}
	if d := memmap.BoardDiff(got, want); d != "" {
		t.Errorf("after 6343 and N(KN1)-KB3: %s", d)
	}
}

// The teletype routines must not change how the program plays: the same
// self-play game at Super Blitz as the keypad program, move for move.
func TestTeletypePlaysAsTheKeypad(t *testing.T) {
	l, _ := memmap.LevelByName("super-blitz")
	orig, err := microchess.Original(true)
	if err != nil {
		t.Fatal(err)
	}
	keypad, err := session.New(microchess.KIM(orig.Images)...)
	if err != nil {
		t.Fatal(err)
	}
	keypad.SetLevel(l)
	want, err := keypad.SelfPlay(30, false, "")
	if err != nil {
		t.Fatal(err)
	}
	tty := newTeletype(t)
	got, err := tty.SelfPlay(30, false, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(want.Moves) < 20 {
		t.Fatalf("the keypad game is %d moves long (%s): too short to compare", len(want.Moves), want.End)
	}
	if len(got.Moves) != len(want.Moves) || got.End != want.End {
		t.Errorf("teletype: %d moves, %s; keypad: %d moves, %s", len(got.Moves), got.End, len(want.Moves), want.End)
	}
	for i := range min(len(got.Moves), len(want.Moves)) {
		if g, w := got.Moves[i], want.Moves[i]; g.UCI != w.UCI || g.Piece != w.Piece || g.From != w.From || g.To != w.To {
			t.Fatalf("move %d: teletype %s (%v), keypad %s (%v)", i+1, g.UCI, g.Move, w.UCI, w.Move)
		}
	}
}

// Of the original, the teletype program changes the three calls and
// nothing else; all its own bytes lie in the expansion RAM.
func TestTeletypeChangesOnlyTheThreeCalls(t *testing.T) {
	orig, err := microchess.Original(true)
	if err != nil {
		t.Fatal(err)
	}
	tty, err := microchess.Teletype()
	if err != nil {
		t.Fatal(err)
	}
	var changed []string
	for _, o := range orig.Images {
		for _, im := range tty.Images {
			if im.Name != o.Name {
				continue
			}
			if im.Start != o.Start || len(im.Bytes) != len(o.Bytes) {
				t.Fatalf("image %s: %04X–%04X, the original's %04X–%04X", im.Name, im.Start, im.End(), o.Start, o.End())
			}
			for i := range o.Bytes {
				if o.Bytes[i] != im.Bytes[i] {
					changed = append(changed, fmt.Sprintf("%04X", int(o.Start)+i))
				}
			}
		}
	}
	// JSR *OUT at 0008, JSR *GETKEY at 000B, JMP *OUT at 039F: the
	// operands change, the opcodes stay.
	if got := strings.Join(changed, " "); got != "0009 000A 000C 000D 03A0 03A1" {
		t.Errorf("changed bytes of the original: %s", got)
	}
	r := microchess.TeletypeRAM
	for _, c := range tty.Changes {
		if c.New && (c.Start < r.Start || c.End > r.End) {
			t.Errorf("new bytes %04X–%04X outside %v", c.Start, c.End, r)
		}
	}
	if n := len(tty.Images); n != len(orig.Images)+1 {
		t.Errorf("%d images, want the original's and x", n)
	}
}

// Moved by its one origin, the teletype program runs as well elsewhere:
// the same session in expansion RAM at 2000 prints the same.
func TestTeletypeRelocates(t *testing.T) {
	src, err := microchess.ReadFile(microchess.TeletypeSource, asm.SourceLimit)
	if err != nil {
		t.Fatal(err)
	}
	moved := strings.Replace(string(src), "+++\t0400\tTHE ONE ORIGIN", "+++\t2000\tTHE ONE ORIGIN", 1)
	if moved == string(src) {
		t.Fatal("the source has no line +++ 0400 THE ONE ORIGIN")
	}
	file := t.TempDir() + "/teletype-2000.asm"
	if err := os.WriteFile(file, []byte(moved), 0o644); err != nil {
		t.Fatal(err)
	}
	ram := linker.Region{Name: "x", Start: 0x2000, End: 0x23FF}
	base, err := microchess.Build(microchess.WorkDir, microchess.Options{Residue: []string{microchess.ResidueSource}, RAM: []linker.Region{ram}})
	if err != nil {
		t.Fatal(err)
	}
	p, err := base.Overlay(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range p.Changes {
		if c.New && c.Start < 0x2000 {
			t.Errorf("new bytes at %04X–%04X", c.Start, c.End)
		}
	}
	m, err := session.Machine(base.Layout, microchess.KIM(p.Images))
	if err != nil {
		t.Fatal(err)
	}
	moved2 := session.NewSession(m)
	moved2.Teletype = true
	here := newTeletype(t)
	first, err := moved2.Type()
	if err != nil || !strings.Contains(first, "MICROCHESS 1977 AT A TELETYPE") {
		t.Fatalf("%v\n%s", err, first)
	}
	moved2.SetLevel(memmap.Levels[0])
	for _, line := range []string{"C", "PC", "P(K2)-K4", "PC", "B(KN1)-KB3", "N(KN1)-KB3", "PC", "E", "PC"} {
		a, b := typeLine(t, here, line), typeLine(t, moved2, line)
		if a != b || a == "" {
			t.Fatalf("%s: at 0400\n%s\nat 2000\n%s", line, a, b)
		}
	}
}

// NewTeletypeSession starts the teletype program on a KIM-1 with its
// expansion RAM and runs it to its first prompt.
func NewTeletypeSession() (*session.Session, error) {
	p, err := microchess.Teletype()
	if err != nil {
		return nil, err
	}
	m, err := session.Machine(p.Base.Layout, microchess.KIM(p.Images))
	if err != nil {
		return nil, err
	}
	s := session.NewSession(m)
	s.Teletype = true
	if _, err := s.Type(); err != nil {
		return nil, err
	}
	return s, nil
}
