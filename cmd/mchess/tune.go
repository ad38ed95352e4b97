package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/kim1-archive/microchess"
)

func init() {
	register("tune", "list the bytes a tuner may change in a source (its .tune declarations)", tuneMain)
}

// tuneMain is the tuner's command. --list is its one mode so far; the
// tuning loop (SPSA, issue 22) is to come as another.
func tuneMain(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mchess tune", stderr,
		"usage: mchess tune --list [--decl FILE] [SOURCE]",
		"       mchess tune --state FILE [options] [SOURCE]",
		"       mchess tune --state FILE --report-only [--report DIR] [SOURCE]",
		"\nWith --list: the parameters a tuner may change in SOURCE (default "+microchess.ProgramSource+"),",
		"as its declaration file declares them (default: SOURCE with the extension .tune,",
		microchess.TuneSource+" for the original): name, kind, addresses, the values allowed,",
		"the current value and the comment, then the ORDER lines.",
		"",
		"With --state: tunes them by SPSA as fishtest runs it (package spsa): each step plays",
		"game pairs (one opening, colours reversed) of the values θ+c_kΔ against θ−c_kΔ (--mode",
		"pair), or of both against the program as it is (--mode reference), at --level, from",
		"--openings, and moves θ by the result. The state is written after every step (and a",
		"log beside it, FILE.log.json): Ctrl-C, SIGTERM or SIGHUP stop the run, and the same",
		"command goes on from the last step, exactly as if it had not stopped. --check-every",
		"measures θ against the program every so many steps, on --check-openings. When the",
		"run ends (or with --report-only, at once) it writes to the report folder the tuned source",
		"(SOURCE with only declared bytes changed), report.md and plots (params.svg, elo.svg).",
		"Exit: 0 when the run is finished, 1 on an error, 2 for usage, 128 + the signal when",
		"stopped (130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP).",
		"See docs/tuning.md.")
	list := fs.Bool("list", false, "list the declared parameters with their current values")
	decl := fs.String("decl", "", "the declaration `file` (default: SOURCE with the extension .tune)")
	var run tuneRun
	run.flags(fs)
	args, err := parse(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(args) > 1 {
		fs.Usage()
		return 2
	}
	source := microchess.ProgramSource
	if len(args) == 1 {
		source = args[0]
	}
	if !*list && run.state == "" {
		fmt.Fprintln(stderr, "mchess tune: want --list or --state FILE")
		fs.Usage()
		return 2
	}
	tree := microchess.WorkDir
	if len(args) == 0 && *decl == "" {
		tree = microchess.Proven
	}
	set, prog, err := microchess.LoadTunable(tree, source, *decl)
	if err != nil {
		fmt.Fprintln(stderr, fileError(err))
		return 1
	}
	if !*list {
		return run.main(tree, source, set, prog, len(args) == 0, stdout, stderr)
	}
	fmt.Fprintf(stdout, "%s: %s over %s of %s\n\n", set.File, plural(len(set.Params), "parameter"), plural(len(set.Addresses()), "byte"), source)
	tw := tabwriter.NewWriter(stdout, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tKIND\tADDRESSES\tVALUES\tNOW\tCOMMENT")
	for _, p := range set.Params {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", p.Name, p.Kind, p.AddrText(), p.ValuesText(), p.ValueText(p.Current), p.Comment)
	}
	tw.Flush()
	if len(set.Orders) > 0 {
		fmt.Fprintln(stdout)
	}
	for _, o := range set.Orders {
		fmt.Fprintf(stdout, "ORDER  %s\n", o)
	}
	return 0
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
