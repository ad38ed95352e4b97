package session_test

import (
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

// newPlay starts a game against the 1977 program as published.
func newPlay(t *testing.T, opt session.PlayOptions) *session.Play {
	t.Helper()
	opt.Images = microchess.KIM(memmap.Published())
	opt.Program = "MicroChess 1977"
	if opt.Level.Name == "" {
		opt.Level = memmap.Levels[0]
	}
	p, err := session.NewPlay(opt)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// move plays the person's move, failing the test if it is refused.
func move(t *testing.T, p *session.Play, text string) *session.PlayedPly {
	t.Helper()
	ply, err := p.Move(text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return ply
}

func think(t *testing.T, p *session.Play) *session.PlayedPly {
	t.Helper()
	ply, err := p.Think()
	if err != nil {
		t.Fatalf("the program's move: %v", err)
	}
	return ply
}

// pick is the person's policy in a whole game: the most valuable capture,
// else a check, else the first legal move in SAN order.
func pick(pos *chess.Position) string {
	value := map[chess.PieceType]int{chess.Queen: 9, chess.Rook: 5, chess.Bishop: 3, chess.Knight: 3, chess.Pawn: 1}
	var sans []string
	best, bestValue, check := "", 0, ""
	for _, m := range pos.ValidMoves() {
		m := m
		san := rules.SAN(pos, &m)
		sans = append(sans, san)
		if v := value[pos.Board().Piece(m.S2()).Type()]; v > bestValue {
			best, bestValue = san, v
		}
		if check == "" && strings.HasSuffix(san, "+") {
			check = san
		}
	}
	sort.Strings(sans)
	switch {
	case best != "":
		return best
	case check != "":
		return check
	}
	return sans[0]
}

// A whole game, the person White: after every move the program's board is
// the game's (Play compares them), and the record replays legally in the
// chess library to the same position.
func TestPlayWholeGame(t *testing.T) {
	t.Parallel()
	p := newPlay(t, session.PlayOptions{Player: chess.White})
	for len(p.Plies) < 120 && !p.Over() {
		if p.ComputerToMove() {
			think(t, p)
			continue
		}
		move(t, p, pick(p.Game.Position()))
	}
	t.Logf("%d plies: %s", len(p.Plies), p.End)
	if len(p.Plies) < 20 {
		t.Errorf("the game ended after %d plies: %s", len(p.Plies), p.End)
	}
	pgn := p.PGN(time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC))
	read, err := rules.PGN(strings.NewReader(pgn))
	if err != nil {
		t.Fatalf("the PGN does not read back: %v\n%s", err, pgn)
	}
	g := rules.NewGame(read)
	if g.Position().String() != p.Game.Position().String() || len(g.Moves()) != len(p.Game.Moves()) {
		t.Errorf("the PGN replays to %s, the game is at %s", g.Position(), p.Game.Position())
	}
	for _, tag := range []string{`[White "Player"]`, `[Black "MicroChess 1977"]`, `[Level "super-blitz"]`, `[Program "MicroChess 1977"]`, "[%cycles "} {
		if !strings.Contains(pgn, tag) {
			t.Errorf("the PGN lacks %s", tag)
		}
	}
}

// A draw is claimed by the person only when the rules allow it: here, a
// hundred half-moves without a capture or a pawn move.
func TestPlayClaimDraw(t *testing.T) {
	t.Parallel()
	p := newPlay(t, session.PlayOptions{Player: chess.White, FEN: "k7/8/8/8/8/8/8/K6R w - - 10 80"})
	if err := p.Claim(); err == nil || !strings.HasPrefix(err.Error(), "no draw to claim") {
		t.Errorf("ten half-moves: %v", err)
	}
	p = newPlay(t, session.PlayOptions{Player: chess.White, FEN: "k7/8/8/8/8/8/8/K6R w - - 100 80"})
	if err := p.Claim(); err != nil || !p.Over() || p.Game.Method() != chess.FiftyMoveRule {
		t.Errorf("a hundred half-moves: %v, over %v (%s)", err, p.Over(), p.End)
	}
}

// The person's special moves, keyed as the manual prescribes: castling as
// the king's move then the rook's, en passant as the sideways capture then
// the step forward, queening by setting up the new piece in memory.
func TestPlayPersonsSpecialMoves(t *testing.T) {
	t.Parallel()
	// Castling, from the start.
	p := newPlay(t, session.PlayOptions{Player: chess.White, BookOff: true})
	for _, san := range []string{"e4", "Nf3", "Be2", "O-O"} {
		move(t, p, san)
		if san == "O-O" {
			ply := p.Plies[len(p.Plies)-1]
			if len(ply.Keys) != 2 || ply.Keys[0] != [2]byte{0x74, 0x76} || ply.Keys[1] != [2]byte{0x77, 0x75} {
				t.Errorf("O-O keyed %02X, want king 74-76 then rook 77-75 (the player's side is the computer's rank 7)", ply.Keys)
			}
			break
		}
		think(t, p)
	}
	// En passant: White's e5 takes d5, which Black has just pushed.
	p = newPlay(t, session.PlayOptions{Player: chess.White, FEN: "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"})
	ply := move(t, p, "exd6")
	// The program plays Black: e5 is 34, d5 33, d6 23 from its side.
	if len(ply.Keys) != 2 || ply.Keys[0] != [2]byte{0x34, 0x33} || ply.Keys[1] != [2]byte{0x33, 0x23} {
		t.Errorf("exd6 e.p. keyed %02X, want 34-33 (sideways, taking d5) then 33-23", ply.Keys)
	}
	// Queening with the queen gone: the queen's slot takes a8.
	p = newPlay(t, session.PlayOptions{Player: chess.White, FEN: "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"})
	ply = move(t, p, "a8=Q")
	if !strings.Contains(ply.Note, "pawn replaced by the queen") {
		t.Errorf("a8=Q: note %q", ply.Note)
	}
	if q := p.S.M.Peek(memmap.PlayerBoard + 1); q != memmap.Code(chess.A8, chess.Black) {
		t.Errorf("the player's queen (0061) is %02X, want a8 = %02X", q, memmap.Code(chess.A8, chess.Black))
	}
	// With the queen on the board there is no second queen: refused, with
	// what is free; a knight is, and takes its slot.
	p = newPlay(t, session.PlayOptions{Player: chess.White, FEN: "4k3/P7/8/8/8/8/8/3QK1N1 w - - 0 1"})
	if _, err := p.Move("a8=Q"); err == nil || err.Error() != "a8=Q+: the program holds one queen, two rooks, two bishops and two knights a side; a rook or bishop or knight of White's is free to promote to, not a queen" {
		t.Errorf("a second queen: %v", err)
	}
	move(t, p, "a8=N")
}

// The program's book castling is completed with its rook, as the manual
// asks the player to: the Giuoco Piano book castles at move 8.
func TestPlayProgramCastles(t *testing.T) {
	t.Parallel()
	p := newPlay(t, session.PlayOptions{Player: chess.Black})
	for _, reply := range []string{"e5", "Nc6", "Bc5", "Nf6", "exd4", "Bb4+", "Nxe4"} {
		think(t, p)
		move(t, p, reply)
	}
	ply := think(t, p)
	if ply.SAN != "O-O" || !strings.Contains(ply.Note, "castled: rook h1-f1 entered") {
		t.Errorf("move 8: %s (%s), want the book's O-O completed", ply.SAN, ply.Note)
	}
}

// A move the rules do not allow ends the game as a loss for the program;
// with Lenient the game goes on from the program's board, and the record
// keeps both parts. The program follows its opening book blindly, so a
// block that tells it to move its king from e1 to e3 at once makes one.
func TestPlayProgramIllegalMove(t *testing.T) {
	t.Parallel()
	block := make([]byte, memmap.BookSize)
	for i := range block {
		block[i] = 0x99
	}
	// 00DB: the display after C; 00DA, 00D9: the king to 23 (e3).
	block[27], block[26], block[25] = memmap.Cleared, 0x00, memmap.Code(chess.E3, chess.White)
	for _, lenient := range []bool{false, true} {
		p := newPlay(t, session.PlayOptions{Player: chess.Black, Block: block, Lenient: lenient})
		ply := think(t, p)
		if ply.UCI != "e1e3" || ply.Illegal != "the rules have no move of the white king from e1 to e3 here" {
			t.Fatalf("the program played %s (%q)", ply.UCI, ply.Illegal)
		}
		if !lenient {
			if !p.Over() || p.Game.Outcome() != chess.BlackWon || !strings.Contains(p.End, "illegal in chess") {
				t.Errorf("not lenient: end %q, outcome %v", p.End, p.Game.Outcome())
			}
			continue
		}
		if p.Over() || len(p.Earlier) != 1 || p.Game.Position().Turn() != chess.Black {
			t.Errorf("lenient: over %v (%s), %d earlier games, %v to move", p.Over(), p.End, len(p.Earlier), p.Game.Position().Turn())
		}
		if pgn := p.PGN(time.Now()); strings.Count(pgn, "[Event ") != 2 || !strings.Contains(pgn, "illegal in chess") {
			t.Errorf("lenient record:\n%s", pgn)
		}
	}
}

// Stopped while it thinks, the program plays the best move it has found so
// far, and its board and state are as if the move had been keyed in; too
// soon, it has none. Either way the game goes on.
func TestPlayThinkUntil(t *testing.T) {
	t.Parallel()
	p := newPlay(t, session.PlayOptions{Player: chess.Black, BookOff: true, Level: memmap.Levels[2]})
	ply, err := p.ThinkUntil(1000, func(uint64) bool { return true })
	if err != nil || ply != nil {
		t.Fatalf("stopped after 1000 cycles: %+v, %v", ply, err)
	}
	ply, err = p.ThinkUntil(100_000, func(c uint64) bool { return c >= 3_000_000 })
	if err != nil || ply == nil {
		t.Fatalf("stopped after 3 million cycles: %+v, %v", ply, err)
	}
	if !strings.HasPrefix(ply.Note, "stopped after 30000") || !strings.HasSuffix(ply.Note, " cycles: the best move found so far") || ply.SAN == "" {
		t.Errorf("the stopped move: %s %q", ply.SAN, ply.Note)
	}
	if p.ComputerToMove() || p.Over() {
		t.Fatalf("after the stopped move: to move %v, over %v", p.Game.Position().Turn(), p.End)
	}
	move(t, p, pick(p.Game.Position()))
	// Unstopped, it thinks to the end, as Think does.
	full := think(t, p)
	if full.Display.Cycles < 1_000_000 || strings.HasPrefix(full.Note, "stopped") {
		t.Errorf("a whole Normal move took %d cycles (%q)", full.Display.Cycles, full.Note)
	}
}
