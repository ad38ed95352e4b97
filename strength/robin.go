package strength

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/kim1-archive/microchess/elo"
	"github.com/kim1-archive/microchess/match"
	"github.com/kim1-archive/microchess/rating"
)

// writeRoundRobin writes a round robin played in several matches: its
// pairings summed over them, the engines, the players' ratings on one
// scale, and how the programs' games ended.
func writeRoundRobin(b *strings.Builder, ms []Match) {
	sum, elapsed := combine(ms)
	writePairings(b, []Match{{Summary: sum, Elapsed: elapsed}})
	writeEngines(b, ms)
	writeRatings(b, sum)
	if s := lostByRule(sum); s != "" {
		fmt.Fprintf(b, "- %s\n", s)
	}
	if s := adjudicated(sum); s != "" {
		fmt.Fprintf(b, "- %s\n", s)
	}
	var engines []string
	for _, p := range sum.Players {
		if p.Cycles == 0 {
			engines = append(engines, fmt.Sprintf("%s %d of %d", p.Name, p.Failed, p.Games))
		}
	}
	if len(engines) > 0 {
		fmt.Fprintf(b, "- Engines' games lost by failing (no move, a crash, a hang, a move refused): %s.\n", strings.Join(engines, ", "))
	}
}

// adjudicated says how the games left out of the score went, player by
// player: a program that cannot hold a promotion is mostly losing.
func adjudicated(sum *match.Summary) string {
	type wdl struct{ w, d, l int }
	by := map[string]*wdl{}
	for _, p := range sum.Pairings {
		a := p.Adjudicated
		if a.Games == 0 {
			continue
		}
		for _, side := range []struct {
			name    string
			w, d, l int
		}{{p.A, a.Wins, a.Draws, a.Losses}, {p.B, a.Losses, a.Draws, a.Wins}} {
			t := by[side.name]
			if t == nil {
				t = &wdl{}
				by[side.name] = t
			}
			t.w, t.d, t.l = t.w+side.w, t.d+side.d, t.l+side.l
		}
	}
	var parts []string
	for _, p := range sum.Players {
		if t := by[p.Name]; t != nil {
			parts = append(parts, fmt.Sprintf("%s +%d =%d −%d", p.Name, t.w, t.d, t.l))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "Games adjudicated by material (a promotion a program could not hold), out of the score and the ratings, as they went: " +
		strings.Join(parts, "; ") + "."
}

// combine sums the matches of a round robin: each pairing's games and
// pairs (the matches play other lines, so their games are distinct from
// each other's), each player's endings; and their time.
func combine(ms []Match) (*match.Summary, time.Duration) {
	sum := &match.Summary{}
	var elapsed time.Duration
	pairings := map[string]int{}
	players := map[string]int{}
	for _, m := range ms {
		elapsed += m.Elapsed
		sum.Games += m.Summary.Games
		for _, p := range m.Summary.Pairings {
			k, ok := pairings[p.A+" vs "+p.B]
			if !ok {
				k = len(sum.Pairings)
				pairings[p.A+" vs "+p.B] = k
				sum.Pairings = append(sum.Pairings, match.PairingSummary{A: p.A, B: p.B})
			}
			s := &sum.Pairings[k]
			s.Wins += p.Wins
			s.Draws += p.Draws
			s.Losses += p.Losses
			s.Distinct += p.Distinct
			s.Penta = s.Penta.Add(p.Penta)
			s.Adjudicated.Wins += p.Adjudicated.Wins
			s.Adjudicated.Draws += p.Adjudicated.Draws
			s.Adjudicated.Losses += p.Adjudicated.Losses
			s.Adjudicated.Games += p.Adjudicated.Games
		}
		for _, p := range m.Summary.Players {
			k, ok := players[p.Name]
			if !ok {
				k = len(sum.Players)
				players[p.Name] = k
				sum.Players = append(sum.Players, match.PlayerSummary{Name: p.Name, Plays: p.Plays})
			}
			s := &sum.Players[k]
			s.Games += p.Games
			s.Scored += p.Scored
			s.Points += p.Points
			s.Illegal += p.Illegal
			s.Resigned += p.Resigned
			s.Failed += p.Failed
			s.Unheld += p.Unheld
			s.PlyCap += p.PlyCap
			s.Cycles += p.Cycles
			s.Moves += p.Moves
			s.TouchMove.Entered += p.TouchMove.Entered
			s.TouchMove.Resigned += p.TouchMove.Resigned
		}
	}
	for i := range sum.Pairings {
		figures(&sum.Pairings[i])
	}
	return sum, elapsed
}

// figures computes a summed pairing's figures from its counts, as mchess
// match does (match.Result.Summarize).
func figures(p *match.PairingSummary) {
	sc := elo.Score{Wins: p.Wins, Draws: p.Draws, Losses: p.Losses}
	p.Games = sc.Games()
	if p.Games > 0 {
		p.Score, p.DrawRatio = sc.Ratio(), sc.DrawRatio()
	}
	d, m, ok := sc.Diff()
	p.Elo, p.Margin, p.EloText, p.LOS = finite(d), finite(m), elo.Format(d, m, ok), finite(sc.LOS())
	p.Pairs = p.Penta.Pairs()
	p.Unpaired = p.Games - p.Penta.Games()
	d, m, ok = p.Penta.Diff()
	p.PairElo, p.PairMargin, p.PairEloText, p.PairLOS = finite(d), finite(m), elo.Format(d, m, ok), finite(p.Penta.LOS())
	if p.Distinct < p.Games {
		p.EloWithheld = fmt.Sprintf("%d distinct games of %d", p.Distinct, p.Games)
		p.Elo, p.Margin, p.LOS, p.PairElo, p.PairMargin, p.PairLOS = nil, nil, nil, nil, nil, nil
		p.EloText, p.PairEloText = "withheld", "withheld"
	}
}

func finite(x float64) *float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return nil
	}
	return &x
}

// RatingsHeader heads the ratings table (internal/docscheck finds the
// table by it and fits the ratings again from the pairings above it).
const RatingsHeader = "| player | rating | 95% interval | games | points | score |"

// Ratings fits the players of a summed round robin on one scale, the
// anchor at AnchorElo: the players in the summary's order.
func Ratings(pairings []match.PairingSummary, players []string) ([]rating.Rating, error) {
	anchor := slices.Index(players, Anchor)
	if anchor < 0 {
		return nil, fmt.Errorf("no %s among the players", Anchor)
	}
	var ps []rating.Pairing
	for _, p := range pairings {
		a, b := slices.Index(players, p.A), slices.Index(players, p.B)
		if a < 0 || b < 0 {
			return nil, fmt.Errorf("%s vs %s: not among the players", p.A, p.B)
		}
		ps = append(ps, rating.Pairing{A: a, B: b, Wins: p.Wins, Draws: p.Draws, Losses: p.Losses, Penta: p.Penta})
	}
	return rating.Fit(players, ps, anchor, AnchorElo)
}

// RatingRow is a player's row of the ratings table.
func RatingRow(name string, r rating.Rating) string {
	interval := fmt.Sprintf("± %.1f", r.Margin)
	if name == Anchor {
		interval = "anchor"
	}
	return fmt.Sprintf("| %s | %.1f | %s | %d | %s | %s |", name, r.Elo, interval, r.Games, points(r.Points), pct(r.Score()))
}

func points(x float64) string {
	if x == math.Trunc(x) {
		return fmt.Sprintf("%.0f", x)
	}
	return fmt.Sprintf("%.1f", x)
}

// writeRatings writes the players' ratings, strongest first, and which
// stand apart from the anchor at 95%.
func writeRatings(b *strings.Builder, sum *match.Summary) {
	var names []string
	for _, p := range sum.Players {
		names = append(names, p.Name)
	}
	rs, err := Ratings(sum.Pairings, names)
	if err != nil {
		fmt.Fprintf(b, "- The players cannot be rated on one scale from these games: %v.\n\n", err)
		return
	}
	order := make([]int, len(names))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		switch {
		case rs[i].Elo > rs[j].Elo:
			return -1
		case rs[i].Elo < rs[j].Elo:
			return 1
		}
		return 0
	})
	fmt.Fprintf(b, "Ratings, the anchor %s at %d (games and points: those counted, every pairing's summed):\n\n", Anchor, AnchorElo)
	fmt.Fprintf(b, "%s\n|---|---:|---:|---:|---:|---:|\n", RatingsHeader)
	for _, i := range order {
		fmt.Fprintln(b, RatingRow(names[i], rs[i]))
	}
	fmt.Fprintln(b)
	var above, below, level []string
	for _, i := range order {
		r := rs[i]
		if names[i] == Anchor {
			continue
		}
		d := fmt.Sprintf("%s (%s ± %.0f)", names[i], signed(r.Elo-AnchorElo), r.Margin)
		switch {
		case r.Elo-r.Margin > AnchorElo:
			above = append(above, d)
		case r.Elo+r.Margin < AnchorElo:
			below = append(below, d)
		default:
			level = append(level, d)
		}
	}
	say := func(what string, who []string) {
		if len(who) > 0 {
			fmt.Fprintf(b, "- %s %s at 95%% confidence: %s.\n", what, Anchor, strings.Join(who, ", "))
		}
	}
	say("Stronger than", above)
	say("Not told apart from", level)
	say("Weaker than", below)
	writeAdjudicatedFit(b, sum, names)
}

// writeAdjudicatedFit gives the ratings with the games adjudicated by
// material counted as they were adjudicated: the games a program could
// not hold are mostly lost, and leaving them out flatters it against an
// opponent that promotes often.
func writeAdjudicatedFit(b *strings.Builder, sum *match.Summary, names []string) {
	with := make([]match.PairingSummary, len(sum.Pairings))
	any := false
	for i, p := range sum.Pairings {
		with[i] = p
		with[i].Wins += p.Adjudicated.Wins
		with[i].Draws += p.Adjudicated.Draws
		with[i].Losses += p.Adjudicated.Losses
		any = any || p.Adjudicated.Games > 0
	}
	if !any {
		return
	}
	rs, err := Ratings(with, names)
	if err != nil {
		return
	}
	var f []string
	for i, n := range names {
		f = append(f, fmt.Sprintf("%s %.0f", n, rs[i].Elo))
	}
	fmt.Fprintf(b, "- With the games adjudicated by material counted as they were adjudicated (left out above, as "+
		"everywhere in the study), the same fit gives: %s.\n", strings.Join(f, ", "))
}
