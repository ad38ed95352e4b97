package ref

import (
	_ "embed"
	"fmt"
)

//go:embed stone-1980-bytes.txt
var stoneBytes string

//go:embed stone-1980-table1.txt
var stoneTable1 string

// Stone1980Lines returns the rows of Stone's 1980 patch listing that print
// bytes: line number, address and the ADDR- BYTES columns.
func Stone1980Lines() []PrintedLine {
	var out []PrintedLine
	eachRow(stoneBytes, func(n int, f []string) {
		if len(f) < 3 || len(f) > 5 || len(f[0]) != 4 {
			panic(fmt.Sprintf("stone-1980-bytes.txt:%d: want LINE ADDR BYTES", n))
		}
		pl := PrintedLine{Line: atoi(f[0], n), Addr: uint16(hexNum(f[1], n))}
		for _, b := range f[2:] {
			pl.Bytes = append(pl.Bytes, byte(hexNum(b, n)))
		}
		out = append(out, pl)
	})
	return out
}

// Stone1980Listing returns the bytes Stone's 1980 patch listing prints in
// its ADDR- BYTES columns, by address.
func Stone1980Listing() map[int]byte {
	out := map[int]byte{}
	for _, l := range Stone1980Lines() {
		for i, b := range l.Bytes {
			out[int(l.Addr)+i] = b
		}
	}
	return out
}

// Table1Row is a surviving row of the article's Table 1 (the opening
// development list), as printed; At is the address its bytes belong to
// (where OCR moved a row, Addr stays as printed).
type Table1Row struct {
	Addr, At     uint16
	Symbol, Move string
	White, Black byte
}

// Stone1980Table1Rows returns the surviving rows of Table 1.
func Stone1980Table1Rows() []Table1Row {
	var out []Table1Row
	eachRow(stoneTable1, func(n int, f []string) {
		// ADDR SYMBOL MOVE WHITE BLACK DESC AT NOTE...
		if len(f) < 7 {
			panic(fmt.Sprintf("stone-1980-table1.txt:%d: want ADDR SYMBOL MOVE WHITE BLACK DESC AT NOTE", n))
		}
		out = append(out, Table1Row{Addr: uint16(hexNum(f[0], n)), Symbol: f[1], Move: f[2],
			White: byte(hexNum(f[3], n)), Black: byte(hexNum(f[4], n)), At: uint16(hexNum(f[6], n))})
	})
	return out
}

// Stone1980Table1 returns the surviving printed cells of Table 1 for the
// computer as White or as Black, by the address each belongs to.
func Stone1980Table1(white bool) map[int]byte {
	out := map[int]byte{}
	for _, r := range Stone1980Table1Rows() {
		if white {
			out[int(r.At)] = r.White
		} else {
			out[int(r.At)] = r.Black
		}
	}
	return out
}
