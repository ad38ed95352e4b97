package match

import (
	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
)

// localProgram builds the working directory's program (microchess.Local)
// with the expansion RAM given, for either side.
func localProgram(ram []linker.Region) func(chess.Color) ([]kim1.Image, string, error) {
	return func(chess.Color) ([]kim1.Image, string, error) {
		p, err := microchess.Local(ram)
		if err != nil {
			return nil, "", err
		}
		return microchess.KIM(p.Images), p.LocalName(), nil
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
	r.programs[microchess.LocalProgram] = localProgram(ram)
	r.localLayout = layout
	return nil
}
