package rules_test

import (
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/rules"
)

// A move with a text comment and a command gets one comment holding both;
// a move with only one keeps it; a tag whose value looks like movetext is
// left alone; and the library reads the text and the command back.
func TestWritePGNOneCommentAMove(t *testing.T) {
	g := rules.NewGame()
	for _, san := range []string{"e4", "e5", "Nf3"} {
		m, err := rules.ParseSAN(g.Position(), san)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Move(&m, nil); err != nil {
			t.Fatal(err)
		}
	}
	moves := g.Moves()
	moves[0].SetCommand("cycles", "5029")
	moves[0].AddComment("castled: rook h8-f8 entered")
	moves[1].SetCommand("cycles", "17")
	moves[2].AddComment("1/2-1/2, draw agreed")
	g.AddTagPair("Opening", "x} { [%cycles 1] }")
	got := rules.WritePGN(g)
	for _, want := range []string{
		`1. e4 {castled: rook h8-f8 entered [%cycles 5029]} e5 { [%cycles 17] } 2. Nf3 {1/2-1/2, draw agreed} *`,
		`[Opening "x} { [%cycles 1] }"]`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s in\n%s", want, got)
		}
	}
	read, err := rules.PGN(strings.NewReader(got))
	if err != nil {
		t.Fatal(err)
	}
	back := rules.NewGame(read).Moves()
	if c, ok := back[0].GetCommand("cycles"); !ok || c != "5029" || !strings.Contains(back[0].Comments(), "castled: rook h8-f8 entered") {
		t.Errorf("read back: %q %q %v", back[0].Comments(), c, ok)
	}
}
