package main

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
)

// parseRAM reads --ram NAME=SSSS-EEEE regions.
func parseRAM(specs []string) ([]linker.Region, error) {
	var out []linker.Region
	for _, s := range specs {
		r, err := linker.ParseRegion(s)
		if err != nil {
			return nil, fmt.Errorf("--ram: %v", err)
		}
		out = append(out, r)
	}
	return out, nil
}

// ramList is the repeatable --ram flag. Each region is checked as it is
// given, its spelling and that it overlaps neither the KIM-1's own memory
// nor a region given before it, so that a bad one is a usage error (exit
// 2) whatever the command.
type ramList []string

func (l *ramList) String() string { return fmt.Sprint([]string(*l)) }

func (l *ramList) Set(s string) error {
	r, err := linker.ParseRegion(s)
	if err != nil {
		return err
	}
	layout := memmap.Layout
	for _, given := range *l {
		g, _ := linker.ParseRegion(given) // checked when it was set
		layout, _ = layout.WithRegion(g)
	}
	if _, err := layout.WithRegion(r); err != nil {
		return err
	}
	*l = append(*l, s)
	return nil
}

const ramUsage = "expansion RAM `NAME=SSSS-EEEE` (hex) for a program that outgrows the KIM-1's 1.1 KB, e.g. x=2000-2FFF; its image is BASE-NAME.bin; repeatable"

// build assembles and links the program, the way asm, verify and patch do.
func build(files, residue, ram []string) (*microchess.Program, error) {
	regions, err := parseRAM(ram)
	if err != nil {
		return nil, err
	}
	p, err := microchess.Build(microchess.WorkDir, microchess.Options{Sources: files, Residue: residue, RAM: regions})
	return p, fileError(err)
}

// fileError words a failure to read a file as a user expects it.
func fileError(err error) error {
	var pe *fs.PathError
	if !errors.As(err, &pe) {
		return err
	}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s: no such file", quote(pe.Path))
	case errors.Is(err, syscall.EISDIR):
		return fmt.Errorf("%s: is a directory, not a file", quote(pe.Path))
	}
	return err
}
