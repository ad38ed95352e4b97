package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/internal/atomicfile"
)

func init() {
	register("patch", "apply a patch (e.g. Stone's 1980 upgrade) over the assembled original", patchMain)
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

func patchMain(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mchess patch", stderr,
		"usage: mchess patch [options] PATCH...",
		"\nAssembles the base program, lays it into KIM-1 images, then assembles the patch",
		"files (any dialect; Stone's 1980 listing is .s) over it, naming the base's symbols",
		"where they define none of their own, and writes them over the images, or into",
		"--ram memory the base leaves empty (an extension's own code: new images). Reports",
		"every address range the patch writes. A patch that writes outside the images and",
		"the memory, into the monitor workspace 17E7–17FF, or twice to one address is",
		"refused. The teletype program (docs/teletype.md):",
		"  mchess patch --ram x=0400-07FF -o build/teletype/teletype "+microchess.TeletypeSource)
	out := fs.String("o", "build/stone/stone", "output `base` name: writes BASE-<image>.bin, BASE.ptp, BASE.lst and BASE.sym")
	var base, residue stringList
	var ram ramList
	fs.Var(&base, "base", "base program `file` (default src/microchess.asm); repeatable")
	fs.Var(&residue, "residue", "residue data `file` of the base (default src/residue.asm); repeatable")
	fs.Var(&ram, "ram", ramUsage)
	asJSON := fs.Bool("json", false, "print the overlay report as JSON")
	patches, err := parse(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(patches) == 0 {
		fs.Usage()
		return 2
	}
	if len(base) == 0 {
		base = stringList{microchess.ProgramSource}
		if len(residue) == 0 {
			residue = stringList{microchess.ResidueSource}
		}
	}
	p, err := build(base, residue, ram)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	patched, err := p.Overlay(patches...)
	if err != nil {
		fmt.Fprintln(stderr, fileError(err))
		return 1
	}
	var lst, sym bytes.Buffer
	asm.WriteListing(&lst, patched.Patch)
	asm.WriteSymbols(&sym, patched.Patch)
	tape, left := paperTape(patched.Images)
	var files []atomicfile.File
	for _, im := range patched.Images {
		files = append(files, atomicfile.File{Path: fmt.Sprintf("%s-%s.bin", *out, im.Name), Data: im.Bytes})
	}
	files = append(files,
		atomicfile.File{Path: *out + ".ptp", Data: tape},
		atomicfile.File{Path: *out + ".lst", Data: lst.Bytes()},
		atomicfile.File{Path: *out + ".sym", Data: sym.Bytes()})
	if err := atomicfile.WriteAll(files); err != nil {
		fmt.Fprintln(stderr, "mchess patch:", err)
		return 1
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
	if *asJSON {
		reportLeftOut(stdout, stderr, *out+".ptp", left, p.Residue, true)
		type leftOut struct {
			Start   string `json:"start"`
			End     string `json:"end"`
			Defined int    `json:"program_bytes"`
			Why     string `json:"why"`
		}
		lj := []leftOut{}
		for _, l := range left {
			lj = append(lj, leftOut{fmt.Sprintf("%04X", l.Start), fmt.Sprintf("%04X", l.End), definedBy(l, p.Residue), l.Why})
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(struct {
			Writes  []overlayReport `json:"writes"`
			Files   []string        `json:"files"`
			LeftOut []leftOut       `json:"paper_tape_left_out"`
		}{rep, names, lj})
		return 0
	}
	fmt.Fprintln(stdout, "the patch writes:")
	for _, r := range rep {
		if r.New {
			fmt.Fprintf(stdout, "  %s–%s  %3d bytes, new          from %s\n", r.Start, r.End, r.Bytes, r.From)
			continue
		}
		fmt.Fprintf(stdout, "  %s–%s  %3d bytes, %3d changed  from %s\n", r.Start, r.End, r.Bytes, r.Differ, r.From)
	}
	for _, name := range names {
		if strings.HasSuffix(name, ".ptp") {
			reportLeftOut(stdout, stderr, name, left, p.Residue, false)
		} else {
			fmt.Fprintln(stdout, name)
		}
	}
	return 0
}
