package docscheck

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/kim1-archive/microchess/elo"
)

// eloFigure is an Elo difference as the docs write one: "+37.1 ± 8.1",
// "−153 ± 17", "(5 ± 34 Elo below it)".
var eloFigure = regexp.MustCompile(`[+−-]?[0-9]+(?:\.[0-9]+)? ± [0-9]+(?:\.[0-9]+)?`)

// recomputed are the Elo figures of a document a check above computes
// again from counts: a match's printed rows, the strength study's tables,
// an Elo beside its pentanomial, the ratings tables, and the figures in
// markers (which hold to their sources).
func recomputed(lines []string) map[string]bool {
	seen := map[string]bool{}
	add := func(s string) { seen[Normalize(s)] = true }
	for _, l := range lines {
		if m := gamesRow.FindStringSubmatch(l); m != nil {
			add(m[6])
		}
		if m := pairsRow.FindStringSubmatch(l); m != nil {
			add(m[8])
		}
		for _, m := range marker.FindAllStringSubmatch(l, -1) {
			for _, e := range eloFigure.FindAllString(m[2], -1) {
				add(e)
			}
		}
		if c := strengthRow(l); c != nil {
			add(c[6])
			add(c[9])
		}
		if strings.HasPrefix(l, "|") {
			c := strings.Split(strings.Trim(Normalize(comment.ReplaceAllString(l, "")), "| "), " | ")
			for k := 0; k+1 < len(c); k++ {
				if e, p := cellElo.FindStringSubmatch(c[k]), cellPenta.FindStringSubmatch(c[k+1]); e != nil && p != nil {
					add(e[1])
				}
			}
		}
	}
	text := Normalize(comment.ReplaceAllString(strings.Join(lines, " "), ""))
	for _, m := range prosePenta.FindAllStringSubmatch(text, -1) {
		add(m[1] + " ± " + m[2])
	}
	for _, r := range ratingFigures(lines) {
		add(r)
	}
	return seen
}

// checkOrphans finds each Elo figure of a document that no committed count
// gives: not recomputed by a check, nor a repeat of one the document
// recomputes. Each Elo in the docs must be one that can be computed again
// (issue 39: "every Elo in the docs can be recomputed from committed
// counts"); a figure whose counts were not kept is history to be told
// without it, or played again.
func checkOrphans(file string, lines []string) []Problem {
	seen := recomputed(lines)
	out, held := checkDifferences(file, lines)
	more, held2 := checkCounts(file, lines)
	out = append(out, more...)
	for _, h := range append(held, held2...) {
		seen[Normalize(h)] = true
	}
	for i, l := range lines {
		// a figure shown as code is quoted, not claimed (docs/audit.md
		// quotes the figures it found wrong)
		clean := codeSpan.ReplaceAllString(marker.ReplaceAllString(l, ""), "")
		for _, e := range eloFigure.FindAllString(clean, -1) {
			if !seen[Normalize(e)] {
				out = append(out, Problem{file, i + 1, fmt.Sprintf("Elo %s: no committed count gives it (write it beside its pentanomial or its match's rows, or in a marker naming a committed summary)", e)})
			}
		}
	}
	return out
}

// ratingFigures are the ratings of the ratings tables (checkRatings fits
// them again) as prose repeats them: "1345.2 ± 33.5".
func ratingFigures(lines []string) []string {
	var out []string
	for h, l := range lines {
		if strings.TrimSpace(l) != ratingsHeader {
			continue
		}
		t, _ := fitTable("", lines, h)
		if t == nil {
			continue
		}
		for i, r := range t.ratings {
			if i == t.anchor {
				continue
			}
			out = append(out, fmt.Sprintf("%.1f ± %.1f", r.Elo, r.Margin))
			// against the anchor, as mchess strength says it:
			// "search5k@normal (-5 ± 34)"
			out = append(out, fmt.Sprintf("%s ± %.0f", signedWhole(r.Elo-t.ratings[t.anchor].Elo), r.Margin))
		}
	}
	return out
}

// signedWhole is a difference rounded as mchess strength writes it: "+5",
// "-12", "+0".
func signedWhole(x float64) string {
	if math.Round(x) == 0 {
		return "+0"
	}
	return fmt.Sprintf("%+.0f", x)
}

// The strength study's part 4 sentence (strength.writeLibraryDifference):
// two programs against one opponent, the difference of their Elo from
// the pairs, with the margin of a difference of two independent matches.
var libraryDifference = regexp.MustCompile(`Against (\S+), (\S+) scores (\S+) Elo and (\S+) (\S+) Elo \(from the pairs\): a difference of (\S+ ± \d+) Elo`)

// checkDifferences recomputes each such sentence from the two pairings'
// rows of the document (opponent vs program), and gives the differences
// it checked.
func checkDifferences(file string, lines []string) ([]Problem, []string) {
	pairs := map[string][5]int{}
	for _, l := range lines {
		if c := strengthRow(l); c != nil {
			q := atoi(strings.Split(c[8], ", ")...)
			pairs[c[0]] = [5]int{q[0], q[1], q[2], q[3], q[4]}
		}
	}
	var out []Problem
	var held []string
	for i, l := range lines {
		for _, m := range libraryDifference.FindAllStringSubmatch(Normalize(l), -1) {
			pa, okA := pairs[m[1]+" vs "+m[2]]
			pb, okB := pairs[m[1]+" vs "+m[4]]
			if !okA || !okB {
				out = append(out, Problem{file, i + 1, fmt.Sprintf("a difference of %s: no rows %s vs %s and %s vs %s above", m[6], m[1], m[2], m[1], m[4])})
				continue
			}
			ea, ma, _ := elo.Penta(pa).Diff()
			eb, mb, _ := elo.Penta(pb).Diff()
			want := fmt.Sprintf("%s ± %.0f", signedWhole(eb-ea), math.Hypot(ma, mb))
			if Normalize(want) != Normalize(m[6]) || m[3] != signedWhole(-ea) || m[5] != signedWhole(-eb) {
				out = append(out, Problem{file, i + 1, fmt.Sprintf("%s and %s against %s: %s, %s, a difference of %s, but their rows give %s, %s, %s",
					m[2], m[4], m[1], m[3], m[5], m[6], signedWhole(-ea), signedWhole(-eb), want)})
			}
			held = append(held, m[6]) // checked: said once, wrong or right
		}
	}
	return out, held
}

// A table row with the games and their wins, draws and losses in four
// cells in a row (| 500 | 86 | 335 | 79 |), or the three in one cell
// (| 111 / 51 / 238 |), and an Elo cell after them; and prose that gives
// a match's "+78 =354 −68" and then its Elo (not "from the pairs").
var (
	cellInt    = regexp.MustCompile(`^[0-9]+$`)
	cellWDL    = regexp.MustCompile(`^([0-9]+) / ([0-9]+) / ([0-9]+)$`)
	cellAnyElo = regexp.MustCompile(`^\**([+-]?[0-9]+(?:\.[0-9])? ± [0-9]+(?:\.[0-9])?)\**$`)
	proseWDL   = regexp.MustCompile(`\+([0-9]+) =([0-9]+) -([0-9]+)\)?[^±]{0,30}?([+-]?[0-9]+\.[0-9] ± [0-9]+\.[0-9])( from the pairs)?`)
)

// checkCounts recomputes the Elo of each row and sentence of that form
// from its counts, at the precision it is written with, and gives those
// it checked.
func checkCounts(file string, lines []string) ([]Problem, []string) {
	var out []Problem
	var held []string
	check := func(line int, text string, w, d, l int) {
		diff, margin, ok := elo.Score{Wins: w, Draws: d, Losses: l}.Diff()
		want := elo.Format(diff, margin, ok)
		if !strings.Contains(text, ".") {
			want = fmt.Sprintf("%s ± %.0f", signedWhole(diff), margin)
		}
		if Normalize(want) != Normalize(text) {
			out = append(out, Problem{file, line, fmt.Sprintf("Elo %s, but +%d =%d -%d give %s", text, w, d, l, want)})
		}
		held = append(held, text) // checked: said once, wrong or right
	}
	for i, l := range lines {
		if !strings.HasPrefix(strings.TrimSpace(l), "|") {
			continue // a table's row, in a list's item too
		}
		c := strings.Split(strings.Trim(Normalize(comment.ReplaceAllString(l, "")), "| "), " | ")
		var wdl []int
		for k := range c {
			if m := cellWDL.FindStringSubmatch(c[k]); m != nil {
				wdl = atoi(m[1:]...)
			}
			if k+3 < len(c) && cellInt.MatchString(c[k]) && cellInt.MatchString(c[k+1]) && cellInt.MatchString(c[k+2]) && cellInt.MatchString(c[k+3]) {
				if n := atoi(c[k : k+4]...); n[0] == n[1]+n[2]+n[3] {
					wdl = n[1:]
				}
			}
			if e := cellAnyElo.FindStringSubmatch(c[k]); e != nil && wdl != nil && (k+1 >= len(c) || cellPenta.FindString(c[k+1]) == "") {
				check(i+1, e[1], wdl[0], wdl[1], wdl[2])
				wdl = nil
			}
		}
	}
	// prose: a paragraph at a time (tables and code aside)
	eachParagraph(lines, true, func(s string, lineOf func(int) int) {
		for _, m := range proseWDL.FindAllStringSubmatchIndex(s, -1) {
			if m[10] >= 0 {
				continue // an Elo from the pairs: its pentanomial gives it
			}
			n := atoi(s[m[2]:m[3]], s[m[4]:m[5]], s[m[6]:m[7]])
			check(lineOf(m[0]), s[m[8]:m[9]], n[0], n[1], n[2])
		}
	})
	return out, held
}
