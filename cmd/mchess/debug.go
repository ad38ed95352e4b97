package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/chzyer/readline"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/debug"
	"github.com/kim1-archive/microchess/internal/bounded"
)

func init() {
	register("debug", "an interactive monitor over the emulated KIM-1: breakpoints, watchpoints, the source, the board", debugMain)
}

// programOpts are the options that say which program runs on the KIM-1,
// as mchess run takes them.
func programFlags(fs *flag.FlagSet, o *runOpts) {
	fs.Var(&o.loads, "load", "load a binary `FILE@ADDR` (hex address) instead of MicroChess; repeatable")
	fs.Var(&o.sources, "source", "build the program from this source `FILE` instead of "+microchess.ProgramSource+"; repeatable")
	fs.Var(&o.residue, "residue", "with --source: a residue data `FILE` (default: none); repeatable")
	fs.Var(&o.patches, "patch", "lay this patch or extension `FILE` over the program built; repeatable")
	fs.BoolVar(&o.published, "published", false, "run the 1977 published images instead of the program built from src/")
	fs.Var(&o.ram, "ram", "add expansion RAM `NAME=SSSS-EEEE` (hex) to the KIM-1; repeatable")
	fs.StringVar(&o.sym, "sym", "", "symbol `FILE` (a .sym from mchess asm) naming the --load images")
	fs.StringVar(&o.level, "level", "", "MicroChess level: super-blitz, blitz or normal (sets 02F2 and 018B)")
	fs.BoolVar(&o.bookOff, "book-off", false, "switch the opening book off (00DC = 00) after the first key")
	fs.StringVar(&o.goAddr, "go", "0000", "start the program at `ADDR` (hex), as the GO key does")
	fs.StringVar(&o.keys, "keys", "", "key script, e.g. \"C PC\" (keys may also be given as arguments)")
}

// checkProgramOpts refuses what mchess run refuses for MicroChess mode.
func checkProgramOpts(name string, o *runOpts, stderr io.Writer) bool {
	switch {
	case len(o.patches) > 0 && (o.published || len(o.loads) > 0):
		fmt.Fprintf(stderr, "mchess %s: --patch goes over a program built from source, not --published or --load images\n", name)
	case o.published && len(o.loads)+len(o.sources) > 0 || len(o.loads) > 0 && len(o.sources) > 0:
		fmt.Fprintf(stderr, "mchess %s: --published, --load and --source do not go together: each says what to run\n", name)
	case len(o.residue) > 0 && len(o.sources) == 0:
		fmt.Fprintf(stderr, "mchess %s: --residue goes with --source\n", name)
	case o.sym != "" && len(o.loads) == 0:
		fmt.Fprintf(stderr, "mchess %s: --sym names --load images (a program built from source names itself)\n", name)
	default:
		return true
	}
	return false
}

// debugSession is the program loaded on a KIM-1, the level set, with
// what is known of its source.
func debugSession(o *runOpts) (*microchess.Session, *debug.Source, error) {
	prog, err := loadMicroChess(o)
	if err != nil {
		return nil, nil, err
	}
	m, err := microchess.Machine(prog.layout, prog.images)
	if err != nil {
		return nil, nil, err
	}
	s := microchess.NewSession(m)
	if s.M.CPU.PC, err = parseHex16(o.goAddr); err != nil {
		return nil, nil, usagef("--go: %v", err)
	}
	if o.level != "" {
		l, err := microchess.LevelByName(o.level)
		if err != nil {
			return nil, nil, usagef("%v", err)
		}
		s.SetLevel(l)
	}
	src, err := debugSourceOf(o)
	return s, src, err
}

// debugSourceOf gives the statements of the program built from source (the
// 1977 source for --published, whose bytes it proves), the symbols of a
// --sym file, or nothing.
func debugSourceOf(o *runOpts) (*debug.Source, error) {
	switch {
	case len(o.loads) > 0 && o.sym != "":
		f, err := bounded.Open(o.sym, asm.SymbolsLimit)
		if err != nil {
			return nil, fileError(err)
		}
		defer f.Close()
		syms, err := asm.ReadSymbols(o.sym, f)
		if err != nil {
			return nil, err
		}
		return debug.SymbolsOnly(syms), nil
	case len(o.loads) > 0:
		return debug.SymbolsOnly(nil), nil
	case o.published:
		p, err := microchess.Original(false)
		if err != nil {
			return nil, err
		}
		return debug.NewSource(p.Code), nil
	}
	regions, err := parseRAM(o.ram)
	if err != nil {
		return nil, err
	}
	opt := microchess.Options{Residue: []string{microchess.ResidueSource}, RAM: regions}
	if len(o.sources) > 0 {
		opt.Sources, opt.Residue = o.sources, o.residue
	}
	p, err := microchess.Build(microchess.WorkDir, opt)
	if err != nil {
		return nil, fileError(err)
	}
	if len(o.patches) == 0 {
		return debug.NewSource(p.Code), nil
	}
	patched, err := p.Overlay(o.patches...)
	if err != nil {
		return nil, fileError(err)
	}
	return debug.NewSource(p.Code, patched.Patch), nil
}

func debugMain(args []string, stdout, stderr io.Writer) int {
	var o runOpts
	var script string
	fs := flag.NewFlagSet("mchess debug", flag.ContinueOnError)
	fs.SetOutput(stderr)
	programFlags(fs, &o)
	fs.StringVar(&script, "script", "", "read the commands from `FILE` (- for standard input) and print to standard output, for tests and records")
	fs.Uint64Var(&o.maxCycles, "max-cycles", microchess.DefaultBudget, "`N` cycles at most for each command that runs the program")
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
	keys, err := microchess.ParseKeys(strings.TrimSpace(o.keys + " " + strings.Join(rest, " ")))
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
