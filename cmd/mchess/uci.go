package main

import (
	"flag"
	"fmt"
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

func init() {
	register("uci", "serve MicroChess as a UCI chess engine on stdin and stdout (for chess GUIs)", uciMain)
}

// uciIn is where the engine reads its commands; tests replace it.
var uciIn io.Reader = os.Stdin

// loadedProgram is the Program option's value for the --load images.
const loadedProgram = "loaded"

func uciMain(args []string, stdout, stderr io.Writer) int {
	var o runOpts
	fs := newFlags("mchess uci", stderr,
		"usage: mchess uci [--program PROGRAM] [--load FILE...] [--ram NAME=SSSS-EEEE]",
		"\nSpeaks the Universal Chess Interface on standard input and output, so that a chess",
		"GUI (or polyglot, for xboard) can play MicroChess on the emulated KIM-1. Options the",
		"GUI can set: Program (original: MicroChess 1977; stone: Stone's 1980 upgrade with the",
		"list for its side; special: the original that castles, takes en passant and promotes,",
		"docs/special-moves.md; tuned, tuned-special: docs/tuning.md; all built from the sources built into",
		"mchess; local, in a directory with a src/microchess.asm: that program, as make builds",
		"it; loaded: the --load images), Level (auto: the strongest that fits the time;",
		"super-blitz, blitz, normal: the strongest the engine plays, lowered when the clock is",
		"short), OwnBook, and Clock (host: as fast as this computer; kim-1: at a 1 MHz KIM-1's",
		"pace). --program sets Program's default; a program whose bytes are not the 1977",
		"program's gives its modifications in id name. While it thinks the engine sends info",
		"lines (depth, score from the program's own value of its move, nodes, pv with the reply",
		"it analysed, currmove); every bestmove is legal (docs/uci.md).")
	defaultProgram := fs.String("program", "original", "the Program option's default: `original`, stone, special, tuned, tuned-special, local, or loaded (with --load)")
	fs.Var(&o.loads, "load", "offer a dump as the program loaded (the default): `FILE@ADDR` for a raw binary (hex address), or a .ptp, .hex, .srec, .kim or .wav file, read as verify --against reads it; repeatable")
	fs.Var(&o.ram, "ram", "add expansion RAM `NAME=SSSS-EEEE` (hex) for the --load images; repeatable")
	if status, ok := parseNone(fs, args); !ok {
		return status
	}
	// The Program option offers the catalogue's programs for UCI, from the
	// sources built into mchess; local and loaded are added when they
	// apply.
	programs := builds.Names(builds.UCI)
	if _, err := os.Stat(microchess.ProgramSource); err == nil || *defaultProgram == builds.Local {
		programs = append(programs, builds.Local)
	}
	var loaded *program
	if len(o.loads) > 0 {
		var err error
		loaded, err = loadMicroChess(&o)
		if err == nil {
			err = memmap.CheckLoaded(loaded.images)
		}
		if err != nil {
			fmt.Fprintln(stderr, "mchess uci:", err)
			return exitFor(err)
		}
		programs = append(programs, loadedProgram)
		if !flagSet(fs, "program") {
			*defaultProgram = loadedProgram
		}
	} else if len(o.ram) > 0 {
		fmt.Fprintln(stderr, "mchess uci: --ram goes with --load")
		return 2
	}
	if !slices.Contains(programs, *defaultProgram) {
		fmt.Fprintf(stderr, "mchess uci: --program %s: want %s\n", quote(*defaultProgram), strings.Join(programs, ", "))
		return 2
	}
	cache := map[string]*uci.Program{} // built once a program and side
	build := func(name string, computer chess.Color) (*uci.Program, error) {
		if name == loadedProgram {
			return &uci.Program{Images: loaded.images, Name: microchess.Describe(microchess.OriginalName, loaded.images, nil) + ", loaded from " + strings.Join(o.loads, " "),
				Needs: session.Needs{Layout: loaded.layout}}, nil
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
	// The id name is the program's own name where it is not simply the
	// 1977 program's with an addition named by the side it plays.
	prog, err := build(*defaultProgram, chess.White)
	if err != nil {
		fmt.Fprintln(stderr, "mchess uci:", fileError(err))
		return 1
	}
	id := prog.Name
	if *defaultProgram != builds.Original && *defaultProgram != builds.Local && *defaultProgram != loadedProgram && !strings.Contains(id, microchess.Modified) {
		id = ""
	}
	e := uci.NewEngine(build)
	e.ID, e.Programs, e.DefaultProgram = id, programs, *defaultProgram
	if err := uci.Serve(uciIn, stdout, e); err != nil {
		fmt.Fprintln(stderr, "mchess uci:", err)
		return 1
	}
	return 0
}

// flagSet tells whether the flag name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
