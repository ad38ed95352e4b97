package main

import (
	"strings"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/match"
	"github.com/kim1-archive/microchess/memmap"
)

// matchRoster defines the engines and programs the players may name. A
// definition that is wrong is a usage error; a file that cannot be read
// or built, not (exitFor).
func matchRoster(engines, loads, sources, variants, ram []string) (*match.Roster, error) {
	r := match.NewRoster()
	for _, def := range engines {
		if _, err := r.AddEngine(def); err != nil {
			return nil, usagef("--engine: %v", err)
		}
	}
	regions, err := parseRAM(ram)
	if err != nil {
		return nil, usageError{err}
	}
	layout := memmap.Layout
	for _, reg := range regions {
		if layout, err = layout.WithRegion(reg); err != nil {
			return nil, usageError{err}
		}
	}
	if err := r.LocalRAM(regions); err != nil {
		return nil, usageError{err}
	}
	for _, def := range loads {
		name, files, ok := strings.Cut(def, "=")
		if !ok || files == "" {
			return nil, usagef("--load %s: want NAME=FILE[,FILE...] (FILE@ADDR for a raw binary)", quote(def))
		}
		images, err := readLoads(strings.Split(files, ","))
		if err == nil {
			err = memmap.CheckLoaded(images)
		}
		if err != nil {
			return nil, err
		}
		desc := microchess.Describe(microchess.OriginalName, images, nil) + ", loaded from " + files
		if err := r.AddProgram(name, desc, images, layout); err != nil {
			return nil, usagef("--load: %v", err)
		}
	}
	for _, def := range sources {
		name, files, ok := strings.Cut(def, "=")
		if !ok || files == "" {
			return nil, usagef("--source %s: want NAME=FILE.asm[,FILE.asm...]", quote(def))
		}
		p, err := microchess.Build(microchess.WorkDir, microchess.Options{Sources: strings.Split(files, ","), RAM: regions})
		if err != nil {
			return nil, fileError(err)
		}
		desc := p.Describe(microchess.OriginalName) + ", built from " + files
		if err := r.AddProgram(name, desc, microchess.KIM(p.Images), p.Layout); err != nil {
			return nil, usagef("--source: %v", err)
		}
	}
	for _, def := range variants {
		if _, err := r.AddVariant(def); err != nil {
			return nil, usagef("--variant: %v", err)
		}
	}
	return r, nil
}
