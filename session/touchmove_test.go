package session_test

import (
	"strings"
	"testing"
	"time"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

func position(t *testing.T, fen string) *chess.Position {
	t.Helper()
	opt, err := rules.FEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return rules.NewGame(opt).Position()
}

// The move entered for the touched man, worked out by hand from each
// board: its legal moves, the nearest to the square it meant, ties to the
// square first from a1, then the queen.
func TestTouchMoveChoice(t *testing.T) {
	cases := []struct {
		name, fen, illegal, want string
	}{
		// Black's rook on f8 holds f1 and f2; the king's legal moves are
		// d1 (3²+0² = 9 from g1), d2 (3²+1² = 10), e2 (2²+1² = 5): Ke2.
		{"castling through check", "4kr2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "e1e2"},
		// Checked on the e-file by the rook on e8: d1, d2, f1, f2 are legal
		// (e2 is on the file); f1 is 1 from g1, the others more.
		{"castling out of check", "4r1k1/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "e1f1"},
		// Queenside for Black, the a8 rook gone: d8, d7, e7, f7, f8 are
		// legal; d8 is 1 from c8, d7 2, the others more.
		{"castling without the rook", "4k3/8/8/8/8/8/8/4K3 b - - 0 1", "e8c8", "e8d8"},
		// The pawn on d2 cannot pass d3; it can take on c3 or e3, both
		// 1²+1²=2 from d4: c3 comes first.
		{"a tie goes to the square first from a1", "4k3/8/8/8/8/2npn3/3P4/4K3 w - - 0 1", "d2d4", "d2c3"},
		// e8 is taken by the king: exd8 and exf8 are both 1 from e8; d8
		// first, and a queen.
		{"a promotion is to a queen", "3rkr2/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7e8", "e7d8q"},
		{"the pawn has no move", "4k3/8/8/8/8/3p4/3P4/4K3 w - - 0 1", "d2d4", "none"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			pos := position(t, c.fen)
			from, to := rules.SquareNamed(c.illegal[:2]), rules.SquareNamed(c.illegal[2:])
			got := "none"
			if m := session.TouchMoveChoice(pos, from, to); m != nil {
				got = m.String()
			}
			if got != c.want {
				t.Errorf("%s in %s: entered %s, want %s", c.illegal, c.fen, got, c.want)
			}
		})
	}
}

// Games of Stone's upgrade at Super Blitz against the original, from the
// study-250 suite, up to a move the rules do not allow: 57 of the 76 such
// moves in the 500 games were castlings, 19 double steps of the queen's
// pawn through a man. Every move of the game is keyed in (Force), both
// sides', and then the upgrade thinks: it makes the same move again (its
// list pointer skips the entries whose man has left its square, as it did
// in the game). The boards, and the ruling, worked out by hand:
var stoneIllegal = []struct {
	name    string
	moves   string // UCI, from the start
	illegal string // what the upgrade plays
	reason  string
	entered string // SAN; "" for a resignation
	monitor bool   // the take-back needs the monitor too
}{
	{
		// 5... Qb4+ checks along b4-c3-d2-e1. The king can go to e2 (2²+1² =
		// 5 from g1) or f1 (1); d2 is on the queen's diagonal.
		name:    "out of check",
		moves:   "d2d4 g8f6 g1f3 g7g6 g2g3 d7d5 f1g2 d8d6 e2e3 d6b4",
		illegal: "e1g1", reason: "castling out of check", entered: "Kf1",
	},
	{
		// The bishop on g2 holds f1. d1, e2 and f2 hold White's own men;
		// d2 is free and unattacked (the d-file is closed by Black's d6
		// pawn): Kd2 is the king's only move.
		name:    "through check",
		moves:   "e2e4 d7d6 g1e2 e7e5 d2d4 f8e7 d4e5 c8g4 g2g3 g4f3 f1g2 f3g2",
		illegal: "e1g1", reason: "castling through check: f1 is attacked", entered: "Kd2",
	},
	{
		// The queen took the rook on h1 (8... Qxh1) and left for g6. The
		// king's moves: d2 (3²+1² = 10 from g1), e2 (5), f1 (1).
		name: "the rook gone",
		moves: "e2e4 c7c5 g1f3 b8c6 d2d4 c5d4 f3d4 a7a6 d4f5 d8a5 b2b4 a5b4 c2c3 b4e4 f5e3 a6a5 " +
			"g2g3 e4h1 e3f5 h1e4 f5e3 e7e5 f1g2 e4g6 g2c6 d7c6",
		illegal: "e1g1", reason: "castling with the rook gone: no white rook on h1", entered: "Kf1",
	},
	{
		// Black's queen on g1 checks along the first rank; the king can go
		// to neither d1 nor f1 (the rank), nor f2 (the queen's diagonal);
		// e2 holds its queen: Kd2. The upgrade's king took the queen on g1
		// in its memory: keyed back to e1 it leaves her taken, and the
		// board is written back from the monitor.
		name: "a castling that takes a man",
		moves: "d2d4 c7c6 e2e4 d7d5 f2f3 a7a6 e4e5 d8a5 b2b4 a5b4 c2c3 b4b6 b1a3 a6a5 c1e3 b6b2 a3c4 b2c3 " +
			"e3d2 c3d4 c4d6 e7d6 e5d6 f8d6 a1b1 c8f5 b1b7 d4h4 g2g3 d6g3 h2g3 h4h1 d2a5 a8a5 b7b8 e8e7 d1e2 e7f6 f1g2 h1g1",
		illegal: "e1g1", entered: "Kd2",
		reason:  "castling out of check; castling with the rook gone: no white rook on h1; castling through a man: g1 is taken; castling through check: f1 is attacked",
		monitor: true,
	},
	{
		// White's queen on c5 holds f8 and e7 (c5-d6-e7-f8); d8 holds the
		// queen, d7 and f7 pawns: the king has no move, and Black resigns.
		name:    "no king move left",
		moves:   "e2e4 e7e6 d1e2 c7c5 g2g3 g7g6 e2b5 g8f6 e4e5 f8g7 b5c5",
		illegal: "e8g8", reason: "castling through check: f8 is attacked",
	},
	{
		// Black's knight on d3 stands in the pawn's way; c3 holds White's
		// own knight and e3 is empty: the pawn has no move.
		name:    "a double step through a man",
		moves:   "c2c4 g7g6 e2e4 e7e5 g1f3 b8c6 g2g3 d8f6 f1g2 f8c5 e1g1 c6b4 b1c3 b4d3",
		illegal: "d2d4", reason: "a double step through the black knight on d3",
	},
}

func TestTouchMoveStone(t *testing.T) {
	t.Parallel()
	for _, c := range stoneIllegal {
		t.Run(c.name, func(t *testing.T) {
			moves := strings.Fields(c.moves)
			computer := chess.White
			if len(moves)%2 == 1 {
				computer = chess.Black
			}
			images, desc, err := builds.ProgramFor("stone", computer)
			if err != nil {
				t.Fatal(err)
			}
			p, err := session.NewPlay(session.PlayOptions{Program: desc, Images: images, Player: computer.Other(),
				Level: memmap.Levels[0], TouchMove: true})
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range moves {
				if _, err := p.Force(m); err != nil {
					t.Fatalf("%s: %v", m, err)
				}
			}
			ply := think(t, p)
			tm := ply.TouchMove
			if tm == nil || tm.Illegal != c.illegal || tm.Reason != c.reason || tm.Entered != c.entered {
				t.Fatalf("the upgrade played %s (%v), ruling %+v; want %s, %q, entered %q", ply.UCI, ply.Display, tm, c.illegal, c.reason, c.entered)
			}
			if c.entered == "" {
				if !p.Over() || p.Game.Outcome() == chess.NoOutcome || p.Game.Method() != chess.Resignation ||
					(computer == chess.White) != (p.Game.Outcome() == chess.BlackWon) {
					t.Errorf("after the resignation: over %v, %v by %v", p.Over(), p.Game.Outcome(), p.Game.Method())
				}
				if !strings.HasSuffix(p.End, "has no legal move: the program resigns") {
					t.Errorf("end %q", p.End)
				}
				return
			}
			// The move entered is the game's, keyed as the player keys one
			// (the program's board was compared with the game's after it),
			// and its comment says why.
			if ply.SAN != c.entered || !ply.Computer || ply.Illegal != "" || p.Over() || p.ComputerToMove() {
				t.Errorf("ply %+v; over %v (%s)", ply, p.Over(), p.End)
			}
			want := "touch-move: " + c.illegal + " is illegal (" + c.reason + "); the king must move: " + c.entered + " entered"
			if tm.String() != want || !strings.Contains(p.PGN(time.Now()), want+" [%cycles ") {
				t.Errorf("comment %q, want %q in the record:\n%s", tm.String(), want, p.PGN(time.Now()))
			}
			// The key pairs: the king taken back, then the move entered.
			if len(ply.Keys) != 2 || ply.Keys[0] != [2]byte{ply.Display.To, ply.Display.From} {
				t.Errorf("keys %X after the display %v", ply.Keys, ply.Display)
			}
			if monitor := strings.Contains(ply.Note, "written back from the monitor"); monitor != c.monitor {
				t.Errorf("note %q: the monitor used %v, want %v", ply.Note, monitor, c.monitor)
			}
			// The game goes on: the opponent moves and the upgrade thinks
			// again from the same board as the chess library's.
			move(t, p, pick(p.Game.Position()))
			think(t, p)
		})
	}
}

// With the touch-move rule off, the same move loses the game, as before.
func TestTouchMoveOff(t *testing.T) {
	t.Parallel()
	c := stoneIllegal[0]
	images, desc, err := builds.ProgramFor("stone", chess.White)
	if err != nil {
		t.Fatal(err)
	}
	p, err := session.NewPlay(session.PlayOptions{Program: desc, Images: images, Player: chess.Black, Level: memmap.Levels[0]})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range strings.Fields(c.moves) {
		if _, err := p.Force(m); err != nil {
			t.Fatal(err)
		}
	}
	ply := think(t, p)
	if ply.TouchMove != nil || ply.Illegal != c.reason || p.Game.Outcome() != chess.BlackWon {
		t.Errorf("ply %+v, outcome %v", ply, p.Game.Outcome())
	}
	if _, err := session.NewPlay(session.PlayOptions{Images: images, Lenient: true, TouchMove: true}); err == nil {
		t.Error("Lenient and TouchMove together: no error")
	}
}
