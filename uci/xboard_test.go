package uci

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/rules"
)

// fakeXboard is an xboard engine in this process: it answers the
// handshake and pings, and answers each go with what onGo says (nothing:
// it closes its output). It records every command it is sent.
type fakeXboard struct {
	mu   sync.Mutex
	got  []string
	onGo func(n int) string
}

func (f *fakeXboard) commands() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.got...)
}

func connectFake(t *testing.T, f *fakeXboard) (*Client, error) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		defer outW.Close()
		sc := bufio.NewScanner(inR)
		gos := 0
		for sc.Scan() {
			line := sc.Text()
			f.mu.Lock()
			f.got = append(f.got, line)
			f.mu.Unlock()
			switch {
			case line == "protover 2":
				fmt.Fprintln(outW, `feature myname="Fake Max 1.0" setboard=0 ping=1 done=0`)
				fmt.Fprintln(outW, "feature done=1")
			case strings.HasPrefix(line, "ping "):
				fmt.Fprintln(outW, "pong "+strings.TrimPrefix(line, "ping "))
			case line == "go":
				gos++
				reply := f.onGo(gos)
				if reply == "" {
					return
				}
				fmt.Fprintln(outW, reply)
			case line == "f9f9":
				fmt.Fprintln(outW, "Illegal move: f9f9")
			}
		}
	}()
	t.Cleanup(func() { inW.Close() })
	return ConnectXboard(outR, inW, "fake")
}

// The client sends the moves a go adds to the engine's game in force
// mode, a new game when the moves are another game's, and no command
// beyond the handshake, ping, new, force, sd, go and moves (Fairy-Max
// may crash on one it does not know).
func TestXboardClientCommands(t *testing.T) {
	t.Parallel()
	f := &fakeXboard{onGo: func(n int) string { return []string{"", "move e7e5", "move g8f6", "move c7c5"}[n] }}
	c, err := connectFake(t, f)
	if err != nil {
		t.Fatal(err)
	}
	if c.Name != "Fake Max 1.0" {
		t.Errorf("name %q", c.Name)
	}
	if err := c.NewGame(); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, step := range []struct {
		moves []string
		want  string
	}{
		{[]string{"e2e4"}, "e7e5"},
		{[]string{"e2e4", "e7e5", "g1f3"}, "g8f6"},
		{[]string{"c2c4"}, "c7c5"}, // another game
	} {
		a, err := c.Go(ctx, "", step.moves, Limit{Depth: 3}, 5*time.Second)
		if err != nil || a.Move != step.want {
			t.Fatalf("after %v: %q, %v", step.moves, a.Move, err)
		}
	}
	if err := c.NewGame(); err != nil { // its pong: every command before is read
		t.Fatal(err)
	}
	want := []string{"xboard", "protover 2", "ping 1", "new", "force", "ping 2",
		"e2e4", "ping 3", "sd 3", "go", "force",
		"g1f3", "ping 4", "sd 3", "go", "force",
		"new", "force", "ping 5", "c2c4", "ping 6", "sd 3", "go", "force",
		"new", "force", "ping 7"}
	if got := f.commands(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("sent\n%q\nwant\n%q", got, want)
	}
	for _, l := range []Limit{{Nodes: 10}, {MoveTime: time.Second}, {Depth: 2, Nodes: 5}} {
		if _, err := c.Go(ctx, "", nil, l, time.Second); err == nil || !strings.Contains(err.Error(), "fixed depth only") {
			t.Errorf("%v: %v", l, err)
		}
	}
	if _, err := c.Go(ctx, "8/8/8/8/8/8/8/K1k5 w - - 0 1", nil, Limit{Depth: 1}, time.Second); err == nil {
		t.Error("a FEN start was sent")
	}
}

// An engine that ends the game rather than move answers "(none)"; one
// that refuses a move of the game, or whose output ends, breaks the
// client (the match loses it the game and starts it again).
func TestXboardClientFailures(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := &fakeXboard{onGo: func(int) string { return "1/2-1/2 {Draw by repetition}" }}
	c, err := connectFake(t, f)
	if err != nil {
		t.Fatal(err)
	}
	if a, err := c.Go(ctx, "", []string{"e2e4"}, Limit{Depth: 2}, 5*time.Second); err != nil || a.Move != "(none)" {
		t.Errorf("a result for a move: %q, %v", a.Move, err)
	}
	if _, err := c.Go(ctx, "", []string{"e2e4", "f9f9"}, Limit{Depth: 2}, 5*time.Second); err == nil ||
		!strings.Contains(err.Error(), "refused the game's moves: Illegal move: f9f9") || c.Err() == nil {
		t.Errorf("a refused move: %v (broken: %v)", err, c.Err())
	}
	f = &fakeXboard{onGo: func(int) string { return "" }}
	c, err = connectFake(t, f)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Go(ctx, "", []string{"e2e4"}, Limit{Depth: 2}, 5*time.Second); err == nil || c.Err() == nil {
		t.Errorf("an engine that died: %v (broken: %v)", err, c.Err())
	}
}

// A process that crashes when told to go (as Fairy-Max does on a command
// it does not know): the go fails with the crash, within the grace, not
// the move's timeout.
func TestXboardEngineThatCrashes(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	t.Parallel()
	c, err := StartXboard([]string{"sh", filepath.Join("testdata", "engines", "xboard-segv.sh")})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	start := time.Now()
	_, err = c.Go(context.Background(), "", []string{"e2e4"}, Limit{Depth: 2}, time.Minute)
	if err == nil || !strings.Contains(err.Error(), "segmentation fault") || c.Err() == nil {
		t.Fatalf("got %v (broken: %v)", err, c.Err())
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the crash took %v to see", d)
	}
}

// Fairy-Max itself (Debian's fairymax), at a fixed depth: legal moves, in
// one game and in the next.
func TestXboardFairyMax(t *testing.T) {
	path, err := exec.LookPath("fairymax")
	if err != nil {
		if path, err = exec.LookPath("/usr/games/fairymax"); err != nil {
			t.Skip("no fairymax (Debian package fairymax)")
		}
	}
	t.Parallel()
	c, err := StartXboard([]string{path})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if !strings.HasPrefix(c.Name, "Fairy-Max") {
		t.Errorf("name %q", c.Name)
	}
	for _, opening := range [][]string{{"e2e4", "e7e5"}, {"d2d4"}} {
		if err := c.NewGame(); err != nil {
			t.Fatal(err)
		}
		g := rules.NewGame()
		moves := append([]string(nil), opening...)
		for _, m := range moves {
			if err := g.PushNotationMove(m, chess.UCINotation{}, nil); err != nil {
				t.Fatal(err)
			}
		}
		for range 4 {
			a, err := c.Go(context.Background(), "", moves, Limit{Depth: 2}, 30*time.Second)
			if err != nil {
				t.Fatalf("after %v: %v", moves, err)
			}
			if err := g.PushNotationMove(a.Move, chess.UCINotation{}, nil); err != nil {
				t.Fatalf("after %v Fairy-Max played %q: %v", moves, a.Move, err)
			}
			moves = append(moves, a.Move)
		}
	}
}
