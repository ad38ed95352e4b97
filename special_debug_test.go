package microchess_test

import (
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
)

func specialTop(t *testing.T, fen, level string) (map[string]bool, microchess.Move) {
	t.Helper()
	f, err := chess.FEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	computer := chess.NewGame(f).Position().Turn()
	images, _, err := microchess.ProgramFor("special", computer)
	if err != nil {
		t.Fatal(err)
	}
	needs, err := microchess.ProgramNeeds("special")
	if err != nil {
		t.Fatal(err)
	}
	l, _ := microchess.LevelByName(level)
	p, err := microchess.NewPlay(microchess.PlayOptions{Images: images, Layout: needs.Layout, Special: needs.Special, Player: computer.Other(), Level: l, FEN: fen})
	if err != nil {
		t.Fatal(err)
	}
	gen, mv, err := p.S.TopLevelMoves()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, g := range gen {
		from, ok1 := microchess.SquareOf(g.From, computer)
		to, ok2 := microchess.SquareOf(g.To, computer)
		if !ok1 || !ok2 {
			t.Fatalf("generated %02X %02X-%02X: no squares", g.Piece, g.From, g.To)
		}
		got[from.String()+to.String()] = true
	}
	return got, mv
}

func legalAll(fen string) map[string]bool {
	f, _ := chess.FEN(fen)
	out := map[string]bool{}
	for _, m := range chess.NewGame(f).ValidMoves() {
		out[m.S1().String()+m.S2().String()] = true
	}
	return out
}

func TestSpecialDebug(t *testing.T) {
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1",
		"r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R b KQkq - 0 1",
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
		"4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1",
		"8/3P3k/8/8/8/8/8/4K3 w - - 0 1",
		"4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1",
		"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
		"r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1",
		"1r2k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
		"8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
		"8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1",
		"3QQ3/8/8/2k5/8/8/8/4K3 w - - 0 1",
	} {
		for _, level := range []string{"blitz", "normal"} {
			got, mv := specialTop(t, fen, level)
			want := legalAll(fen)
			if d := diff(want, got); d != "" {
				t.Errorf("%s %s: legal, not generated: %s", fen, level, d)
			}
			if d := diff(got, want); d != "" {
				t.Errorf("%s %s: generated, not legal: %s", fen, level, d)
			}
			t.Logf("%s %s: %d moves, played %v", fen, level, len(got), mv)
		}
	}
}
