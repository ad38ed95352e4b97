package main

import (
	"bytes"
	"flag"

	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/timing"
)

var cmdTiming = &Command{
	Name:      "timing",
	UsageLine: "mchess timing [options]",
	Short:     "measure MicroChess's time per move at each level (stdout, or a file with -o)",
	Long: `Reproduces the manual's LEVEL OF PLAY table on the emulated KIM-1: for each level
the first move from the start with the book off, and the average over a self-play
game. Writes the table (markdown) to standard output, or to -o FILE; 'make timing'
writes docs/timing.md. It takes a few seconds.`,
	New: func() options { return new(timingOptions) },
}

type timingOptions struct {
	o     runOpts
	out   string
	moves int
}

func (t *timingOptions) flags(fs *flag.FlagSet) {
	o := &t.o
	fs.StringVar(&t.out, "o", "", "write the table to `FILE` (default: standard output)")
	fs.IntVar(&t.moves, "moves", 20, "self-play moves per side for the averages")
	fs.Var(&o.loads, "load", "use the binary `FILE@ADDR` instead of MicroChess built from src/; repeatable")
	fs.BoolVar(&o.published, "published", false, "use the 1977 published images instead of MicroChess built from src/")
	fs.Var(&o.sources, "source", "measure the program built from this source `FILE` instead; repeatable")
	fs.Var(&o.residue, "residue", "with --source: a residue data `FILE`; repeatable")
}

func (t *timingOptions) run(e *env, args []string) error {
	if len(args) > 0 {
		return e.usage("takes no arguments, %s", given(args))
	}
	if t.moves < 1 {
		return e.usage("--moves %d: want 1 or more", t.moves)
	}
	if t.out != "" {
		// Minutes of measuring must not end in a file that cannot be written.
		if err := atomicfile.Check(t.out); err != nil {
			return failf(1, "mchess timing: %v", err)
		}
	}
	prog, err := loadMicroChess(&t.o)
	if err != nil {
		return failf(exitFor(err), "mchess timing: %v", err)
	}
	rows, err := timing.Timing(prog.images, t.moves)
	if err != nil {
		return failf(1, "mchess timing: %v", err)
	}
	var b bytes.Buffer
	timing.WriteMarkdown(&b, rows, prog.source)
	if t.out == "" {
		e.stdout.Write(b.Bytes())
		return nil
	}
	if err := atomicfile.Write(t.out, b.Bytes()); err != nil {
		return failf(1, "mchess timing: %v", err)
	}
	return nil
}
