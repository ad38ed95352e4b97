package asm

import (
	"github.com/alecthomas/participle/v2"

	"github.com/kim1-archive/microchess/diag"
)

// What other readers of the 1977 column style share with the assembler:
// the tunable declarations (package tunable) name bytes with the same
// operand expressions, resolved against an assembled program, and parse
// their lines with participle the same way.

// ParseOperand1977 reads an operand expression of the 1977 dialect, HEX,
// SYMBOL, SYMBOL+HEX or SYMBOL-HEX, written at pos; what is wrong with it
// is added to errs.
func ParseOperand1977(word string, pos diag.Pos, errs *diag.ErrorList) *Expr {
	return parseExpr1977(word, pos, errs)
}

// Eval is an expression's value in an assembled program: its symbols are
// the program's own, else its base's (AssembleOver). ok is false when a
// symbol it names is not defined or has no value.
func (p *Program) Eval(e *Expr) (v int, ok bool) {
	if e.Sym == "" {
		return e.Offset, true
	}
	for q := p; q != nil; q = q.Base {
		if sym, found := q.Symbols[e.Sym]; found {
			return sym.Value + e.Offset, sym.known
		}
	}
	return 0, false
}

// String writes an expression as the 1977 dialect does: HEX, SYMBOL,
// SYMBOL+HEX or SYMBOL-HEX.
func (e *Expr) String() string { return exprText(e) }

// ParseLine runs a participle parser on one line; a parser panic becomes
// an error at the start of the line, never a stack trace.
func ParseLine[T any](p *participle.Parser[T], file, text string) (*T, error) {
	return parseLine(p, file, text)
}

// LineError words a participle error of one line for a user: the column
// it is at (1 when unknown) and the message without participle's hints,
// which name Go types rather than anything a user wrote.
func LineError(err error) (col int, msg string) {
	col = 1
	if pe, ok := err.(participle.Error); ok {
		col = pe.Position().Column
	}
	return col, plainParseError(err)
}
