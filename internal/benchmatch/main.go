// Command benchmatch times whole matches played by builds of mchess side
// by side: each build plays the same `mchess match` in turn, round after
// round, so that a load that comes and goes on a shared machine weighs on
// all alike, and every build must play the same games (the same wins,
// draws and losses). It writes the wall and CPU times into its section of
// docs/benchmarks.md. `make bench-match` and `make bench-match-20000` run
// it.
//
//	go run ./internal/benchmatch -bin 1a70cba=/tmp/old/mchess -bin 'this work tree'=bin/mchess \
//	    -games 1000 -jobs 2 -runs 3 -section bench-match -o docs/benchmarks.md
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/kim1-archive/microchess/internal/benchdoc"
)

type options struct {
	bins     benchdoc.BinFlag
	players  string
	openings string
	games    int
	jobs     int
	runs     int
	section  string
	out      string
	command  string
}

func main() {
	var o options
	fs := flag.NewFlagSet("benchmatch", flag.ContinueOnError)
	fs.Var(&o.bins, "bin", "a build of mchess to time, as `LABEL=PATH` (repeat; the first is the reference of the ratios)")
	fs.StringVar(&o.players, "players", "original@normal stone@normal", "the match's two players, as mchess match takes them")
	fs.StringVar(&o.openings, "openings", "balanced-10k", "the match's opening `SUITE`")
	fs.IntVar(&o.games, "games", 1000, "games a match")
	fs.IntVar(&o.jobs, "jobs", 2, "games played at once (mchess match -j)")
	fs.IntVar(&o.runs, "runs", 3, "matches of each build, taken in turn")
	fs.StringVar(&o.section, "section", "bench-match", "the `NAME` of the section in the document (its markers name it)")
	fs.StringVar(&o.out, "o", "", "the Markdown `FILE` whose section is rewritten; none prints the section")
	fs.StringVar(&o.command, "command", "", "the command that made the builds and ran this, for the record")
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	if len(o.bins) < 1 || o.games < 1 || o.jobs < 1 || o.runs < 1 || len(strings.Fields(o.players)) != 2 || fs.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "benchmatch: want at least one -bin LABEL=PATH, two -players, and -games, -jobs and -runs ≥ 1")
		os.Exit(2)
	}
	if err := run(&o); err != nil {
		fmt.Fprintln(os.Stderr, "benchmatch:", err)
		os.Exit(1)
	}
}

func run(o *options) error {
	r := report{Date: time.Now().UTC(), Machine: benchdoc.Machine(), LoadBefore: benchdoc.LoadAverage(),
		Runs: o.runs, Games: o.games, Jobs: o.jobs, Args: matchArgs(o), Command: o.command, Builds: builds(o.bins)}
	for n := range o.runs {
		if err := r.round(n); err != nil {
			return err
		}
	}
	r.End, r.LoadAfter = time.Now().UTC(), benchdoc.LoadAverage()
	m := markers(o.section)
	return m.WriteSection(o.out, r.markdown(m))
}

// markers are the section's, by its name.
func markers(section string) benchdoc.Markers {
	target := "make " + section
	return benchdoc.For(section, target, "internal/benchmatch")
}

// matchArgs are the arguments of mchess match.
func matchArgs(o *options) []string {
	args := append([]string{"match"}, strings.Fields(o.players)...)
	return append(args, "--openings", o.openings, "--games", fmt.Sprint(o.games), "-j", fmt.Sprint(o.jobs), "--quiet", "--json")
}

// builds are the tool's records of the builds given, in order.
func builds(bins benchdoc.BinFlag) []build {
	bs := make([]build, len(bins))
	for i, b := range bins {
		bs[i].Bin = b
	}
	return bs
}
