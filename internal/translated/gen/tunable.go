package main

import (
	"fmt"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/emu/translate"
	"github.com/kim1-archive/microchess/isa"
)

// The evaluation a tuner changes (issue 22): STRATGY from its start
// through the ADC #02 at POSN, the position bonus.
const (
	tunableFrom = "STRATGY"
	tunableTo   = "POSN"
)

// tunableOperands are the operands of the original's STRATGY, from its
// start through the ADC # at POSN, that a translation can read at run
// time (translate.VariableOperand): every immediate operand (the weights'
// offsets, the centre squares) and every zero-page read's address (which
// count a term adds). Until the tuner declares its own, these are the
// bytes it may change; it will replace this list.
func tunableOperands(p *asm.Program) ([]uint16, error) {
	if p == nil {
		return nil, fmt.Errorf("no program")
	}
	to, ok := p.Symbols[tunableTo]
	if !ok {
		return nil, fmt.Errorf("no %s", tunableTo)
	}
	start := -1
	for i, s := range p.Stmts {
		if s.Label == tunableFrom {
			start = i
			break
		}
	}
	if start < 0 {
		return nil, fmt.Errorf("no %s", tunableFrom)
	}
	var out []uint16
	next := p.Stmts[start].Addr
	for _, s := range p.Stmts[start:] {
		switch s.Kind {
		case asm.KindNone, asm.KindEquate:
			continue
		case asm.KindInstr:
		default:
			return nil, fmt.Errorf("%s: %s ends before the ADC # at %s", s.Pos, tunableFrom, tunableTo)
		}
		if s.Addr != next || len(s.Bytes) == 0 {
			return nil, fmt.Errorf("%s: %s is not one run of code up to %s", s.Pos, tunableFrom, tunableTo)
		}
		next += uint16(len(s.Bytes))
		e := isa.ByCode[s.Bytes[0]]
		if !e.Valid {
			return nil, fmt.Errorf("%s: no instruction", s.Pos)
		}
		if translate.VariableOperand(e.Op) {
			out = append(out, s.Addr+1)
		}
		if int(s.Addr) >= to.Value && e.Mnemonic == "ADC" && e.Mode == isa.Immediate {
			return out, nil
		}
	}
	return nil, fmt.Errorf("no ADC # at or after %s", tunableTo)
}
