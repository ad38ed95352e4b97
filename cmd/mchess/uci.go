package main

import (
	"fmt"
	"io"
	"os"

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
		"usage: mchess uci",
		"\nSpeaks the Universal Chess Interface on standard input and output, so that a chess",
		"GUI (or polyglot, for xboard) can play MicroChess on the emulated KIM-1. Options the",
		"GUI can set: Program (original, or stone: Stone's 1980 upgrade with the list for its",
		"side), Level (auto: the strongest that fits the time; super-blitz, blitz, normal),",
		"OwnBook, and Clock (host: as fast as this computer; kim-1: at a 1 MHz KIM-1's pace).",
		"The program's move is sent as it played it, even when the rules do not allow it: the",
		"GUI rules then, as a person would.")
	rest, err := parse(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(rest) > 0 {
		fs.Usage()
		return 2
	}
	built := map[string][]kim1.Image{}
	build := func(program string, computer chess.Color) ([]kim1.Image, string, error) {
		key := program + computer.String()
		name := "MicroChess 1977"
		if program == "stone" {
			name = fmt.Sprintf("MicroChess 1977 with Stone's 1980 upgrade (%s list)", computer.Name())
		}
		if ims, ok := built[key]; ok {
			return ims, name, nil
		}
		var images []kim1.Image
		switch program {
		case "stone":
			p, err := microchess.Stone(computer == chess.White)
			if err != nil {
				return nil, "", err
			}
			images = microchess.KIM(p.Images)
		default:
			p, err := microchess.Original(true)
			if err != nil {
				return nil, "", err
			}
			images = microchess.KIM(p.Images)
		}
		built[key] = images
		return images, name, nil
	}
	if err := uci.Serve(uciIn, stdout, uci.NewEngine(build)); err != nil {
		fmt.Fprintln(stderr, "mchess uci:", err)
		return 1
	}
	return 0
}
