package main

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

// studySuite is the opening suite of the study: enough lines for about
// 500 distinct games a pairing (docs/opening-suite.md).
const studySuite = "study-250"

// studyPlan is the study: its questions and the matches that answer them.
// quick plays two short games a pairing, to try the study out.
func studyPlan(stockfish string, jobs int, quick bool) []studyPart {
	games := func(n int) string {
		if quick {
			return "2"
		}
		return strconv.Itoa(n)
	}
	common := []string{"--openings", studySuite, "-j", strconv.Itoa(jobs)}
	if quick {
		common = append(common, "--max-plies", "8")
	}
	// Each match keeps its games (not in --quick, which measures nothing).
	cmd := func(n int, args ...string) []string {
		a := append(append(args, "--games", games(n)), common...)
		if !quick {
			var name []string
			for _, w := range args {
				if strings.HasPrefix(w, "-") {
					continue
				}
				name = append(name, strings.ReplaceAll(w, "@", "-"))
			}
			a = append(a, "--pgn", "build/strength/"+strings.Join(name, "_")+".pgn")
		}
		return a
	}
	// Stone's upgrade is refereed as his article says (docs/referee.md).
	touch := []string{"--illegal", "stone=touch-move"}
	var stone []([]string)
	for _, l := range []string{"super-blitz", "blitz", "normal"} {
		stone = append(stone, append(cmd(500, "stone@"+l, "original@"+l), touch...))
	}
	// The reference opponents: Stockfish's own weakening (Skill Level, or
	// UCI_LimitStrength at its lowest UCI_Elo), and full strength cut to
	// one node.
	sf := func(def string) []string {
		return []string{"--engine", def + ",cmd=" + stockfish + ",option.Threads=1,option.Hash=16"}
	}
	var refs [][]string
	for _, prog := range []string{"original@normal", "stone@normal"} {
		a := cmd(200, "--gauntlet", prog, "sf-elo1350", "sf-skill0", "sf-node1")
		if strings.HasPrefix(prog, "stone@") {
			a = append(a, touch...)
		}
		a = append(a, sf("name=sf-elo1350,nodes=10000,option.UCI_LimitStrength=true,option.UCI_Elo=1350")...)
		a = append(a, sf("name=sf-skill0,nodes=1,option.Skill Level=0")...)
		a = append(a, sf("name=sf-node1,nodes=1")...)
		refs = append(refs, a)
	}
	return []studyPart{
		{title: "Stone's upgrade against the original",
			question: "Stone's 1980 article says the upgrade plays \"a significantly better game\", and measures nothing. Does it, at each level?",
			note: "The upgrade is played as this toolchain rebuilds it, its reconstructed bytes included (docs/stone-1980.md). " +
				"Its development list makes moves illegal in chess: a pawn's double step through a man on the square between, " +
				"castling out of check (docs/stone-1980.md, \"Behaviour the experiment showed\"). Such a move is refereed as " +
				"the article says, by the touch-move rule (docs/referee.md): the man it moved must move, the referee enters " +
				"the legal move of that man nearest the square it meant, and with none the program resigns. The line under " +
				"each match counts the moves entered and the games resigned so.",
			matches: stone},
		{title: "The original's levels against each other",
			question: "The manual's levels give a move about 3 s, 10 s and 100 s on the KIM-1. What does the thinking buy?",
			matches:  [][]string{cmd(500, "original@super-blitz", "original@blitz", "original@normal")}},
		{title: "Against Stockfish at fixed weak settings",
			question: "Where do the programs stand against opponents anyone can set up again?",
			note: "Stockfish weakened by Skill Level or UCI_LimitStrength picks among its moves at random, from a " +
				"generator it seeds from the clock: those games are not the same from run to run, only their " +
				"statistics are. At one node and full strength it is deterministic. UCI_Elo is Stockfish's own " +
				"scale; the differences below are against these settings, not ratings on any list.",
			matches: refs},
	}
}

// writeStudy writes the document from the matches played.
func writeStudy(b *strings.Builder, parts []studyPart, played [][]studyMatch, machine string, total time.Duration, load [2]string, quick bool) {
	fmt.Fprintf(b, "# MicroChess's strength, measured\n\n")
	fmt.Fprintf(b, "Written by `mchess strength -o docs/strength.md` (`make strength`) from the games it played; not\n")
	fmt.Fprintf(b, "edited by hand. Every number below is counted from those games.\n\n")
	if quick {
		fmt.Fprintf(b, "**This is a --quick run: two games a pairing cut at 8 plies. It shows the study runs; it\nmeasures nothing.**\n\n")
	}
	fmt.Fprintf(b, "- Machine: %s. The study took %s.\n", machine, span(total))
	if load[0] != "" && load[1] != "" {
		fmt.Fprintf(b, "- One-minute load average %s at the start and %s at the end (the study's own games count: with -j\n", load[0], load[1])
		fmt.Fprintf(b, "  equal to the CPUs it is about that number; more means other work shared the machine and the times\n")
		fmt.Fprintf(b, "  are long).\n")
	}
	fmt.Fprintf(b, "- Version: %s.\n", version())
	fmt.Fprintf(b, "- Games start from the lines of the `%s` opening suite (docs/opening-suite.md), each line played\n", studySuite)
	fmt.Fprintf(b, "  twice with colours reversed. The programs' opening books are off; Stone's Table 1, a development\n")
	fmt.Fprintf(b, "  plan his GO weighs in every position, is on. Draws by repetition and the fifty-move rule are\n")
	fmt.Fprintf(b, "  claimed; a game reaching the ply cap is a draw, counted apart; a move illegal in chess loses, but for\n")
	fmt.Fprintf(b, "  Stone's, refereed by the touch-move rule of his article (docs/referee.md). A promotion a\n")
	fmt.Fprintf(b, "  program's piece table cannot hold stops the game, adjudicated by material (a lead of a rook's\n")
	fmt.Fprintf(b, "  worth wins, else a draw): such games are listed apart and left out of the score and the Elo.\n")
	fmt.Fprintf(b, "- Elo difference, its 95%% margin and LOS are computed as cutechess-cli computes them (package elo).\n")
	fmt.Fprintf(b, "  The margin is of the difference between these two players on these openings, nothing wider.\n\n")
	for i, p := range parts {
		fmt.Fprintf(b, "## %d. %s\n\n%s\n\n", i+1, p.title, p.question)
		if p.note != "" {
			fmt.Fprintf(b, "%s\n\n", p.note)
		}
		writeCommands(b, played[i])
		writePairings(b, played[i])
		writeEngines(b, played[i])
		for _, m := range played[i] {
			for _, ps := range m.sum.Pairings {
				fmt.Fprintf(b, "- %s\n", verdict(ps))
			}
			if s := lostByRule(m.sum); s != "" {
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

// writeEngines says what each engine of the matches was, as it named
// itself, with its settings.
func writeEngines(b *strings.Builder, ms []studyMatch) {
	seen := map[string]bool{}
	for _, m := range ms {
		for _, p := range m.sum.Players {
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

func writeCommands(b *strings.Builder, ms []studyMatch) {
	fmt.Fprintf(b, "```sh\n")
	for _, m := range ms {
		fmt.Fprintf(b, "bin/mchess match %s\n", shellJoin(m.args))
	}
	fmt.Fprintf(b, "```\n\n")
}

func writePairings(b *strings.Builder, ms []studyMatch) {
	fmt.Fprintf(b, "| pairing | games | + | = | − | score | Elo difference | LOS | draws | time |\n")
	fmt.Fprintf(b, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, m := range ms {
		for _, p := range m.sum.Pairings {
			fmt.Fprintf(b, "| %s vs %s | %d | %d | %d | %d | %s | %s | %s | %s | %s |\n", p.A, p.B, p.Games, p.Wins, p.Draws, p.Losses,
				pct(p.Score), p.EloText, pctPtr(p.LOS), pct(p.DrawRatio), span(m.elapsed))
		}
	}
	fmt.Fprintln(b)
}

// verdict says in words what a pairing's numbers show at 95%.
func verdict(p match.PairingSummary) string {
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
	case *p.Elo-*p.Margin > 0:
		return head + fmt.Sprintf(": %s Elo, stronger at 95%% confidence (the interval is %s to %s).", p.EloText, signed(*p.Elo-*p.Margin), signed(*p.Elo+*p.Margin))
	case *p.Elo+*p.Margin < 0:
		return head + fmt.Sprintf(": %s Elo, weaker at 95%% confidence (the interval is %s to %s).", p.EloText, signed(*p.Elo-*p.Margin), signed(*p.Elo+*p.Margin))
	}
	return head + fmt.Sprintf(": %s Elo; at 95%% confidence not told apart from equal strength (the interval %s to %s holds 0).", p.EloText, signed(*p.Elo-*p.Margin), signed(*p.Elo+*p.Margin))
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

func signed(x float64) string { return fmt.Sprintf("%+.0f", x) }

func pct(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }

func pctPtr(x *float64) string {
	if x == nil {
		return "–"
	}
	return pct(*x)
}

// writeEnds sums the players' endings over the study, programs only.
func writeEnds(b *strings.Builder, played [][]studyMatch) {
	type tally struct{ games, illegal, entered, touchResigned, resigned, plyCap, failed, unheld int }
	var order []string
	sums := map[string]*tally{}
	for _, part := range played {
		for _, m := range part {
			for _, p := range m.sum.Players {
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
func writeSpeed(b *strings.Builder, parts []studyPart, played [][]studyMatch) {
	fmt.Fprintf(b, "Games an hour in part 1 (two MicroChess programs at one level), as this machine played them:\n\n")
	fmt.Fprintf(b, "| match | games | time | games an hour | emulated Mcycles a game |\n|---|---:|---:|---:|---:|\n")
	for _, m := range played[0] {
		var cycles uint64
		for _, p := range m.sum.Players {
			cycles += p.Cycles
		}
		perHour := float64(m.sum.Games) / m.elapsed.Hours()
		fmt.Fprintf(b, "| %s vs %s | %d | %s | %.0f | %.0f |\n", m.sum.Pairings[0].A, m.sum.Pairings[0].B, m.sum.Games,
			span(m.elapsed), perHour, float64(cycles)/float64(max(m.sum.Games, 1))/1e6)
	}
}

// studyMachine describes the host and the reference engine.
func studyMachine(stockfish string) string {
	cpu := "unknown CPU"
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				cpu = strings.TrimSpace(v)
				break
			}
		}
	}
	return fmt.Sprintf("%s, %d CPUs, %s/%s, %s; Stockfish at %s", cpu, runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version(), stockfish)
}

// loadAverage is the host's one-minute load average, to say whether the
// times were taken on a quiet machine; "" where the host does not say.
func loadAverage() string {
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
