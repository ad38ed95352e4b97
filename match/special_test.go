package match

import (
	"context"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/suite"
)

// The special-moves program in matches at Blitz: against the original
// and against itself, from the suite's first twelve lines, it never loses a game
// by a move illegal in chess or by failing; every game replays in the
// chess library; and the summary's counts of castlings, en passant
// captures and promotions are the replayed games' (the original, out of
// its book, castles and takes en passant never). The 200 games and more
// of docs/special-moves.md are `make special-match`.
func TestSpecialProgramMatch(t *testing.T) {
	t.Parallel()
	lines := suite.Default()[:12]
	for _, pair := range [][2]string{{"special@blitz", "original@blitz"}, {"special@blitz", "special@super-blitz"}} {
		res, err := Run(context.Background(), Options{Players: players(t, NewRoster(), pair[0], pair[1]),
			Games: 2 * len(lines), Lines: lines, Jobs: 2, MaxPlies: 300})
		if err != nil {
			t.Fatal(err)
		}
		s := res.Summarize()
		want := make([]Special, 2)
		for _, rec := range res.Records {
			g := replays(t, rec.PGN)
			if (rec.End == Illegal || rec.End == Failed) && (pair[1] == "special@super-blitz" || rec.By == colourOf(rec, 0)) {
				t.Errorf("%s vs %s, game %d: %s", pair[0], pair[1], rec.Index, rec.Detail)
			}
			opening := len(lines[rec.Line].Moves)
			for i, m := range g.Moves() {
				if i < opening {
					continue
				}
				player := rec.White
				if i%2 == 1 {
					player = rec.Black
				}
				want[player].count(m)
			}
		}
		for i, p := range s.Players {
			if p.Special != want[i] {
				t.Errorf("%s: summary counts %+v, the games hold %+v", p.Name, p.Special, want[i])
			}
		}
		if o := s.Players[1]; pair[1] == "original@blitz" && (o.Special.Castles != 0 || o.Special.EnPassant != 0) {
			t.Errorf("the original castled or took en passant: %+v", o.Special)
		}
		t.Logf("%s vs %s: %+v / %+v", pair[0], pair[1], s.Players[0].Special, s.Players[1].Special)
	}
}

// colourOf is the colour player index p had in a game.
func colourOf(rec Record, p int) chess.Color {
	if rec.White == p {
		return chess.White
	}
	return chess.Black
}
