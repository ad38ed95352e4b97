package main

import (
	"bytes"
	"flag"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/internal/atomicfile"
)

var cmdAsm = &Command{
	Name:      "asm",
	UsageLine: "mchess asm [options] FILE...",
	Short:     "assemble sources into KIM-1 images, paper tape, a listing and a symbol table",
	Long: `Assembles the files as one program (the 1977 MicroChess dialect for .asm, Stone's
1980 dialect for .s) and writes one raw binary per memory region the program fills:
c0 for the KIM-1's RAM 0000–03FF, c1 for the 6530 RAM 1780–17E6 below the monitor's
workspace, and one per --ram region. Also a paper tape of them all, a listing like
the 1977 printout and a symbol table with cross references. Nothing is written if
there is any error.`,
	New: func() options { return new(asmOptions) },
}

type asmOptions struct {
	out     string
	residue stringList
	ram     ramList
	quiet   bool
}

func (o *asmOptions) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.out, "o", "", "output `base` name: writes BASE-<image>.bin, BASE.ptp, BASE.lst, BASE.sym (default: the first file's name, in the current directory)")
	fs.Var(&o.residue, "residue", "a residue data `file` (bytes no program line defines): they fill only addresses the program leaves undefined; repeatable")
	fs.Var(&o.ram, "ram", ramUsage)
	fs.BoolVar(&o.quiet, "q", false, "print nothing on success")
}

func (o *asmOptions) run(e *env, files []string) error {
	if len(files) == 0 {
		return e.usage("want a source FILE.asm")
	}
	p, err := build(files, o.residue, o.ram)
	if err != nil {
		return exitError{1, err}
	}
	base := o.out
	if base == "" {
		name := filepath.Base(files[0])
		base = strings.TrimSuffix(name, filepath.Ext(name))
	}
	var lst, sym bytes.Buffer
	for _, prog := range []*asm.Program{p.Code, p.Residue} {
		if prog != nil {
			asm.WriteListing(&lst, prog)
		}
	}
	asm.WriteSymbols(&sym, p.Code)
	tape, left := paperTape(p.Images)
	var outputs []atomicfile.File
	for _, im := range p.Images {
		outputs = append(outputs, atomicfile.File{Path: fmt.Sprintf("%s-%s.bin", base, im.Name), Data: im.Bytes})
	}
	outputs = append(outputs,
		atomicfile.File{Path: base + ".ptp", Data: tape},
		atomicfile.File{Path: base + ".lst", Data: lst.Bytes()},
		atomicfile.File{Path: base + ".sym", Data: sym.Bytes()})
	if err := atomicfile.WriteAll(outputs); err != nil {
		return failf(1, "mchess asm: %v", err)
	}
	if !o.quiet {
		for _, im := range p.Images {
			fmt.Fprintf(e.stdout, "%s-%s.bin  %04X–%04X  %4d bytes (%d defined by source)\n", base, im.Name, im.Start, im.End(), len(im.Bytes), im.Defined())
		}
	}
	reportLeftOut(e.stdout, e.stderr, base+".ptp", left, p.Residue, o.quiet)
	if !o.quiet {
		fmt.Fprintf(e.stdout, "%s.lst\n%s.sym\n", base, base)
	}
	return nil
}
