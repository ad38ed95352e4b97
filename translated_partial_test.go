package microchess_test

import (
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/internal/translated"
)

// changeCode pokes bytes into both sessions' memory, a program changed
// from the one translated, and puts the translation that fits it on the
// session run natively: the blocks of the translation whose bytes are
// unchanged (translated.Nearest, emu.Native.Partial).
func (w *twin) changeCode(pokes map[uint16]byte) {
	w.tb.Helper()
	for a, v := range pokes {
		w.n.M.CPU.Mem[a], w.i.M.CPU.Mem[a] = v, v
	}
	w.native = translated.Nearest(w.n.M.CPU)
	if w.native == nil {
		w.tb.Fatal("no translation for the changed program")
	}
	w.count()
}

// The original with one code byte changed, in a block a move runs often
// or in its evaluation, runs on the blocks of the original's translation
// it still holds, the core running the changed one, and agrees with the
// interpreter at every stop of a game, budgets ending anywhere.
func TestTranslatedChangedCode(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		pokes map[uint16]byte
		fails bool // the changed program plays an illegal move
		least int  // the per cent of the instructions the translation must run
	}{
		// The scan reads one byte above the board: the program sees
		// pieces that are not there, and in the end plays an illegal
		// move, on both engines alike.
		{"CMOVE's LDXIM 20 made 21, before the table scan", map[uint16]byte{0x02DA: 0x21}, true, 90},
		{"CMOVE's ADCIM 01 made 02, on a capture", map[uint16]byte{0x02E9: 0x02}, false, 90},
		// The table scan's CMPZX .BOARD made CMPZX .BOARD+1, in the
		// loop's second block: the scan run at once (at the loop's
		// head) must be turned off with it, and runs on the core.
		{"CMOVE's table scan made to read .BOARD+1", map[uint16]byte{0x02DF: 0x51}, true, 25},
		{"STRATGY's LDAIM 00 made 01, on an underflow", map[uint16]byte{0x179F: 0x01}, false, 90},
		{"GNM's LDXIM 10 made 0F, the counters cleared", map[uint16]byte{0x0201: 0x0F}, false, 90},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newTwin(t, "original", "super-blitz", chess.White, true, "")
			w.changeCode(tc.pokes)
			w.agreeOnly = tc.fails
			if !strings.Contains(w.native.Name, "blocks") {
				t.Fatalf("%s: not the translation in part", w.native.Name)
			}
			end := w.game(chess.White, 12)
			t.Logf("%s: %s after %v", w.native.Name, end, w.gn.Moves())
			if failed := strings.HasPrefix(end, "error: "); failed != tc.fails {
				t.Errorf("the game ended: %s", end)
			}
			total := w.n.M.CPU.Instructions
			if w.nativeRan*100 < total*uint64(tc.least) {
				t.Errorf("the translation ran %d of %d instructions, less than %d%%", w.nativeRan, total, tc.least)
			}
			t.Logf("%d stops compared, %.1f%% of %d instructions run by the translation", w.stops, 100*float64(w.nativeRan)/float64(total), total)
		})
	}
}
