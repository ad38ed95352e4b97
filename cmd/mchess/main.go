// Command mchess is the MicroChess toolchain: assembler, verifier and
// KIM-1 emulator front end. Each subcommand lives in its own file and
// registers itself; this file only dispatches.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
)

type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]command{}

func register(name, summary string, run func(args []string, stdout, stderr io.Writer) int) {
	commands[name] = command{summary, run}
}

func main() { os.Exit(mainExit(os.Args[1:], os.Stdout, os.Stderr)) }

func mainExit(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "mchess: unknown command %q (see mchess -h)\n", args[0])
		return 2
	}
	return c.run(args[1:], stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "mchess: the MicroChess (KIM-1, 1977) toolchain")
	fmt.Fprintln(w, "\nusage: mchess COMMAND [options] [arguments]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'mchess COMMAND -h' for a command's options.")
}

// newFlags makes a subcommand's flag set: errors and -h go to stderr, and
// -h prints the usage lines, then the options.
func newFlags(name string, stderr io.Writer, usage ...string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		for _, line := range usage {
			fmt.Fprintln(stderr, line)
		}
		fmt.Fprintln(stderr, "\noptions:")
		fs.PrintDefaults()
	}
	return fs
}
