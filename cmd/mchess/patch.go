package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/linker"
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
}

// buildPatched assembles the base program, links it, and overlays the
// patch sources on it.
func buildPatched(base, residue, patchFiles []string) ([]*linker.Image, []linker.Change, *asm.Program, error) {
	_, images, err := assembleAndLink(base, residue, nil)
	if err != nil {
		return nil, nil, nil, err
	}
	var sources []asm.Source
	for _, name := range patchFiles {
		text, err := os.ReadFile(name)
		if err != nil {
			return nil, nil, nil, err
		}
		sources = append(sources, asm.Source{Name: name, Text: string(text)})
	}
	patch, err := asm.Assemble(sources...)
	if err != nil {
		return nil, nil, nil, err
	}
	patched, changes, err := linker.Overlay(images, patch)
	return patched, changes, patch, err
}

func patchMain(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mchess patch", stderr,
		"usage: mchess patch [options] PATCH...",
		"\nAssembles the base program, lays it into KIM-1 images, then assembles the patch",
		"files (any dialect; Stone's 1980 listing is .s) and writes them over the images.",
		"Reports every address range the patch writes. A patch that writes outside the base",
		"images, into the monitor workspace 17E7–17FF, or twice to one address is refused.")
	out := fs.String("o", "build/stone/stone", "output `base` name: writes BASE-<image>.bin, BASE.lst and BASE.sym")
	var base, residue stringList
	fs.Var(&base, "base", "base program `file` (default src/microchess.asm); repeatable")
	fs.Var(&residue, "residue", "residue data `file` of the base (default src/residue.asm); repeatable")
	asJSON := fs.Bool("json", false, "print the overlay report as JSON")
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	if len(base) == 0 {
		base = stringList{"src/microchess.asm"}
		if len(residue) == 0 {
			residue = stringList{"src/residue.asm"}
		}
	}
	patched, changes, patch, err := buildPatched(base, residue, fs.Args())
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	var lst, sym bytes.Buffer
	asm.WriteListing(&lst, patch)
	asm.WriteSymbols(&sym, patch)
	var files []outFile
	for _, im := range patched {
		files = append(files, outFile{fmt.Sprintf("%s-%s.bin", *out, im.Name), im.Bytes})
	}
	files = append(files, outFile{*out + ".lst", lst.Bytes()}, outFile{*out + ".sym", sym.Bytes()})
	if err := writeOutputs(files); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	var rep []overlayReport
	for _, c := range changes {
		s := c.Stmts[0]
		rep = append(rep, overlayReport{fmt.Sprintf("%04X", c.Start), fmt.Sprintf("%04X", c.End), int(c.End-c.Start) + 1, c.Differ, s.Pos.String()})
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(struct {
			Writes []overlayReport `json:"writes"`
			Files  []string        `json:"files"`
		}{rep, outNames(files)})
		return 0
	}
	fmt.Fprintln(stdout, "the patch writes:")
	for _, r := range rep {
		fmt.Fprintf(stdout, "  %s–%s  %3d bytes, %3d changed  from %s\n", r.Start, r.End, r.Bytes, r.Differ, r.From)
	}
	for _, name := range outNames(files) {
		fmt.Fprintln(stdout, name)
	}
	return 0
}
