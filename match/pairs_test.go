package match

import (
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/elo"
)

// The pairs are those of Schedule: partner finds, for every job, the game
// of the same pairing and line slot with colours reversed.
func TestPartnerIsTheScheduledPair(t *testing.T) {
	for _, c := range []struct {
		players       int
		gauntlet      bool
		games, lines  int
		unpairedGames int // per pairing
	}{
		{3, false, 7, 2, 1}, // the suite wraps: line 0 in games 0-1 and 4-5
		{4, true, 6, 10, 0},
		{2, false, 1, 1, 1},
	} {
		ps, jobs := Schedule(c.players, c.gauntlet, c.games, c.lines)
		unpaired := 0
		for _, j := range jobs {
			other, second := partner(j.Index, len(ps))
			g := j.Index / len(ps) // the game's number in its pairing
			if second != (g%2 == 1) {
				t.Errorf("%+v: game %d of its pairing, second %v", j, g, second)
			}
			if other >= len(jobs) {
				unpaired++
				continue
			}
			o := jobs[other]
			if o.Pairing != j.Pairing || o.Line != j.Line || o.White != j.Black || o.Black != j.White || o.Index/len(ps)/2 != g/2 {
				t.Errorf("%+v paired with %+v", j, o)
			}
			if back, _ := partner(other, len(ps)); back != j.Index {
				t.Errorf("%d → %d → %d", j.Index, other, back)
			}
		}
		if unpaired != c.unpairedGames*len(ps) {
			t.Errorf("%+v: %d games without a partner", c, unpaired)
		}
	}
}

// Four pairs from a one-line suite are four pairs, not one: pairs are told
// apart by their jobs, not their line. A game whose partner is missing is
// left out of the pairs, and said to be.
func TestPairsOfAShortSuite(t *testing.T) {
	ps, jobs := Schedule(2, false, 9, 1)
	// A's points in games 0..8: the pairs (0,1) (2,3) (4,5) (6,7) score 2,
	// 1 (W then L), 1½, 0 for A; game 8 has no partner.
	results := []float64{1, 1, 1, 0, 1, 0.5, 0, 0, 1}
	res := &Result{Opt: &Options{Players: []*Player{{Name: "a"}, {Name: "b"}}}, Pairings: ps, Total: len(jobs)}
	for i, j := range jobs {
		rec := Record{Index: j.Index, Pairing: j.Pairing, White: j.White, Black: j.Black, Line: j.Line, Result: chess.Draw,
			Moves: strings.Repeat("x", i)}
		switch a := results[i]; {
		case a == 1 && j.White == 0 || a == 0 && j.White == 1:
			rec.Result = chess.WhiteWon
		case a == 1 || a == 0:
			rec.Result = chess.BlackWon
		}
		res.Records = append(res.Records, rec)
	}
	s := res.Summarize()
	p := s.Pairings[0]
	if p.Penta != (elo.Penta{1, 0, 1, 1, 1}) || p.Pairs != 4 || p.Unpaired != 1 || p.Games != 9 {
		t.Fatalf("pairs %v (%d), %d unpaired of %d games", p.Penta, p.Pairs, p.Unpaired, p.Games)
	}
	var b strings.Builder
	s.Write(&b)
	if !strings.Contains(b.String(), "a vs b: 1 game unpaired (the other game of the pair not played), left out of the pairs\n") {
		t.Errorf("the unpaired game is not said:\n%s", b.String())
	}

	// Without game 3, the pair (2,3) is gone too.
	res.Records = append(res.Records[:3:3], res.Records[4:]...)
	if p := res.Summarize().Pairings[0]; p.Penta != (elo.Penta{1, 0, 0, 1, 1}) || p.Unpaired != 2 {
		t.Errorf("without game 3: %v, %d unpaired", p.Penta, p.Unpaired)
	}
}

// Repeated games: no Elo of either kind, and one line that says why; the
// counts stay.
func TestEloWithheldOverRepeats(t *testing.T) {
	ps, jobs := Schedule(2, false, 4, 1)
	res := &Result{Opt: &Options{Players: []*Player{{Name: "a"}, {Name: "b"}}}, Pairings: ps, Total: len(jobs)}
	for _, j := range jobs {
		// Deterministic players: the same game from the same line and
		// colours, White winning.
		res.Records = append(res.Records, Record{Index: j.Index, Pairing: j.Pairing, White: j.White, Black: j.Black, Result: chess.WhiteWon, Moves: "e2e4"})
	}
	s := res.Summarize()
	p := s.Pairings[0]
	if p.Distinct != 2 || p.Elo != nil || p.Margin != nil || p.LOS != nil || p.PairElo != nil || p.PairMargin != nil || p.PairLOS != nil ||
		p.EloText != "withheld" || p.PairEloText != "withheld" || p.EloWithheld == "" {
		t.Errorf("%+v", p)
	}
	if p.Wins != 2 || p.Losses != 2 || p.Penta != (elo.Penta{2: 2}) {
		t.Errorf("the counts: %+v", p)
	}
	var b strings.Builder
	s.Write(&b)
	if !strings.Contains(b.String(), "\na vs b: no Elo: 2 distinct games of 4 (the rest repeat one move for move): an Elo margin would count the repeats as independent games\n") ||
		strings.Contains(b.String(), "±") {
		t.Errorf("withheld Elo not said, or a margin printed:\n%s", b.String())
	}
}
