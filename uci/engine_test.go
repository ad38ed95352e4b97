package uci

import (
	"bufio"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
)

// gui drives an engine over pipes, as a GUI does: it sends a line and
// reads the engine's lines as they come.
type gui struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
}

func startEngine(t *testing.T) *gui {
	t.Helper()
	build := func(program string, computer chess.Color) (*Program, error) {
		if program == "stone" {
			p, err := microchess.Stone(computer == chess.White)
			if err != nil {
				return nil, err
			}
			return &Program{Images: microchess.KIM(p.Images), Name: "stone"}, nil
		}
		return &Program{Images: microchess.KIM(memmap.Published()), Name: "MicroChess 1977"}, nil
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	g := &gui{t: t, in: inW, lines: make(chan string, 1000), done: make(chan error, 1)}
	go func() {
		g.done <- Serve(inR, outW, NewEngine(build))
		outW.Close()
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			g.lines <- sc.Text()
		}
		close(g.lines)
	}()
	t.Cleanup(func() { inW.Close() })
	return g
}

func (g *gui) send(line string) {
	g.t.Helper()
	if _, err := io.WriteString(g.in, line+"\n"); err != nil {
		g.t.Fatal(err)
	}
}

// until reads lines up to one that starts with prefix, and returns them all.
func (g *gui) until(prefix string) []string {
	g.t.Helper()
	var got []string
	timeout := time.After(30 * time.Second)
	for {
		select {
		case l, ok := <-g.lines:
			if !ok {
				g.t.Fatalf("the engine stopped before %q; it said %q", prefix, got)
			}
			got = append(got, l)
			if strings.HasPrefix(l, prefix) {
				return got
			}
		case <-timeout:
			g.t.Fatalf("no %q in 30 s; the engine said %q", prefix, got)
		}
	}
}

func (g *gui) bestmove() (string, []string) {
	g.t.Helper()
	lines := g.until("bestmove ")
	return strings.TrimPrefix(lines[len(lines)-1], "bestmove "), lines
}

func has(lines []string, part string) bool {
	for _, l := range lines {
		if strings.Contains(l, part) {
			return true
		}
	}
	return false
}

func TestHandshakeAndBook(t *testing.T) {
	g := startEngine(t)
	g.send("uci")
	lines := g.until("uciok")
	for _, want := range []string{"id name MicroChess", "option name Program type combo default original var original var stone",
		"option name Level type combo default auto", "option name OwnBook type check default true", "option name Clock"} {
		if !has(lines, want) {
			t.Errorf("uci: no %q in %q", want, lines)
		}
	}
	g.send("isready")
	g.until("readyok")
	// White from the start: the Giuoco Piano book's first move.
	g.send("position startpos")
	g.send("go movetime 500")
	if m, lines := g.bestmove(); m != "e2e4" || !has(lines, "from the book") {
		t.Errorf("first move %s: %q", m, lines)
	}
	// The game goes on: the GUI's list extends the last by two moves.
	g.send("position startpos moves e2e4 e7e5")
	g.send("go movetime 500")
	if m, lines := g.bestmove(); m != "g1f3" || !has(lines, "the game goes on, 1 move(s) keyed in") {
		t.Errorf("second move %s: %q", m, lines)
	}
	// Another line: set up again, its own first move keyed in, so the book
	// is off.
	g.send("position startpos moves d2d4 d7d5")
	g.send("go depth 1")
	m, lines := g.bestmove()
	if !has(lines, "set up again from its start, 2 move(s) keyed in, no book") {
		t.Errorf("a new line: %q", lines)
	}
	if !legalAfter(t, "", []string{"d2d4", "d7d5"}, m) {
		t.Errorf("move %s is not legal", m)
	}
	g.send("quit")
	if err := <-g.done; err != nil {
		t.Fatal(err)
	}
}

// legalAfter tells whether m is legal after the moves.
func legalAfter(t *testing.T, fen string, moves []string, m string) bool {
	t.Helper()
	game, err := replay(fen, moves)
	if err != nil {
		t.Fatal(err)
	}
	return game.PushNotationMove(m, chess.UCINotation{}, nil) == nil
}

// Black from the start: the book answers the GUI's first move; a FEN is
// set up in the program's table, and what did not fit is said.
func TestBlackAndFEN(t *testing.T) {
	g := startEngine(t)
	g.send("uci")
	g.until("uciok")
	g.send("position startpos moves e2e4")
	g.send("go wtime 60000 btime 60000")
	if m, lines := g.bestmove(); !legalAfter(t, "", []string{"e2e4"}, m) || !has(lines, "the program's book") {
		t.Errorf("Black's first move %s: %q", m, lines)
	}
	const fen = "4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1"
	g.send("position fen " + fen)
	g.send("go movetime 300")
	m, lines := g.bestmove()
	if !has(lines, "info string the white queen on b1 stands in the slot of a rook (KR)") || !legalAfter(t, fen, nil, m) {
		t.Errorf("FEN: %s %q", m, lines)
	}
	g.send("position fen " + fen + " moves " + m + " e8d7")
	g.send("go movetime 300")
	if m2, lines := g.bestmove(); !legalAfter(t, fen, []string{m, "e8d7"}, m2) || !has(lines, "the game goes on") {
		t.Errorf("FEN, moves: %s %q", m2, lines)
	}
}

// isready is answered while the program thinks; stop ends the thinking
// with one bestmove, the best move found so far; garbage is ignored.
func TestStopAndIsreadyWhileThinking(t *testing.T) {
	g := startEngine(t)
	g.send("uci")
	g.until("uciok")
	g.send("setoption name Level value normal")
	g.send("setoption name Clock value kim-1") // a Normal move takes tens of seconds at 1 MHz
	g.send("position startpos moves d2d4")
	g.send("go infinite")
	g.send("this is no command")
	g.send("isready")
	if lines := g.until("readyok"); has(lines, "bestmove") {
		t.Fatalf("bestmove before readyok: %q", lines)
	}
	time.Sleep(400 * time.Millisecond) // about 400,000 cycles: past GO's start
	g.send("stop")
	m, lines := g.bestmove()
	if !legalAfter(t, "", []string{"d2d4"}, m) {
		t.Errorf("stopped: %s is not legal: %q", m, lines)
	}
	g.send("isready")
	if lines := g.until("readyok"); has(lines, "bestmove") {
		t.Errorf("a second bestmove: %q", lines)
	}
}

func TestParseGoAndAllot(t *testing.T) {
	ms := func(n int64) time.Duration { return time.Duration(n) * time.Millisecond }
	g := parseGo(strings.Fields("wtime 60000 btime 30000 winc 1000 binc 0 movestogo 10"))
	// Hand-computed: the clock over the moves to go, 3/4 of the increment,
	// less the 20 ms reserve; at most half the clock less the reserve.
	if share, limit := allot(g, chess.White); share != ms(60000/10+750-20) || limit != ms(30000-20) {
		t.Errorf("white: %v %v", share, limit)
	}
	if share, limit := allot(g, chess.Black); share != ms(30000/10-20) || limit != ms(15000-20) {
		t.Errorf("black: %v %v", share, limit)
	}
	if share, limit := allot(parseGo([]string{"movetime", "250"}), chess.White); share != ms(250) || limit != ms(250) {
		t.Errorf("movetime: %v %v", share, limit)
	}
	if share, limit := allot(parseGo([]string{"infinite"}), chess.White); share != 0 || limit != 0 {
		t.Errorf("infinite: %v %v", share, limit)
	}
	// 300 ms left: the reserve is 300/20 = 15 ms; the share 300/30 - 15
	// is below 1 ms, the limit 150 - 15.
	if share, limit := allot(parseGo([]string{"wtime", "300"}), chess.White); share != ms(1) || limit != ms(135) {
		t.Errorf("almost no time: %v %v", share, limit)
	}
	if g := parseGo([]string{"ponder", "wtime", "5"}); !g.ponder || g.wtime != 5 {
		t.Errorf("go ponder: %+v", g)
	}
}

func TestPlanAtTheKIM1sPace(t *testing.T) {
	e := NewEngine(nil)
	e.clock = "kim-1"
	p := &session.Play{Opt: session.PlayOptions{Player: chess.Black}}
	// At 1 MHz Blitz's slowest move, 20,233,398 cycles, takes 20.2 s, 40.5
	// s with the margin of 2; Super Blitz's 4.0 s, 8.0 s.
	for _, c := range []struct {
		movetime int64
		want     string
	}{{10_000, "super-blitz"}, {41_000, "blitz"}, {200_000, "normal"}} {
		if l := e.plan(goParams{movetime: c.movetime, wtime: -1, btime: -1}, p).level; l.Name != c.want {
			t.Errorf("movetime %d at 1 MHz: %s, want %s", c.movetime, l.Name, c.want)
		}
	}
	if l := e.plan(goParams{movetime: -1, wtime: -1, btime: -1, depth: 2}, p).level; l.Name != "blitz" {
		t.Errorf("depth 2: %s", l.Name)
	}
}
