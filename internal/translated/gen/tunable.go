package main

import (
	"fmt"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/emu/translate"
	"github.com/kim1-archive/microchess/isa"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/tunable"
)

// tunableOperands are the bytes a program's declarations (for the
// original src/microchess.tune, for the special-moves program
// src/extended/special-moves.tune, for form B src/tuned/formb.tune;
// docs/tuning.md) let a tuner change that are operands of its code in
// images: the translation reads them when it runs, so that one translation
// serves every variant a tuner tries. The declarations are the one list; a
// declared byte of data (the piece values, .CASTB) is read as data anyway,
// and a declared operand the translation cannot read at run time is an
// error here.
func tunableOperands(set *tunable.Set, images []*linker.Image) ([]uint16, error) {
	var out []uint16
	for _, a := range set.Addresses() {
		s := instructionAt(images, a)
		if s == nil {
			continue
		}
		if a != s.Addr+1 || len(s.Bytes) != 2 || !translate.VariableOperand(isa.ByCode[s.Bytes[0]].Op) {
			return nil, fmt.Errorf("%s: %04X is declared tunable, but the translation cannot read it at run time", s.Pos, a)
		}
		out = append(out, a)
	}
	return out, nil
}

// instructionAt is the instruction whose bytes the images hold at addr,
// nil when none.
func instructionAt(images []*linker.Image, addr uint16) *asm.Stmt {
	for _, im := range images {
		if addr < im.Start || int(addr) >= int(im.Start)+len(im.Bytes) {
			continue
		}
		if s := im.Src[addr-im.Start]; s != nil && s.Kind == asm.KindInstr {
			return s
		}
	}
	return nil
}
