package match

import (
	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
)

// catalogued builds a program of the catalogue for either side, with the
// expansion RAM given (the working directory's program takes some).
func catalogued(p *builds.Program, ram []linker.Region) func(chess.Color) ([]kim1.Image, string, error) {
	return func(side chess.Color) ([]kim1.Image, string, error) {
		b, err := p.BuildWithRAM(side, ram)
		if err != nil {
			return nil, "", err
		}
		return b.KIM(), b.Shown, nil
	}
}

// LocalRAM links the program local into the KIM-1's memory and the
// expansion RAM given (by default the KIM-1's alone), as make RAM= does.
func (r *Roster) LocalRAM(ram []linker.Region) error {
	layout := memmap.Layout
	for _, reg := range ram {
		var err error
		if layout, err = layout.WithRegion(reg); err != nil {
			return err
		}
	}
	p, err := builds.Lookup(builds.Local)
	if err != nil {
		return err
	}
	r.programs[p.Name] = catalogued(p, ram)
	r.localNeeds = session.Needs{Layout: layout}
	return nil
}
