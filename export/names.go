package export

import (
	"fmt"
	"strings"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/isa"
)

// The 1977 dialect spells variables .NAME and the monitor's routines
// *NAME; no other assembler takes either, and ca65, 64tass and ACME read a
// label spelled like a mnemonic (ROL, BCC) or a register as that
// mnemonic or register. So (docs/export.md):
const (
	variablePrefix = "V_" // .SP2 -> V_SP2
	externalPrefix = "E_" // *OUT -> E_OUT
	reservedPrefix = "L_" // ROL -> L_ROL
)

// reservedNames are the words besides the 56 mnemonics that one of the
// three assemblers reads as something other than a symbol.
var reservedNames = map[string]bool{"A": true, "X": true, "Y": true, "S": true}

// Legal is a name of either MicroChess dialect as every exporter writes
// it (before a suffix makes it unique, see namer).
func Legal(name string) string {
	switch {
	case strings.HasPrefix(name, "."):
		return variablePrefix + name[1:]
	case strings.HasPrefix(name, "*"):
		return externalPrefix + name[1:]
	case isa.IsMnemonic(strings.ToUpper(name)) || reservedNames[strings.ToUpper(name)]:
		return reservedPrefix + name
	}
	return name
}

// namer gives each symbol of a build one legal name, unique without
// regard to case (64tass ignores case by default): a second symbol of the
// same legal name takes _2, _3, ..., unless it is the same name with the
// same value in another program of the build (Stone's equates for the
// original's variables), which shares the first one's name.
type namer struct {
	names map[*asm.Symbol]string
	taken map[string]*asm.Symbol // lower-case legal name -> its first symbol
}

func newNamer() *namer {
	return &namer{names: map[*asm.Symbol]string{}, taken: map[string]*asm.Symbol{}}
}

func (n *namer) add(sym *asm.Symbol) {
	if _, ok := n.names[sym]; ok {
		return
	}
	base := Legal(sym.Name)
	name := base
	for i := 2; ; i++ {
		first, ok := n.taken[strings.ToLower(name)]
		if !ok {
			n.taken[strings.ToLower(name)] = sym
			break
		}
		if first.Name == sym.Name && first.Value == sym.Value {
			break
		}
		name = fmt.Sprintf("%s_%d", base, i)
	}
	n.names[sym] = name
}

// resolve finds the symbol an operand of program p names: p's own, else
// its base's, as the assembler resolved it.
func resolve(p *asm.Program, name string) *asm.Symbol {
	for q := p; q != nil; q = q.Base {
		if s, ok := q.Symbols[name]; ok {
			return s
		}
	}
	return nil
}
