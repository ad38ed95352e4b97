package main

import (
	"fmt"
	"os"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/linker"
)

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string     { return fmt.Sprint([]string(*l)) }
func (l *stringList) Set(s string) error { *l = append(*l, s); return nil }

// assembleAndLink reads the program and residue sources and links them into
// KIM-1 images plus any extra RAM regions.
func assembleAndLink(program, residue, ram []string) (*asm.Program, []*linker.Image, error) {
	var sources []asm.Source
	for _, name := range append(append([]string(nil), program...), residue...) {
		text, err := os.ReadFile(name)
		if err != nil {
			return nil, nil, err
		}
		sources = append(sources, asm.Source{Name: name, Text: string(text)})
	}
	p, err := asm.Assemble(sources...)
	if err != nil {
		return nil, nil, err
	}
	regions := append([]linker.Region(nil), linker.KIM1...)
	for _, r := range ram {
		reg, err := linker.ParseRegion(r)
		if err != nil {
			return nil, nil, err
		}
		regions = append(regions, reg)
	}
	images, err := linker.Link(p, regions)
	return p, images, err
}

// outFile is one file a command writes.
type outFile struct {
	name string
	data []byte
}

// writeOutputs writes each file atomically; it is called only once all of
// them are ready, so a failed build writes nothing.
func writeOutputs(files []outFile) error {
	for _, f := range files {
		if err := atomicfile.Write(f.name, f.data); err != nil {
			return err
		}
	}
	return nil
}

func outNames(files []outFile) []string {
	var names []string
	for _, f := range files {
		names = append(names, f.name)
	}
	return names
}
