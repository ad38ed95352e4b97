package ref

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
)

//go:embed listing-1977-bytes.txt
var listingBytes string

//go:embed symtab-1977.txt
var symtab string

//go:embed blockdata-1977.txt
var blockData string

// PrintedLine is one statement of the 1977 listing's own address and byte
// columns, as OCR'd (errors kept).
type PrintedLine struct {
	Line  int
	Addr  uint16
	Bytes []byte
}

// PrintedSymbol is one row of the printed symbol table, as OCR'd.
type PrintedSymbol struct {
	Name string
	Addr uint16
	Def  int
	Refs []int
}

// ListingBytes1977 returns the printed listing's byte column.
func ListingBytes1977() []PrintedLine {
	var out []PrintedLine
	eachRow(listingBytes, func(n int, f []string) {
		if len(f) < 3 {
			panic(fmt.Sprintf("listing-1977-bytes.txt:%d: want LINE ADDR BYTES", n))
		}
		pl := PrintedLine{Line: atoi(f[0], n), Addr: uint16(hexNum(f[1], n))}
		for _, b := range f[2:] {
			pl.Bytes = append(pl.Bytes, byte(hexNum(b, n)))
		}
		out = append(out, pl)
	})
	return out
}

// BlockData is one of the tables the manual prints under BLOCK DATA.
type BlockData struct {
	Name  string
	Addr  uint16 // where the printed data start
	Bytes []byte
}

// BlockData1977 returns the four BLOCK DATA tables.
func BlockData1977() []BlockData {
	var out []BlockData
	eachRow(blockData, func(n int, f []string) {
		if len(f) < 3 {
			panic(fmt.Sprintf("blockdata-1977.txt:%d: want NAME ADDR BYTES", n))
		}
		b := BlockData{Name: f[0], Addr: uint16(hexNum(f[1], n))}
		for _, x := range f[2:] {
			b.Bytes = append(b.Bytes, byte(hexNum(x, n)))
		}
		out = append(out, b)
	})
	return out
}

// SymbolTable1977 returns the printed symbol table with cross references.
func SymbolTable1977() []PrintedSymbol {
	var out []PrintedSymbol
	eachRow(symtab, func(n int, f []string) {
		if len(f) < 3 {
			panic(fmt.Sprintf("symtab-1977.txt:%d: want SYMBOL ADDR DEF REFS", n))
		}
		ps := PrintedSymbol{Name: f[0], Addr: uint16(hexNum(f[1], n)), Def: atoi(f[2], n)}
		for _, r := range f[3:] {
			ps.Refs = append(ps.Refs, atoi(r, n))
		}
		out = append(out, ps)
	})
	return out
}

// eachRow calls fn for each non-comment line; the files are embedded and
// fixed, so a malformed row is a programming error caught by the tests.
func eachRow(text string, fn func(line int, fields []string)) {
	for i, line := range strings.Split(text, "\n") {
		if line = strings.TrimSpace(line); line == "" || line[0] == '#' {
			continue
		}
		fn(i+1, strings.Fields(line))
	}
}

func atoi(s string, line int) int {
	v, err := strconv.Atoi(s)
	if err != nil {
		panic(fmt.Sprintf("line %d: %q is not a number", line, s))
	}
	return v
}

func hexNum(s string, line int) int {
	v, err := strconv.ParseUint(s, 16, 16)
	if err != nil {
		panic(fmt.Sprintf("line %d: %q is not hex", line, s))
	}
	return int(v)
}
