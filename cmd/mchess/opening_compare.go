package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"

	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/internal/bounded"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/openings"
)

// blockIn finds the 28 block bytes in a file: the file itself when it is
// a block and no address is asked for, else the bytes at the address of an
// image loaded at base.
func blockIn(data []byte, at, base string) ([]byte, error) {
	if len(data) == 0 {
		return nil, errors.New("the file is empty")
	}
	if at == "" && len(data) == memmap.BookSize {
		return data, nil
	}
	if at == "" {
		at = fmt.Sprintf("%04X", memmap.BookStart)
	}
	a, err1 := parseHex16(at)
	b, err2 := parseHex16(base)
	if err1 != nil || err2 != nil {
		return nil, errors.New("addresses are four hex digits")
	}
	if a < b || int(a-b)+memmap.BookSize > len(data) {
		return nil, fmt.Errorf("the image holds %04X–%04X, not %04X–%04X", b, int(b)+len(data)-1, a, int(a)+memmap.BookSize-1)
	}
	return data[a-b : a-b+memmap.BookSize], nil
}

var cmdOpeningCompare = &Command{
	Name:      "compare",
	UsageLine: "mchess opening compare BLOCK.bin [IMAGE.bin]",
	Long: `Compares a block with 00C0–00DB of a main image loaded at 0000, or with another
block (default: the 1977 hex listing's 00C0–00DB, the Giuoco Piano W block).
Exit status 1, with each differing byte, if they differ.`,
	New: func() options { return openingCompareOptions{} },
}

// openingCompareOptions are mchess opening compare's: none.
type openingCompareOptions struct{}

func (openingCompareOptions) flags(*flag.FlagSet) {}

func (openingCompareOptions) run(e *env, rest []string) error {
	if len(rest) < 1 || len(rest) > 2 {
		return e.usage("want one or two FILEs, %s", given(rest))
	}
	name := rest[0]
	block, err := bounded.ReadFile(name, dump.ImageLimit)
	if err != nil {
		return exitError{1, fileError(err)}
	}
	if len(block) != memmap.BookSize {
		return failf(1, "%s: not a %d-byte block", quote(name), memmap.BookSize)
	}
	what := "the 1977 hex listing"
	image := memmap.Published()[0].Bytes
	if len(rest) == 2 {
		what = rest[1]
		if image, err = bounded.ReadFile(what, dump.ImageLimit); err != nil {
			return exitError{1, fileError(err)}
		}
	}
	want, err := blockIn(image, "", "0000") // a 28-byte file is a block itself
	if err != nil {
		return failf(1, "%s: %v", what, err)
	}
	if bytes.Equal(block, want) {
		fmt.Fprintf(e.stdout, "%s = %04X–%04X of %s\n", name, memmap.BookStart, memmap.BookStart+memmap.BookSize-1, what)
		return nil
	}
	for i := memmap.BookSize - 1; i >= 0; i-- {
		if block[i] != want[i] {
			fmt.Fprintf(e.stderr, "%04X: %s has %02X, %s has %02X\n", openings.Addr(i), name, block[i], what, want[i])
		}
	}
	return exit(1)
}
