package microchess_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/rules"
)

var updatePositions = flag.Bool("update-positions", false, "rewrite "+positionsFile+" (the special-moves positions)")

// positionsFile holds the positions the special-moves program's move
// generation is held to: a start (FEN), moves keyed into the program from
// it, and what the position shows.
var positionsFile = filepath.Join("testdata", "special-moves", "positions.txt")

// handPositions are the special cases, each written for White to move and
// turned (mirrorPosition) into the same case for Black.
var handPositions = []struct{ tag, fen, moves, what string }{
	{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "", "the initial position"},
	{"castle-both", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "", "castling both ways"},
	{"castle-both", "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1", "", "castling both ways in a middle game"},
	{"castle-lost-king", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1f1 e8f8 f1e1 f8e8", "the kings went out and back: no castling"},
	{"castle-lost-king", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "", "no rights in the FEN"},
	{"castle-lost-rook", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "h1h2 h8h7 h2h1 h7h8", "the king's rooks went out and back: queen side only"},
	{"castle-lost-rook", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "a1a2 a8a7 a2a1 a7a8", "the queen's rooks went out and back: king side only"},
	{"castle-lost-rook", "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "", "king side right gone in the FEN"},
	{"castle-rook-taken", "r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1", "g2h1", "the king's rook taken in its corner"},
	{"castle-rook-taken", "r3k2r/8/8/8/8/8/1b6/R3K2R b KQkq - 0 1", "b2a1", "the queen's rook taken in its corner"},
	{"castle-rook-taken", "r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1", "g2h1 e1f1 e8d8 f1e1 d8e8", "a rook taken, the king out and back"},
	{"castle-out-of-check", "4k3/8/8/8/4r3/8/8/R3K2R w KQ - 0 1", "", "in check from a rook: no castling"},
	{"castle-out-of-check", "4k3/8/8/8/8/5n2/8/R3K2R w KQ - 0 1", "", "in check from a knight: no castling"},
	{"castle-through-check", "4k3/8/8/8/5r2/8/8/R3K2R w KQ - 0 1", "", "f1 attacked: queen side only"},
	{"castle-through-check", "4k3/8/8/8/3r4/8/8/R3K2R w KQ - 0 1", "", "d1 attacked: king side only"},
	{"castle-through-check", "4k3/8/8/8/8/8/6p1/R3K2R w KQ - 0 1", "", "f1 attacked by a pawn"},
	{"castle-through-check", "8/8/8/8/8/8/6k1/R3K2R w KQ - 0 1", "", "f1 attacked by the king"},
	{"castle-through-check", "4k3/8/8/8/8/4n3/8/R3K2R w KQ - 0 1", "", "d1 and f1 attacked by a knight"},
	{"castle-into-check", "4k3/8/8/8/6r1/8/8/R3K2R w KQ - 0 1", "", "g1 attacked"},
	{"castle-into-check", "4k3/8/8/8/2r5/8/8/R3K2R w KQ - 0 1", "", "c1 attacked"},
	{"castle-into-check", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1d1 e8e7 d1e1 e7e8", "no castling after the king's walk, though nothing attacks"},
	{"castle-attacked-allowed", "4k3/8/8/8/1r6/8/8/R3K2R w KQ - 0 1", "", "b1 attacked: queen side castling still legal"},
	{"castle-attacked-allowed", "4k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1", "", "the h1 rook attacked: king side castling still legal"},
	{"castle-blocked", "4k3/8/8/8/8/8/8/R3K1NR w KQ - 0 1", "", "g1 taken"},
	{"castle-blocked", "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "", "only b1 taken: no queen side castling"},
	{"castle-blocked", "4k3/8/8/8/8/8/8/R2QK2R w KQ - 0 1", "", "d1 taken"},
	{"ep-available", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "", "exd6 e.p."},
	{"ep-available", "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1", "", "two pawns can take e.p."},
	{"ep-available", "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", "d7d5", "d7-d5 keyed: exd6 e.p."},
	{"ep-out-of-check", "8/8/8/3pP3/4K3/8/8/7k w - d6 0 1", "", "e.p. takes the pawn that gives check"},
	{"ep-not-available", "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "", "the pawn moved two earlier"},
	{"ep-not-available", "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", "d7d5 e1f1 e8f8", "the chance passed"},
	{"ep-not-available", "4k3/3p4/8/8/4P3/8/8/4K3 b - - 0 1", "d7d5", "the pawn passed no enemy pawn's square"},
	{"ep-not-available", "4k3/8/3p4/4P3/8/8/8/4K3 b - - 0 1", "d6d5", "a step of one"},
	{"ep-pinned", "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", "", "exd6 would leave the king on the rank open"},
	{"ep-pinned", "4k3/8/5b2/3pP3/8/8/1K6/8 w - d6 0 1", "", "exd6 would open the diagonal to the king"},
	{"promotion", "8/3P3k/8/8/8/8/8/4K3 w - - 0 1", "", "d8=Q"},
	{"promotion-capture", "2r1r2k/3P4/8/8/8/8/8/4K3 w - - 0 1", "", "d8=Q, dxc8=Q, dxe8=Q"},
	{"promotion-capture", "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "", "exd8=Q or e8=Q"},
	{"promotion-blocked", "3r3k/3P4/8/8/8/8/8/4K3 w - - 0 1", "", "the pawn blocked on the seventh"},
	{"promotion-made", "8/3P3k/8/8/8/8/8/4K3 w - - 0 1", "d7d8q h7g6", "the new queen moves"},
	{"promotion-made", "8/3P3k/8/8/8/8/8/4K3 w - - 0 1", "d7d8r h7g6", "a rook keyed (.ATTR set by the player): it moves as one"},
	{"promotion-made", "4k3/8/8/8/8/8/p7/4K3 b - - 0 1", "a2a1q", "the opponent queens: in check along the rank"},
	{"two-queens", "3QQ3/8/8/2k5/8/8/8/4K3 w - - 0 1", "", "two queens"},
	{"two-queens", "k7/8/8/8/8/8/2P5/1QQQK3 w - - 0 1", "", "three queens and a pawn"},
	{"two-queens", "4k3/8/8/8/8/8/q7/1q2K3 w - - 0 1", "", "the opponent's two queens"},
	{"two-queens", "1k6/8/8/8/8/8/3PP3/Q3K2Q w - - 0 1", "", "queens in both corners, where the rooks stand"},
	{"check", "4k3/8/8/8/8/5n2/8/r3K3 w - - 0 1", "", "double check: the king alone moves"},
	{"pin", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "", "a pinned knight"},
	{"mate", "R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1", "", "mated: no move"},
	{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "", "stalemated: no move"},
}

// randomStarts are where the random games begin.
var randomStarts = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
	"4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
	"r3k2r/p1p2p1p/8/8/8/8/P1P2P1P/R3K2R w KQkq - 0 1",
}

// TestWriteSpecialPositions writes positionsFile with -update-positions:
// the hand cases for both colours, then positions from random games
// (seeded) that prefer castling, en passant and promotion where they
// can, every position with the moves that lead to it.
func TestWriteSpecialPositions(t *testing.T) {
	if !*updatePositions {
		t.Skip("rewrites " + positionsFile + " with -update-positions")
	}
	var b strings.Builder
	b.WriteString("# Positions for the special-moves program's move generation (docs/special-moves.md).\n")
	b.WriteString("# Written by TestWriteSpecialPositions (go test -run TestWriteSpecialPositions -update-positions):\n")
	b.WriteString("# the special cases by hand, each also for Black; then positions from random games (seeded),\n")
	b.WriteString("# which take a castling, en passant or promotion when one is legal, three times in four.\n")
	b.WriteString("# A line: tag <TAB> FEN <TAB> moves keyed from it (UCI, - for none) <TAB> what it shows.\n")
	n := 0
	add := func(tag, fen, moves, what string) {
		if moves == "" {
			moves = "-"
		}
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\n", tag, fen, moves, what)
		n++
	}
	for _, h := range handPositions {
		add(h.tag, h.fen, h.moves, h.what)
		fen, moves := mirrorPosition(h.fen, h.moves)
		add(h.tag, fen, moves, h.what+" (for Black)")
	}
	rng := rand.New(rand.NewPCG(1977, 1980))
	for game := 0; n < 240; game++ {
		start := randomStarts[game%len(randomStarts)]
		f, err := rules.FEN(start)
		if err != nil {
			t.Fatal(err)
		}
		g := rules.NewGame(f)
		var played []string
		for ply := 0; ply < 120 && g.Outcome() == chess.NoOutcome && n < 240; ply++ {
			moves := g.ValidMoves()
			var special []*chess.Move
			for i := range moves {
				m := &moves[i]
				if m.HasTag(chess.KingSideCastle) || m.HasTag(chess.QueenSideCastle) || m.HasTag(chess.EnPassant) || m.Promo() != chess.NoPieceType {
					special = append(special, m)
				}
			}
			if len(special) > 0 || rng.IntN(10) == 0 {
				tag := "random"
				if len(special) > 0 {
					tag = "random-special"
				}
				add(tag, start, strings.Join(played, " "), fmt.Sprintf("random game %d, ply %d", game, ply))
			}
			m := &moves[rng.IntN(len(moves))]
			if len(special) > 0 && rng.IntN(4) != 0 {
				m = special[rng.IntN(len(special))]
			}
			played = append(played, m.String())
			if err := g.Move(m, nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := os.MkdirAll(filepath.Dir(positionsFile), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(positionsFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// mirrorPosition turns a position and its moves into the same for the
// other colour: ranks reversed, colours exchanged.
func mirrorPosition(fen, moves string) (string, string) {
	f := strings.Fields(fen)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swap := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z':
				return r - 'a' + 'A'
			case r >= 'A' && r <= 'Z':
				return r - 'A' + 'a'
			}
			return r
		}, s)
	}
	f[0] = swap(strings.Join(ranks, "/"))
	f[1] = map[string]string{"w": "b", "b": "w"}[f[1]]
	if f[2] != "-" {
		c := swap(f[2])
		var out string
		for _, r := range "KQkq" {
			if strings.ContainsRune(c, r) {
				out += string(r)
			}
		}
		f[2] = out
	}
	flip := func(sq string) string { return sq[:1] + string('9'-rune(sq[1])+'0') }
	if f[3] != "-" {
		f[3] = flip(f[3])
	}
	var ms []string
	for _, m := range strings.Fields(moves) {
		ms = append(ms, flip(m[0:2])+flip(m[2:4])+m[4:])
	}
	return strings.Join(f, " "), strings.Join(ms, " ")
}
