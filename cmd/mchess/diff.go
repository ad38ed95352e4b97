package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/match"
	"github.com/kim1-archive/microchess/suite"
)

var cmdDiff = &Command{
	Name:      "diff",
	UsageLine: "mchess diff [options] PLAYER PLAYER",
	Short:     "list the positions of a suite where two players choose different moves",
	Long: `Asks each of two players for its move at the end of every line of an opening suite
(one search each, the books off, as in a match game from that line) and lists the
positions where they choose differently: the share, and each position with its FEN
and both moves. It is the fast first signal of whether a change to a program changes
its play: seconds where a match takes minutes.

` + wrap("PLAYER is as in mchess match: PROGRAM[@LEVEL] ("+builds.Either(append(builds.Names(builds.Builtin), builds.Local, "one given with --load or --source"))+") or an engine given with --engine.", 88) + `

Examples:
  mchess diff original@super-blitz stone@super-blitz --openings study-250
  mchess diff --source mine=my.asm mine@normal original@normal --json

A position where a player could not be set up (a piece table that cannot hold it)
or failed (an engine that never answered) is not compared: it is listed, counted
apart and left out of the share.

Exit status: 0 when the positions were asked (whether or not the players differ),
1 when the players could not be set up, no position could be compared, or a file
not read, 2 for bad usage, 130 when interrupted.`,
	New: func() options { return new(diffOptions) },
}

type diffOptions struct {
	openingsFile                      string
	jobs                              int
	asJSON, all, quiet                bool
	engines, loads, sources, variants stringList
	ram                               ramList
}

func (o *diffOptions) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.openingsFile, "openings", "", "the `SUITE` whose lines' final positions are asked: a file or a built-in one ("+strings.Join(suite.Names(), ", ")+"; default balanced-50)")
	fs.IntVar(&o.jobs, "j", 0, "positions at once (default: the number of CPUs)")
	fs.BoolVar(&o.asJSON, "json", false, "print the result as JSON")
	fs.BoolVar(&o.all, "all", false, "list every position, the same choices too")
	fs.BoolVar(&o.quiet, "quiet", false, "no progress on stderr")
	fs.Var(&o.engines, "engine", "define a UCI engine as in mchess match; repeatable")
	fs.Var(&o.loads, "load", "define a program from binaries: `NAME=FILE@ADDR[,FILE@ADDR...]`; repeatable")
	fs.Var(&o.sources, "source", "define a program built from sources: `NAME=FILE.asm[,FILE.asm...]`; repeatable")
	fs.Var(&o.variants, "variant", "define a program with bytes changed: `NAME=PROGRAM,[white:|black:]ADDR=HEXBYTES[,...]` (e.g. f07=stone,00C3=07); repeatable")
	fs.Var(&o.ram, "ram", "add expansion RAM `NAME=SSSS-EEEE` (hex) for --load and --source programs; repeatable")
}

// diffFail is a failure of mchess diff, with its exit status.
func diffFail(status int, err error) error {
	return failf(status, "mchess diff: %v", err)
}

func (o *diffOptions) run(e *env, names []string) error {
	if len(names) != 2 {
		return e.usage("want two players, %s", given(names))
	}
	opt, err := o.setUp(names)
	if err != nil {
		return err
	}
	if !o.quiet {
		opt.Progress = countBar(e.stderr, stderrTerminal, "positions")
	}
	opt.Note = func(note string) { fmt.Fprintln(e.stderr, "mchess diff: note:", note) }
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := match.Diff(ctx, opt)
	if !o.quiet && stderrTerminal {
		fmt.Fprintln(e.stderr)
	}
	if err != nil {
		if ctx.Err() != nil {
			return diffFail(130, fmt.Errorf("interrupted"))
		}
		return diffFail(1, err)
	}
	o.print(e.stdout, res)
	return nil
}

// setUp checks the options and makes the two players and the suite.
func (o *diffOptions) setUp(names []string) (match.DiffOptions, error) {
	opt := match.DiffOptions{Jobs: o.jobs}
	if o.jobs < 0 {
		return opt, diffFail(2, fmt.Errorf("-j wants a positive number"))
	}
	roster, err := matchRoster(o.engines, o.loads, o.sources, o.variants, o.ram)
	if err != nil {
		return opt, diffFail(exitFor(err), err)
	}
	for i, n := range names {
		p, err := roster.Player(n)
		if err != nil {
			return opt, diffFail(2, err)
		}
		if i == 0 {
			opt.A = p
		} else {
			opt.B = p
		}
	}
	if unused := roster.Unused(); len(unused) > 0 {
		return opt, diffFail(2, fmt.Errorf("defined but not among the players: %s", strings.Join(unused, ", ")))
	}
	opt.Lines, err = readSuite(o.openingsFile)
	if err != nil {
		return opt, diffFail(1, err)
	}
	return opt, nil
}

// print prints the result, as JSON with --json.
func (o *diffOptions) print(w io.Writer, res *match.DiffResult) {
	if o.asJSON {
		b, _ := json.MarshalIndent(res, "", "  ")
		fmt.Fprintf(w, "%s\n", b)
		return
	}
	fmt.Fprintf(w, "%s and %s choose differently in %d of %d positions (%.1f%%)\n",
		res.A, res.B, res.Different, res.Compared(), 100*res.Share())
	if res.NotCompared > 0 {
		fmt.Fprintf(w, "%d of %d positions not compared: a player could not be set up there, or failed (listed below)\n",
			res.NotCompared, len(res.Positions))
	}
	for _, n := range [][2]string{{res.A, res.PlaysA}, {res.B, res.PlaysB}} {
		if strings.Contains(n[1], microchess.Modified) {
			fmt.Fprintf(w, "%s plays %s\n", n[0], n[1])
		}
	}
	if res.Identical {
		fmt.Fprintf(w, "%s vs %s: the same program bytes at the same level: the result measures nothing\n", res.A, res.B)
	}
	for _, p := range res.Positions {
		if p.Same && !o.all {
			continue
		}
		mark := "differ"
		switch {
		case p.NotCompared != "":
			mark = "not compared"
		case p.Same:
			mark = "same"
		}
		fmt.Fprintf(w, "\nline %d (%s) %s\n  %s\n  %-24s %s\n  %-24s %s\n", p.Line, mark, p.Name, p.FEN,
			res.A+":", choiceText(p.A), res.B+":", choiceText(p.B))
	}
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
