package dump

import "github.com/kim1-archive/microchess/internal/bounded"

// The most a dump file may hold: a KIM-1 has 64 KB of memory, so a raw
// image is at most that; a dump in a text format (paper tape, Intel HEX,
// S-records, MAME .kim) of all 64 KB takes about three times as much, and
// FileLimit leaves room for comments and long lines.
var (
	ImageLimit = bounded.Limit{What: "a KIM-1 memory image (64 KB of memory)", Bytes: 64 << 10}
	FileLimit  = bounded.Limit{What: "a KIM-1 dump", Bytes: 1 << 20}
)
