package session_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

// topLevel sets a position up in the original (the computer to move, its
// book off) at a level, and returns the moves it generates at the top
// level as from-to strings, a move once (promotions are one move to it).
func topLevel(t *testing.T, fen, level string) map[string]bool {
	t.Helper()
	f, err := rules.FEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	computer := rules.NewGame(f).Position().Turn()
	images, _, err := builds.ProgramFor("original", computer)
	if err != nil {
		t.Fatal(err)
	}
	l, _ := memmap.LevelByName(level)
	p, err := session.NewPlay(session.PlayOptions{Images: images, Player: computer.Other(), Level: l, FEN: fen})
	if err != nil {
		t.Fatal(err)
	}
	gen, _, err := p.S.TopLevelMoves()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, g := range gen {
		from, ok1 := memmap.SquareOf(g.From, computer)
		to, ok2 := memmap.SquareOf(g.To, computer)
		if !ok1 || !ok2 {
			t.Fatalf("generated %02X %02X-%02X: no squares", g.Piece, g.From, g.To)
		}
		got[from.String()+to.String()] = true
	}
	return got
}

// legal is the chess library's legal moves, a move once, split into the
// ones the 1977 program is not built to generate (castling, en passant)
// and the rest.
func legal(t *testing.T, fen string) (plain, special map[string]bool) {
	t.Helper()
	f, _ := rules.FEN(fen)
	plain, special = map[string]bool{}, map[string]bool{}
	for _, m := range rules.NewGame(f).ValidMoves() {
		k := m.S1().String() + m.S2().String()
		if m.HasTag(chess.KingSideCastle) || m.HasTag(chess.QueenSideCastle) || m.HasTag(chess.EnPassant) {
			special[k] = true
		} else {
			plain[k] = true
		}
	}
	return plain, special
}

func diff(a, b map[string]bool) string {
	var out []string
	for k := range a {
		if !b[k] {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// What the 1977 program weighs at the top level, captured where GNM
// hands each move to JANUS, against the chess library's legal moves: all
// of them but castling and en passant; and at Super Blitz, which skips
// the check-check (02F2 = 00), also moves that leave its king in check,
// which Normal's check-check leaves out. The ground a program that knows
// the special moves (issue: castling, en passant, promotion) is to be
// measured on.
func TestTopLevelMovesOfTheOriginal(t *testing.T) {
	for _, c := range []struct {
		name, fen, level string
		extra            string // generated, not legal: moves into check
	}{
		{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "super-blitz", ""},
		{"castling both ways", "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1", "super-blitz", ""},
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "super-blitz", ""},
		{"promotion", "8/3P3k/8/8/8/8/8/4K3 w - - 0 1", "super-blitz", ""},
		{"a pinned knight, Super Blitz", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "super-blitz", "e2c1 e2c3 e2d4 e2f4 e2g1 e2g3"},
		{"a pinned knight, Normal", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", "normal", ""},
		{"Black to move", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "super-blitz", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := topLevel(t, c.fen, c.level)
			plain, special := legal(t, c.fen)
			if d := diff(plain, got); d != "" {
				t.Errorf("legal, not generated: %s", d)
			}
			for k := range special {
				if got[k] {
					t.Errorf("generated %s, a castling or en passant the 1977 program has no code for", k)
				}
			}
			if d := diff(got, plain); d != c.extra {
				t.Errorf("generated, not legal: %q, want %q", d, c.extra)
			}
			if len(special) == 0 && strings.Contains(c.name, "castling") {
				t.Error(fmt.Sprint("the position has no castling: ", c.fen))
			}
		})
	}
}
