package strength

import (
	"strings"
	"testing"
	"time"

	"github.com/kim1-archive/microchess/elo"
	"github.com/kim1-archive/microchess/match"
)

// A round robin in two matches is summed pairing by pairing and player
// by player; the figures are those of the summed counts, and the ratings
// table has every player, the anchor at its rating.
func TestRoundRobinSums(t *testing.T) {
	block := func(w, d, l int, p elo.Penta, ax, bx int) Match {
		return Match{Elapsed: time.Minute, Summary: &match.Summary{Games: w + d + l + 2,
			Pairings: []match.PairingSummary{
				{A: "a", B: Anchor, Wins: w, Draws: d, Losses: l, Penta: p, Distinct: w + d + l,
					Adjudicated: match.Adjudicated{Games: 1, Losses: 1}},
				{A: "a", B: "c", Wins: 1, Losses: 1, Penta: elo.Penta{0, 0, 1, 0, 0}, Distinct: 2},
			},
			Players: []match.PlayerSummary{{Name: "a", Games: ax, Unheld: 1, Cycles: 5}, {Name: Anchor, Games: bx}, {Name: "c", Games: 2}}}}
	}
	ms := []Match{block(3, 2, 1, elo.Penta{0, 1, 1, 1, 0}, 8, 6), block(1, 0, 3, elo.Penta{1, 1, 0, 0, 0}, 6, 4)}
	sum, elapsed := combine(ms)
	if elapsed != 2*time.Minute || len(sum.Pairings) != 2 || len(sum.Players) != 3 {
		t.Fatalf("%v, %+v", elapsed, sum)
	}
	p := sum.Pairings[0]
	if p.Games != 10 || p.Wins != 4 || p.Draws != 2 || p.Losses != 4 || p.Penta != (elo.Penta{1, 2, 1, 1, 0}) || p.Pairs != 5 || p.Unpaired != 0 {
		t.Errorf("summed pairing %+v", p)
	}
	if want := elo.Format(elo.Score{Wins: 4, Draws: 2, Losses: 4}.Diff()); p.EloText != want || p.Score != 0.5 {
		t.Errorf("Elo %s, want %s", p.EloText, want)
	}
	if want := elo.Format(elo.Penta{1, 2, 1, 1, 0}.Diff()); p.PairEloText != want {
		t.Errorf("pairs' Elo %s, want %s", p.PairEloText, want)
	}
	if sum.Players[0].Games != 14 || sum.Players[0].Unheld != 2 {
		t.Errorf("summed player %+v", sum.Players[0])
	}
	var b strings.Builder
	writeRoundRobin(&b, ms)
	doc := b.String()
	for _, want := range []string{
		"| a vs " + Anchor + " | 10 | 4 | 2 | 4 | 50.0% |",
		RatingsHeader,
		"| " + Anchor + " | 1350.0 | anchor | 10 | 5 | 50.0% |",
		"| a | 1350.0 | ± ", // level with the anchor; c too, level with a
		"Not told apart from " + Anchor,
		"as they went: a +0 =0 −2; " + Anchor + " +2 =0 −0.",
		// With the two adjudicated losses a scores 5 of 12 against the anchor and 2 of 4
		// against c, who plays only a and so stands level with it: 12·p = 5,
		// a = 1350 + 400·log10(5/7) = 1291.5.
		"counted as they were adjudicated (left out above, as everywhere in the study), the same fit gives: a 1292, " + Anchor + " 1350, c 1292.",
		"lost by failing (no move, a crash, a hang, a move refused): " + Anchor + " 0 of 10, c 0 of 4.",
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("no %q in\n%s", want, doc)
		}
	}
}

// Without the anchor, or with a player that scored nothing, there are no
// ratings, and the document says why.
func TestRoundRobinNoRatings(t *testing.T) {
	if _, err := Ratings([]match.PairingSummary{{A: "a", B: "b", Wins: 1, Losses: 1}}, []string{"a", "b"}); err == nil {
		t.Error("ratings with no anchor")
	}
	var b strings.Builder
	writeRoundRobin(&b, []Match{{Summary: &match.Summary{Pairings: []match.PairingSummary{{A: "a", B: Anchor, Wins: 2, Distinct: 2}},
		Players: []match.PlayerSummary{{Name: "a"}, {Name: Anchor}}}}})
	if !strings.Contains(b.String(), "cannot be rated on one scale from these games: no finite ratings") {
		t.Errorf("%s", b.String())
	}
}

// The document gives the matches' own time and loads, summed over the
// sittings a study resumed from its state was played in, not the time
// of the run that wrote it.
func TestDocumentTimesTheMatches(t *testing.T) {
	m := func(d time.Duration, load string) Match {
		return Match{Elapsed: d, Load: load, Summary: &match.Summary{Games: 2,
			Pairings: []match.PairingSummary{{A: "a", B: "b", Wins: 1, Losses: 1, Distinct: 2}}}}
	}
	var b strings.Builder
	WriteDocument(&b, []Part{{Title: "one"}, {Title: "two"}}, [][]Match{{m(time.Minute, "2.50")}, {m(2*time.Minute, "1.50"), m(time.Second, "")}}, "here", false)
	for _, want := range []string{"- Machine: here. The study's matches took 3m1s in all.", "as each match finished: 1.50 to 2.50"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("no %q in\n%s", want, b.String())
		}
	}
}
