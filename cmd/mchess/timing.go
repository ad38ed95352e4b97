package main

import (
	"bytes"
	"fmt"
	"io"

	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/timing"
)

func init() {
	register("timing", "measure MicroChess's time per move at each level (stdout, or a file with -o)", timingMain)
}

func timingMain(args []string, stdout, stderr io.Writer) int {
	var o runOpts
	fs := newFlags("mchess timing", stderr,
		"usage: mchess timing [options]",
		"\nReproduces the manual's LEVEL OF PLAY table on the emulated KIM-1: for each level",
		"the first move from the start with the book off, and the average over a self-play",
		"game. Writes the table (markdown) to standard output, or to -o FILE; 'make timing'",
		"writes docs/timing.md. It takes a few seconds.")
	out := fs.String("o", "", "write the table to `FILE` (default: standard output)")
	moves := fs.Int("moves", 20, "self-play moves per side for the averages")
	fs.Var(&o.loads, "load", "use the binary `FILE@ADDR` instead of MicroChess built from src/; repeatable")
	fs.BoolVar(&o.published, "published", false, "use the 1977 published images instead of MicroChess built from src/")
	fs.Var(&o.sources, "source", "measure the program built from this source `FILE` instead; repeatable")
	fs.Var(&o.residue, "residue", "with --source: a residue data `FILE`; repeatable")
	if status, ok := parseNone(fs, args); !ok {
		return status
	}
	if *moves < 1 {
		fs.Usage()
		return 2
	}
	if *out != "" {
		// Minutes of measuring must not end in a file that cannot be written.
		if err := atomicfile.Check(*out); err != nil {
			fmt.Fprintln(stderr, "mchess timing:", err)
			return 1
		}
	}
	prog, err := loadMicroChess(&o)
	if err != nil {
		fmt.Fprintln(stderr, "mchess timing:", err)
		return exitFor(err)
	}
	rows, err := timing.Timing(prog.images, *moves)
	if err != nil {
		fmt.Fprintln(stderr, "mchess timing:", err)
		return 1
	}
	var b bytes.Buffer
	timing.WriteTimingMarkdown(&b, rows, prog.source)
	if *out == "" {
		stdout.Write(b.Bytes())
		return 0
	}
	if err := atomicfile.Write(*out, b.Bytes()); err != nil {
		fmt.Fprintln(stderr, "mchess timing:", err)
		return 1
	}
	return 0
}
