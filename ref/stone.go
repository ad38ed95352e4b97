package ref

import (
	_ "embed"
	"fmt"
)

//go:embed stone-1980-bytes.txt
var stoneBytes string

//go:embed stone-1980-table1.txt
var stoneTable1 string

// Stone1980Listing returns the bytes Stone's 1980 patch listing prints in
// its ADDR- BYTES columns, by address.
func Stone1980Listing() map[int]byte {
	out := map[int]byte{}
	eachRow(stoneBytes, func(n int, f []string) {
		if len(f) < 3 {
			panic(fmt.Sprintf("stone-1980-bytes.txt:%d: want LINE ADDR BYTES", n))
		}
		addr := hexNum(f[1], n)
		for i, b := range f[2:] {
			out[addr+i] = byte(hexNum(b, n))
		}
	})
	return out
}

// Stone1980Table1 returns the surviving printed cells of the article's
// Table 1 (the opening development list) for the computer as White or as
// Black, by the address each belongs to.
func Stone1980Table1(white bool) map[int]byte {
	out := map[int]byte{}
	eachRow(stoneTable1, func(n int, f []string) {
		// ADDR SYMBOL MOVE WHITE BLACK DESC AT NOTE...
		if len(f) < 7 {
			panic(fmt.Sprintf("stone-1980-table1.txt:%d: want ADDR SYMBOL MOVE WHITE BLACK DESC AT NOTE", n))
		}
		cell := f[4]
		if white {
			cell = f[3]
		}
		out[hexNum(f[6], n)] = byte(hexNum(cell, n))
	})
	return out
}
