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

// Engines that misbehave (uci/testdata/engines): one line of 2 MB, stdout
// closed while alive, a child that keeps stderr open and no bestmove. Each
// game of theirs ends as failed by the engine within its timeout, and the
// match goes on to the next game with the engine started again.
func TestHostileEngines(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	t.Parallel()
	for _, c := range []struct{ script, why string }{
		{"long-line.sh", "longer than"},
		{"closed-stdout.sh", "closed its output"},
		{"stderr-child.sh", "no bestmove within"},
	} {
		t.Run(c.script, func(t *testing.T) {
			t.Parallel()
			script, err := filepath.Abs(filepath.Join("..", "uci", "testdata", "engines", c.script))
			if err != nil {
				t.Fatal(err)
			}
			r := NewRoster()
			if _, err := r.AddEngine("name=bad,cmd=sh " + script + ",nodes=1"); err != nil {
				t.Fatal(err)
			}
			type result struct {
				res *Result
				err error
			}
			done := make(chan result, 1)
			go func() {
				res, err := Run(context.Background(), Options{Players: players(t, r, "original@super-blitz", "bad"),
					Games: 2, Lines: suite.Default()[:1], Jobs: 1, MaxPlies: 4, EngineTimeout: time.Second})
				done <- result{res, err}
			}()
			var got result
			select {
			case got = <-done:
			case <-time.After(2 * time.Minute): // a hang, not a speed limit
				t.Fatal("the match did not end")
			}
			if got.err != nil {
				t.Fatal(got.err)
			}
			if len(got.res.Records) != 2 {
				t.Fatalf("%d records", len(got.res.Records))
			}
			for _, rec := range got.res.Records {
				engine := chess.Black
				if rec.White == 1 {
					engine = chess.White
				}
				if rec.End != Failed || rec.By != engine || !strings.Contains(rec.Detail, c.why) {
					t.Errorf("game %d: %v by %v: %s", rec.Index, rec.End, rec.By, rec.Detail)
				}
			}
		})
	}
}
