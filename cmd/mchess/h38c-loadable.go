package main

import (
	"fmt"
	"strings"

	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/emu/kim1"
)

// A person keys or loads a dump through the monitor into what the board
// has there. Bytes for the monitor's ROM or the 6530's I/O cannot be
// written (the sheet would have them keyed for nothing, the loader would
// drop them), so they are refused; bytes where a stock KIM-1 has no memory
// at all land only on a board with expansion RAM there, so they are said.
var (
	unwritable = []kim1.Block{kim1.RIOT, kim1.ROM}
	unfitted   = []kim1.Block{{Name: "no memory on a stock KIM-1", Start: kim1.RAM.End + 1, End: kim1.RIOT.Start - 1},
		{Name: "no memory on a stock KIM-1", Start: kim1.ROM.End + 1, End: 0xFFFF}}
)

// checkLoadable refuses segments with bytes in ROM or I/O, naming the
// range, and warns of those outside the stock board's memory.
func checkLoadable(segs []dump.Segment) (warnings []string, err error) {
	if r := overlaps(segs, unwritable); len(r) > 0 {
		return nil, fmt.Errorf("the dump has bytes at %s: they cannot be written there; give the program's RAM images only", strings.Join(r, ", "))
	}
	if r := overlaps(segs, unfitted); len(r) > 0 {
		warnings = append(warnings, fmt.Sprintf("bytes at %s: they load only into expansion RAM there (a stock KIM-1 has RAM at %04X–%04X and %04X–%04X)",
			strings.Join(r, ", "), kim1.RAM.Start, kim1.RAM.End, kim1.RIOTRAM.Start, kim1.Workspace.End))
	}
	return warnings, nil
}

// overlaps names each part of segs in blocks: "1800–18FF (the KIM-1
// monitor ROM)".
func overlaps(segs []dump.Segment, blocks []kim1.Block) []string {
	var out []string
	for _, s := range segs {
		for _, b := range blocks {
			lo, hi := max(int(s.Addr), int(b.Start)), min(int(s.Addr)+len(s.Data)-1, int(b.End))
			if lo <= hi {
				out = append(out, fmt.Sprintf("%04X–%04X (%s)", lo, hi, b.Name))
			}
		}
	}
	return out
}
