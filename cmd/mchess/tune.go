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
		"\nLists the parameters a tuner may change in SOURCE (default "+microchess.ProgramSource+"),",
		"as its declaration file declares them (default: SOURCE with the extension .tune,",
		microchess.TuneSource+" for the original): name, kind, addresses, the values allowed,",
		"the current value and the comment, then the ORDER lines. See docs/tuning.md.",
		"Tuning itself is not built yet.")
	list := fs.Bool("list", false, "list the declared parameters with their current values")
	decl := fs.String("decl", "", "the declaration `file` (default: SOURCE with the extension .tune)")
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
	if !*list {
		fmt.Fprintln(stderr, "mchess tune: tuning is not built yet; mchess tune --list lists what it will change")
		return 2
	}
	set, _, err := microchess.LoadTunable(microchess.WorkDir, source, *decl)
	if err != nil {
		fmt.Fprintln(stderr, fileError(err))
		return 1
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
