package main

import (
	"bufio"
	"errors"
	"io"
	"strings"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/emu"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/internal/bounded"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/timing"
)

// readLoads reads --load arguments as verify --against reads a dump
// (readDump): FILE@ADDR for a raw binary, or a paper tape, Intel HEX,
// S-record, .kim file or .wav recording; each range it holds is an image,
// and no two images may overlap.
func readLoads(specs []string) ([]kim1.Image, error) {
	var out []kim1.Image
	for _, spec := range specs {
		d, err := readDump(spec)
		if err != nil {
			var at *positionedError
			if errors.As(err, &at) {
				return nil, err
			}
			var u usageError
			if errors.As(err, &u) {
				return nil, usagef("--load %v", err)
			}
			return nil, err
		}
		for _, seg := range d.segs {
			out = append(out, kim1.Image{Name: d.File, Addr: seg.Addr, Data: seg.Data})
		}
	}
	return out, kim1.Overlap(out)
}

// program is what MicroChess mode runs: the --load images, the published
// ones, or MicroChess built from its sources (which also names its
// symbols for --trace).
type program struct {
	layout linker.Layout
	images []kim1.Image
	names  *asm.Names
	source string // for reports: where the images came from
}

func loadMicroChess(o *runOpts) (*program, error) {
	regions, err := parseRAM(o.ram)
	if err != nil {
		return nil, err
	}
	layout := memmap.Layout
	for _, r := range regions {
		if layout, err = layout.WithRegion(r); err != nil {
			return nil, err
		}
	}
	switch {
	case o.published:
		return &program{layout: layout, images: microchess.KIM(memmap.Published()), source: "the 1977 published hex listing"}, nil
	case len(o.loads) > 0:
		ims, err := readLoads(o.loads)
		return &program{layout: layout, images: ims, source: "the images given with --load"}, err
	}
	opt := microchess.Options{Residue: []string{microchess.ResidueSource}, RAM: regions}
	source := timing.BuiltSource
	if len(o.sources) > 0 {
		opt.Sources, opt.Residue = o.sources, o.residue
		source = "the program built from " + strings.Join(o.sources, ", ")
	}
	p, err := microchess.Build(microchess.WorkDir, opt)
	if err != nil {
		return nil, fileError(err)
	}
	if len(o.patches) == 0 {
		return &program{layout: p.Layout, images: microchess.KIM(p.Images), names: asm.NewNames(asm.Symbols(p.Code)),
			source: source}, nil
	}
	patched, err := p.Overlay(o.patches...)
	if err != nil {
		return nil, fileError(err)
	}
	return &program{layout: p.Layout, images: microchess.KIM(patched.Images),
		names:  asm.NewNames(append(asm.Symbols(p.Code), asm.Symbols(patched.Patch)...)),
		source: source + " with " + strings.Join(o.patches, ", ")}, nil
}

// newTracer traces to out with names from the symbol file, if one is
// given, else from the program built.
func newTracer(symFile string, built *asm.Names, out io.Writer) (*emu.Tracer, error) {
	t := &emu.Tracer{W: bufio.NewWriter(out)}
	names := built
	if symFile != "" {
		f, err := bounded.Open(symFile, asm.SymbolsLimit)
		if err != nil {
			return nil, fileError(err)
		}
		defer f.Close()
		syms, err := asm.ReadSymbols(symFile, f)
		if err != nil {
			return nil, err
		}
		names = asm.NewNames(syms)
	}
	if names != nil {
		t.Sym = names.Name
	}
	return t, nil
}
