// Package ref holds the printed reference data the rebuild is proved
// against: the published 1977 hex listing, embedded from a text file that is
// a plain transcription of the manual's pages.
package ref

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
)

//go:embed microchess-1977.hex
var hex1977 string

// Image is a block of reference bytes at consecutive addresses.
type Image struct {
	Name  string // tape name: c0, c1
	ID    byte   // KIM-1 tape ID
	Start uint16
	Bytes []byte
}

// End is the last address the image holds.
func (im Image) End() uint16 { return im.Start + uint16(len(im.Bytes)) - 1 }

// MicroChess1977 returns the two published images: ID C0 at 0000–03FF and
// ID C1 at 1780–17E5.
func MicroChess1977() []Image {
	mem, err := ParseHex("microchess-1977.hex", hex1977)
	if err != nil {
		panic(err) // the embedded file is fixed and tested
	}
	c0 := Image{Name: "c0", ID: 0xC0, Start: 0x0000}
	c1 := Image{Name: "c1", ID: 0xC1, Start: 0x1780}
	for a := 0x0000; a <= 0x03FF; a++ {
		c0.Bytes = append(c0.Bytes, mem[uint16(a)])
	}
	for a := 0x1780; a <= 0x17E5; a++ {
		c1.Bytes = append(c1.Bytes, mem[uint16(a)])
	}
	return []Image{c0, c1}
}

// ParseHex reads "ADDR: BB BB ..." lines into an address→byte map. It
// rejects malformed lines, gaps inside a line and duplicate addresses.
func ParseHex(name, text string) (map[uint16]byte, error) {
	mem := map[uint16]byte{}
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		addrText, rest, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("%s:%d: missing ':' after the address", name, i+1)
		}
		addr, err := strconv.ParseUint(strings.TrimSpace(addrText), 16, 16)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: bad address %q", name, i+1, addrText)
		}
		for _, f := range strings.Fields(rest) {
			b, err := strconv.ParseUint(f, 16, 8)
			if err != nil || len(f) != 2 {
				return nil, fmt.Errorf("%s:%d: bad byte %q", name, i+1, f)
			}
			if _, dup := mem[uint16(addr)]; dup {
				return nil, fmt.Errorf("%s:%d: address %04X given twice", name, i+1, addr)
			}
			mem[uint16(addr)] = byte(b)
			addr++
		}
	}
	return mem, nil
}
