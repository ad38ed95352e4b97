package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/kim1-archive/microchess/emu/microchess"
)

func init() {
	register("timing", "measure MicroChess's time per move at each level (writes docs/timing.md)", timingMain)
}

func timingMain(args []string, stdout, stderr io.Writer) int {
	var o runOpts
	fs := newFlags("mchess timing", stderr,
		"usage: mchess timing [options]",
		"\nReproduces the manual's LEVEL OF PLAY table on the emulated KIM-1: for each level",
		"the first move from the start with the book off, and the average over a self-play game.")
	out := fs.String("o", "", "write the table to `FILE` (default: standard output)")
	moves := fs.Int("moves", 20, "self-play moves per side for the averages")
	fs.Var(&o.loads, "load", "use the binary `FILE@ADDR` instead of the build's images; repeatable")
	fs.BoolVar(&o.published, "published", false, "use the 1977 published images instead of the build's")
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	if fs.NArg() > 0 || *moves < 1 {
		fs.Usage()
		return 2
	}
	images, err := loadMicroChess(&o)
	if err != nil {
		fmt.Fprintln(stderr, "mchess timing:", err)
		return 1
	}
	rows, err := microchess.Timing(images, *moves)
	if err != nil {
		fmt.Fprintln(stderr, "mchess timing:", err)
		return 1
	}
	source := "`" + defaultC0 + "` and `" + defaultC1 + "`"
	switch {
	case o.published:
		source = "the 1977 published hex listing"
	case len(o.loads) > 0:
		source = "the images given with --load"
	}
	var b bytes.Buffer
	microchess.WriteTimingMarkdown(&b, rows, source)
	if *out == "" {
		stdout.Write(b.Bytes())
		return 0
	}
	if err := os.WriteFile(*out, b.Bytes(), 0o644); err != nil {
		fmt.Fprintln(stderr, "mchess timing:", err)
		return 1
	}
	return 0
}
