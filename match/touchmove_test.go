package match

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/session"
	"github.com/kim1-archive/microchess/suite"
)

var errOut = errors.New("out of moves")

func TestSetIllegalRules(t *testing.T) {
	mk := func() []*Player {
		return []*Player{{Name: "stone@blitz"}, {Name: "stone@normal"}, {Name: "original@blitz"}, {Name: "sf", Engine: &Engine{}}}
	}
	rules := func(ps []*Player) string {
		var s []string
		for _, p := range ps {
			s = append(s, p.Illegal.String())
		}
		return strings.Join(s, " ")
	}
	for _, c := range []struct {
		settings []string
		want     string
	}{
		{nil, "forfeit forfeit forfeit forfeit"},
		{[]string{"touch-move"}, "touch-move touch-move touch-move forfeit"},
		{[]string{"stone=touch-move"}, "touch-move touch-move forfeit forfeit"},
		{[]string{"stone@normal=touch-move"}, "forfeit touch-move forfeit forfeit"},
		// A named rule wins over the rule for all, in either order.
		{[]string{"original@blitz=forfeit", "touch-move"}, "touch-move touch-move forfeit forfeit"},
		{[]string{"sf=forfeit"}, "forfeit forfeit forfeit forfeit"},
	} {
		ps := mk()
		if err := SetIllegalRules(c.settings, ps); err != nil {
			t.Errorf("%q: %v", c.settings, err)
			continue
		}
		if got := rules(ps); got != c.want {
			t.Errorf("%q: %s, want %s", c.settings, got, c.want)
		}
	}
	for _, c := range []struct {
		settings []string
		want     string
	}{
		{[]string{"lenient"}, `--illegal lenient: unknown rule "lenient" (want forfeit or touch-move)`},
		{[]string{"fritz=touch-move"}, "--illegal fritz=touch-move: no player fritz"},
		{[]string{"sf=touch-move"}, "--illegal sf=touch-move: sf is an engine: an engine's illegal move always loses"},
		{[]string{"stone=touch-move", "stone@blitz=forfeit"}, "--illegal stone@blitz=forfeit: stone@blitz has a rule already (--illegal stone=touch-move)"},
	} {
		if err := SetIllegalRules(c.settings, mk()); err == nil || err.Error() != c.want {
			t.Errorf("%q: %v, want %s", c.settings, err, c.want)
		}
	}
}

// The referee's side of the rule, with sides made to order: a move
// entered is played and commented, a resignation ends the game; both are
// counted for the side.
func TestRefereeTouchMove(t *testing.T) {
	entered := &session.TouchMove{Illegal: "e1g1", Reason: "castling through check: f1 is attacked", Man: "king", Entered: "Ke2"}
	w := &scripted{name: "W", replies: []reply{{move: "e2e4"}, {move: "e1e2", touch: entered, note: entered.String(), display: "00 03 01"}}, err: errOut}
	b := &scripted{name: "B", replies: moves("e7e5", "d7d5"), err: errOut}
	rec, g := playScripted(t, testOptions(), w, b)
	if rec.TouchMove[chess.White] != (TouchMoves{Entered: 1}) || rec.Plies != 4 || len(g.Moves()) != 4 {
		t.Errorf("%+v after %d plies\n%s", rec.TouchMove, rec.Plies, rec.PGN)
	}
	if !strings.Contains(rec.PGN, "2. Ke2 {touch-move: e1g1 is illegal (castling through check: f1 is attacked); the king must move: Ke2 entered}") {
		t.Errorf("no comment on the move entered:\n%s", rec.PGN)
	}

	resigned := &session.TouchMove{Illegal: "d2d4", Reason: "a double step through the black knight on d3", Man: "pawn"}
	w = &scripted{name: "W", replies: []reply{{move: "d2d4", resigned: true, touch: resigned, display: "0E 14 34"}}}
	rec, _ = playScripted(t, testOptions(), w, &scripted{name: "B", err: errOut})
	want := "W played d2d4 (0E 14 34): touch-move: d2d4 is illegal (a double step through the black knight on d3); the pawn has no legal move: the program resigns"
	if rec.End != Resigned || rec.By != chess.White || rec.Result != chess.BlackWon || rec.Detail != want ||
		rec.TouchMove[chess.White] != (TouchMoves{Resigned: 1}) || rec.Plies != 0 {
		t.Errorf("%v by %v, %s: %q, %+v", rec.End, rec.By, rec.Result, rec.Detail, rec.TouchMove)
	}
	res := &Result{Opt: &Options{Players: []*Player{{Name: "W"}, {Name: "B"}}}, Pairings: []Pairing{{0, 1}}, Records: []Record{rec}}
	if s := res.Summarize(); s.Players[0].TouchMove != (TouchMoves{Resigned: 1}) || s.Players[0].Resigned != 1 {
		t.Errorf("summary %+v", s.Players[0])
	}
}

// Stone's upgrade at Super Blitz from a line after which it castles out
// of check (5... Qb4+; docs/referee.md): with the touch-move rule the
// referee enters Kf1 (Kf1 and Ke2 are the king's moves, f1 the nearer to
// g1) and the game goes on, every move legal; without it the castling
// loses.
func TestTouchMoveMatch(t *testing.T) {
	t.Parallel()
	line := suite.Line{Name: "out of check", Moves: strings.Fields("d4 Nf6 Nf3 g6 g3 d5 Bg2 Qd6 e3 Qb4+")}
	for _, rule := range []IllegalRule{Forfeit, TouchMove} {
		ps := players(t, NewRoster(), "stone@super-blitz", "original@super-blitz")
		ps[0].Illegal = rule
		res, err := Run(context.Background(), Options{Players: ps, Games: 1, Lines: []suite.Line{line}, Jobs: 1,
			Date: time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC)})
		if err != nil {
			t.Fatal(err)
		}
		rec := res.Records[0]
		g := replays(t, rec.PGN)
		if rule == Forfeit {
			if rec.End != Illegal || rec.By != chess.White || rec.Plies != 0 {
				t.Errorf("forfeit: %v by %v after %d plies: %s", rec.End, rec.By, rec.Plies, rec.Detail)
			}
			continue
		}
		first := g.Moves()[10]
		if rec.TouchMove[chess.White].Entered < 1 || first.String() != "e1f1" ||
			!strings.Contains(rec.PGN, "touch-move: e1g1 is illegal (castling out of check); the king must move: Kf1 entered [%cycles ") {
			t.Errorf("touch-move: %v, %+v, first move %s\n%s", rec.End, rec.TouchMove, first, rec.PGN)
		}
		if rec.End == Illegal || rec.Plies < 2 {
			t.Errorf("the game did not go on: %v after %d plies: %s", rec.End, rec.Plies, rec.Detail)
		}
		if s := res.Summarize(); s.Players[0].TouchMove.Entered != rec.TouchMove[chess.White].Entered {
			t.Errorf("summary %+v", s.Players[0].TouchMove)
		}
	}
}
