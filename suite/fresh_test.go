package suite

import (
	"testing"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/rules"
)

// suite/fresh-1k.txt is balanced-10k's walk continued (docs/opening-suite.md,
// "fresh-1k"): lines no choice has seen. This holds it to that: 1,000
// lines under balanced-10k's rules, none ending in a position of
// balanced-50, study-250 or balanced-10k, none ending where a line of
// balanced-10k or of its own passes, none passing where one of those ends.
func TestFresh1k(t *testing.T) {
	fresh, err := Read("fresh-1k.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(fresh) != 1000 {
		t.Fatalf("%d lines, want 1000", len(fresh))
	}
	big, _ := Builtin("balanced-10k")
	// taken: every end (balanced-50's and study-250's too); ends and
	// along: the walk's own lines' ends and the positions they pass, as
	// the generator keeps them.
	taken, ends, along := map[string]Line{}, map[string]Line{}, map[string]Line{}
	keyOf := func(p *chess.Position) string { return p.Board().String() + " " + p.Turn().String() }
	walk := func(l Line) []*chess.Position {
		ps := []*chess.Position{rules.StartingPosition()}
		for _, san := range l.Moves {
			m, err := chess.AlgebraicNotation{}.Decode(ps[len(ps)-1], san)
			if err != nil {
				t.Fatalf("%v: %s: %v", l.Pos, san, err)
			}
			if m.HasTag(chess.KingSideCastle) || m.HasTag(chess.QueenSideCastle) || m.HasTag(chess.EnPassant) || m.Promo() != chess.NoPieceType {
				t.Errorf("%v: %s castles, takes en passant or promotes", l.Pos, m)
			}
			ps = append(ps, ps[len(ps)-1].Update(m))
		}
		return ps
	}
	for _, name := range []string{"balanced-50", "study-250"} {
		other, _ := Builtin(name)
		for _, l := range other {
			taken[keyOf(replay(t, l).Position())] = l
		}
	}
	for _, l := range append(big, fresh...) {
		ps := walk(l)
		k := keyOf(ps[len(ps)-1])
		if o, ok := taken[k]; ok {
			t.Errorf("%v: ends in the position of %v", l.Pos, o.Pos)
		}
		taken[k], ends[k] = l, l
		for _, p := range ps[1 : len(ps)-1] {
			along[keyOf(p)] = l
		}
	}
	for _, l := range fresh {
		if n := len(l.Moves); n != 4 && n != 6 && n != 8 {
			t.Errorf("%v: %d plies, want 4, 6 or 8", l.Pos, n)
		}
		if c, d, ok := eval(l); !ok || c < -60 || c > 60 || d != 10 {
			t.Errorf("%v: eval %q: want within ±60 at depth 10", l.Pos, l.Eval)
		}
		if l.ECO == "" || l.Name == "" || l.Start != "" {
			t.Errorf("%v: incomplete line %+v", l.Pos, l)
		}
		pos := walk(l)
		end := pos[len(pos)-1]
		if o, ok := along[keyOf(end)]; ok {
			t.Errorf("%v ends where %v passes", l.Pos, o.Pos)
		}
		for _, p := range pos[1 : len(pos)-1] {
			if o, ok := ends[keyOf(p)]; ok {
				t.Errorf("%v passes where %v ends", l.Pos, o.Pos)
			}
		}
		if end.Turn() != chess.White || Material(end) != 0 {
			t.Errorf("%v: want White to move and level material", l.Pos)
		}
	}
}
