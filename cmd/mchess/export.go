package main

import (
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/export"
	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/linker"
)

var cmdExport = &Command{
	Name:      "export",
	UsageLine: "mchess export --to ca65|64tass|acme [-o DIR] [--source FILE.asm[,FILE.asm...]] [--ram NAME=SSSS-EEEE] [BUILD...]",
	Short:     "write a build as source for ca65, 64tass or ACME",
	Long: `Writes each build (default: all of them) as source for another assembler, from
the sources built into mchess: labels and symbols kept (.NAME as V_NAME, *NAME as
E_NAME, a name spelled like a mnemonic as L_NAME), every zero-page or absolute mode
forced, data as data, comments carried over, each image a segment; for ca65 an ld65
configuration with the KIM-1 map too. Each file's header says how to build it. The
builds: ` + builds.Keys() + `; and ` + builds.Local + `, the working directory's
./` + microchess.ProgramSource + ` with the residue, as make builds it (files named ` + builds.Local + `.*).
--source exports a program built from the working directory's files, as mchess match
--source builds it (its files named after the first's, e.g. mine.s for mine.asm); --ram
gives ` + builds.Local + ` and --source expansion RAM. See docs/export.md.`,
	New: func() options { return new(exportOptions) },
}

type exportOptions struct {
	to, out string
	quiet   bool
	sources stringList
	ram     ramList
}

func (o *exportOptions) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.to, "to", "", "the `assembler`: ca65, 64tass or acme")
	fs.StringVar(&o.out, "o", "", "output `directory` (default build/export/ASSEMBLER)")
	fs.BoolVar(&o.quiet, "q", false, "print nothing on success")
	fs.Var(&o.sources, "source", "export the program built from `FILE.asm[,FILE.asm...]` (the working directory's); repeatable")
	fs.Var(&o.ram, "ram", ramUsage)
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
	chosen, err := o.chooseBuilds(keys)
	if err != nil {
		return err
	}
	dir := o.out
	if dir == "" {
		dir = filepath.Join("build", "export", string(target))
	}
	var files []atomicfile.File
	seen := map[string]string{}
	for _, b := range chosen {
		base := strings.ReplaceAll(b.Key, ":", "-")
		if was, twice := seen[base]; twice {
			return failf(2, "mchess export: %s and %s would both be written as %s: give one of them", quote(was), quote(b.Key), quote(base))
		}
		seen[base] = b.Key
		fs, err := export.Export(b, target, base)
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

// chooseBuilds are the builds the keys name (all of them for none, unless
// --source gives some), local built from the working directory, then
// those of --source.
func (o *exportOptions) chooseBuilds(keys []string) ([]builds.Build, error) {
	all, err := builds.All()
	if err != nil {
		return nil, failf(1, "mchess export: %v", fileError(err))
	}
	if len(o.ram) > 0 && len(o.sources) == 0 && !slices.Contains(keys, builds.Local) {
		return nil, failf(2, "mchess export: --ram goes with %s or --source", builds.Local)
	}
	ram, err := parseRAM(o.ram)
	if err != nil {
		return nil, failf(2, "mchess export: %v", err)
	}
	if len(keys) == 0 && len(o.sources) == 0 {
		return all, nil
	}
	var chosen []builds.Build
	for _, k := range keys {
		b, ok := builds.Find(all, k)
		if k == builds.Local {
			b, err = localBuild(ram)
			if err != nil {
				return nil, err
			}
		} else if !ok {
			return nil, failf(2, "mchess export: no build %q: want %s or %s", k, keyList(all), builds.Local)
		}
		chosen = append(chosen, b)
	}
	for _, def := range o.sources {
		files := strings.Split(def, ",")
		if slices.Contains(files, "") {
			return nil, failf(2, "mchess export: --source %s: want FILE.asm[,FILE.asm...]", quote(def))
		}
		p, err := microchess.Build(microchess.WorkDir, microchess.Options{Sources: files, RAM: ram})
		if err != nil {
			return nil, failf(1, "mchess export: %v", fileError(err))
		}
		key := strings.TrimSuffix(filepath.Base(files[0]), filepath.Ext(files[0]))
		chosen = append(chosen, builds.FromSources(key, files, p))
	}
	return chosen, nil
}

// localBuild is the working directory's program, as match, play and uci
// build it.
func localBuild(ram []linker.Region) (builds.Build, error) {
	p, err := builds.Lookup(builds.Local)
	if err == nil {
		var b *builds.Build
		if b, err = p.BuildWithRAM(chess.White, ram); err == nil {
			return *b, nil
		}
	}
	return builds.Build{}, failf(1, "mchess export: %v", fileError(err))
}

func keyList(all []builds.Build) string {
	var out []string
	for _, b := range all {
		out = append(out, b.Key)
	}
	return strings.Join(out, ", ")
}
