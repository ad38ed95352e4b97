package web_test

import (
	"context"
	"encoding/hex"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/web"
)

const chromium = "/usr/bin/chromium"

// The hex digits as the seven segments a to g draw them, by hand.
var segmentDigits = map[string]string{
	"abcdef": "0", "bc": "1", "abdeg": "2", "abcdg": "3", "bcfg": "4", "acdfg": "5", "acdefg": "6", "abc": "7",
	"abcdefg": "8", "abcdfg": "9", "abcefg": "A", "cdefg": "B", "adef": "C", "bcdeg": "D", "adefg": "E", "aefg": "F",
}

// The men as the page draws them: a glyph, its colour a class.
var glyphTypes = map[string]chess.PieceType{"\u265A": chess.King, "\u265B": chess.Queen, "\u265C": chess.Rook,
	"\u265D": chess.Bishop, "\u265E": chess.Knight, "\u265F": chess.Pawn}

// buildPage builds the page as make web does, into dir.
func buildPage(t *testing.T, dir string) {
	t.Helper()
	gobin := filepath.Join(os.Getenv("GOROOT"), "bin", "go")
	if os.Getenv("GOROOT") == "" {
		gobin = "go"
	}
	build := exec.Command(gobin, "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(dir, "main.wasm"), "./wasm")
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the page's WebAssembly: %v\n%s", err, out)
	}
	root, err := exec.Command(gobin, "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	copyFile(t, filepath.Join(strings.TrimSpace(string(root)), "lib", "wasm", "wasm_exec.js"), filepath.Join(dir, "wasm_exec.js"))
	for _, f := range []string{"index.html", "kim1.css", "kim1.js"} {
		copyFile(t, filepath.Join("static", f), filepath.Join(dir, f))
	}
	if err := web.Check(dir); err != nil {
		t.Fatal(err)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBrowser drives the page in Debian's chromium: C then PC on the
// drawn keypad lights 0F 13 33; ten moves dragged on the drawn board, the
// board compared with the program's memory after each; screenshots kept
// in build/browser-test. Without -short it also measures the page's size
// and its speed at Normal level.
func TestBrowser(t *testing.T) {
	if _, err := os.Stat(chromium); err != nil {
		t.Skipf("%s not found: install Debian's package chromium (apt-get install chromium) to run the browser test", chromium)
	}
	dir := t.TempDir()
	buildPage(t, dir)
	srv := httptest.NewServer(web.Handler(dir))
	defer srv.Close()
	shots, err := filepath.Abs(filepath.Join("..", "build", "browser-test"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(chromium), chromedp.NoSandbox,
		chromedp.WindowSize(1100, 1000), chromedp.Flag("disable-gpu", true))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/?level=super-blitz")); err != nil {
		t.Fatal(err)
	}
	step := func(what string, timeout time.Duration, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		c, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		if err := chromedp.Do(c, steps...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	step("loading the page", 60*time.Second, chromedp.WaitReady(chromedp.CSS(`body[data-ready="true"]`)))

	step("pressing C then PC", 10*time.Second,
		chromedp.Click(chromedp.CSS(`#keypad button[data-key="C"]`)),
		chromedp.Click(chromedp.CSS(`#keypad button[data-key="PC"]`)))
	deadline := time.Now().Add(10 * time.Second)
	var shown string
	for shown != "0F 13 33" {
		if time.Now().After(deadline) {
			t.Fatalf("the drawn digits read %q after C PC, want 0F 13 33", shown)
		}
		time.Sleep(50 * time.Millisecond)
		shown = drawnDisplay(t, ctx)
	}
	screenshot(t, ctx, filepath.Join(shots, "01-c-pc.png"))

	var played []string
	for move := 1; move <= 10; move++ {
		settled(t, ctx)
		program := memoryBoard(t, ctx)
		checkDrawnBoard(t, ctx, program, fmt.Sprintf("before move %d", move))
		pos := blackToMove(t, program)
		m := chooseMove(pos)
		played = append(played, rules.SAN(pos, m))
		step(fmt.Sprintf("dragging %v-%v", m.S1(), m.S2()), 10*time.Second,
			chromedp.DragAndDrop(chromedp.CSS(fmt.Sprintf(`#board button[data-sq="%v"]`, m.S1())), chromedp.CSS(fmt.Sprintf(`#board button[data-sq="%v"]`, m.S2()))))
		settled(t, ctx)
		checkDrawnBoard(t, ctx, memoryBoard(t, ctx), fmt.Sprintf("after move %d (%s) and the reply", move, played[move-1]))
	}
	screenshot(t, ctx, filepath.Join(shots, "02-ten-moves.png"))
	black := evalJSON[[]string](t, ctx, `[...document.querySelectorAll("#moves tbody tr td:nth-child(3) > span:first-child")].map(s => s.textContent)`)
	if strings.Join(black, " ") != strings.Join(played, " ") {
		t.Errorf("the move list's Black moves %q, want the moves dragged %q", black, played)
	}

	// A phone's screen: nothing wider than it.
	step("a phone's screen", 10*time.Second, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2)))
	time.Sleep(300 * time.Millisecond)
	if w := evalJSON[[]int](t, ctx, `[document.documentElement.scrollWidth, window.innerWidth]`); w[0] > w[1] {
		t.Errorf("on a 390-pixel screen the page is %d pixels wide", w[0])
	}
	screenshot(t, ctx, filepath.Join(shots, "03-phone.png"))
	t.Logf("screenshots in %s", shots)

	if testing.Short() {
		return
	}
	size := evalJSON[float64](t, ctx, `performance.getEntriesByType("navigation").concat(performance.getEntriesByType("resource")).reduce((n, e) => n + e.decodedBodySize, 0)`)
	var files int64
	for _, f := range web.PageFiles {
		st, err := os.Stat(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		files += st.Size()
	}
	if int64(size) != files {
		t.Errorf("the browser loaded %d bytes, the page's files are %d", int64(size), files)
	}
	// Normal level from move 1: C E, then d2-d4 dragged; the program thinks
	// (its own book is a White Giuoco Piano).
	step("level normal", 10*time.Second,
		chromedp.EmulateViewport(1100, 1000),
		chromedp.SetValue(chromedp.CSS("#level"), "normal"))
	evalJSON[bool](t, ctx, `document.querySelector("#level").dispatchEvent(new Event("change")), true`)
	step("C E", 10*time.Second,
		chromedp.Click(chromedp.CSS(`#keypad button[data-key="C"]`)),
		chromedp.Click(chromedp.CSS(`#keypad button[data-key="E"]`)))
	settled(t, ctx)
	before := evalJSON[float64](t, ctx, `JSON.parse(mchess.state()).Cycles`)
	step("d2-d4", 10*time.Second, chromedp.DragAndDrop(chromedp.CSS(`#board button[data-sq="d2"]`), chromedp.CSS(`#board button[data-sq="d4"]`)))
	time.Sleep(200 * time.Millisecond)
	settledWithin(t, ctx, 120*time.Second)
	time.Sleep(200 * time.Millisecond)
	if plies := evalJSON[[]string](t, ctx, `JSON.parse(mchess.state()).Plies.map(p => p.SAN)`); len(plies) != 2 || plies[0] != "d4" {
		t.Errorf("at Normal after d2-d4: plies %q, want d4 and the reply", plies)
	}
	thought := evalJSON[float64](t, ctx, `JSON.parse(mchess.state()).Cycles`) - before
	speed := evalJSON[map[string]float64](t, ctx, `window.mchessSpeed`)
	t.Logf("page: %d bytes (%s); a Normal move of %.0f cycles: emulated %.1f MHz while thinking (%.0f cycles in %.0f ms of frames; %.1f MHz inside the runs)",
		files, strings.Join(web.PageFiles, ", "), thought, speed["mhz"], speed["cycles"], speed["ms"], speed["runMHz"])
	screenshot(t, ctx, filepath.Join(shots, "04-normal.png"))

	// The real KIM-1's pace: Super Blitz from move 1 takes its seconds.
	evalJSON[bool](t, ctx, `document.querySelector('input[value="kim"]').click(), document.querySelector("#level").value = "super-blitz", document.querySelector("#level").dispatchEvent(new Event("change")), true`)
	step("C E at 1 MHz", 10*time.Second,
		chromedp.Click(chromedp.CSS(`#keypad button[data-key="C"]`)),
		chromedp.Click(chromedp.CSS(`#keypad button[data-key="E"]`)))
	settled(t, ctx)
	step("d2-d4 at 1 MHz", 10*time.Second, chromedp.DragAndDrop(chromedp.CSS(`#board button[data-sq="d2"]`), chromedp.CSS(`#board button[data-sq="d4"]`)))
	time.Sleep(200 * time.Millisecond)
	settledWithin(t, ctx, 60*time.Second)
	time.Sleep(200 * time.Millisecond)
	speed = evalJSON[map[string]float64](t, ctx, `window.mchessSpeed`)
	t.Logf("at a real KIM-1's pace: %.2f MHz (%.0f cycles in %.0f ms)", speed["mhz"], speed["cycles"], speed["ms"])

	// The teletype program: its paper shown, the keypad's commands typed.
	step("the teletype program", 60*time.Second,
		chromedp.Navigate(srv.URL+"/?program=teletype&level=super-blitz"),
		chromedp.WaitReady(chromedp.CSS(`body[data-ready="true"]`)),
		chromedp.Click(chromedp.CSS(`#keypad button[data-key="C"]`)),
		chromedp.Click(chromedp.CSS(`#keypad button[data-key="PC"]`)))
	settled(t, ctx)
	if d := drawnDisplay(t, ctx); d != "0F 13 33" {
		t.Errorf("teletype program after C PC: the digits read %q", d)
	}
	paper := evalJSON[[]any](t, ctx, `[document.querySelector("#teletype").hidden, document.querySelector("#paper").textContent]`)
	if paper[0] != false || !strings.Contains(paper[1].(string), "PC") {
		t.Errorf("teletype pane hidden %v, paper:\n%v", paper[0], paper[1])
	}
	screenshot(t, ctx, filepath.Join(shots, "05-teletype.png"))
}

func evalJSON[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	v, err := chromedp.Run(c, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// drawnDisplay reads the six digits from the segments lit.
func drawnDisplay(t *testing.T, ctx context.Context) string {
	lit := evalJSON[[]string](t, ctx, `[...document.querySelectorAll("#display svg")].map(d => [...d.querySelectorAll(".seg.on")].map(r => r.dataset.seg).sort().join(""))`)
	var b strings.Builder
	for i, segs := range lit {
		d, ok := segmentDigits[segs]
		if !ok {
			d = "?"
		}
		if i == 2 || i == 4 {
			b.WriteByte(' ')
		}
		b.WriteString(d)
	}
	return b.String()
}

func settled(t *testing.T, ctx context.Context) { settledWithin(t, ctx, 30*time.Second) }

// settledWithin waits for the program to wait for a key with nothing left to take.
func settledWithin(t *testing.T, ctx context.Context, d time.Duration) {
	t.Helper()
	deadline := time.Now().Add(d)
	for evalJSON[bool](t, ctx, `JSON.parse(mchess.state()).Busy`) {
		if time.Now().After(deadline) {
			t.Fatalf("the program still thinks after %v", d)
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond) // a frame to draw it
}

// memoryBoard reads 0050–006F and places the men, the program White.
func memoryBoard(t *testing.T, ctx context.Context) map[chess.Square]chess.Piece {
	t.Helper()
	b, err := hex.DecodeString(evalJSON[string](t, ctx, `mchess.memory(0x50, 0x6F)`))
	if err != nil || len(b) != 32 {
		t.Fatalf("memory 0050–006F: %x %v", b, err)
	}
	var a memmap.Array
	copy(a.Computer[:], b[:16])
	copy(a.Player[:], b[16:])
	board, err := a.Position(chess.White)
	if err != nil {
		t.Fatal(err)
	}
	return board
}

type drawnSquare struct {
	X, Y, W, H float64
	Glyph      string
	Class      string
}

// checkDrawnBoard reads the board as drawn, each man placed by where its
// square stands on the screen (the program's men at the top, so a1 is at
// the top right), and compares it with the program's memory.
func checkDrawnBoard(t *testing.T, ctx context.Context, program map[chess.Square]chess.Piece, when string) {
	t.Helper()
	cells := evalJSON[[]drawnSquare](t, ctx, `(() => { const b = document.querySelector("#board").getBoundingClientRect();
		return [...document.querySelectorAll("#board button")].map(e => { const r = e.getBoundingClientRect(); const g = e.querySelector("span:not(.oct)");
		return {X: r.x - b.x, Y: r.y - b.y, W: r.width, H: r.height, Glyph: g ? g.textContent : "", Class: g ? g.className : ""}; }); })()`)
	if len(cells) != 64 {
		t.Fatalf("%s: %d squares drawn", when, len(cells))
	}
	drawn := map[chess.Square]chess.Piece{}
	for _, c := range cells {
		col, row := int(c.X/c.W+0.5), int(c.Y/c.H+0.5)
		sq := chess.NewSquare(chess.File(7-col), chess.Rank(row))
		if c.Glyph == "" {
			continue
		}
		color := map[string]chess.Color{"w": chess.White, "b": chess.Black}[c.Class]
		drawn[sq] = chess.NewPiece(glyphTypes[c.Glyph], color)
	}
	if d := memmap.BoardDiff(drawn, program); d != "" {
		t.Fatalf("%s: the drawn board differs from the program's memory: %s", when, d)
	}
}

// blackToMove is the program's board with Black, the person, to move.
func blackToMove(t *testing.T, board map[chess.Square]chess.Piece) *chess.Position {
	t.Helper()
	var fen strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := board[chess.NewSquare(chess.File(f), chess.Rank(r))]
			if pc == chess.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&fen, empty)
				empty = 0
			}
			letter := pc.Type().String() // k, q, r, b, n, p
			if pc.Color() == chess.White {
				letter = strings.ToUpper(letter)
			}
			fen.WriteString(letter)
		}
		if empty > 0 {
			fmt.Fprint(&fen, empty)
		}
		if r > 0 {
			fen.WriteByte('/')
		}
	}
	pos, err := rules.ParseFEN(fen.String() + " b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

// chooseMove plays a sound opening when it can (the first legal move of a
// list), else the first legal move in UCI order: no castling (no rights)
// nor en passant (no square), so one pair of keys each.
func chooseMove(pos *chess.Position) *chess.Move {
	moves := pos.ValidMoves()
	for _, want := range []string{"e7e5", "b8c6", "g8f6", "f8c5", "d7d6", "c8g4", "d8e7", "a7a6", "h7h6", "f8e7", "e8f8"} {
		for i := range moves {
			if moves[i].String() == want {
				return &moves[i]
			}
		}
	}
	sort.Slice(moves, func(i, j int) bool { return moves[i].String() < moves[j].String() })
	return &moves[0]
}

func screenshot(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	c, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	png, err := chromedp.Run(c, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
}
