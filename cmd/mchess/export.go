package main

import (
	"flag"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/export"
	"github.com/kim1-archive/microchess/internal/atomicfile"
)

var cmdExport = &Command{
	Name:      "export",
	UsageLine: "mchess export --to ca65|64tass|acme [-o DIR] [BUILD...]",
	Short:     "write a build as source for ca65, 64tass or ACME",
	Long: `Writes each build (default: all of them) as source for another assembler, from
the sources built into mchess: labels and symbols kept (.NAME as V_NAME, *NAME as
E_NAME, a name spelled like a mnemonic as L_NAME), every zero-page or absolute mode
forced, data as data, comments carried over, each image a segment; for ca65 an ld65
configuration with the KIM-1 map too. Each file's header says how to build it. The
builds: ` + builds.Keys() + `. See docs/export.md.`,
	New: func() options { return new(exportOptions) },
}

type exportOptions struct {
	to, out string
	quiet   bool
}

func (o *exportOptions) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.to, "to", "", "the `assembler`: ca65, 64tass or acme")
	fs.StringVar(&o.out, "o", "", "output `directory` (default build/export/ASSEMBLER)")
	fs.BoolVar(&o.quiet, "q", false, "print nothing on success")
}

func (o *exportOptions) run(e *env, keys []string) error {
	target := export.Target(o.to)
	switch target {
	case export.CA65, export.Tass64, export.ACME:
	case "":
		return failf(2, "mchess export: --to is needed: ca65, 64tass or acme")
	default:
		return failf(2, "mchess export: --to %q: want ca65, 64tass or acme", o.to)
	}
	chosen, err := chooseBuilds(keys)
	if err != nil {
		return err
	}
	dir := o.out
	if dir == "" {
		dir = filepath.Join("build", "export", string(target))
	}
	var files []atomicfile.File
	for _, b := range chosen {
		fs, err := export.Export(b, target, strings.ReplaceAll(b.Key, ":", "-"))
		if err != nil {
			return failf(1, "mchess export: %v", err)
		}
		for _, f := range fs {
			files = append(files, atomicfile.File{Path: filepath.Join(dir, f.Name), Data: f.Data})
		}
	}
	if err := atomicfile.WriteAll(files); err != nil {
		return failf(1, "mchess export: %v", err)
	}
	if !o.quiet {
		for _, f := range files {
			fmt.Fprintln(e.stdout, f.Path)
		}
	}
	return nil
}

// chooseBuilds are the builds the keys name (all of them for none).
func chooseBuilds(keys []string) ([]builds.Build, error) {
	all, err := builds.All()
	if err != nil {
		return nil, failf(1, "mchess export: %v", fileError(err))
	}
	if len(keys) == 0 {
		return all, nil
	}
	var chosen []builds.Build
	for _, k := range keys {
		b, ok := builds.Find(all, k)
		if !ok {
			return nil, failf(2, "mchess export: no build %q: want %s", k, keyList(all))
		}
		chosen = append(chosen, b)
	}
	return chosen, nil
}

func keyList(all []builds.Build) string {
	var out []string
	for _, b := range all {
		out = append(out, b.Key)
	}
	return strings.Join(out, ", ")
}
