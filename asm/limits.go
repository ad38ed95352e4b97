package asm

import "github.com/kim1-archive/microchess/internal/bounded"

// The most a file the assembler reads may hold. A source of 2 MiB (the
// 1977 program is 45 KB) assembles in a few seconds in some 250 MB; a
// symbol file is a line a symbol.
var (
	SourceLimit  = bounded.Limit{What: "an assembler source", Bytes: 2 << 20}
	SymbolsLimit = bounded.Limit{What: "a symbol file", Bytes: 4 << 20}
)
