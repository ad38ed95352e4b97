package match

import (
	"fmt"
	"io"

	"github.com/kim1-archive/microchess/elo"
)

// A pair is the two games Schedule gives one line slot of a pairing: games
// 2k and 2k+1 of the pairing, line k (round the suite), colours reversed.
// Schedule numbers game g of pairing p job g·P + p (P pairings), so the
// two games of a pair are jobs P apart. A pair is known by its jobs, not by
// its line: a suite shorter than games/2 plays a line in several pairs.

// partner returns the job index of the other game of job i's pair, and
// whether i is the pair's second game (B White).
func partner(i, pairings int) (other int, second bool) {
	if (i/pairings)%2 == 0 {
		return i + pairings, false
	}
	return i - pairings, true
}

// pairPenta returns the pentanomial of the one pair of games a and b, from
// player p's point of view.
func pairPenta(a, b *Record, p int) elo.Penta {
	pen, _ := elo.PairOf(a.Score(p).Add(b.Score(p))) // two games: always a pair
	return pen
}

// countPairs returns each pairing's complete pairs among the records (one
// record a job), from the pairing's A's point of view.
func countPairs(records []Record, pairings []Pairing) []elo.Penta {
	// A game adjudicated outside the rules (Counted) is in no pair.
	byIndex := make(map[int]*Record, len(records))
	for i := range records {
		if records[i].Counted() {
			byIndex[records[i].Index] = &records[i]
		}
	}
	pentas := make([]elo.Penta, len(pairings))
	for i := range records {
		r := &records[i]
		if !r.Counted() {
			continue
		}
		other, second := partner(r.Index, len(pairings))
		if o, ok := byIndex[other]; ok && !second && o.Pairing == r.Pairing {
			pentas[r.Pairing] = pentas[r.Pairing].Add(pairPenta(r, o, pairings[r.Pairing].A))
		}
	}
	return pentas
}

// setPairs fills in a pairing's pair statistics.
func (ps *PairingSummary) setPairs(pen elo.Penta) {
	ps.Penta, ps.Pairs, ps.Unpaired = pen, pen.Pairs(), ps.Games-pen.Games()
	d, m, ok := pen.Diff()
	ps.PairElo, ps.PairMargin = finite(d), finite(m)
	ps.PairEloText = elo.Format(d, m, ok)
	ps.PairLOS = finite(pen.LOS())
}

// withholdElo drops a pairing's Elo figures when some of its games repeat
// others move for move. Deterministic players (the MicroChess programs;
// engines at a node count or depth, without randomness) play the same game
// again from the same line and colours; a margin computed over repeats
// counts them as independent games and is narrower than the games show.
// The rule is plain: the Elo, its margins and the LOS are given only when
// every game of the pairing is distinct; otherwise the counts are.
func (ps *PairingSummary) withholdElo() {
	if ps.Distinct >= ps.Games {
		return
	}
	ps.EloWithheld = fmt.Sprintf("%d distinct games of %d (the rest repeat one move for move): an Elo margin would count the repeats as independent games",
		ps.Distinct, ps.Games)
	ps.Elo, ps.Margin, ps.LOS, ps.EloText = nil, nil, nil, withheld
	ps.PairElo, ps.PairMargin, ps.PairLOS, ps.PairEloText = nil, nil, nil, withheld
}

const withheld = "withheld"

// writePairs prints the pairs table and, under it, a line for each pairing
// with games outside the pairs or its Elo withheld.
func writePairs(w io.Writer, pairings []PairingSummary) {
	rows := [][]string{{"Pairing", "Pairs", "Ptnml(0-2)", "Elo diff (pairs)", "LOS"}}
	for _, p := range pairings {
		rows = append(rows, []string{p.A + " vs " + p.B, fmt.Sprint(p.Pairs), p.Penta.String(), p.PairEloText, percentPtr(p.PairLOS)})
	}
	writeTable(w, rows)
	for _, p := range pairings {
		if p.Unpaired > 0 {
			fmt.Fprintf(w, "%s vs %s: %s unpaired (the other game of the pair not played), left out of the pairs\n", p.A, p.B, plural(p.Unpaired, "game"))
		}
	}
	for _, p := range pairings {
		if p.EloWithheld != "" {
			fmt.Fprintf(w, "%s vs %s: no Elo: %s\n", p.A, p.B, p.EloWithheld)
		}
	}
}

// plural writes n things: "1 game", "3 games".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
