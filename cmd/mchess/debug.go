package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/chzyer/readline"

	"github.com/kim1-archive/microchess/debug"
	"github.com/kim1-archive/microchess/internal/bounded"
	"github.com/kim1-archive/microchess/session"
)

func init() {
	register("debug", "an interactive monitor over the emulated KIM-1: breakpoints, watchpoints, the source, the board", debugMain)
}

func debugMain(args []string, stdout, stderr io.Writer) int {
	var o runOpts
	var script string
	fs := flag.NewFlagSet("mchess debug", flag.ContinueOnError)
	fs.SetOutput(stderr)
	programFlags(fs, &o)
	fs.StringVar(&script, "script", "", "read the commands from `FILE` (- for standard input) and print to standard output, for tests and records")
	fs.Uint64Var(&o.maxCycles, "max-cycles", session.DefaultBudget, "`N` cycles at most for each command that runs the program")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: mchess debug [options] [KEY...]")
		fmt.Fprintln(stderr, "\nLoads the program as mchess run does (MicroChess built from src/, --source,")
		fmt.Fprintln(stderr, "--patch, --published or --load) on an emulated KIM-1, presses the keys given")
		fmt.Fprintln(stderr, "(as run presses them; --book-off runs the first alone, then clears 00DC) and")
		fmt.Fprintln(stderr, "stops at the program's start for commands: break, watch, step, next, finish,")
		fmt.Fprintln(stderr, "continue, where, list, regs, x, board, state, counts, keys... ('help' lists")
		fmt.Fprintln(stderr, "them). It runs the interpreter one instruction at a time (the translation to")
		fmt.Fprintln(stderr, "Go is not used), about 20 million instructions a second. A terminal gets line")
		fmt.Fprintln(stderr, "editing and history; otherwise, or with --script, commands are read as lines")
		fmt.Fprintln(stderr, "and echoed after (mchess). e.g.")
		fmt.Fprintln(stderr, "  mchess debug --level normal --book-off C PC")
		fmt.Fprintln(stderr, "\noptions:")
		fs.PrintDefaults()
	}
	rest, err := parse(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if o.maxCycles == 0 {
		fmt.Fprintln(stderr, "mchess debug: --max-cycles 0: give at least 1 cycle")
		return 2
	}
	if !checkProgramOpts("debug", &o, stderr) {
		return 2
	}
	keys, err := session.ParseKeys(strings.TrimSpace(o.keys + " " + strings.Join(rest, " ")))
	if err != nil {
		fmt.Fprintln(stderr, "mchess debug:", err)
		return 2
	}
	s, src, err := debugSession(&o)
	if err != nil {
		fmt.Fprintln(stderr, "mchess debug:", err)
		return exitFor(err)
	}
	d := debug.New(s.M, src, o.maxCycles)
	mon := &debug.Monitor{D: d, Out: stdout}
	if o.bookOff && len(keys) > 0 {
		// As run does: the first key alone, then the book off.
		s.M.Press(keys[0])
		if st := d.Continue(); st.Why != debug.StopWaiting {
			fmt.Fprintf(stderr, "mchess debug: the program did not wait for a key after the first (%v)\n", st.Why)
			return 1
		}
		s.BookOff()
		keys = keys[1:]
		fmt.Fprintf(stdout, "pressed the first key, then set .OMOVE (00DC) = 00: the book is off\n")
	}
	s.M.Press(keys...)
	fmt.Fprintf(stdout, "%d keys to press; the program is at %04X %s, cycle %d\n", s.M.KeysLeft(), s.M.CPU.PC, src.Where(s.M.CPU.PC), s.M.CPU.Cycles)
	switch {
	case script != "" && script != "-":
		f, err := bounded.Open(script, scriptLimit)
		if err != nil {
			fmt.Fprintln(stderr, "mchess debug:", fileError(err))
			return 1
		}
		defer f.Close()
		err = mon.Script(script, f)
		return reportScript(err, stderr)
	case script == "-" || !stdinTerminal:
		return reportScript(mon.Script("standard input", os.Stdin), stderr)
	}
	return interactive(mon, stdout, stderr)
}

// scriptLimit bounds a debugger script: commands a person writes.
var scriptLimit = bounded.Limit{Bytes: 1 << 20, What: "a debugger script"}

func reportScript(err error, stderr io.Writer) int {
	if err != nil {
		fmt.Fprintln(stderr, "mchess debug:", err)
		return 1
	}
	return 0
}

// interactive reads commands from the terminal with line editing and a
// history, until quit or the end of input (Ctrl-D).
func interactive(mon *debug.Monitor, stdout, stderr io.Writer) int {
	var items []readline.PrefixCompleterInterface
	for _, n := range debug.Names() {
		items = append(items, readline.PcItem(n))
	}
	rl, err := readline.NewEx(&readline.Config{
		Prompt:          "(mchess) ",
		HistoryLimit:    1000,
		AutoComplete:    readline.NewPrefixCompleter(items...),
		InterruptPrompt: "^C",
		EOFPrompt:       "quit",
		Stdout:          stdout,
		Stderr:          stderr,
	})
	if err != nil {
		fmt.Fprintln(stderr, "mchess debug:", err)
		return 1
	}
	defer rl.Close()
	fmt.Fprintln(stdout, "type help for the commands")
	last := ""
	for {
		line, err := rl.Readline()
		if errors.Is(err, readline.ErrInterrupt) {
			continue
		}
		if err != nil { // io.EOF
			return 0
		}
		if strings.TrimSpace(line) == "" {
			line = last // Enter repeats the last command, as in gdb
		}
		last = line
		if err := mon.Exec(line); errors.Is(err, debug.ErrQuit) {
			return 0
		} else if err != nil {
			fmt.Fprintln(stdout, "error:", err)
		}
	}
}
