package uci

import (
	"context"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
)

// connectMicroChess serves MicroChess in this process and connects a
// client to it.
func connectMicroChess(t *testing.T, options []Option) (*Client, error) {
	t.Helper()
	build := func(program string, computer chess.Color) (*Program, error) {
		return &Program{Images: microchess.KIM(memmap.Published()), Name: "MicroChess 1977"}, nil
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		Serve(inR, outW, NewEngine(build))
		outW.Close()
	}()
	t.Cleanup(func() { inW.Close() })
	return Connect(outR, inW, "mchess uci", options)
}

func TestClientAgainstMicroChess(t *testing.T) {
	t.Parallel()
	c, err := connectMicroChess(t, []Option{{"Level", "super-blitz"}, {"OwnBook", "false"}})
	if err != nil {
		t.Fatal(err)
	}
	if c.Name != "MicroChess 1977" || len(c.Options) != 4 || c.Options[0] != "Program" {
		t.Fatalf("name %q, options %q", c.Name, c.Options)
	}
	if err := c.NewGame(); err != nil {
		t.Fatal(err)
	}
	// After 1. e4 the program, as Black at Super Blitz with no book, must
	// answer with a legal move.
	a, err := c.Go(context.Background(), "", []string{"e2e4"}, Limit{Depth: 1}, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	g := rules.NewGame()
	if err := g.PushNotationMove("e2e4", chess.UCINotation{}, nil); err != nil {
		t.Fatal(err)
	}
	if err := g.PushNotationMove(a.Move, chess.UCINotation{}, nil); err != nil {
		t.Fatalf("the program answered %q: %v", a.Move, err)
	}
	if _, err := c.Go(context.Background(), "", nil, Limit{}, time.Second); err == nil {
		t.Error("a go with no limit was sent")
	}
}

func TestClientRefusesAnUndeclaredOption(t *testing.T) {
	t.Parallel()
	_, err := connectMicroChess(t, []Option{{"Skill Level", "0"}})
	if err == nil || !strings.Contains(err.Error(), `MicroChess 1977 has no option "Skill Level" (it has: Program, Level, OwnBook, Clock)`) {
		t.Fatalf("got %v", err)
	}
}

func TestClientEngineThatDies(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	t.Parallel()
	_, err := Start([]string{"sh", "-c", "read line; echo out of order >&2; exit 3"}, nil)
	if err == nil || !strings.Contains(err.Error(), "exit status 3") || !strings.Contains(err.Error(), "out of order") {
		t.Fatalf("got %v", err)
	}
	_, err = Start([]string{"/no/such/engine"}, nil)
	if err == nil || !strings.Contains(err.Error(), "/no/such/engine") {
		t.Fatalf("got %v", err)
	}
}

// An engine that says nothing is given up on after the handshake's time,
// and an engine that never answers go breaks the client for good (its
// late bestmove would answer the next go).
func TestClientTimeouts(t *testing.T) {
	save := HandshakeTimeout
	HandshakeTimeout = 200 * time.Millisecond
	defer func() { HandshakeTimeout = save }()
	if _, err := Start([]string{"sh", "-c", "cat >/dev/null"}, nil); err == nil || !strings.Contains(err.Error(), "no uciok: no answer within 200ms") {
		t.Fatalf("got %v", err)
	}
	// An engine that shakes hands and then ignores go.
	script := `while read l; do case "$l" in uci) echo "id name Mute"; echo uciok;; isready) echo readyok;; esac; done`
	c, err := Start([]string{"sh", "-c", script}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Go(context.Background(), "", nil, Limit{Nodes: 1}, 100*time.Millisecond); err == nil || !strings.Contains(err.Error(), "Mute: no bestmove within 100ms of go nodes 1") {
		t.Fatalf("got %v", err)
	}
	if err := c.NewGame(); err == nil || !strings.Contains(err.Error(), "no bestmove") {
		t.Fatalf("after the timeout: %v", err)
	}
}

// Debian's Stockfish at Skill Level 0 with a node limit, as the matches use
// it; skipped where it is not installed.
func TestClientStockfish(t *testing.T) {
	path := lookEngine(t, "stockfish")
	t.Parallel()
	c, err := Start([]string{path}, []Option{{"Skill Level", "0"}, {"Threads", "1"}})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if !strings.HasPrefix(c.Name, "Stockfish") {
		t.Errorf("name %q", c.Name)
	}
	if err := c.NewGame(); err != nil {
		t.Fatal(err)
	}
	// Mate in one: Stockfish at any level finds Qxf7#.
	fen := "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 4"
	a, err := c.Go(context.Background(), fen, nil, Limit{Nodes: 10000}, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if a.Move != "h5f7" || a.Score != "mate 1" {
		t.Errorf("move %q score %q, want h5f7 with mate 1", a.Move, a.Score)
	}
}

// lookEngine finds an engine on PATH or in /usr/games, where Debian puts
// them, or skips.
func lookEngine(t *testing.T, name string) string {
	t.Helper()
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	if p, err := exec.LookPath("/usr/games/" + name); err == nil {
		return p
	}
	t.Skipf("%s not found on PATH or in /usr/games: install Debian's %s (.ci/run does) to run this test", name, name)
	return ""
}

func TestAnswerMultiPV(t *testing.T) {
	var a Answer
	for _, line := range []string{
		"depth 1 seldepth 1 multipv 1 score cp 50 nodes 20 pv e2e4",
		"depth 1 seldepth 1 multipv 2 score cp 20 nodes 20 pv d2d4 d7d5",
		"depth 2 seldepth 2 multipv 1 score cp 35 nodes 60 pv d2d4 g8f6",
		"depth 2 seldepth 2 multipv 2 score mate -3 nodes 60 pv f2f3",
		"string multipv 9 score cp 1 pv a2a3",
	} {
		a.readInfo(strings.Fields(line))
	}
	want := []PV{{"d2d4", "cp 35", 2}, {"f2f3", "mate -3", 2}}
	if len(a.Lines) != 2 || a.Lines[0] != want[0] || a.Lines[1] != want[1] {
		t.Errorf("lines %+v, want %+v", a.Lines, want)
	}
	for s, cp := range map[string]int{"cp 35": 35, "cp -7": -7, "mate 2": 99998, "mate -3": -99997} {
		if got, ok := Centipawns(s); !ok || got != cp {
			t.Errorf("Centipawns(%q) = %d, %v; want %d", s, got, ok, cp)
		}
	}
	if _, ok := Centipawns("lowerbound"); ok {
		t.Error("Centipawns read nonsense")
	}
}
