package main

import (
	"bytes"
	"testing"

	"github.com/kim1-archive/microchess/memmap"
)

// blockIn finds the block in a main image by address, or takes a 28-byte
// file as the block.
func TestBlockIn(t *testing.T) {
	c0 := memmap.Published()[0].Bytes
	got, err := blockIn(c0, "", "0000")
	if err != nil || !bytes.Equal(got, c0[0xC0:0xDC]) {
		t.Fatalf("default address: % X, %v", got, err)
	}
	// The same block seen through an image loaded at 0080.
	got, err = blockIn(c0[0x80:], "00C0", "0080")
	if err != nil || !bytes.Equal(got, c0[0xC0:0xDC]) {
		t.Fatalf("-base 0080: % X, %v", got, err)
	}
	if got, _ := blockIn(c0[0xC0:0xDC], "", "0000"); !bytes.Equal(got, c0[0xC0:0xDC]) {
		t.Fatalf("a 28-byte file is the block")
	}
	for _, c := range []struct{ at, base string }{{"03F0", "0000"}, {"0000", "0080"}, {"zz", "0000"}} {
		if _, err := blockIn(c0, c.at, c.base); err == nil {
			t.Errorf("-at %s -base %s accepted", c.at, c.base)
		}
	}
}
