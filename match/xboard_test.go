package match

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/suite"
)

// Fairy-Max, an xboard engine, at a fixed depth against a MicroChess
// program: every game is played out, none failed, and the record names
// the engine and its depth.
func TestFairyMaxMatch(t *testing.T) {
	fm := lookEngine(t, "fairymax")
	t.Parallel()
	r := NewRoster()
	if _, err := r.AddEngine("name=fm,proto=xboard,depth=2,cmd=" + fm); err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), Options{Players: players(t, r, "fm", "original@super-blitz"),
		Games: 4, Lines: suite.Default()[:2], Jobs: 2, MaxPlies: 60})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Records) != 4 {
		t.Fatalf("%d records", len(res.Records))
	}
	for _, rec := range res.Records {
		if rec.End == Failed {
			t.Errorf("game %d failed: %s", rec.Index, rec.Detail)
		}
		g := replays(t, rec.PGN)
		name := g.GetTagPair("WhiteProgram")
		if rec.White != 0 {
			name = g.GetTagPair("BlackProgram")
		}
		if name != "Fairy-Max 5.0b (depth 2)" {
			t.Errorf("game %d: the engine is recorded as %q", rec.Index, name)
		}
	}
}

// An xboard engine that crashes when told to go (Fairy-Max 5.0b may, on
// a command it does not know): each game is lost by it as failed, the
// engine is started again for the next, and the match ends.
func TestXboardEngineCrashLoses(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	t.Parallel()
	r := NewRoster()
	script, err := filepath.Abs(filepath.Join("..", "uci", "testdata", "engines", "xboard-segv.sh"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.AddEngine("name=bad,proto=xboard,depth=3,cmd=sh " + script); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	var res *Result
	go func() {
		defer close(done)
		res, err = Run(context.Background(), Options{Players: players(t, r, "original@super-blitz", "bad"),
			Games: 2, Lines: suite.Default()[:1], Jobs: 1, MaxPlies: 6, EngineTimeout: time.Minute})
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Minute): // a hang, not a speed limit
		t.Fatal("the match did not end")
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Records) != 2 {
		t.Fatalf("%d records", len(res.Records))
	}
	for _, rec := range res.Records {
		engine := chess.Black
		if rec.White == 1 {
			engine = chess.White
		}
		if rec.End != Failed || rec.By != engine || !strings.Contains(rec.Detail, "segmentation fault") {
			t.Errorf("game %d: %v by %v: %s", rec.Index, rec.End, rec.By, rec.Detail)
		}
	}
}
