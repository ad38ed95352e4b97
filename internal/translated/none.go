//go:build regenerate

package translated

import "github.com/kim1-archive/microchess/emu"

// All is empty while the generator runs (see gen): the translations it
// writes are left out of its build.
var All []*emu.Native
