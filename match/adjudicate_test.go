package match

import (
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
	"github.com/kim1-archive/microchess/suite"
)

// Boards made by hand, counted by hand: pawn 1, knight and bishop 3, rook
// 5, queen 9; a lead of 5 wins.
func TestAdjudicate(t *testing.T) {
	for _, c := range []struct {
		fen          string
		white, black int
		winner       chess.Color
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", 0, 0, chess.NoColor},
		// A new queen against a rook and a pawn: 9 to 6.
		{"Q3k3/7p/8/8/8/8/8/4K2r b - - 0 1", 9, 6, chess.NoColor},
		// A queen and two pawns against a knight: 11 to 3.
		{"Q3k3/8/8/8/8/8/PP6/4K1n1 b - - 0 1", 11, 3, chess.White},
		// Exactly a rook's worth: 5 to 0 wins.
		{"4k3/8/8/8/8/8/PPPPP3/4K3 b - - 0 1", 5, 0, chess.White},
		// Black's queen and bishop against a rook and two pawns: 7 to 12.
		{"4k3/8/8/8/8/8/PP6/R3K1bq w - - 0 1", 7, 12, chess.Black},
		// 8 to 12: less than 5.
		{"4k3/8/8/8/8/8/PPP5/R3K1bq w - - 0 1", 8, 12, chess.NoColor},
	} {
		opt, err := rules.FEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		pos := rules.NewGame(opt).Position()
		w, b := Material(pos)
		winner, verdict := adjudicate(pos)
		if w != c.white || b != c.black || winner != c.winner {
			t.Errorf("%s: material %d–%d, winner %v (%s); want %d–%d, %v", c.fen, w, b, winner, verdict, c.white, c.black, c.winner)
		}
	}
}

// A line after which White's pawn on b7 can reach b8, material level at
// 36 each: White's pawns a2 b2 c2 d2 f2 g2 h2 b7 (8), queen, rooks,
// bishops (9 + 10 + 6) and the g1 knight (3); Black's pawns a7 e5 f7 g7
// h7 (5), queen, rooks, bishops, knights (9 + 10 + 6 + 6).
var promotionLine = suite.Line{Name: "b-pawn", Moves: strings.Fields("e4 d5 exd5 c6 dxc6 Nf6 cxb7 Nbd7 Nc3 e5 Nd5 Nxd5")}

// The two ways a game stops on a promotion a program cannot hold, and the
// board decides: the program's own pawn (played as a queen: 44 to 36, a
// win for White), the opponent's promotion to a knight (38 to 36, a draw).
func TestRefereeAdjudicatesUnheld(t *testing.T) {
	own := &scripted{name: "W", replies: []reply{{move: "b7b8", unheld: "a pawn reached the last rank with no captured man to replace it"}}}
	rec, g := playScripted(t, testOptions(promotionLine), own, &scripted{name: "B", err: errOut})
	want := "W played b7b8: a pawn reached the last rank with no captured man to replace it; adjudicated by material (pawn 1, knight and bishop 3, rook 5, queen 9): White 44, Black 36, White ahead by 8: a win for White"
	if rec.End != Unheld || rec.By != chess.White || rec.Result != chess.WhiteWon || rec.Detail != want || rec.Plies != 1 {
		t.Errorf("own: %v by %v, %s after %d plies: %q", rec.End, rec.By, rec.Result, rec.Plies, rec.Detail)
	}
	if moves := g.Moves(); moves[len(moves)-1].String() != "b7b8q" || g.GetTagPair("Termination") != "adjudication" {
		t.Errorf("own: the record ends %s, termination %q", moves[len(moves)-1], g.GetTagPair("Termination"))
	}

	w := &scripted{name: "W", replies: moves("b7b8n"), err: errOut}
	b := &scripted{name: "B", refuse: &session.CannotHoldError{Why: "no piece"}, err: errOut}
	rec, _ = playScripted(t, testOptions(promotionLine), w, b)
	want = "B cannot hold W's b7b8n: no piece; adjudicated by material (pawn 1, knight and bishop 3, rook 5, queen 9): White 38, Black 36, less than 5 apart: a draw"
	if rec.End != Unheld || rec.By != chess.Black || rec.Result != chess.Draw || rec.Detail != want {
		t.Errorf("other: %v by %v, %s: %q", rec.End, rec.By, rec.Result, rec.Detail)
	}
	if !strings.HasSuffix(rec.PGN, " 1/2-1/2") {
		t.Errorf("other: the record ends %q", rec.PGN[len(rec.PGN)-20:])
	}
}

// Adjudicated games are listed apart: not in a pairing's games, score,
// Elo or distinct games, nor in a player's points, but in its games and
// under Cannot hold; the SPRT and the progress do not count them either.
func TestSummaryLeavesAdjudicatedOut(t *testing.T) {
	res := &Result{Opt: &Options{Players: []*Player{{Name: "a"}, {Name: "b"}}}, Pairings: []Pairing{{0, 1}}, Total: 6}
	add := func(n int, o chess.Outcome, end End, by chess.Color, moves string) {
		for i := 0; i < n; i++ {
			res.Records = append(res.Records, Record{White: 0, Black: 1, Result: o, End: end, By: by, Moves: moves})
		}
	}
	add(2, chess.WhiteWon, Checkmate, chess.NoColor, "x")
	add(1, chess.Draw, DrawnByRule, chess.NoColor, "y")
	add(2, chess.WhiteWon, Unheld, chess.Black, "z")
	add(1, chess.Draw, Unheld, chess.White, "w")
	s := res.Summarize()
	p := s.Pairings[0]
	if p.Games != 3 || p.Wins != 2 || p.Draws != 1 || p.Distinct != 2 || p.Adjudicated != (Adjudicated{Games: 3, Wins: 2, Draws: 1}) {
		t.Errorf("pairing %+v", p)
	}
	// a: 2.5 points of 3 scored games; 6 games in all, 1 it could not hold.
	a := s.Players[0]
	if a.Games != 6 || a.Scored != 3 || a.Points != 2.5 || a.Unheld != 1 || s.Players[1].Unheld != 2 {
		t.Errorf("players %+v", s.Players)
	}
	var out strings.Builder
	s.Write(&out)
	if !strings.Contains(out.String(), "a vs b: 3 games adjudicated by material (a promotion a program could not hold), not in the score: +2 =1 -0\n") ||
		!strings.Contains(out.String(), "\na           6  83.3%") {
		t.Errorf("table:\n%s", out.String())
	}
	if (&Record{End: Unheld}).Counted() || !(&Record{End: PlyCap}).Counted() {
		t.Error("Counted")
	}
}
