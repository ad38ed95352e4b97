package isa

// ByCode is the opcode table indexed by opcode byte; Valid is false for the
// 105 undocumented opcodes.
var ByCode [256]struct {
	Op
	Valid bool
}

var byName = map[string]map[Mode]Op{}

func init() {
	for _, op := range Table {
		ByCode[op.Code].Op = op
		ByCode[op.Code].Valid = true
		if byName[op.Mnemonic] == nil {
			byName[op.Mnemonic] = map[Mode]Op{}
		}
		byName[op.Mnemonic][op.Mode] = op
	}
}

// Lookup finds the opcode for a mnemonic (upper case) in a mode.
func Lookup(mnemonic string, mode Mode) (Op, bool) {
	op, ok := byName[mnemonic][mode]
	return op, ok
}

// IsMnemonic reports whether s is one of the 56 documented mnemonics.
func IsMnemonic(s string) bool { _, ok := byName[s]; return ok }

// Modes returns the set of modes a mnemonic has.
func Modes(mnemonic string) map[Mode]Op { return byName[mnemonic] }

// Mnemonics returns the number of distinct mnemonics (56).
func Mnemonics() int { return len(byName) }
