package session

import (
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/internal/translated"
)

// Interpret keeps sessions made from now on on the interpreter instead of
// the program's translation (package translated), for comparison. The
// command sets it (from MCHESS_INTERPRET, or mchess match --interpret);
// library code reads no environment.
var Interpret bool

// native gives the machine the translation of the program it holds, if
// there is one and Interpret is off: the program's own, or for a program
// changed from one translated (a local source, a variant), that one's
// translation in part (translated.Nearest). The translation checks its code
// every time it starts and leaves the run to the interpreter when memory
// no longer holds it, so a program changed later runs as ever.
func native(m *kim1.Machine) {
	if !Interpret {
		m.Native = translated.Nearest(m.CPU)
	}
}
