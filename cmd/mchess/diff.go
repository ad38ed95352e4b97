package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/kim1-archive/microchess/match"
	"github.com/kim1-archive/microchess/suite"
)

func init() {
	register("diff", "list the positions of a suite where two players choose different moves", diffMain)
}

func diffMain(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mchess diff", stderr,
		"usage: mchess diff [options] PLAYER PLAYER",
		"\nAsks each of two players for its move at the end of every line of an opening suite",
		"(one search each, the books off, as in a match game from that line) and lists the",
		"positions where they choose differently: the share, and each position with its FEN",
		"and both moves. It is the fast first signal of whether a change to a program changes",
		"its play: seconds where a match takes minutes.",
		"\nPLAYER is as in mchess match: PROGRAM[@LEVEL] (original, stone, teletype, special,",
		"library, or one given with --load or --source) or an engine given with --engine.",
		"\nExamples:",
		"  mchess diff original@super-blitz stone@super-blitz --openings study-250",
		"  mchess diff --source mine=my.asm mine@normal original@normal --json",
		"\nExit status: 0 when every position was asked (whether or not the players differ),",
		"1 when the players could not be set up or a file not read, 2 for bad usage, 130 when",
		"interrupted.")
	openingsFile := fs.String("openings", "", "the `SUITE` whose lines' final positions are asked: a file or a built-in one ("+strings.Join(suite.Names(), ", ")+"; default balanced-50)")
	jobs := fs.Int("j", 0, "positions at once (default: the number of CPUs)")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	all := fs.Bool("all", false, "list every position, the same choices too")
	quiet := fs.Bool("quiet", false, "no progress on stderr")
	var engines, loads, sources, variants stringList
	var ram ramList
	fs.Var(&engines, "engine", "define a UCI engine as in mchess match; repeatable")
	fs.Var(&loads, "load", "define a program from binaries: `NAME=FILE@ADDR[,FILE@ADDR...]`; repeatable")
	fs.Var(&sources, "source", "define a program built from sources: `NAME=FILE.asm[,FILE.asm...]`; repeatable")
	fs.Var(&variants, "variant", "define a program with bytes changed: `NAME=PROGRAM,[white:|black:]ADDR=HEXBYTES[,...]` (e.g. f07=stone,00C3=07); repeatable")
	fs.Var(&ram, "ram", "add expansion RAM `NAME=SSSS-EEEE` (hex) for --load and --source programs; repeatable")
	names, err := parse(fs, args)
	if err != nil {
		return flagExit(err)
	}
	fail := func(status int, err error) int {
		fmt.Fprintln(stderr, "mchess diff:", err)
		return status
	}
	if len(names) != 2 {
		fs.Usage()
		return 2
	}
	if *jobs < 0 {
		return fail(2, fmt.Errorf("-j wants a positive number"))
	}
	roster, err := matchRoster(engines, loads, sources, variants, ram)
	if err != nil {
		return fail(exitFor(err), err)
	}
	opt := match.DiffOptions{Jobs: *jobs}
	for i, n := range names {
		p, err := roster.Player(n)
		if err != nil {
			return fail(2, err)
		}
		if i == 0 {
			opt.A = p
		} else {
			opt.B = p
		}
	}
	if unused := roster.Unused(); len(unused) > 0 {
		return fail(2, fmt.Errorf("defined but not among the players: %s", strings.Join(unused, ", ")))
	}
	opt.Lines, err = readSuite(*openingsFile)
	if err != nil {
		return fail(1, err)
	}
	if !*quiet {
		opt.Progress = countBar(stderr, stderrTerminal, "positions")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := match.Diff(ctx, opt)
	if !*quiet && stderrTerminal {
		fmt.Fprintln(stderr)
	}
	if err != nil {
		if ctx.Err() != nil {
			return fail(130, fmt.Errorf("interrupted"))
		}
		return fail(1, err)
	}
	if *asJSON {
		b, _ := json.MarshalIndent(res, "", "  ")
		fmt.Fprintf(stdout, "%s\n", b)
		return 0
	}
	fmt.Fprintf(stdout, "%s and %s choose differently in %d of %d positions (%.1f%%)\n",
		res.A, res.B, res.Different, len(res.Positions), 100*res.Share())
	for _, p := range res.Positions {
		if p.Same && !*all {
			continue
		}
		mark := "differ"
		if p.Same {
			mark = "same"
		}
		fmt.Fprintf(stdout, "\nline %d (%s) %s\n  %s\n  %-24s %s\n  %-24s %s\n", p.Line, mark, p.Name, p.FEN,
			res.A+":", choiceText(p.A), res.B+":", choiceText(p.B))
	}
	return 0
}

// choiceText is a player's choice as the text output shows it.
func choiceText(c match.DiffChoice) string {
	t := c.UCI
	if c.SAN != "" {
		t = c.SAN + " (" + c.UCI + ")"
	}
	if c.Note != "" {
		if t != "" {
			t += ", "
		}
		t += c.Note
	}
	return t
}

// readSuite reads the suite --openings names: a built-in one, or a file,
// or a part of one (suite.Open);
// the default suite when none is named.
func readSuite(name string) ([]suite.Line, error) {
	if name == "" {
		return suite.Default(), nil
	}
	lines, err := suite.Open(name)
	if err != nil {
		return nil, fileError(err)
	}
	return lines, nil
}

// countBar shows how many of a job's items are done: redrawn in place on a
// terminal, a line every tenth otherwise.
func countBar(w io.Writer, terminal bool, what string) func(done, total int) {
	lastTenth := 0
	return func(done, total int) {
		status := fmt.Sprintf("%d/%d %s", done, total, what)
		if terminal {
			const width = 24
			filled := width * done / max(total, 1)
			fmt.Fprintf(w, "\r\x1b[K[%s%s] %s", strings.Repeat("=", filled), strings.Repeat(" ", width-filled), status)
			return
		}
		if tenth := 10 * done / max(total, 1); tenth > lastTenth || done == total {
			lastTenth = tenth
			fmt.Fprintln(w, status)
		}
	}
}
