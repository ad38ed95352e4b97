package timing_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/timing"
)

// docs/timing.md must be what `mchess timing` writes today.
func TestTimingDocUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (-short skips it): plays 24 self-play games, some at Normal level")
	}
	t.Parallel()
	want, err := os.ReadFile("../docs/timing.md")
	if err != nil {
		t.Fatalf("%v (make timing writes it)", err)
	}
	p, err := microchess.Original(true)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := timing.Timing(microchess.KIM(p.Images), 20)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		if r.Slowest != memmap.Levels[i].SlowestCycles {
			t.Errorf("%s: the slowest move took %d cycles; Levels says %d", r.Level.Name, r.Slowest, memmap.Levels[i].SlowestCycles)
		}
	}
	var b bytes.Buffer
	timing.WriteMarkdown(&b, rows, timing.BuiltSource)
	if b.String() != string(want) {
		t.Fatal("docs/timing.md is stale: run 'make timing' (mchess timing -o docs/timing.md)")
	}
	// The manual's orientation figure: the first Normal move is about 21
	// million cycles.
	if c := rows[2].First.Cycles; c < 20_000_000 || c > 22_000_000 {
		t.Errorf("first Normal move %d cycles", c)
	}
}
