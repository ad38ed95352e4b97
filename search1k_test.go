package microchess_test

import (
	"strings"
	"testing"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

// searchers are the programs of their own that search (docs/search1k.md,
// docs/search5k.md): the tests below hold for both.
var searchers = []string{builds.Search1K, builds.Search5K}

func newSearch1KPlay(t *testing.T, fen string, computer chess.Color, level string) *session.Play {
	t.Helper()
	return newSearchPlay(t, builds.Search1K, fen, computer, level)
}

func newSearchPlay(t *testing.T, program, fen string, computer chess.Color, level string) *session.Play {
	t.Helper()
	images, name, err := builds.ProgramFor(program, computer)
	if err != nil {
		t.Fatal(err)
	}
	l, err := memmap.LevelByName(level)
	if err != nil {
		t.Fatal(err)
	}
	needs, err := builds.NeedsOf(program)
	if err != nil {
		t.Fatal(err)
	}
	p, err := session.NewPlay(session.PlayOptions{Program: name, Images: images, Needs: needs,
		Player: computer.Other(), Level: l, FEN: fen})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The program plays legal moves at every level, for either colour, against
// a player who plays the first legal move the rules list: the session
// referees each of its moves and compares its board after every move.
func TestSearch1KPlaysLegally(t *testing.T) {
	plies := map[string]int{"super-blitz": 24, "blitz": 12, "normal": 6}
	for _, prog := range searchers {
		for _, level := range []string{"super-blitz", "blitz", "normal"} {
			for _, computer := range []chess.Color{chess.White, chess.Black} {
				p := newSearchPlay(t, prog, "", computer, level)
				for range plies[level] {
					if p.End != "" {
						break
					}
					if p.ComputerToMove() {
						ply, err := p.Think()
						if err != nil {
							t.Fatalf("%s, program %v: %v", level, computer, err)
						}
						if ply.Illegal != "" || ply.UCI == "" {
							t.Fatalf("%s, program %v: %v %s", level, computer, ply.Display, ply.Illegal)
						}
						continue
					}
					moves := p.Game.Position().ValidMoves()
					if len(moves) == 0 {
						break
					}
					if _, err := p.Move(moves[0].String()); err != nil {
						t.Fatalf("%s, program %v: the player's %v: %v", level, computer, moves[0], err)
					}
				}
			}
		}
	}
}

// It mates in one, and takes a queen left hanging, where depth and the
// budget reach.
func TestSearch1KTactics(t *testing.T) {
	for _, c := range []struct {
		fen, want string
		levels    []string
	}{
		{"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "Ra8#", []string{"blitz", "normal"}},
		{"r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", "Ra1#", []string{"blitz", "normal"}},
		{"4k3/pp6/8/3q4/8/8/3R1PP1/4K3 w - - 0 1", "Rxd5", []string{"super-blitz", "blitz", "normal"}},
		{"4k3/3r1pp1/8/8/3Q4/8/PP6/4K3 b - - 0 1", "Rxd4", []string{"super-blitz", "blitz", "normal"}},
	} {
		f, err := rules.FEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		computer := rules.NewGame(f).Position().Turn()
		for _, prog := range searchers {
			for _, level := range c.levels {
				ply, err := newSearchPlay(t, prog, c.fen, computer, level).Think()
				if err != nil {
					t.Fatalf("%s: %s at %s: %v", prog, c.fen, level, err)
				}
				if ply.SAN != c.want {
					t.Errorf("%s: %s at %s: the program played %s (%v), want %s", prog, c.fen, level, ply.SAN, ply.Display, c.want)
				}
			}
		}
	}
}

// A pawn it moves to the last rank becomes its queen by its own hand: in
// search1k when she is off the board, the program's table holding the
// queen on the square and the pawn taken, before the session does
// anything (it replaced the pawn itself before: "pawn replaced by the
// queen"); in search5k, which keeps the full rules (docs/search5k.md), in
// the pawn's own slot, its type a queen that has moved (.ATTR 81), the
// queen's slot untouched. The position leaves e8 the only legal move, for
// both colours of the program.
func TestSearchQueensItsOwnPawn(t *testing.T) {
	for _, c := range []struct {
		fen, want string
		square    byte // e8 as the program counts it
	}{
		{"6k1/1r2P3/4b3/8/8/8/8/K7 w - - 0 1", "e7e8q", 0x73},
		{"k7/8/8/8/8/4B3/1R2p3/6K1 b - - 0 1", "e2e1q", 0x74},
	} {
		f, err := rules.FEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		computer := rules.NewGame(f).Position().Turn()
		for _, prog := range searchers {
			p := newSearchPlay(t, prog, c.fen, computer, "normal")
			ply, err := p.Think()
			if err != nil {
				t.Fatalf("%s: %v", prog, err)
			}
			if v := p.Opt.Special; v != nil {
				slot := uint16(ply.Display.Piece)
				if ply.UCI != c.want || p.S.M.Peek(memmap.Board+slot) != c.square || p.S.M.Peek(v.Attr+slot) != 0x81 || p.S.M.Peek(memmap.Board+1) != memmap.Captured {
					t.Errorf("%s: %s played %s: its slot %02X holds %02X of type %02X, the queen's %02X; want %s, the square %02X, a queen that has moved (81), the queen's slot CC",
						prog, c.fen, ply.UCI, slot, p.S.M.Peek(memmap.Board+slot), p.S.M.Peek(v.Attr+slot), p.S.M.Peek(memmap.Board+1), c.want, c.square)
				}
				continue
			}
			if ply.UCI != c.want || !strings.HasPrefix(ply.Note, "pawn made the queen by the program") {
				t.Errorf("%s: %s played %s (%q), want %s made by the program", prog, c.fen, ply.UCI, ply.Note, c.want)
			}
			if q := p.S.M.Peek(memmap.Board + 1); q != c.square {
				t.Errorf("%s: the queen's slot holds %02X, want %02X", prog, q, c.square)
			}
		}
	}
}

// In check with no legal move of its own (only fxg3 en passant, which
// search1k does not make, nor search5k when its en passant square is
// cleared), after a game whose piece table puts the king's capture last in
// the reply's generation, the program resigns; search5k, which keeps the
// full rules, takes en passant. When the budget
// waited for a legal root move at every depth, not only at depth 1, it
// searched the illegal moves' replies to depth 6 with no limit and never
// moved (a failed game in the 800-game match). Every move is keyed (Force),
// the program's too, so the position and its piece table do not depend on
// how the program searches.
func TestSearch1KNoLegalMoveResigns(t *testing.T) {
	moves := strings.Fields("e3 c5 Be2 e6 h3 d5 b3 Ne7 Bb5+ Nbc6 Qg4 e5 Qg5 f6 Qh5+ g6 Qh4 g5 Qh5+ Ng6 Nc3 a6 Bxc6+ bxc6 Nf3 e4 Nh2 Bd7 Ba3 Be7 Rb1 Rc8 Ra1 f5 Rb1 f4 exf4 gxf4 Ra1 a5 Rb1 Be6 Ra1 Qd7 Rb1 Bf5 Ra1 d4 Na4 Qd5 Nb6 Bxh3 Qxh3 Qe5 Qxc8+ Bd8 Qxc6+ Kf7 Qd7+ Ne7 Nc4 Qg5 Nd6+ Kg6 Qe6+ Kh5 Nf3+ Qh4 g4+")
	for _, prog := range searchers {
		for _, level := range []string{"super-blitz", "blitz", "normal"} {
			for _, clear := range []bool{false, true} {
				p := newSearchPlay(t, prog, "", chess.Black, level)
				for _, m := range moves {
					if _, err := p.Force(m); err != nil {
						t.Fatalf("%s: %s: %v", level, m, err)
					}
				}
				want := ""
				if v := p.Opt.Special; v != nil && !clear {
					want = "fxg3"
				} else if v != nil {
					p.S.M.Poke(v.EnPassant, memmap.NoPawn)
				}
				ply, err := p.Think()
				if err != nil {
					t.Fatalf("%s: %v", level, err)
				}
				if ply.SAN != want {
					t.Errorf("%s at %s (en passant square cleared: %v): the program played %q (%v), want %q", prog, level, clear, ply.SAN, ply.Display, want)
				}
			}
		}
	}
}

// The take-back penalty (GAINR, docs/search1k.md): the move the program
// plays from a position is, with .LASTP/.LASTF saying it takes that man back
// to the square it last left, played no more when another is as good within
// a pawn and a half, and played again with the penalty at 00 (TAKEBACK).
func TestSearch1KTakeBackPenalty(t *testing.T) {
	const lastP, lastF, takeBack = 0x009B, 0x009C, 0x03FB // the memory map
	first := func(setup func(p *session.Play)) *session.PlayedPly {
		p := newSearch1KPlay(t, "", chess.White, "blitz")
		setup(p)
		ply, err := p.Think()
		if err != nil || ply.UCI == "" {
			t.Fatalf("%v %v", ply.Display, err)
		}
		return ply
	}
	free := first(func(p *session.Play) { p.S.M.Poke(lastP, 0xFF) })
	piece, to := free.Display.Piece, free.Display.To
	back := func(penalty byte) func(p *session.Play) {
		return func(p *session.Play) {
			p.S.M.Poke(lastP, piece)
			p.S.M.Poke(lastF, to)
			p.S.M.Poke(takeBack, penalty)
		}
	}
	if got := first(back(0x06)); got.UCI == free.UCI {
		t.Errorf("with %s taken as a take-back it still plays %s", free.SAN, got.SAN)
	}
	if got := first(back(0x00)); got.UCI != free.UCI {
		t.Errorf("with no penalty it plays %s, not %s", got.SAN, free.SAN)
	}
}

// The stacks stay in the page-1 bytes the memory map gives them: stack 1
// (the 6502's) above 01C3, where search1k's GEN ends (018B, the level
// byte, for search5k), and stack 2 (MOVE/UMOVE's, its
// pointer .SP2 at 00B2, and S while MOVE and UMOVE use it) above 0167,
// where GO ends. Checked before every
// instruction of a few moves at Normal on the interpreter (Trace), from
// the start, a middle game full of captures and an ending where the
// iterations go deepest.
func TestSearch1KStacksInBounds(t *testing.T) {
	// S at its lowest: search5k's FULL and GEN are out of page 1, so its
	// stack 1 may go down to 018C.
	stack1 := map[string]byte{builds.Search1K: 0xC7, builds.Search5K: 0x8B}
	for _, fen := range []string{
		"",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1",
		"8/5k2/3r4/8/3P4/8/4RK2/8 w - - 0 1",
	} {
		for _, prog := range searchers {
			p := newSearchPlay(t, prog, fen, chess.White, "normal")
			low1, low2 := byte(0xFF), byte(0xFF)
			p.S.M.Trace = func(m *kim1.Machine) {
				// S is stack 2's pointer while MOVE and UMOVE push and pull.
				if sp := m.CPU.S; sp > 0x8A {
					low1 = min(low1, sp)
				} else {
					low2 = min(low2, sp)
				}
				low2 = min(low2, m.Peek(0x00B2))
			}
			for range 2 {
				if p.End != "" {
					break
				}
				ply, err := p.Think()
				if err != nil || ply.UCI == "" {
					t.Fatalf("%q: %v %v", fen, ply.Display, err)
				}
				moves := p.Game.Position().ValidMoves()
				if len(moves) == 0 {
					break
				}
				if _, err := p.Move(moves[0].String()); err != nil {
					t.Fatal(err)
				}
			}
			t.Logf("%s, %q: stack 1 down to 01%02X, stack 2 down to 01%02X", prog, fen, low1+1, low2+1)
			if low1 < stack1[prog] || low2 < 0x67 {
				t.Errorf("%s, %q: stack 1 reached 01%02X, stack 2 01%02X: below 01%02X and 0168", prog, fen, low1+1, low2+1, stack1[prog]+1)
			}
		}
	}
}
