package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/debug"
	"github.com/kim1-archive/microchess/internal/bounded"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
)

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
func debugSession(o *runOpts) (*session.Session, *debug.Source, error) {
	prog, err := loadMicroChess(o)
	if err != nil {
		return nil, nil, err
	}
	m, err := session.Machine(prog.layout, prog.images)
	if err != nil {
		return nil, nil, err
	}
	s := session.NewSession(m)
	if s.M.CPU.PC, err = parseHex16(o.goAddr); err != nil {
		return nil, nil, usagef("--go: %v", err)
	}
	if o.level != "" {
		l, err := memmap.LevelByName(o.level)
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
