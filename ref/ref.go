// Package ref holds the printed reference data the rebuild is proved
// against: the published 1977 hex listing, embedded from a text file that is
// a plain transcription of the manual's pages.
package ref

import (
	_ "embed"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

//go:embed microchess-1977.hex
var hex1977 string

// Block is a run of printed bytes at consecutive addresses.
type Block struct {
	Start uint16
	Bytes []byte
}

// End is the last address the block holds.
func (b Block) End() uint16 { return b.Start + uint16(len(b.Bytes)) - 1 }

// HexListing1977 returns the MicroChess manual's hex listing as the runs
// of consecutive addresses it prints, in address order (0000–03FF and
// 1780–17E5).
func HexListing1977() []Block {
	mem, err := ParseHex("microchess-1977.hex", hex1977)
	if err != nil {
		panic(err) // the embedded file is fixed and tested
	}
	return Runs(mem)
}

// Runs groups an address→byte map into runs of consecutive addresses.
func Runs(mem map[uint16]byte) []Block {
	addrs := make([]int, 0, len(mem))
	for a := range mem {
		addrs = append(addrs, int(a))
	}
	sort.Ints(addrs)
	var out []Block
	for i, a := range addrs {
		if i == 0 || a != addrs[i-1]+1 {
			out = append(out, Block{Start: uint16(a)})
		}
		b := &out[len(out)-1]
		b.Bytes = append(b.Bytes, mem[uint16(a)])
	}
	return out
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
