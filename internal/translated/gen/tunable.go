package main

import (
	"fmt"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/emu/translate"
	"github.com/kim1-archive/microchess/isa"
)

// tunableOperands are the bytes the original's declarations
// (src/microchess.tune, docs/tuning.md) let a tuner change that are
// operands of its code: the translation reads them when it runs, so that
// one translation serves every variant a tuner tries. The declarations
// are the one list; a declared byte of data (the piece values) is read as
// data anyway, and a declared operand the translation cannot read at run
// time is an error here.
func tunableOperands(p *asm.Program) ([]uint16, error) {
	return tunableOperandsOf(p, microchess.ProgramSource)
}

func tunableOperandsOf(p *asm.Program, source string) ([]uint16, error) {
	set, _, err := microchess.LoadTunable(microchess.Proven, source, "")
	if err != nil {
		return nil, err
	}
	var out []uint16
	for _, a := range set.Addresses() {
		s := instructionAt(p, a)
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

// instructionAt is the instruction whose bytes hold addr, nil when none.
func instructionAt(p *asm.Program, addr uint16) *asm.Stmt {
	for _, s := range p.Stmts {
		if s.Kind == asm.KindInstr && addr >= s.Addr && int(addr) < int(s.Addr)+len(s.Bytes) {
			return s
		}
	}
	return nil
}
