package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/export"
	"github.com/kim1-archive/microchess/internal/atomicfile"
)

func init() {
	register("export", "write a build as source for ca65, 64tass or ACME", exportMain)
}

func exportMain(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mchess export", stderr,
		"usage: mchess export --to ca65|64tass|acme [-o DIR] [BUILD...]",
		"\nWrites each build (default: all of them) as source for another assembler, from",
		"the sources built into mchess: labels and symbols kept (.NAME as V_NAME, *NAME as",
		"E_NAME, a name spelled like a mnemonic as L_NAME), every zero-page or absolute mode",
		"forced, data as data, comments carried over, each image a segment; for ca65 an ld65",
		"configuration with the KIM-1 map too. Each file's header says how to build it. The",
		"builds: "+builds.Keys()+". See docs/export.md.")
	to := fs.String("to", "", "the `assembler`: ca65, 64tass or acme")
	out := fs.String("o", "", "output `directory` (default build/export/ASSEMBLER)")
	quiet := fs.Bool("q", false, "print nothing on success")
	keys, err := parse(fs, args)
	if err != nil {
		return flagExit(err)
	}
	target := export.Target(*to)
	switch target {
	case export.CA65, export.Tass64, export.ACME:
	case "":
		fmt.Fprintln(stderr, "mchess export: --to is needed: ca65, 64tass or acme")
		return 2
	default:
		fmt.Fprintf(stderr, "mchess export: --to %q: want ca65, 64tass or acme\n", *to)
		return 2
	}
	all, err := builds.All()
	if err != nil {
		fmt.Fprintln(stderr, "mchess export:", fileError(err))
		return 1
	}
	chosen := all
	if len(keys) > 0 {
		chosen = nil
		for _, k := range keys {
			b, ok := builds.Find(all, k)
			if !ok {
				fmt.Fprintf(stderr, "mchess export: no build %q: want %s\n", k, keyList(all))
				return 2
			}
			chosen = append(chosen, b)
		}
	}
	dir := *out
	if dir == "" {
		dir = filepath.Join("build", "export", string(target))
	}
	var files []atomicfile.File
	for _, b := range chosen {
		fs, err := export.Export(b, target, strings.ReplaceAll(b.Key, ":", "-"))
		if err != nil {
			fmt.Fprintln(stderr, "mchess export:", err)
			return 1
		}
		for _, f := range fs {
			files = append(files, atomicfile.File{Path: filepath.Join(dir, f.Name), Data: f.Data})
		}
	}
	if err := atomicfile.WriteAll(files); err != nil {
		fmt.Fprintln(stderr, "mchess export:", err)
		return 1
	}
	if !*quiet {
		for _, f := range files {
			fmt.Fprintln(stdout, f.Path)
		}
	}
	return 0
}

func keyList(all []builds.Build) string {
	var out []string
	for _, b := range all {
		out = append(out, b.Key)
	}
	return strings.Join(out, ", ")
}
