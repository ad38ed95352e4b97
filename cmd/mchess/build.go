package main

import (
	"fmt"
	"os"

	"github.com/kim1-archive/microchess/asm"
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
