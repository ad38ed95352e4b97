package memmap

import (
	"fmt"
	"strings"

	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/linker"
)

// Where the program lives. MicroChess fills the KIM-1's 1K of RAM and part
// of the 6530 RAM below the monitor's workspace; the tapes carried them as
// two images, ID C0 and ID C1.
var (
	// Layout is the memory the program is linked into: the two images'
	// regions (the RAM free for programs), and what nothing may be loaded
	// into.
	Layout = linker.Layout{
		Regions: []linker.Region{
			{Name: "c0", ID: 0xC0, Start: kim1.RAM.Start, End: kim1.RAM.End},
			{Name: "c1", ID: 0xC1, Start: kim1.RIOTRAM.Start, End: kim1.RIOTRAM.End},
		},
		Reserved: []linker.Reserved{block(kim1.RIOT), block(kim1.Workspace), block(kim1.ROM)},
		Overflow: "the program no longer fits in the KIM-1's 1.1 KB of RAM; link the rest into expansion RAM (mchess --ram NAME=SSSS-EEEE, make RAM=NAME=SSSS-EEEE)",
	}

	// LoaderWorkspace is what a paper tape for the monitor's L command
	// leaves out: the loader's own variables and stack (kim1.LoaderStack).
	// In MicroChess those bytes are variables the program sets (.PMOB to
	// .OLDKY, the display) and residue (the stack, unused bytes).
	LoaderWorkspace = []linker.Reserved{block(kim1.MonitorPageZero), block(kim1.LoaderStack)}

	// CodeRanges hold the program's instructions, which it never writes:
	// a write there is a fault.
	CodeRanges = [][2]uint16{{0x0000, 0x004D}, {0x0100, 0x01AE}, {0x0200, 0x03F9}, {0x1780, 0x17E5}}
)

func block(b kim1.Block) linker.Reserved {
	return linker.Reserved{What: b.Name, Start: b.Start, End: b.End}
}

// Addresses in page zero and in the code, named as the 1977 listing names
// them; a test holds each to the assembled symbol table.
const (
	Start = 0x0000 // CHESS: execution begins here (GO from 0000)

	Board       = 0x0050 // .BOARD: the computer's 16 men, then the player's at 0060
	PlayerBoard = 0x0060 // .BK
	SetW        = 0x0070 // .SETW: the initial array C copies to .BOARD
	BookStart   = 0x00C0 // the opening book block, read downward from 00DB
	BookSize    = 28     // 00C0–00DB
	OpenPtr     = 0x00DC // .OMOVE: negative while the book is followed
	Display1    = 0x00FB // .DIS1: the display's left pair (piece)
	Display2    = 0x00FA // .DIS2: FROM square
	Display3    = 0x00F9 // .DIS3: TO square
	Janus       = 0x0100 // JANUS: GNM hands it each move it generates
	PieceNow    = 0x00B0 // .PIECE: the man whose move is generated or made
	SquareNow   = 0x00B1 // .SQUARE: its TO square
	State       = 0x00B5 // .STATE: the depth of the analysis (TopLevel for the program's own moves)

	// The two bytes the manual's LEVEL OF PLAY table sets.
	LevelCheck = 0x02F2 // operand of CMPIM 08 in CMOVE: 00 skips the check-check
	LevelTree  = 0x018B // operand of LDAIM FB in TREE: FF ends the capture tree at once
)

// Captured is the square the program stores for a man that has been taken.
const Captured = 0xCC

// Cleared is what each pair of the display shows after C.
const Cleared = 0xCC

// Needed are the ranges a MicroChess program must have loaded before it
// runs: its code (CodeRanges) and the tables C and the search read
// (.SETW, .MOVEX, .POINTS, 0070–00AF).
var Needed = append([][2]uint16{{0x0070, 0x00AF}}, CodeRanges...)

// CheckLoaded refuses images that leave part of a needed range unloaded
// (Needed), naming what is missing: a program run without its 1780–17E5
// image plays its book and then runs into the monitor's ROM.
func CheckLoaded(images []kim1.Image) error {
	var loaded [0x10000]bool
	for _, im := range images {
		for i := range im.Data {
			if a := int(im.Addr) + i; a <= 0xFFFF {
				loaded[a] = true
			}
		}
	}
	var missing []string
	for _, r := range Needed {
		for a := int(r[0]); a <= int(r[1]); a++ {
			if loaded[a] {
				continue
			}
			b := a
			for b < int(r[1]) && !loaded[b+1] {
				b++
			}
			missing = append(missing, fmt.Sprintf("%04X–%04X", a, b))
			a = b
		}
	}
	if len(missing) == 0 {
		return nil
	}
	var names []string
	for _, im := range images {
		names = append(names, im.String())
	}
	return fmt.Errorf("the images loaded (%s) leave %s empty: MicroChess needs its code at %s and its tables at 0070–00AF (the tapes' two images: 0000–03FF, ID C0, and 1780–17E5, ID C1)",
		strings.Join(names, ", "), strings.Join(missing, ", "), rangeList(CodeRanges))
}

func rangeList(rs [][2]uint16) string {
	var out []string
	for _, r := range rs {
		out = append(out, fmt.Sprintf("%04X–%04X", r[0], r[1]))
	}
	return strings.Join(out, ", ")
}
