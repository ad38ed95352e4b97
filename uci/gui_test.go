package uci

import (
	"bufio"
	"flag"
	"io"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

// infoLine is the search's report as GUIs read it.
var infoLine = regexp.MustCompile(`^info depth (\d+) seldepth (\d+) score (cp -?\d+|mate \d+) nodes (\d+) nps \d+ time \d+ pv ([a-h][1-8][a-h][1-8][qrbn]?)( [a-h][1-8][a-h][1-8][qrbn]?)?$`)

// The search is reported at every level: depth, score, nodes and the pv
// its move starts, then the bestmove, legal; the pv's second move, when
// there is one, is a legal reply, and bestmove names it as the ponder move.
func TestInfoLinesEveryLevel(t *testing.T) {
	g := startEngine(t)
	g.send("uci")
	g.until("uciok")
	g.send("setoption name OwnBook value false")
	moves := []string{"e2e4", "e7e5", "g1f3", "b8c6"}
	for _, level := range memmap.Levels {
		g.send("setoption name Level value " + level.Name)
		g.send("position startpos moves " + strings.Join(moves, " "))
		g.send("go wtime 600000 btime 600000")
		best, lines := g.bestmove()
		var info []string
		for _, l := range lines {
			if infoLine.MatchString(l) {
				info = infoLine.FindStringSubmatch(l)
			}
		}
		if info == nil {
			t.Fatalf("%s: no info line with depth, score, nodes and pv: %q", level.Name, lines)
		}
		depth, sel := level.Depth()
		if info[1] != strconv.Itoa(depth) || info[2] != strconv.Itoa(sel) {
			t.Errorf("%s: depth %s seldepth %s, want %d %d", level.Name, info[1], info[2], depth, sel)
		}
		// Nodes: at least one for each of White's 20-odd moves here and
		// each of Black's replies to it.
		if n, _ := strconv.Atoi(info[4]); n < 20*20 {
			t.Errorf("%s: %d nodes", level.Name, n)
		}
		move, _, _ := strings.Cut(best, " ")
		if info[5] != move || !legalAfter(t, "", moves, move) {
			t.Errorf("%s: bestmove %s, pv %s", level.Name, best, info[5])
		}
		if reply := strings.TrimSpace(info[6]); reply != "" {
			if !legalAfter(t, "", append(slices.Clone(moves), move), reply) || best != move+" ponder "+reply {
				t.Errorf("%s: pv %s %s, bestmove %s", level.Name, move, reply, best)
			}
		}
		if !has(lines, "currmove") && level.Name == "normal" {
			// Only a search longer than infoEvery reports as it goes.
			t.Logf("%s: no currmove line (the search took under %v)", level.Name, infoEvery)
		}
	}
}

// The score is the program's value mapped linearly: 0 at D0, 100 a pawn
// (8 of the program's units).
func TestCentipawns(t *testing.T) {
	for v, want := range map[byte]int{0xD0: 0, 0xD8: 100, 0xC8: -100, 0xFF: 587, 0x00: -2600} {
		if got := session.Centipawns(v); got != want {
			t.Errorf("Centipawns(%02X) = %d, want %d", v, got, want)
		}
	}
}

// searchMoves is the move each level's search chooses in the position (the
// program thinking from a FEN, so with no book), as a set.
func searchMoves(t *testing.T, moves []string) map[string]string {
	t.Helper()
	g, err := replay("", moves)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	side := g.Position().Turn()
	for _, l := range memmap.Levels {
		p, err := session.NewPlay(session.PlayOptions{Images: microchess.KIM(memmap.Published()),
			Player: side.Other(), Level: l, FEN: g.Position().String()})
		if err != nil {
			t.Fatal(err)
		}
		ply, err := p.Think()
		if err != nil {
			t.Fatal(err)
		}
		out[ply.UCI] = l.Name
	}
	return out
}

// With 300 ms on each clock at Level normal the engine does not send the
// first legal move: it plays the strongest level whose search fits, and
// its move is that search's.
func TestLowClockPlaysASearch(t *testing.T) {
	g := startEngine(t)
	g.send("uci")
	g.until("uciok")
	g.send("setoption name Level value normal")
	ruy := []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"}
	g.send("position startpos moves " + strings.Join(ruy, " "))
	g.send("go wtime 300 btime 300")
	best, lines := g.bestmove()
	move, _, _ := strings.Cut(best, " ")
	chosen := searchMoves(t, ruy)
	if _, ok := chosen[move]; !ok || has(lines, "first legal move") {
		t.Errorf("bestmove %s; the levels' searches choose %v: %q", move, chosen, lines)
	}
	if !has(lines, "info string clock: ") {
		t.Errorf("no info string on the level chosen: %q", lines)
	}
}

// A position with a bad move is the position up to it: the bestmove is
// legal there, and an info string says so.
func TestBadMoveKeepsThePositionUpToIt(t *testing.T) {
	g := startEngine(t)
	g.send("uci")
	g.until("uciok")
	g.send("setoption name Level value super-blitz")
	// An earlier game, so that a stale position would show.
	g.send("position startpos moves e2e4 e7e5 g1f3")
	g.send("go movetime 200")
	g.bestmove()
	before := []string{"d2d4", "d7d5", "c2c4"} // Black to move
	for _, bad := range []string{"e2e9", "xyz", "e2-e4", "E2E4", "0000", "e7e4", "c1c2", "e1g1"} {
		g.send("position startpos moves " + strings.Join(before, " ") + " " + bad + " g8f6")
		g.send("go movetime 200")
		best, lines := g.bestmove()
		move, _, _ := strings.Cut(best, " ")
		if !legalAfter(t, "", before, move) || !has(lines, "info string position: move 4, ") {
			t.Errorf("%s: bestmove %s: %q", bad, best, lines)
		}
	}
}

// The FENs of impossible positions are refused with the reason; go then
// answers 0000 (there is no position), never a move of another game.
func TestImpossibleFENsRefused(t *testing.T) {
	g := startEngine(t)
	g.send("uci")
	g.until("uciok")
	for fen, why := range map[string]string{
		"8/8/8/8/8/8/8/4K3 w - - 0 1":       "no black king",
		"4k3/8/8/8/8/8/8/8 b - - 0 1":       "no white king",
		"3kk3/8/8/8/8/8/8/4K3 w - - 0 1":    "2 black kings (d8, e8)",
		"4k3/8/8/8/8/8/8/3KK3 w - - 0 1":    "2 white kings (d1, e1)",
		"4k3/8/8/8/8/8/8/P3K3 w - - 0 1":    "a white pawn on a1",
		"p3k3/8/8/8/8/8/8/4K3 w - - 0 1":    "a black pawn on a8",
		"4k2R/8/8/8/8/8/8/4K3 w - - 0 1":    "white to move while the black king on e8 is in check",
		"4k3/8/8/8/8/3n4/8/R3K3 b - - 0 1":  "black to move while the white king on e1 is in check",
		"1r2k3/8/8/1B6/8/8/8/1K6 w - - 0 1": "white to move while the black king on e8 is in check",
		"4k3/8/8/8/8/8/4q3/4K3 b - - 0 1":   "is in check",
	} {
		g.send("position fen " + fen)
		g.send("go movetime 100")
		best, lines := g.bestmove()
		if best != "0000" || !has(lines, "refused: not a legal chess position: ") || !has(lines, why) {
			t.Errorf("%s: %s: %q", fen, best, lines)
		}
	}
}

// The reported game: Black's pawn takes on a1 where the program's table
// has no man free to be the new piece. The bestmove names its piece, and
// the game goes on with legal moves.
func TestPromotionIsLegal(t *testing.T) {
	g := startEngine(t)
	g.send("uci")
	g.until("uciok")
	g.send("setoption name Level value super-blitz")
	moves := strings.Fields("d2d4 c7c5 e2e4 d8a5 b1c3 c5d4 g1f3 d4c3 g2g4 c3b2 f3d2")
	g.send("position startpos moves " + strings.Join(moves, " "))
	g.send("go movetime 500")
	best, lines := g.bestmove()
	move, _, _ := strings.Cut(best, " ")
	if !legalAfter(t, "", moves, move) {
		t.Fatalf("bestmove %s: %q", best, lines)
	}
	game, _ := replay("", append(moves, move))
	reply := game.Position().ValidMoves()[0]
	moves = append(moves, move, reply.String())
	g.send("position startpos moves " + strings.Join(moves, " "))
	g.send("go movetime 500")
	if best, lines := g.bestmove(); !legalAfter(t, "", moves, strings.Fields(best)[0]) {
		t.Errorf("next bestmove %s: %q", best, lines)
	}
}

// A line of 5 MB is read, ignored with an info string, and the engine
// goes on.
func TestLongLineSurvived(t *testing.T) {
	g := startEngine(t)
	g.send("uci")
	g.until("uciok")
	g.send("position startpos moves " + strings.Repeat("e2e4 ", 1_000_000))
	g.send("isready")
	lines := g.until("readyok")
	// "position startpos moves " (24 bytes), 1,000,000 times "e2e4 ",
	// the newline.
	if !has(lines, "info string a command line of 5000025 bytes or more") {
		t.Errorf("%q", lines)
	}
	g.send("position startpos")
	g.send("go movetime 100")
	if best, _ := g.bestmove(); best != "e2e4" {
		t.Errorf("after the long line: %s", best)
	}
}

// readLine keeps at most the limit of a line, whatever its length.
func TestReadLineBounded(t *testing.T) {
	r := strings.NewReader("short\r\n" + strings.Repeat("x", 100) + "\nlast")
	br := bufio.NewReaderSize(r, 16) // the line comes in several pieces
	if l, err := readLine(br, 10); l != "short" || err != nil {
		t.Errorf("%q %v", l, err)
	}
	if _, err := readLine(br, 10); err == nil || !strings.Contains(err.Error(), "101 bytes") {
		t.Errorf("long line: %v", err)
	}
	if l, err := readLine(br, 10); l != "last" || err != io.EOF {
		t.Errorf("%q %v", l, err)
	}
	// A NUL byte: not text (/dev/zero would never end a line).
	if _, err := readLine(bufio.NewReader(strings.NewReader("go\x00")), 10); err == nil || !strings.Contains(err.Error(), "NUL byte at byte 3") {
		t.Errorf("NUL: %v", err)
	}
}

// go infinite, then the end of the input: one bestmove, and Serve ends.
func TestInfiniteThenEOF(t *testing.T) {
	g := startEngine(t)
	g.send("uci")
	g.until("uciok")
	g.send("position startpos moves e2e4 e7e5")
	g.send("go infinite")
	g.in.Close()
	var got []string
	for l := range g.lines {
		if strings.HasPrefix(l, "bestmove ") {
			got = append(got, l)
		}
	}
	if len(got) != 1 || !legalAfter(t, "", []string{"e2e4", "e7e5"}, strings.Fields(got[0])[1]) {
		t.Errorf("bestmoves: %q", got)
	}
	if err := <-g.done; err != nil {
		t.Error(err)
	}
}

// go ponder: no bestmove until ponderhit (or stop), however soon the
// program has its move.
func TestPonder(t *testing.T) {
	g := startEngine(t)
	g.send("uci")
	g.until("uciok")
	g.send("setoption name Level value super-blitz")
	g.send("position startpos moves d2d4 d7d5 c2c4")
	g.send("go ponder wtime 10000 btime 10000")
	time.Sleep(300 * time.Millisecond) // a Super Blitz move takes milliseconds
	g.send("isready")
	if lines := g.until("readyok"); has(lines, "bestmove") {
		t.Fatalf("bestmove while pondering: %q", lines)
	}
	g.send("ponderhit")
	if best, _ := g.bestmove(); !legalAfter(t, "", []string{"d2d4", "d7d5", "c2c4"}, strings.Fields(best)[0]) {
		t.Errorf("after ponderhit: %s", best)
	}
	g.send("position startpos moves d2d4 d7d5 c2c4 e7e6")
	g.send("go ponder wtime 10000 btime 10000")
	time.Sleep(100 * time.Millisecond)
	g.send("stop")
	if best, _ := g.bestmove(); !legalAfter(t, "", []string{"d2d4", "d7d5", "c2c4", "e7e6"}, strings.Fields(best)[0]) {
		t.Errorf("after stop: %s", best)
	}
}

// randomGameCount is how many games a level TestRandomMoverGames plays:
// `make uci-random` (in CI) plays 200 a level, about 60 s on two cores,
// too long for make test's budget, which plays 20 (6 in short mode).
var randomGameCount = flag.Int("random-games", 0, "games a level for TestRandomMoverGames (0: 20, or 6 with -short)")

// Games against a random mover through UCI at each level: every bestmove
// legal by the chess library, promotions included.
func TestRandomMoverGames(t *testing.T) {
	games := *randomGameCount
	switch {
	case games > 0:
	case testing.Short():
		games = 6
	default:
		games = 20
	}
	for _, level := range memmap.Levels {
		t.Run(level.Name, func(t *testing.T) {
			t.Parallel()
			randomGames(t, level.Name, games)
		})
	}
}

func randomGames(t *testing.T, level string, games int) {
	g := startEngine(t)
	g.send("uci")
	g.until("uciok")
	g.send("setoption name Level value " + level)
	rng := rand.New(rand.NewPCG(1, uint64(len(level))))
	bestmoves, promotions := 0, 0
	for n := range games {
		g.send("ucinewgame")
		game := rules.NewReferee(rules.NewGame())
		var moves []string
		engine := chess.Color(1 + n%2) // White in even games
		for len(moves) < 120 && game.Outcome() == chess.NoOutcome {
			legal := game.Position().ValidMoves()
			var m string
			if game.Position().Turn() == engine {
				g.send("position startpos moves " + strings.Join(moves, " "))
				g.send("go")
				best, lines := g.bestmove()
				m = strings.Fields(best)[0]
				bestmoves++
				if len(m) == 5 {
					promotions++
				}
				if err := pushUCI(game, m); err != nil {
					t.Fatalf("game %d, after %s: bestmove %s: %v\n%s", n, strings.Join(moves, " "), m, err, strings.Join(lines, "\n"))
				}
			} else {
				m = legal[rng.IntN(len(legal))].String()
				if err := pushUCI(game, m); err != nil {
					t.Fatal(err)
				}
			}
			moves = append(moves, m)
		}
	}
	t.Logf("%s: %d games, %d bestmoves, all legal, %d of them promotions", level, games, bestmoves, promotions)
}
