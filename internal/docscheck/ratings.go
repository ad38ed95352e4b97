package docscheck

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kim1-archive/microchess/rating"
)

// ratingsHeader heads a round robin's ratings table (strength.RatingsHeader):
//
//	| player | rating | 95% interval | games | points | score |
//	| search5k@normal | 1372.4 | ± 45.1 | 1400 | 812.5 | 58.0% |
//	| sf-elo1350 | 1350.0 | anchor | 1400 | 700 | 50.0% |
const ratingsHeader = "| player | rating | 95% interval | games | points | score |"

// checkRatings fits each ratings table again (package rating) from the
// strength study's pairing rows above it in its section, the anchor the
// row whose interval says so, at the rating that row gives, and compares
// every cell.
func checkRatings(file string, lines []string) []Problem {
	var out []Problem
	for h, l := range lines {
		if strings.TrimSpace(l) != ratingsHeader {
			continue
		}
		t, problems := fitTable(file, lines, h)
		out = append(out, problems...)
		if t == nil {
			continue
		}
		if len(t.rows) != len(t.players) {
			out = append(out, Problem{file, h + 1, fmt.Sprintf("%d ratings for the %d players of the pairings above", len(t.rows), len(t.players))})
		}
		for _, r := range t.rows {
			i := slices.Index(t.players, r.cells[0])
			if i < 0 {
				out = append(out, Problem{file, r.line, fmt.Sprintf("%s: not a player of the pairings above", r.cells[0])})
				continue
			}
			x := t.ratings[i]
			interval := fmt.Sprintf("± %.1f", x.Margin)
			if i == t.anchor {
				interval = "anchor"
			}
			pts := strconv.FormatFloat(x.Points, 'f', -1, 64)
			want := []string{r.cells[0], fmt.Sprintf("%.1f", x.Elo), interval, strconv.Itoa(x.Games), pts,
				fmt.Sprintf("%.1f%%", 100*x.Score())}
			if got := strings.Join(r.cells, " | "); Normalize(got) != Normalize(strings.Join(want, " | ")) {
				out = append(out, Problem{file, r.line, fmt.Sprintf("ratings row %q, but the pairings above give %q", got, strings.Join(want, " | "))})
			}
		}
	}
	return out
}

// ratingsTable is a ratings table with the fit of the pairings above it.
type ratingsTable struct {
	players []string
	ratings []rating.Rating
	anchor  int
	rows    []ratingsRow
}

type ratingsRow struct {
	line  int
	cells []string
}

// fitTable reads the ratings table headed at line h and fits again the
// strength study's pairing rows above it in its section, the anchor the
// row whose interval says so, at the rating that row gives.
func fitTable(file string, lines []string, h int) (*ratingsTable, []Problem) {
	var out []Problem
	start := h
	for start > 0 && !strings.HasPrefix(lines[start-1], "## ") {
		start--
	}
	t := &ratingsTable{anchor: -1}
	var ps []rating.Pairing
	index := func(name string) int {
		if i := slices.Index(t.players, name); i >= 0 {
			return i
		}
		t.players = append(t.players, name)
		return len(t.players) - 1
	}
	for _, row := range lines[start:h] {
		c := strengthRow(row)
		if c == nil {
			continue
		}
		a, b, _ := strings.Cut(c[0], " vs ")
		n := atoi(c[1], c[2], c[3], c[4])
		q := atoi(strings.Split(c[8], ", ")...)
		ps = append(ps, rating.Pairing{A: index(a), B: index(b), Wins: n[1], Draws: n[2], Losses: n[3],
			Penta: [5]int{q[0], q[1], q[2], q[3], q[4]}})
	}
	anchorElo := 0.0
	for k := h + 2; k < len(lines) && strings.HasPrefix(lines[k], "| "); k++ {
		c := strings.Split(strings.Trim(lines[k], "| "), " | ")
		if len(c) != 6 {
			out = append(out, Problem{file, k + 1, "a ratings row without its six cells"})
			continue
		}
		t.rows = append(t.rows, ratingsRow{k + 1, c})
		if c[2] == "anchor" {
			t.anchor = slices.Index(t.players, c[0])
			anchorElo, _ = strconv.ParseFloat(c[1], 64)
		}
	}
	if t.anchor < 0 {
		return nil, append(out, Problem{file, h + 1, "a ratings table with no anchor among the players of the pairings above it"})
	}
	rs, err := rating.Fit(t.players, ps, t.anchor, anchorElo)
	if err != nil {
		return nil, append(out, Problem{file, h + 1, fmt.Sprintf("the ratings cannot be fitted from the pairings above: %v", err)})
	}
	t.ratings = rs
	return t, out
}

// strengthRow splits a row of the strength study's pairings table into
// its twelve cells, or gives nil.
func strengthRow(l string) []string {
	if !strings.HasPrefix(l, "| ") || !strings.Contains(l, " vs ") {
		return nil
	}
	c := strings.Split(strings.Trim(l, "| "), " | ")
	if len(c) != 12 || len(strings.Split(c[8], ", ")) != 5 {
		return nil
	}
	return c
}
