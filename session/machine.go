package session

import (
	"slices"

	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
)

// Machine is a KIM-1 with the expansion RAM of a layout (its regions other
// than Layout's own) and the images loaded, ready to run the program from
// Start.
func Machine(l linker.Layout, images []kim1.Image) (*kim1.Machine, error) {
	m := kim1.New()
	if err := loadWithRAM(m, l, images); err != nil {
		return nil, err
	}
	m.CPU.PC = memmap.Start
	return m, nil
}

// loadWithRAM gives m the expansion RAM of layout l (beyond the KIM-1's
// own) and loads the images.
func loadWithRAM(m *kim1.Machine, l linker.Layout, images []kim1.Image) error {
	for _, r := range l.Regions {
		if slices.Contains(memmap.Layout.Regions, r) {
			continue // the KIM-1's own RAM
		}
		if err := m.AddRAM(r.Name, r.Start, r.End); err != nil {
			return err
		}
	}
	return m.Load(images...)
}
