package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"

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

func openingCompare(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mchess opening compare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: mchess opening compare BLOCK.bin [IMAGE.bin]")
		fmt.Fprintln(stderr, "\nCompares a block with 00C0–00DB of a main image loaded at 0000, or with another")
		fmt.Fprintln(stderr, "block (default: the 1977 hex listing's 00C0–00DB, the Giuoco Piano W block).")
		fmt.Fprintln(stderr, "Exit status 1, with each differing byte, if they differ.")
	}
	rest, err := parse(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(rest) < 1 || len(rest) > 2 {
		fs.Usage()
		return 2
	}
	name := rest[0]
	block, err := bounded.ReadFile(name, dump.ImageLimit)
	if err != nil {
		fmt.Fprintln(stderr, fileError(err))
		return 1
	}
	if len(block) != memmap.BookSize {
		fmt.Fprintf(stderr, "%s: not a %d-byte block\n", quote(name), memmap.BookSize)
		return 1
	}
	what := "the 1977 hex listing"
	image := memmap.Published()[0].Bytes
	if len(rest) == 2 {
		what = rest[1]
		if image, err = bounded.ReadFile(what, dump.ImageLimit); err != nil {
			fmt.Fprintln(stderr, fileError(err))
			return 1
		}
	}
	want, err := blockIn(image, "", "0000") // a 28-byte file is a block itself
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", what, err)
		return 1
	}
	if bytes.Equal(block, want) {
		fmt.Fprintf(stdout, "%s = %04X–%04X of %s\n", name, memmap.BookStart, memmap.BookStart+memmap.BookSize-1, what)
		return 0
	}
	for i := memmap.BookSize - 1; i >= 0; i-- {
		if block[i] != want[i] {
			fmt.Fprintf(stderr, "%04X: %s has %02X, %s has %02X\n", openings.Addr(i), name, block[i], what, want[i])
		}
	}
	return 1
}
