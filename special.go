package microchess

import (
	"fmt"
	"sync"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
)

// SpecialSource is MicroChess with the special moves the 1977 manual
// leaves out and sketches (castling, en passant, promotion, more than one
// queen a side): docs/special-moves.md.
const SpecialSource = "src/extended/special-moves.asm"

// SpecialRAM is the expansion RAM the special-moves program is linked
// into: its code and tables from 0400, then its undo stack.
var SpecialRAM = linker.Region{Name: "x", Start: 0x0400, End: 0x0FFF}

// SpecialLayout is the KIM-1 with SpecialRAM.
func SpecialLayout() linker.Layout { return withRAM(SpecialRAM) }

// Special builds the special-moves program (SpecialSource over the
// original with the residue of its tapes, in SpecialRAM), once, from the
// proven sources.
var Special = sync.OnceValues(func() (*Patched, error) {
	base, err := Build(Proven, Options{Residue: []string{ResidueSource}, RAM: []linker.Region{SpecialRAM}})
	if err != nil {
		return nil, err
	}
	return base.Overlay(SpecialSource)
})

// SpecialVarsOf finds the variables in a build of SpecialSource.
func SpecialVarsOf(p *Patched) (*memmap.SpecialVars, error) {
	return specialVars(p.Patch, SpecialSource)
}

// ProgramSpecialVars finds the same variables in a program of its own
// that keeps the full rules as the special-moves program does (search5k),
// built from source.
func ProgramSpecialVars(p *Program, source string) (*memmap.SpecialVars, error) {
	return specialVars(p.Code, source)
}

func specialVars(p *asm.Program, source string) (*memmap.SpecialVars, error) {
	v := &memmap.SpecialVars{}
	for name, at := range map[string]*uint16{".ATTR": &v.Attr, ".EPSQ": &v.EnPassant, ".USP": &v.UndoTop} {
		sym, ok := p.Symbols[name]
		if !ok {
			return nil, fmt.Errorf("%s defines no %s", source, name)
		}
		*at = uint16(sym.Value)
	}
	return v, nil
}
