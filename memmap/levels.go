package memmap

import (
	"fmt"
	"strings"
)

// Level is a row of the manual's LEVEL OF PLAY table: the two bytes it
// sets and the average time a move takes by the manual; and the most
// cycles a move took at the level in the self-play games docs/timing.md
// measures (a test keeps the two in step), for planning a move's time.
type Level struct {
	Name          string
	Check         byte // at LevelCheck (02F2): 00 skips the check-check
	Tree          byte // at LevelTree (018B): FF ends the capture tree at once
	ManualSeconds int
	SlowestCycles uint64
}

// Levels in the manual's order.
var Levels = []Level{
	{"super-blitz", 0x00, 0xFF, 3, 3_995_785},
	{"blitz", 0x00, 0xFB, 10, 20_233_398},
	{"normal", 0x08, 0xFB, 100, 71_978_580},
}

// LevelByName finds a level by its name (super-blitz, blitz, normal).
func LevelByName(name string) (Level, error) {
	var names []string
	for _, l := range Levels {
		if strings.EqualFold(name, l.Name) {
			return l, nil
		}
		names = append(names, l.Name)
	}
	return Level{}, fmt.Errorf("unknown level %q (want %s)", name, strings.Join(names, ", "))
}

// Depth is how far the program looks at a level, in plies: every move of
// its own and every reply (depth), and at most seldepth plies on the
// longest line it generates: its next moves after a reply (counted for
// mobility), or the captures TREE follows after a capturing reply, to
// the depth the level's Tree byte sets (FF: none; FB: four).
func (l Level) Depth() (depth, seldepth int) {
	return 2, max(3, 2+int(0xFF-l.Tree))
}
