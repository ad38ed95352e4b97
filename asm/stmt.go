package asm

import (
	"github.com/kim1-archive/microchess/diag"
	"github.com/kim1-archive/microchess/isa"
)

// Kind says what a statement does.
type Kind uint8

const (
	KindNone   Kind = iota // blank or comment line
	KindInstr              // a 6502 instruction
	KindEquate             // NAME = value
	KindOrigin             // start of a segment at an address
	KindData               // literal bytes
)

// Expr is an operand: an optional symbol plus a signed offset, or a number.
type Expr struct {
	Pos    diag.Pos
	Sym    string // "" for a plain number
	Offset int
}

// Stmt is one source line in the model all dialects share: a front end turns
// its own syntax into Stmts; the assembler never sees dialect syntax.
type Stmt struct {
	Pos    diag.Pos // start of the line
	Number int      // statement number as a listing prints it (0: unnumbered)
	Text   string   // the line as written, for the listing

	Label    string
	LabelPos diag.Pos

	Kind     Kind
	Mnemonic string   // three-letter mnemonic, upper case
	Mode     isa.Mode // requested mode
	// MayShrink: an absolute-family mode that becomes its zero-page form when
	// the operand is known in pass 1 to be below 0100 (unsuffixed STA .DIS1).
	MayShrink bool
	Operand   *Expr  // instruction, equate or origin operand
	Data      []Expr // KindData bytes
	Comment   string
	// Reconstructed marks a line no printed document fixes; the verifier
	// reports its bytes as reconstructed, never as verified.
	Reconstructed bool

	// Filled in by the assembler.
	Addr  uint16
	Bytes []byte
}
