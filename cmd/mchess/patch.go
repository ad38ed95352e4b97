package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"strings"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/linker"
)

var cmdPatch = &Command{
	Name:      "patch",
	UsageLine: "mchess patch [options] PATCH...",
	Short:     "apply a patch (e.g. Stone's 1980 upgrade) over the assembled original",
	Long: `Assembles the base program, lays it into KIM-1 images, then assembles the patch
files (any dialect; Stone's 1980 listing is .s) over it, naming the base's symbols
where they define none of their own, and writes them over the images, or into
--ram memory the base leaves empty (an extension's own code: new images). Reports
every address range the patch writes. A patch that writes outside the images and
the memory, into the monitor workspace 17E7–17FF, or twice to one address is
refused. The teletype program (docs/teletype.md):
  mchess patch --ram x=0400-07FF -o build/teletype/teletype ` + microchess.TeletypeSource,
	New: func() options { return new(patchOptions) },
}

// overlayReport is the JSON form of what a patch writes.
type overlayReport struct {
	Start string `json:"start"`
	End   string `json:"end"`
	Bytes int    `json:"bytes"`
	// Differ counts bytes that change value; a patch may rewrite a byte
	// with the value it already had.
	Differ int    `json:"differ"`
	From   string `json:"from"` // first source line that wrote the range
	// New marks a range outside the base images: the patch's own code
	// or data in memory the base left empty.
	New bool `json:"new,omitempty"`
}

type patchOptions struct {
	out           string
	base, residue stringList
	ram           ramList
	asJSON        bool
}

func (o *patchOptions) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.out, "o", "build/stone/stone", "output `base` name: writes BASE-<image>.bin, BASE.ptp, BASE.lst and BASE.sym")
	fs.Var(&o.base, "base", "base program `file` (default src/microchess.asm); repeatable")
	fs.Var(&o.residue, "residue", "residue data `file` of the base (default src/residue.asm); repeatable")
	fs.Var(&o.ram, "ram", ramUsage)
	fs.BoolVar(&o.asJSON, "json", false, "print the overlay report as JSON")
}

func (o *patchOptions) run(e *env, patches []string) error {
	if len(patches) == 0 {
		return e.usage("want a patch source at least")
	}
	if len(o.base) == 0 {
		o.base = stringList{microchess.ProgramSource}
		if len(o.residue) == 0 {
			o.residue = stringList{microchess.ResidueSource}
		}
	}
	p, err := build(o.base, o.residue, o.ram)
	if err != nil {
		return exitError{1, err}
	}
	patched, err := p.Overlay(patches...)
	if err != nil {
		return exitError{1, fileError(err)}
	}
	var lst, sym bytes.Buffer
	asm.WriteListing(&lst, patched.Patch)
	asm.WriteSymbols(&sym, patched.Patch)
	tape, left := paperTape(patched.Images)
	var files []atomicfile.File
	for _, im := range patched.Images {
		files = append(files, atomicfile.File{Path: fmt.Sprintf("%s-%s.bin", o.out, im.Name), Data: im.Bytes})
	}
	files = append(files,
		atomicfile.File{Path: o.out + ".ptp", Data: tape},
		atomicfile.File{Path: o.out + ".lst", Data: lst.Bytes()},
		atomicfile.File{Path: o.out + ".sym", Data: sym.Bytes()})
	if err := atomicfile.WriteAll(files); err != nil {
		return failf(1, "mchess patch: %v", err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Path)
	}
	var rep []overlayReport
	for _, c := range patched.Changes {
		s := c.Stmts[0]
		rep = append(rep, overlayReport{fmt.Sprintf("%04X", c.Start), fmt.Sprintf("%04X", c.End), int(c.End-c.Start) + 1, c.Differ, s.Pos.String(), c.New})
	}
	if o.asJSON {
		o.printJSON(e, rep, names, left, p.Residue)
		return nil
	}
	printPatch(e, rep, names, left, p.Residue)
	return nil
}

// printJSON prints the overlay report as JSON.
func (o *patchOptions) printJSON(e *env, rep []overlayReport, names []string, left []linker.LeftOut, residue *asm.Program) {
	reportLeftOut(e.stdout, e.stderr, o.out+".ptp", left, residue, true)
	type leftOut struct {
		Start   string `json:"start"`
		End     string `json:"end"`
		Defined int    `json:"program_bytes"`
		Why     string `json:"why"`
	}
	lj := []leftOut{}
	for _, l := range left {
		lj = append(lj, leftOut{fmt.Sprintf("%04X", l.Start), fmt.Sprintf("%04X", l.End), definedBy(l, residue), l.Why})
	}
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	enc.Encode(struct {
		Writes  []overlayReport `json:"writes"`
		Files   []string        `json:"files"`
		LeftOut []leftOut       `json:"paper_tape_left_out"`
	}{rep, names, lj})
}

// printPatch prints the overlay report and the files written.
func printPatch(e *env, rep []overlayReport, names []string, left []linker.LeftOut, residue *asm.Program) {
	fmt.Fprintln(e.stdout, "the patch writes:")
	for _, r := range rep {
		if r.New {
			fmt.Fprintf(e.stdout, "  %s–%s  %3d bytes, new          from %s\n", r.Start, r.End, r.Bytes, r.From)
			continue
		}
		fmt.Fprintf(e.stdout, "  %s–%s  %3d bytes, %3d changed  from %s\n", r.Start, r.End, r.Bytes, r.Differ, r.From)
	}
	for _, name := range names {
		if strings.HasSuffix(name, ".ptp") {
			reportLeftOut(e.stdout, e.stderr, name, left, residue, false)
		} else {
			fmt.Fprintln(e.stdout, name)
		}
	}
}
