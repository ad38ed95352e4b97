package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
)

var cmdRun = &Command{
	Name:      "run",
	UsageLine: "mchess run [options] [KEY...]",
	Short:     "run MicroChess or any 6502 binary on an emulated KIM-1 or a bare 6502",
	Long: `MicroChess mode (default): builds MicroChess from src/microchess.asm and
src/residue.asm (from the current directory, or else the copies built into mchess),
or from the --source files, or loads the --load images, on an emulated KIM-1
(with any --ram expansion RAM); presses the keys (0-9 A-F AD DA +
GO PC; e.g. C PC) and prints each new display reading with its cycle count and the
seconds it takes at the KIM-1's 1 MHz. It stops, with success, when the program
waits for a key or jumps to itself; running out of cycles is a failure.

Teletype mode (--tty): the program's teletype is this terminal: what it prints
comes out here, each line typed goes to it (ended by RETURN). With no --patch,
--source or --load it is MicroChess with the teletype routines of
` + microchess.TeletypeSource + ` (docs/teletype.md):
  mchess run --tty --level blitz
It ends when the input ends, or the program jumps to itself.

Generic mode (--start): runs the --load binaries on a bare 6502 with 64 KB RAM until
a jump or branch to itself (success), --max-cycles or an undocumented opcode
(failures), e.g.
  mchess run --load 6502_functional_test.bin@0000 --start 0400 --expect-pc 3469`,
	New: func() options { return new(runOptions) },
}

// The cycle budgets when --max-cycles is not given: far above the slowest
// Normal-level move, and above Dormann's functional test (96 million).
const (
	defaultKIMBudget     = session.DefaultBudget
	defaultGenericBudget = 10_000_000_000
)

type runOpts struct {
	sources   stringList
	residue   stringList
	loads     stringList
	ram       ramList
	start     string
	expectPC  string
	expectMem stringList
	maxCycles uint64
	budgetSet bool
	level     string
	bookOff   bool
	published bool
	jsonOut   bool
	trace     bool
	sym       string
	keys      string
	goAddr    string
	patches   stringList
	tty       bool
	rom       romOption
}

// runOptions are mchess run's options.
type runOptions struct{ runOpts }

func (r *runOptions) flags(fs *flag.FlagSet) {
	o := &r.runOpts
	fs.Var(&o.loads, "load", "load a dump instead of MicroChess: `FILE@ADDR` for a raw binary (hex address), or a .ptp, .hex, .srec, .kim or .wav file, read as verify --against reads it; repeatable")
	fs.Var(&o.sources, "source", "build the program from this source `FILE` instead of "+microchess.ProgramSource+"; repeatable")
	fs.Var(&o.residue, "residue", "with --source: a residue data `FILE` (default: none); repeatable")
	fs.StringVar(&o.start, "start", "", "generic mode: start a bare 6502 with 64 KB RAM at `ADDR` (hex)")
	fs.StringVar(&o.expectPC, "expect-pc", "", "generic mode: succeed only if the run stops at `ADDR` (hex), whatever stopped it (some test programs end on an undocumented opcode)")
	fs.Var(&o.expectMem, "expect-mem", "generic mode: succeed only if memory holds `ADDR=VAL` (hex) at the stop, e.g. 000B=00; repeatable")
	fs.Uint64Var(&o.maxCycles, "max-cycles", 0, fmt.Sprintf("stop after `N` cycles and fail (default %d for MicroChess, %d generic)", uint64(defaultKIMBudget), uint64(defaultGenericBudget)))
	fs.StringVar(&o.level, "level", "", "MicroChess level: super-blitz, blitz or normal (sets 02F2 and 018B)")
	fs.BoolVar(&o.bookOff, "book-off", false, "switch the opening book off (00DC = 00) after the first key")
	fs.BoolVar(&o.published, "published", false, "run the 1977 published images instead of the program built from src/")
	fs.Var(&o.ram, "ram", "add expansion RAM `NAME=SSSS-EEEE` (hex) to the KIM-1; repeatable")
	fs.BoolVar(&o.jsonOut, "json", false, "print one JSON object")
	fs.BoolVar(&o.trace, "trace", false, "print every instruction, with symbol names")
	fs.StringVar(&o.sym, "sym", "", "symbol `FILE` (a .sym from mchess asm) for --trace with --load images (MicroChess built from src/ names itself)")
	fs.StringVar(&o.goAddr, "go", "0000", "KIM-1 mode: start the program at `ADDR` (hex), as the GO key does")
	fs.StringVar(&o.keys, "keys", "", "key script, e.g. \"C PC\" (keys may also be given as arguments)")
	fs.Var(&o.patches, "patch", "lay this patch or extension `FILE` over the program built (e.g. "+microchess.TeletypeSource+"); repeatable")
	fs.BoolVar(&o.tty, "tty", false, "wire the emulated teletype (GETCH, OUTCH) to this terminal, for a teletype program; alone, runs "+microchess.TeletypeSource+" over MicroChess with RAM x=0400-07FF")
	o.rom.register(fs)
}

func (r *runOptions) run(e *env, rest []string) error {
	o := &r.runOpts
	e.fs.Visit(func(f *flag.Flag) { o.budgetSet = o.budgetSet || f.Name == "max-cycles" })
	if o.budgetSet && o.maxCycles == 0 {
		return failf(2, "mchess run: --max-cycles 0: give at least 1 cycle (leave it out for the default)")
	}
	keys := strings.TrimSpace(o.keys + " " + strings.Join(rest, " "))
	if o.start != "" {
		if keys != "" || o.level != "" || o.bookOff || o.published || len(o.ram) > 0 || len(o.sources) > 0 {
			return failf(2, "mchess run: keys, --level, --book-off, --published, --source and --ram are for MicroChess mode, not with --start")
		}
		return exit(runGeneric(o, e.stdout, e.stderr))
	}
	if err := o.checkKIM(keys); err != nil {
		return err
	}
	return exit(runKIM(o, keys, e.stdout, e.stderr))
}

// checkKIM checks the options of MicroChess and teletype mode; a teletype
// run's program is MicroChess with the teletype routines unless the
// options say what to run.
func (o *runOpts) checkKIM(keys string) error {
	if len(o.patches) > 0 && (o.published || len(o.loads) > 0) {
		return failf(2, "mchess run: --patch goes over a program built from source, not --published or --load images")
	}
	if o.tty {
		if keys != "" || o.jsonOut || o.trace {
			return failf(2, "mchess run: --tty reads its input from the terminal: no keys, --json or --trace")
		}
		if len(o.patches) == 0 && len(o.sources) == 0 && len(o.loads) == 0 && !o.published {
			o.patches = stringList{microchess.TeletypeSource}
			if len(o.ram) == 0 {
				r := microchess.TeletypeRAM
				o.ram = ramList{fmt.Sprintf("%s=%04X-%04X", r.Name, r.Start, r.End)}
			}
		}
	}
	if o.expectPC != "" || len(o.expectMem) > 0 {
		return failf(2, "mchess run: --expect-pc and --expect-mem need --start")
	}
	if n := len(o.loads) + len(o.sources); o.published && n > 0 || len(o.loads) > 0 && len(o.sources) > 0 {
		return failf(2, "mchess run: --published, --load and --source do not go together: each says what to run")
	}
	if len(o.residue) > 0 && len(o.sources) == 0 {
		return failf(2, "mchess run: --residue goes with --source")
	}
	return nil
}

func runKIM(o *runOpts, keyText string, stdout, stderr io.Writer) int {
	keys, err := session.ParseKeys(keyText)
	if err != nil {
		fmt.Fprintln(stderr, "mchess run:", err)
		return 2
	}
	s, prog, status := kimSession(o, stderr)
	if s == nil {
		return status
	}
	if o.tty {
		return runTTY(s, os.Stdin, stdinTerminal, stdout, stderr)
	}
	s.WatchCode()
	var flush func() error
	if o.trace {
		tr, err := newTracer(o.sym, prog.names, stdout)
		if err != nil {
			fmt.Fprintln(stderr, "mchess run:", err)
			return 1
		}
		tr.Routine = kim1.RoutineAt
		s.M.Trace = func(m *kim1.Machine) { tr.Line(m.CPU) }
		flush = tr.W.(*bufio.Writer).Flush
	}
	reason, err := s.RunKeys(keys, o.bookOff)
	if flush != nil {
		flush()
	}
	rep := newKIMReport(s, keyText, o.level, reason, err)
	if o.jsonOut {
		writeJSON(stdout, rep)
	} else {
		rep.write(stdout)
	}
	switch {
	case err != nil:
		fmt.Fprintln(stderr, "mchess run:", err)
		return 1
	case reason == kim1.Budget:
		fmt.Fprintf(stderr, "mchess run: the cycle budget (%d) ran out before the program waited for input\n", s.Budget)
		return 1
	}
	return 0
}

// kimSession loads the program on the KIM-1 and makes its session at the
// level asked for; with a nil session, status is the exit status (the
// error printed).
func kimSession(o *runOpts, stderr io.Writer) (*session.Session, *program, int) {
	var level memmap.Level
	var err error
	if o.level != "" {
		if level, err = memmap.LevelByName(o.level); err != nil {
			fmt.Fprintln(stderr, "mchess run:", err)
			return nil, nil, 2
		}
	}
	goAddr, err := parseHex16(o.goAddr)
	if err != nil {
		fmt.Fprintln(stderr, "mchess run: --go:", err)
		return nil, nil, 2
	}
	prog, err := loadMicroChess(o)
	if err == nil && len(o.loads) > 0 && goAddr == memmap.Start {
		// Started at 0000 the images are MicroChess; --go runs them as
		// anything else.
		err = memmap.CheckLoaded(prog.images)
	}
	if err != nil {
		fmt.Fprintln(stderr, "mchess run:", err)
		return nil, nil, exitFor(err)
	}
	m, err := o.rom.machine(prog.layout, prog.images, goAddr, o.tty)
	if err != nil {
		fmt.Fprintln(stderr, "mchess run:", err)
		return nil, nil, exitFor(err)
	}
	s := session.NewSession(m)
	if o.level != "" {
		s.SetLevel(level)
	}
	if o.budgetSet {
		s.Budget = o.maxCycles
	}
	return s, prog, 0
}
