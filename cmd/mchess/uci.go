package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/uci"
)

func init() {
	register("uci", "serve MicroChess as a UCI chess engine on stdin and stdout (for chess GUIs)", uciMain)
}

// uciIn is where the engine reads its commands; tests replace it.
var uciIn io.Reader = os.Stdin

func uciMain(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mchess uci", stderr,
		"usage: mchess uci [--program PROGRAM]",
		"\nSpeaks the Universal Chess Interface on standard input and output, so that a chess",
		"GUI (or polyglot, for xboard) can play MicroChess on the emulated KIM-1. Options the",
		"GUI can set: Program (original, or stone: Stone's 1980 upgrade with the list for its",
		"side, special, or tuned: docs/tuning.md, all built from the sources built into mchess; local, in a directory",
		"with a src/microchess.asm: that program, as make builds it), Level (auto: the",
		"strongest that fits the time; super-blitz, blitz, normal), OwnBook, and Clock (host:",
		"as fast as this computer; kim-1: at a 1 MHz KIM-1's pace). --program sets Program's",
		"default; a program whose bytes are not the 1977 program's gives its modifications in",
		"id name. The program's move is sent as it played it, even when the rules do not",
		"allow it: the GUI rules then, as a person would.")
	defaultProgram := fs.String("program", "original", "the Program option's default: `original`, stone, special, tuned or local")
	if status, ok := parseNone(fs, args); !ok {
		return status
	}
	programs := []string{"original", "stone", "special", "tuned"}
	if _, err := os.Stat(microchess.ProgramSource); err == nil || *defaultProgram == microchess.LocalProgram {
		programs = append(programs, microchess.LocalProgram)
	}
	if !slices.Contains(programs, *defaultProgram) {
		fmt.Fprintf(stderr, "mchess uci: --program %s: want %s\n", quote(*defaultProgram), strings.Join(programs, ", "))
		return 2
	}
	type program struct {
		images []kim1.Image
		name   string
	}
	built := map[string]program{} // built once a program and side
	build := func(name string, computer chess.Color) ([]kim1.Image, string, error) {
		key := name + computer.String()
		if p, ok := built[key]; ok {
			return p.images, p.name, nil
		}
		images, shown, err := microchess.ProgramFor(name, computer)
		if err == nil {
			built[key] = program{images, shown}
		}
		return images, shown, err
	}
	// The id name is the program's own name where it is not simply the
	// 1977 program's with an addition named by the side it plays.
	_, id, err := build(*defaultProgram, chess.White)
	if err != nil {
		fmt.Fprintln(stderr, "mchess uci:", fileError(err))
		return 1
	}
	if *defaultProgram != "original" && *defaultProgram != microchess.LocalProgram && !strings.Contains(id, microchess.Modified) {
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
