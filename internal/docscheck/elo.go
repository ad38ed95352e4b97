package docscheck

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/kim1-archive/microchess/elo"
)

// A pairing's row of `mchess match`'s summary, and of its pairs:
//
//	tuned@blitz vs original@blitz   3987  652  2845  490  52.0%  +14.1 ± 5.8  100.0%  71.4%
//	tuned@blitz vs original@blitz   1987  [27, 349, 1102, 455, 54]       +14.0 ± 5.7  100.0%
var (
	gamesRow = regexp.MustCompile(`^\s*(\S+ vs \S+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+\d+\.\d%\s+([+-]?[0-9.]+ ± \S+)`)
	pairsRow = regexp.MustCompile(`^\s*(\S+ vs \S+)\s+(\d+)\s+\[(\d+), (\d+), (\d+), (\d+), (\d+)\]\s+([+-]?[0-9.]+ ± \S+)`)
)

func atoi(ss ...string) []int {
	out := make([]int, len(ss))
	for i, s := range ss {
		out[i], _ = strconv.Atoi(strings.TrimSpace(s))
	}
	return out
}

// gamesElo is the Elo difference of W/D/L as `mchess match` gives it.
func gamesElo(w, d, l int) string { return elo.Format(elo.Score{Wins: w, Draws: d, Losses: l}.Diff()) }

// pairsElo is the Elo difference of a pentanomial as `mchess match` gives it.
func pairsElo(p [5]int) string { return elo.Format(elo.Penta(p).Diff()) }

func checkMatchOutput(file string, lines []string) []Problem {
	var out []Problem
	for i, l := range lines {
		if m := gamesRow.FindStringSubmatch(l); m != nil {
			n := atoi(m[2], m[3], m[4], m[5])
			if n[0] != n[1]+n[2]+n[3] {
				out = append(out, Problem{file, i + 1, fmt.Sprintf("%s: %d games, but +%d =%d -%d", m[1], n[0], n[1], n[2], n[3])})
			}
			if want := gamesElo(n[1], n[2], n[3]); Normalize(want) != Normalize(m[6]) {
				out = append(out, Problem{file, i + 1, fmt.Sprintf("%s: Elo %s, but +%d =%d -%d give %s", m[1], m[6], n[1], n[2], n[3], want)})
			}
		}
		if m := pairsRow.FindStringSubmatch(l); m != nil {
			n := atoi(m[2:8]...)
			p := [5]int{n[1], n[2], n[3], n[4], n[5]}
			if n[0] != elo.Penta(p).Pairs() {
				out = append(out, Problem{file, i + 1, fmt.Sprintf("%s: %d pairs, but the pentanomial has %d", m[1], n[0], elo.Penta(p).Pairs())})
			}
			if want := pairsElo(p); Normalize(want) != Normalize(m[8]) {
				out = append(out, Problem{file, i + 1, fmt.Sprintf("%s: Elo from the pairs %s, but %v give %s", m[1], m[8], p, want)})
			}
		}
	}
	return out
}

// checkStrengthTable recomputes the Elo columns of the strength study's
// tables (strength.writePairings): | pairing | games | + | = | − | score |
// Elo | LOS | pairs (0, ½, 1, 1½, 2) | Elo from the pairs | draws | time |.
func checkStrengthTable(file string, lines []string) []Problem {
	var out []Problem
	for i, l := range lines {
		if !strings.HasPrefix(l, "| ") || !strings.Contains(l, " vs ") {
			continue
		}
		c := strings.Split(strings.Trim(l, "| "), " | ")
		if len(c) != 12 {
			continue
		}
		ps := strings.Split(c[8], ", ")
		if len(ps) != 5 {
			continue
		}
		n := atoi(c[1], c[2], c[3], c[4])
		q := atoi(ps...)
		p := [5]int{q[0], q[1], q[2], q[3], q[4]}
		if n[0] != n[1]+n[2]+n[3] {
			out = append(out, Problem{file, i + 1, fmt.Sprintf("%s: %d games, but +%d =%d -%d", c[0], n[0], n[1], n[2], n[3])})
		}
		if strings.Contains(c[6], "±") {
			if want := gamesElo(n[1], n[2], n[3]); Normalize(want) != Normalize(c[6]) {
				out = append(out, Problem{file, i + 1, fmt.Sprintf("%s: Elo %s, but +%d =%d -%d give %s", c[0], c[6], n[1], n[2], n[3], want)})
			}
		}
		if strings.Contains(c[9], "±") {
			if want := pairsElo(p); Normalize(want) != Normalize(c[9]) {
				out = append(out, Problem{file, i + 1, fmt.Sprintf("%s: Elo from the pairs %s, but %v give %s", c[0], c[9], p, want)})
			}
		}
	}
	return out
}

// An Elo from the pairs written with its pentanomial: in prose, "+15.7 ±
// 7.1 ... (pentanomial 94, 358, 973, 419, 154", within a paragraph; in a
// table, a cell "+37.1 ± 8.1" and the next "97, 403, 709, 556, 233".
var (
	prosePenta = regexp.MustCompile(`([+-]?[0-9]+\.[0-9]) ± ([0-9]+\.[0-9])[^±|]{0,160}?pentanomial (?:\(0-2\) )?\[?([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+)\b`)
	cellElo    = regexp.MustCompile(`^\**([+-]?[0-9]+\.[0-9] ± [0-9]+\.[0-9])\**$`)
	cellPenta  = regexp.MustCompile(`^([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+)$`)
	comment    = regexp.MustCompile(`<!--.*?-->`)
)

// checkProse recomputes the Elo of each pentanomial written beside it in
// prose or in a table row.
func checkProse(file string, lines []string) []Problem {
	var out []Problem
	check := func(line int, text string, p [5]int) {
		if want := pairsElo(p); Normalize(want) != Normalize(text) {
			out = append(out, Problem{file, line, fmt.Sprintf("Elo %s beside the pentanomial %v, which gives %s", text, p, want)})
		}
	}
	// prose: a paragraph at a time, its text joined, each match placed
	// at the line it starts on
	eachParagraph(lines, false, func(s string, lineOf func(int) int) {
		for _, m := range prosePenta.FindAllStringSubmatchIndex(s, -1) {
			n := atoi(s[m[6]:m[7]], s[m[8]:m[9]], s[m[10]:m[11]], s[m[12]:m[13]], s[m[14]:m[15]])
			check(lineOf(m[0]), s[m[2]:m[3]]+" ± "+s[m[4]:m[5]], [5]int{n[0], n[1], n[2], n[3], n[4]})
		}
	})
	for i, l := range lines {
		if !strings.HasPrefix(l, "|") {
			continue
		}
		c := strings.Split(strings.Trim(Normalize(comment.ReplaceAllString(l, "")), "| "), " | ")
		for k := 0; k+1 < len(c); k++ {
			e, p := cellElo.FindStringSubmatch(c[k]), cellPenta.FindStringSubmatch(c[k+1])
			if e != nil && p != nil {
				n := atoi(p[1:]...)
				check(i+1, e[1], [5]int{n[0], n[1], n[2], n[3], n[4]})
			}
		}
	}
	return out
}

// summaryFile is what a committed match summary holds that the check
// reads: `mchess match --json`'s pairings, alone or under "summary" (make
// confirm's files, mchess strength's state).
type summaryFile struct {
	Summary  *summary `json:"summary"`
	Pairings []pairing
	// a tuning run's log: each checkpoint's match
	Checkpoints []struct{ Summary *pairing }
}

type summary struct{ Pairings []pairing }

type pairing struct {
	A, B                string
	Games               int
	Wins, Draws, Losses int
	EloText             string `json:"elo_text"`
	Penta               [5]int `json:"pentanomial"`
	Pairs               int
	PairEloText         string `json:"pair_elo_text"`
	Withheld            string `json:"elo_withheld"`
}

// checkSummaryFile recomputes each pairing's figures of a match summary
// from its counts; a JSON file that holds no pairings is not one.
func checkSummaryFile(path, file string) ([]Problem, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var s summaryFile
	if json.Unmarshal(data, &s) != nil {
		return nil, nil
	}
	ps := s.Pairings
	if s.Summary != nil {
		ps = s.Summary.Pairings
	}
	for _, c := range s.Checkpoints {
		if c.Summary != nil {
			ps = append(ps, *c.Summary)
		}
	}
	var out []Problem
	for _, p := range ps {
		name := p.A + " vs " + p.B
		if p.Games != p.Wins+p.Draws+p.Losses {
			out = append(out, Problem{file, 1, fmt.Sprintf("%s: %d games, but +%d =%d -%d", name, p.Games, p.Wins, p.Draws, p.Losses)})
		}
		if p.Pairs != elo.Penta(p.Penta).Pairs() {
			out = append(out, Problem{file, 1, fmt.Sprintf("%s: %d pairs, but the pentanomial %v has %d", name, p.Pairs, p.Penta, elo.Penta(p.Penta).Pairs())})
		}
		if p.Withheld != "" {
			continue
		}
		if want := gamesElo(p.Wins, p.Draws, p.Losses); p.EloText != want {
			out = append(out, Problem{file, 1, fmt.Sprintf("%s: elo_text %s, but +%d =%d -%d give %s", name, p.EloText, p.Wins, p.Draws, p.Losses, want)})
		}
		if want := pairsElo(p.Penta); p.PairEloText != want {
			out = append(out, Problem{file, 1, fmt.Sprintf("%s: pair_elo_text %s, but %v give %s", name, p.PairEloText, p.Penta, want)})
		}
	}
	return out, nil
}

// eachParagraph calls fn with each paragraph of prose, its lines
// normalized and joined (tables aside, and indented code when
// skipIndented), and a function giving the line (from 1) an offset in
// that text stands on.
func eachParagraph(lines []string, skipIndented bool, fn func(text string, lineOf func(int) int)) {
	for i := 0; i < len(lines); {
		j := i
		var text strings.Builder
		var starts []int
		for ; j < len(lines) && strings.TrimSpace(lines[j]) != "" && !strings.HasPrefix(lines[j], "|") &&
			!(skipIndented && strings.HasPrefix(lines[j], "    ")); j++ {
			starts = append(starts, text.Len())
			text.WriteString(Normalize(comment.ReplaceAllString(lines[j], "")) + " ")
		}
		first := i
		fn(text.String(), func(off int) int {
			at := first
			for k, st := range starts {
				if st <= off {
					at = first + k
				}
			}
			return at + 1
		})
		if j == i {
			j++
		}
		i = j
	}
}
