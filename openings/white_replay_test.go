package openings_test

import (
	"path/filepath"
	"testing"
)

// John White's ten books (src/openings/white) each fit a 1977 block: eight
// computer moves as White, none an en passant capture or a promotion. They
// are not part of the build (no tape ID, no place in src/openings), but
// compiled they play on the emulated KIM-1 as the manual's books do, and
// the program leaves the book after the eighth move.
func TestReplayWhiteBooksAsBlocks(t *testing.T) {
	files, err := filepath.Glob("../src/openings/white/*.book")
	if err != nil || len(files) != 10 {
		t.Fatalf("want the ten books of White's library in src/openings/white, have %d (%v)", len(files), err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			b := compileFile(t, path)
			if err := replay(b, b.Block[:]); err != nil {
				t.Fatal(err)
			}
		})
	}
}
