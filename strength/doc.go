package strength

import (
	"fmt"
	"math"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kim1-archive/microchess/match"
)

// WriteDocument writes the document from the matches played.
func WriteDocument(b *strings.Builder, parts []Part, played [][]Match, machine string, quick bool) {
	fmt.Fprintf(b, "# MicroChess's strength, measured\n\n")
	fmt.Fprintf(b, "Written by `mchess strength -o docs/strength.md` (`make strength`) from the games it played; not\n")
	fmt.Fprintf(b, "edited by hand. Every number below is counted from those games.\n\n")
	if quick {
		fmt.Fprintf(b, "**This is a --quick run: two games a pairing cut at 8 plies. It shows the study runs; it\nmeasures nothing.**\n\n")
	}
	// The matches' own times and loads: a study resumed from its state
	// was played in several sittings, and a document written again from
	// kept matches took no time itself.
	var total time.Duration
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, part := range played {
		for _, m := range part {
			total += m.Elapsed
			if l, err := strconv.ParseFloat(m.Load, 64); err == nil {
				lo, hi = math.Min(lo, l), math.Max(hi, l)
			}
		}
	}
	fmt.Fprintf(b, "- Machine: %s. The study's matches took %s in all.\n", machine, span(total))
	if lo <= hi {
		fmt.Fprintf(b, "- One-minute load average as each match finished: %.2f to %.2f (the study's own games count: with -j\n", lo, hi)
		fmt.Fprintf(b, "  equal to the CPUs it is about that number; more means other work shared the machine and the times\n")
		fmt.Fprintf(b, "  are long).\n")
	}
	writeVersions(b, played)
	fmt.Fprintf(b, "- Games start from the lines of the `%s` opening suite (docs/opening-suite.md), in the order its\n", Suite)
	fmt.Fprintf(b, "  default seed shuffles them, each line played twice with colours reversed (a pair), unless the part\n")
	fmt.Fprintf(b, "  says otherwise. The programs' opening books are off; Stone's Table 1, a development plan his GO\n")
	fmt.Fprintf(b, "  weighs in every position, is on. Draws by repetition and the fifty-move rule are claimed; a game\n")
	fmt.Fprintf(b, "  reaching the ply cap is a draw, counted apart; a move illegal in chess loses (`forfeit`), or, where\n")
	fmt.Fprintf(b, "  the command says `--illegal stone=touch-move`, is refereed by the touch-move rule of Stone's article\n")
	fmt.Fprintf(b, "  (docs/referee.md). A promotion a program's piece table cannot hold stops the game, adjudicated by\n")
	fmt.Fprintf(b, "  material (a lead of a rook's worth wins, else a draw): such games are listed apart and left out of\n")
	fmt.Fprintf(b, "  the score and the Elo.\n")
	fmt.Fprintf(b, "- Elo difference, its 95%% margin and LOS are computed as cutechess-cli computes them, from the games;\n")
	fmt.Fprintf(b, "  \"Elo from the pairs\" as fishtest computes it, from the pentanomial counts of the pairs (the two\n")
	fmt.Fprintf(b, "  games of a line share its opening, so the pairs' variance is the honest one: package elo). The\n")
	fmt.Fprintf(b, "  verdicts below use the pairs' figure. A margin is of the difference between these two players on\n")
	fmt.Fprintf(b, "  these openings, nothing wider. Where games repeat others move for move, no Elo is given.\n\n")
	for i, p := range parts {
		fmt.Fprintf(b, "## %d. %s\n\n%s\n\n", i+1, p.Title, p.Question)
		if p.Note != "" {
			fmt.Fprintf(b, "%s\n\n", p.Note)
		}
		writeCommands(b, played[i])
		if p.Kind == RoundRobin {
			writeRoundRobin(b, played[i])
			fmt.Fprintln(b)
			continue
		}
		writePairings(b, played[i])
		writeEngines(b, played[i])
		switch p.Kind {
		case Variants:
			writeVariantSpread(b, played[i])
		case Library:
			writeLibraryDifference(b, played[i])
		}
		for _, m := range played[i] {
			for _, ps := range m.Summary.Pairings {
				fmt.Fprintf(b, "- %s\n", Verdict(ps))
			}
			if s := lostByRule(m.Summary); s != "" {
				fmt.Fprintf(b, "- %s\n", s)
			}
		}
		fmt.Fprintln(b)
	}
	fmt.Fprintf(b, "## %d. Illegal moves, resignations, the ply cap\n\n", len(parts)+1)
	fmt.Fprintf(b, "How each program's games ended, over every game of the study it played. At Super Blitz and Blitz\n")
	fmt.Fprintf(b, "the 1977 program skips its test for check, and it never knows en passant or castling rights, so it\n")
	fmt.Fprintf(b, "can move illegally; such a move lost the game, but for Stone's upgrade, refereed by the touch-move\n")
	fmt.Fprintf(b, "rule (moves entered for it, games it resigned so). Games stopped on a promotion the program could\n")
	fmt.Fprintf(b, "not hold are not in the score. The games are in build/strength/*.pgn, each illegal move or\n")
	fmt.Fprintf(b, "ruling with a comment that says what it was.\n\n")
	writeEnds(b, played)
	fmt.Fprintf(b, "\n## Speed\n\n")
	writeSpeed(b, parts, played)
}

// writeVersions says which revision of mchess played the matches: a
// study resumed from kept matches (--state) may have several.
func writeVersions(b *strings.Builder, played [][]Match) {
	var versions []string
	seen := map[string]bool{}
	for _, part := range played {
		for _, m := range part {
			if !seen[m.Version] {
				seen[m.Version] = true
				versions = append(versions, m.Version)
			}
		}
	}
	if len(versions) == 1 {
		fmt.Fprintf(b, "- Version: %s.\n", versions[0])
		return
	}
	fmt.Fprintf(b, "- The matches were played, in sittings kept with --state, by: %s.\n", strings.Join(versions, "; "))
}

// writeEngines says what each engine of the matches was, as it named
// itself, with its settings.
func writeEngines(b *strings.Builder, ms []Match) {
	seen := map[string]bool{}
	for _, m := range ms {
		for _, p := range m.Summary.Players {
			if p.Cycles == 0 && p.Plays != "" && !seen[p.Name] {
				seen[p.Name] = true
				fmt.Fprintf(b, "- %s: %s\n", p.Name, p.Plays)
			}
		}
	}
	if len(seen) > 0 {
		fmt.Fprintln(b)
	}
}

func writeCommands(b *strings.Builder, ms []Match) {
	fmt.Fprintf(b, "```sh\n")
	for _, m := range ms {
		fmt.Fprintf(b, "bin/mchess match %s\n", ShellJoin(m.Args))
	}
	fmt.Fprintf(b, "```\n\n")
}

func writePairings(b *strings.Builder, ms []Match) {
	fmt.Fprintf(b, "| pairing | games | + | = | − | score | Elo difference | LOS | pairs (0, ½, 1, 1½, 2) | Elo from the pairs | draws | time |\n")
	fmt.Fprintf(b, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, m := range ms {
		for _, p := range m.Summary.Pairings {
			eloText, pairText := p.EloText, p.PairEloText
			if p.EloWithheld != "" {
				eloText, pairText = "withheld", "withheld"
			}
			fmt.Fprintf(b, "| %s vs %s | %d | %d | %d | %d | %s | %s | %s | %s | %s | %s | %s |\n", p.A, p.B, p.Games, p.Wins, p.Draws, p.Losses,
				pct(p.Score), eloText, pctPtr(p.LOS), pentaText(p.Penta), pairText, pct(p.DrawRatio), span(m.Elapsed))
		}
	}
	fmt.Fprintln(b)
}

func pentaText(p [5]int) string {
	return fmt.Sprintf("%d, %d, %d, %d, %d", p[0], p[1], p[2], p[3], p[4])
}

// writeVariantSpread sums up a gauntlet of variants against their
// reference (part 2): each one's difference from the pairs, and the
// spread of the estimates.
func writeVariantSpread(b *strings.Builder, ms []Match) {
	lo, hi := math.Inf(1), math.Inf(-1)
	var loName, hiName string
	n := 0
	for _, m := range ms {
		for _, p := range m.Summary.Pairings {
			if p.PairElo == nil {
				continue
			}
			e := -*p.PairElo // the variant's view: it is B
			n++
			if e < lo {
				lo, loName = e, p.B
			}
			if e > hi {
				hi, hiName = e, p.B
			}
		}
	}
	if n < 2 {
		return
	}
	fmt.Fprintf(b, "- The spread: from the pairs, the variants stand between %s (%s) and %s (%s) Elo against the original, "+
		"a spread of %.0f Elo; compare it with each figure's margin in the table.\n", signed(lo), loName, signed(hi), hiName, hi-lo)
}

// writeLibraryDifference sums up part 4: two programs against one
// opponent, the difference of their Elo against it, with the margin of a
// difference of two independent estimates.
func writeLibraryDifference(b *strings.Builder, ms []Match) {
	for _, m := range ms {
		ps := m.Summary.Pairings
		if len(ps) != 2 || ps[0].PairElo == nil || ps[1].PairElo == nil || ps[0].PairMargin == nil || ps[1].PairMargin == nil {
			continue
		}
		a, b2 := -*ps[0].PairElo, -*ps[1].PairElo
		margin := math.Hypot(*ps[0].PairMargin, *ps[1].PairMargin)
		fmt.Fprintf(b, "- Against %s, %s scores %s Elo and %s %s Elo (from the pairs): a difference of %s ± %.0f Elo "+
			"(the margins of two independent matches, combined).\n", ps[0].A, ps[0].B, signed(a), ps[1].B, signed(b2), signed(a-b2), margin)
	}
}

// Verdict says in words what a pairing's numbers show at 95%.
func Verdict(p match.PairingSummary) string {
	head := fmt.Sprintf("%s scored %s against %s in %d games (+%d =%d −%d)", p.A, pct(p.Score), p.B, p.Games, p.Wins, p.Draws, p.Losses)
	switch {
	case p.Games == 0:
		return head + "."
	case p.EloWithheld != "":
		return head + ": no Elo: " + p.EloWithheld + "."
	case p.Elo == nil && (p.Wins == 0 || p.Losses == 0) && p.Draws == 0 && p.Games <= 3:
		return head + ": too few games to bound the difference."
	case p.Elo == nil && p.Wins == 0 && p.Draws == 0:
		// No point at all: the rule of three bounds the true score below
		// 3/N at 95%.
		return head + fmt.Sprintf(": no point, so below %s Elo at 95%% (the rule of three: a score under 3/%d).", signed(eloOf(3/float64(p.Games))), p.Games)
	case p.Elo == nil && p.Losses == 0 && p.Draws == 0:
		return head + fmt.Sprintf(": every point, so above %s Elo at 95%% (the rule of three).", signed(-eloOf(3/float64(p.Games))))
	case p.Elo == nil || p.Margin == nil:
		return head + ": " + p.EloText + " Elo; the margin is unbounded at this score."
	}
	// The pairs' figure where there is one (their variance is the honest
	// one), else the games'.
	e, m, text := *p.Elo, *p.Margin, p.EloText
	if p.PairElo != nil && p.PairMargin != nil {
		e, m, text = *p.PairElo, *p.PairMargin, p.PairEloText+" from the pairs"
	}
	switch {
	case e-m > 0:
		return head + fmt.Sprintf(": %s Elo, stronger at 95%% confidence (the interval is %s to %s).", text, signed(e-m), signed(e+m))
	case e+m < 0:
		return head + fmt.Sprintf(": %s Elo, weaker at 95%% confidence (the interval is %s to %s).", text, signed(e-m), signed(e+m))
	}
	return head + fmt.Sprintf(": %s Elo; at 95%% confidence not told apart from equal strength (the interval %s to %s holds 0).", text, signed(e-m), signed(e+m))
}

// lostByRule says how many of each program's games in a match were lost
// by a move illegal in chess or by a resignation, which the score counts
// like any loss: a reader weighing "plays better" wants them apart.
func lostByRule(sum *match.Summary) string {
	var parts []string
	for _, p := range sum.Players {
		if p.Cycles == 0 {
			continue // an engine
		}
		part := fmt.Sprintf("%s %d illegal and %d resigned in %d games", p.Name, p.Illegal, p.Resigned, p.Games)
		if t := p.TouchMove; t.Entered+t.Resigned > 0 {
			part += fmt.Sprintf(" (touch-move: %d moves entered, %d of the resignations)", t.Entered, t.Resigned)
		}
		if p.Unheld > 0 {
			part += fmt.Sprintf(", %d adjudicated (cannot hold a promotion, not in the score)", p.Unheld)
		}
		parts = append(parts, part)
	}
	if len(parts) == 0 {
		return ""
	}
	return "Games lost by a move illegal in chess, and by resigning: " + strings.Join(parts, "; ") + "."
}

func eloOf(score float64) float64 { return -400 * math.Log10(1/score-1) }

func signed(x float64) string {
	if math.Round(x) == 0 {
		return "+0" // not "-0"
	}
	return fmt.Sprintf("%+.0f", x)
}

func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

func pctPtr(x *float64) string {
	if x == nil {
		return "–"
	}
	return pct(*x)
}

// writeEnds sums the players' endings over the study, programs only.
func writeEnds(b *strings.Builder, played [][]Match) {
	type tally struct{ games, illegal, entered, touchResigned, resigned, plyCap, failed, unheld int }
	var order []string
	sums := map[string]*tally{}
	for _, part := range played {
		for _, m := range part {
			for _, p := range m.Summary.Players {
				if p.Cycles == 0 {
					continue // an engine
				}
				t := sums[p.Name]
				if t == nil {
					t = &tally{}
					sums[p.Name] = t
					order = append(order, p.Name)
				}
				t.games += p.Games
				t.illegal += p.Illegal
				t.entered += p.TouchMove.Entered
				t.touchResigned += p.TouchMove.Resigned
				t.resigned += p.Resigned
				t.plyCap += p.PlyCap
				t.failed += p.Failed
				t.unheld += p.Unheld
			}
		}
	}
	sort.Strings(order)
	fmt.Fprintf(b, "| program | games | lost by an illegal move | touch-move: moves entered | resigned (by touch-move) | ply cap | failed | cannot hold a promotion (adjudicated) |\n")
	fmt.Fprintf(b, "|---|---:|---:|---:|---:|---:|---:|---:|\n")
	rate := func(n, of int) string { return fmt.Sprintf("%d (%.1f%%)", n, 100*float64(n)/float64(max(of, 1))) }
	for _, n := range order {
		t := sums[n]
		fmt.Fprintf(b, "| %s | %d | %s | %d | %s (%d) | %s | %s | %s |\n", n, t.games, rate(t.illegal, t.games), t.entered,
			rate(t.resigned, t.games), t.touchResigned, rate(t.plyCap, t.games), rate(t.failed, t.games), rate(t.unheld, t.games))
	}
}

// writeSpeed gives the games per hour of the first part's matches, one
// level each, as this machine played them.
func writeSpeed(b *strings.Builder, parts []Part, played [][]Match) {
	fmt.Fprintf(b, "Games an hour in part 1 (two MicroChess programs at one level), as this machine played them:\n\n")
	fmt.Fprintf(b, "| match | games | time | games an hour | emulated Mcycles a game |\n|---|---:|---:|---:|---:|\n")
	for _, m := range played[0] {
		var cycles uint64
		for _, p := range m.Summary.Players {
			cycles += p.Cycles
		}
		perHour := float64(m.Summary.Games) / m.Elapsed.Hours()
		fmt.Fprintf(b, "| %s vs %s | %d | %s | %.0f | %.0f |\n", m.Summary.Pairings[0].A, m.Summary.Pairings[0].B, m.Summary.Games,
			span(m.Elapsed), perHour, float64(cycles)/float64(max(m.Summary.Games, 1))/1e6)
	}
}

// Machine describes the host and the reference engine.
func Machine(stockfish string) string {
	cpu := "unknown CPU"
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				cpu = strings.TrimSpace(v)
				break
			}
		}
	}
	m := fmt.Sprintf("%s, %d CPUs, %s/%s, %s", cpu, runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version())
	if stockfish != "" {
		m += "; Stockfish at " + stockfish
	}
	return m
}

// LoadAverage is the host's one-minute load average, to say whether the
// times were taken on a quiet machine; "" where the host does not say.
func LoadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(data))
	if len(f) == 0 {
		return ""
	}
	return f[0]
}

// span writes a duration to the tenth of a second under a minute, to the
// second above.
func span(d time.Duration) string {
	if d < time.Minute {
		return fmt.Sprintf("%.1f s", d.Seconds())
	}
	return d.Round(time.Second).String()
}
