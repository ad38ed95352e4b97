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

var cmdDebug = &Command{
	Name:      "debug",
	UsageLine: "mchess debug [options] [KEY...]",
	Short:     "an interactive monitor over the emulated KIM-1: breakpoints, watchpoints, the source, the board",
	Long: `Loads the program as mchess run does (MicroChess built from src/, --source,
--patch, --published or --load) on an emulated KIM-1, presses the keys given
(as run presses them; --book-off runs the first alone, then clears 00DC) and
stops at the program's start for commands: break, watch, step, next, finish,
continue, where, list, regs, x, board, state, counts, keys... ('help' lists
them). It runs the interpreter one instruction at a time (the translation to
Go is not used), about 20 million instructions a second. A terminal gets line
editing and history; otherwise, or with --script, commands are read as lines
and echoed after (mchess). e.g.
  mchess debug --level normal --book-off C PC`,
	New: func() options { return new(debugOptions) },
}

type debugOptions struct {
	runOpts
	script string
}

func (o *debugOptions) flags(fs *flag.FlagSet) {
	programFlags(fs, &o.runOpts)
	fs.StringVar(&o.script, "script", "", "read the commands from `FILE` (- for standard input) and print to standard output, for tests and records")
	fs.Uint64Var(&o.maxCycles, "max-cycles", session.DefaultBudget, "`N` cycles at most for each command that runs the program")
}

func (o *debugOptions) run(e *env, args []string) error {
	if o.maxCycles == 0 {
		return failf(2, "mchess debug: --max-cycles 0: give at least 1 cycle")
	}
	if !checkProgramOpts("debug", &o.runOpts, e.stderr) {
		return exit(2)
	}
	keys, err := session.ParseKeys(strings.TrimSpace(o.keys + " " + strings.Join(args, " ")))
	if err != nil {
		return failf(2, "mchess debug: %v", err)
	}
	s, src, err := debugSession(&o.runOpts)
	if err != nil {
		return failf(exitFor(err), "mchess debug: %v", err)
	}
	d := debug.New(s.M, src, o.maxCycles)
	mon := &debug.Monitor{D: d, Out: e.stdout}
	if o.bookOff && len(keys) > 0 {
		// As run does: the first key alone, then the book off.
		s.M.Press(keys[0])
		if st := d.Continue(); st.Why != debug.StopWaiting {
			return failf(1, "mchess debug: the program did not wait for a key after the first (%v)", st.Why)
		}
		s.BookOff()
		keys = keys[1:]
		fmt.Fprintf(e.stdout, "pressed the first key, then set .OMOVE (00DC) = 00: the book is off\n")
	}
	s.M.Press(keys...)
	fmt.Fprintf(e.stdout, "%d keys to press; the program is at %04X %s, cycle %d\n", s.M.KeysLeft(), s.M.CPU.PC, src.Where(s.M.CPU.PC), s.M.CPU.Cycles)
	return o.commands(e, mon)
}

// commands reads the debugger's commands: from the script, or standard
// input, or the terminal.
func (o *debugOptions) commands(e *env, mon *debug.Monitor) error {
	switch {
	case o.script != "" && o.script != "-":
		f, err := bounded.Open(o.script, scriptLimit)
		if err != nil {
			return failf(1, "mchess debug: %v", fileError(err))
		}
		defer f.Close()
		return scriptError(mon.Script(o.script, f))
	case o.script == "-" || !stdinTerminal:
		return scriptError(mon.Script("standard input", os.Stdin))
	}
	return interactive(mon, e.stdout, e.stderr)
}

// scriptLimit bounds a debugger script: commands a person writes.
var scriptLimit = bounded.Limit{Bytes: 1 << 20, What: "a debugger script"}

func scriptError(err error) error {
	if err != nil {
		return failf(1, "mchess debug: %v", err)
	}
	return nil
}

// interactive reads commands from the terminal with line editing and a
// history, until quit or the end of input (Ctrl-D).
func interactive(mon *debug.Monitor, stdout, stderr io.Writer) error {
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
		return failf(1, "mchess debug: %v", err)
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
			return nil
		}
		if strings.TrimSpace(line) == "" {
			line = last // Enter repeats the last command, as in gdb
		}
		last = line
		if err := mon.Exec(line); errors.Is(err, debug.ErrQuit) {
			return nil
		} else if err != nil {
			fmt.Fprintln(stdout, "error:", err)
		}
	}
}
