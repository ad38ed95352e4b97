package main

import (
	"flag"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
	"github.com/kim1-archive/microchess/uci"
)

var cmdUCI = &Command{
	Name:      "uci",
	UsageLine: "mchess uci [--program PROGRAM] [--load FILE...] [--ram NAME=SSSS-EEEE]",
	Short:     "serve MicroChess as a UCI chess engine on stdin and stdout (for chess GUIs)",
	Long: `Speaks the Universal Chess Interface on standard input and output, so that a chess
GUI (or polyglot, for xboard) can play MicroChess on the emulated KIM-1. Options the
` + wrap("GUI can set: Program ("+programList(func(p *builds.Program) bool { return builds.UCI(p) || p.Local }, false)+
		", in a directory with a src/microchess.asm; loaded: the --load images), Level (auto: the strongest that fits the time; "+
		"super-blitz, blitz, normal: the strongest the engine plays, lowered when the clock is short), OwnBook, and Clock "+
		"(host: as fast as this computer; kim-1: at a 1 MHz KIM-1's pace). --program sets Program's default; a program whose "+
		"bytes are not the 1977 program's gives its modifications in id name. While it thinks the engine sends info lines "+
		"(depth, score from the program's own value of its move, nodes, pv with the reply it analysed, currmove); every "+
		"bestmove is legal (docs/uci.md).", 88),
	New: func() options { return new(uciOptions) },
}

// uciIn is where the engine reads its commands; tests replace it.
var uciIn io.Reader = os.Stdin

// loadedProgram is the Program option's value for the --load images.
const loadedProgram = "loaded"

// uciProgramHelp is the help of uci's --program: the programs it offers.
func uciProgramHelp() string {
	names := append(builds.Names(builds.UCI), builds.Local)
	return "the Program option's default: `" + names[0] + "`, " + strings.Join(names[1:], ", ") + ", or " + loadedProgram + " (with --load)"
}

type uciOptions struct {
	o              runOpts
	defaultProgram string
	loaded         *program
}

func (u *uciOptions) flags(fs *flag.FlagSet) {
	fs.StringVar(&u.defaultProgram, "program", builds.Original, uciProgramHelp())
	fs.Var(&u.o.loads, "load", "offer a dump as the program loaded (the default): `FILE@ADDR` for a raw binary (hex address), or a .ptp, .hex, .srec, .kim or .wav file, read as verify --against reads it; repeatable")
	fs.Var(&u.o.ram, "ram", "add expansion RAM `NAME=SSSS-EEEE` (hex) for the --load images; repeatable")
}

func (u *uciOptions) run(e *env, args []string) error {
	if len(args) > 0 {
		return e.usage("takes no arguments, %s", given(args))
	}
	programs, err := u.programs(e.fs)
	if err != nil {
		return err
	}
	build := u.builder()
	// The id name is the program's own name where it is not simply the
	// 1977 program's with an addition named by the side it plays.
	prog, err := build(u.defaultProgram, chess.White)
	if err != nil {
		return failf(1, "mchess uci: %v", fileError(err))
	}
	id := prog.Name
	if u.defaultProgram != builds.Original && u.defaultProgram != builds.Local && u.defaultProgram != loadedProgram && !strings.Contains(id, microchess.Modified) {
		id = ""
	}
	eng := uci.NewEngine(build)
	eng.ID, eng.Programs, eng.DefaultProgram = id, programs, u.defaultProgram
	if err := uci.Serve(uciIn, e.stdout, eng); err != nil {
		return failf(1, "mchess uci: %v", err)
	}
	return nil
}

// programs are the programs the engine offers: the catalogue's for UCI,
// local where there is one, and the --load images (then the default).
func (u *uciOptions) programs(fs *flag.FlagSet) ([]string, error) {
	programs := builds.Names(builds.UCI)
	if _, err := os.Stat(microchess.ProgramSource); err == nil || u.defaultProgram == builds.Local {
		programs = append(programs, builds.Local)
	}
	if len(u.o.loads) > 0 {
		var err error
		u.loaded, err = loadMicroChess(&u.o)
		if err == nil {
			err = memmap.CheckLoaded(u.loaded.images)
		}
		if err != nil {
			return nil, failf(exitFor(err), "mchess uci: %v", err)
		}
		programs = append(programs, loadedProgram)
		if !flagSet(fs, "program") {
			u.defaultProgram = loadedProgram
		}
	} else if len(u.o.ram) > 0 {
		return nil, failf(2, "mchess uci: --ram goes with --load")
	}
	if !slices.Contains(programs, u.defaultProgram) {
		return nil, failf(2, "mchess uci: --program %s: want %s", quote(u.defaultProgram), strings.Join(programs, ", "))
	}
	return programs, nil
}

// builder is the engine's program builder: the loaded images, or a
// program of the catalogue, built once a program and side.
func (u *uciOptions) builder() func(name string, computer chess.Color) (*uci.Program, error) {
	cache := map[string]*uci.Program{}
	return func(name string, computer chess.Color) (*uci.Program, error) {
		if name == loadedProgram {
			loaded := u.loaded
			return &uci.Program{Images: loaded.images, Needs: session.Needs{Layout: loaded.layout},
				Name: microchess.Describe(microchess.OriginalName, loaded.images, nil) + ", loaded from " + strings.Join(u.o.loads, " ")}, nil
		}
		key := name + computer.String()
		if p, ok := cache[key]; ok {
			return p, nil
		}
		p, err := builds.Lookup(name)
		if err != nil {
			return nil, err
		}
		b, err := p.Build(computer)
		if err != nil {
			return nil, err
		}
		cache[key] = &uci.Program{Images: b.KIM(), Name: b.Shown, Needs: b.Needs}
		return cache[key], nil
	}
}

// flagSet tells whether the flag name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
