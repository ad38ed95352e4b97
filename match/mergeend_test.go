package match

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"
)

// shuffler moves a knight out and back, for ever: its games end drawn by
// threefold repetition.
type shuffler struct {
	color chess.Color
	n     int
}

func (s *shuffler) begin(c chess.Color, _ string, _ []string) error { s.color = c; return nil }
func (s *shuffler) think(context.Context) (reply, error) {
	ms := []string{"g1f3", "f3g1"}
	if s.color == chess.Black {
		ms = []string{"g8f6", "f6g8"}
	}
	s.n++
	return reply{move: ms[(s.n-1)%2]}, nil
}
func (s *shuffler) accept(string, bool) error { return nil }
func (s *shuffler) what(chess.Color) string   { return "shuffler" }

// A merge replays each game and refuses a result, or an ending, that its
// moves do not give: a repetition made a win in both places, an ending
// named that the moves do not reach, a resignation made a draw.
func TestMergeRefusesAnEditedResult(t *testing.T) {
	dir := t.TempDir()
	shufflers := []*Player{{Name: "a", seat: func() side { return &shuffler{} }}, {Name: "b", seat: func() side { return &shuffler{} }}}
	drawn, err := Run(context.Background(), Options{Players: shufflers, Games: 2, Lines: twoLines[:1], Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	lost, err := Run(context.Background(), Options{Players: lopsided(), Games: 2, Lines: twoLines[:1], Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		res   *Result
		edits [][2]string
		want  string // "" for none
	}{
		{drawn, nil, ""},
		{lost, nil, ""},
		{drawn, [][2]string{{`[Result "1/2-1/2"]`, `[Result "1-0"]`}, {"} 1/2-1/2", "} 1-0"}},
			`: Result 1-0, but a game drawn by rule as its moves end gives 1/2-1/2`},
		{drawn, [][2]string{{`[MatchEnd "drawn by rule"]`, `[MatchEnd "stalemate"]`}},
			`: MatchEnd "stalemate", but the moves do not end in stalemate`},
		{drawn, [][2]string{{`[MatchEnd "drawn by rule"]`, `[MatchEnd "ply cap"]`}},
			`: MatchEnd "ply cap", but the match claims the draw its moves reach: 1/2-1/2, draw by threefold repetition`},
		{lost, [][2]string{{`[Result "1-0"]`, `[Result "1/2-1/2"]`}, {"} 1-0", "} 1/2-1/2"}},
			`: Result 1/2-1/2, but a game resigned as its moves end gives 1-0`},
		{lost, [][2]string{{`[MatchEnd "resigned"]`, `[MatchEnd "drawn by rule"]`}, {`[Result "1-0"]`, `[Result "1/2-1/2"]`}, {"} 1-0", "} 1/2-1/2"}},
			`: MatchEnd "drawn by rule", but no rule draws the game where its moves end`},
	} {
		text := c.res.Records[0].PGN
		if c.res == drawn && !strings.Contains(text, "draw by threefold repetition") {
			t.Fatalf("not a repetition:\n%s", text)
		}
		for _, e := range c.edits {
			if !strings.Contains(text, e[0]) {
				t.Fatalf("no %s in\n%s", e[0], text)
			}
			text = strings.Replace(text, e[0], e[1], 1)
		}
		file := filepath.Join(dir, "game.pgn")
		if err := os.WriteFile(file, []byte(text+"\n\n"+c.res.Records[1].PGN+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Merge([]string{file})
		switch {
		case c.want == "" && err != nil:
			t.Errorf("unedited: %v", err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%v: %v, want %s", c.edits, err, c.want)
		}
	}
}
