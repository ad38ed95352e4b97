package microchess_test

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

// specialPosition is a line of positionsFile.
type specialPosition struct {
	line           int
	tag, fen, what string
	moves          []string
}

func readPositions(t *testing.T) []specialPosition {
	t.Helper()
	f, err := os.Open(positionsFile)
	if err != nil {
		t.Fatalf("the positions the special-moves program is held to: %v", err)
	}
	defer f.Close()
	var out []specialPosition
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		c := strings.Split(l, "\t")
		if len(c) != 4 {
			t.Fatalf("%s:%d: want 4 fields separated by tabs, got %d", positionsFile, n, len(c))
		}
		p := specialPosition{line: n, tag: c[0], fen: c[1], what: c[3]}
		if c[2] != "-" {
			p.moves = strings.Fields(c[2])
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// newSpecialPlay sets the special-moves program up from a FEN, the
// computer playing computer, at a level.
func newSpecialPlay(t *testing.T, fen string, computer chess.Color, level string) *session.Play {
	t.Helper()
	images, name, err := builds.ProgramFor("special", computer)
	if err != nil {
		t.Fatal(err)
	}
	needs, err := builds.NeedsOf("special")
	if err != nil {
		t.Fatal(err)
	}
	l, err := memmap.LevelByName(level)
	if err != nil {
		t.Fatal(err)
	}
	p, err := session.NewPlay(session.PlayOptions{Program: name, Images: images, Needs: needs,
		Player: computer.Other(), Level: l, FEN: fen})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The move generation of the special-moves program equals the rules: in
// every position of positionsFile, set up in the program's memory (the
// FEN's men, types, castling rights and en passant square) and then moved
// on by keying its moves into the program, the moves GNM hands to JANUS at
// the top level are the chess library's legal moves, a promotion once
// (the program queens; a player's other choices are keyed as the same
// move). After the search the undo stack is empty, and the 6502 stack
// never reached the code below it in page 1.
func TestSpecialMovesGenerateTheRules(t *testing.T) {
	positions := readPositions(t)
	if len(positions) < 200 {
		t.Fatalf("%s has %d positions, want at least 200", positionsFile, len(positions))
	}
	tags := map[string]int{}
	for _, p := range positions {
		tags[p.tag]++
	}
	for _, want := range []string{"castle-both", "castle-lost-king", "castle-lost-rook", "castle-rook-taken",
		"castle-out-of-check", "castle-through-check", "castle-into-check", "ep-available", "ep-not-available",
		"ep-pinned", "promotion", "promotion-capture", "promotion-made", "two-queens"} {
		if tags[want] == 0 {
			t.Errorf("%s has no %s position", positionsFile, want)
		}
	}
	extremes.lowest, extremes.deepest = 0xFF, 0
	for _, p := range positions {
		checkSpecialPosition(t, p, "super-blitz")
	}
	t.Logf("6502 stack pointer at its lowest %02X, undo stack at its highest %02X (%d records of %d bytes)",
		extremes.lowest, extremes.deepest, extremes.deepest/undoRecord, undoRecord)
}

// moveN is .MOVEN, GNM's pointer into the move table.
const moveN = 0x00B6

// xmoveAt is where XMOVE starts and XUMOVE returns in the special-moves
// program.
func xmoveAt(t *testing.T) (entry, takenBack uint16) {
	t.Helper()
	p, err := microchess.Special()
	if err != nil {
		t.Fatal(err)
	}
	return uint16(p.Patch.Symbols["XMOVE"].Value), uint16(p.Patch.Symbols["XURTS"].Value)
}

// undoRecord is the size of MOVE's record on the undo stack.
const undoRecord = 11

// extremes are the deepest the two stacks went in the positions.
var extremes struct{ lowest, deepest byte }

// At Normal, which check-checks the replies too, the top level is the
// same: the program always check-checks its own moves. The special cases
// (the positions not from random games) there.
func TestSpecialMovesGenerateTheRulesAtNormal(t *testing.T) {
	extremes.lowest, extremes.deepest = 0xFF, 0
	for _, p := range readPositions(t) {
		if !strings.HasPrefix(p.tag, "random") {
			checkSpecialPosition(t, p, "normal")
		}
	}
	t.Logf("6502 stack pointer at its lowest %02X, undo stack at its highest %02X (%d records of %d bytes)",
		extremes.lowest, extremes.deepest, extremes.deepest/undoRecord, undoRecord)
}

// checkSpecialPosition sets a position up, keys its moves and compares the
// top-level moves with the legal ones.
func checkSpecialPosition(t *testing.T, p specialPosition, level string) {
	t.Helper()
	name := fmt.Sprintf("%s:%d %s at %s", positionsFile, p.line, p.tag, level)
	f, err := rules.FEN(p.fen)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	game := rules.NewGame(f)
	for _, m := range p.moves {
		if err := game.PushNotationMove(m, chess.UCINotation{}, nil); err != nil {
			t.Fatalf("%s: move %s: %v", name, m, err)
		}
	}
	computer := game.Position().Turn()
	play := newSpecialPlay(t, p.fen, computer, level)
	for _, m := range p.moves {
		if _, err := play.Force(m); err != nil {
			t.Fatalf("%s: keying %s: %v", name, m, err)
		}
	}
	if err := play.S.Matches(game.Position(), computer); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	lowest, deepest := byte(0xFF), byte(0)
	undo := play.Opt.Special.UndoTop
	entry, takenBack := xmoveAt(t)
	// Every take-back must leave what its move found: the men, their
	// types, the en passant square, and GNM's .PIECE .SQUARE .MOVEN.
	var made [][]byte
	var broken string
	state := func(m *kim1.Machine) []byte {
		s := append([]byte(nil), m.CPU.Mem[memmap.Board:memmap.Board+32]...)
		s = append(s, m.CPU.Mem[play.Opt.Special.Attr:play.Opt.Special.Attr+32]...)
		return append(s, m.CPU.Mem[play.Opt.Special.EnPassant], m.CPU.Mem[memmap.PieceNow], m.CPU.Mem[memmap.SquareNow], m.CPU.Mem[moveN])
	}
	play.S.M.Trace = func(m *kim1.Machine) {
		lowest, deepest = min(lowest, m.CPU.S), max(deepest, m.CPU.Mem[undo])
		switch m.CPU.PC {
		case entry:
			if m.CPU.Mem[memmap.PieceNow] < 0x20 {
				made = append(made, state(m))
			}
		case takenBack:
			if len(made) == 0 {
				broken = "a take-back with no move"
				return
			}
			want := made[len(made)-1]
			made = made[:len(made)-1]
			if got := state(m); broken == "" && string(got) != string(want) {
				broken = fmt.Sprintf("a take-back left % X\nwhere its move found % X", got, want)
			}
		}
	}
	gen, played, err := play.S.TopLevelMoves()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	got := map[string]bool{}
	for _, g := range gen {
		from, ok1 := memmap.SquareOf(g.From, computer)
		to, ok2 := memmap.SquareOf(g.To, computer)
		if !ok1 || !ok2 {
			t.Fatalf("%s: generated %02X %02X-%02X: no squares", name, g.Piece, g.From, g.To)
		}
		k := from.String() + to.String()
		if got[k] {
			t.Errorf("%s: %s generated twice", name, k)
		}
		got[k] = true
	}
	pos := game.Position()
	want := map[string]*chess.Move{}
	for _, m := range game.ValidMoves() {
		want[m.S1().String()+m.S2().String()] = &m
	}
	if d := firstDifference(pos, want, got); d != "" {
		t.Errorf("%s (%s; %s, moves %v): %s", name, p.what, p.fen, p.moves, d)
	}
	if top := play.S.M.Peek(play.Opt.Special.UndoTop); top != 0 {
		t.Errorf("%s: the undo stack's top is %02X after the search, want 00", name, top)
	}
	if broken != "" {
		t.Errorf("%s: %s", name, broken)
	}
	if want := map[bool]int{true: 0, false: 1}[played.Resigned()]; len(made) != want {
		t.Errorf("%s: %d moves not taken back after the search, want %d (the one played)", name, len(made), want)
	}
	extremes.lowest, extremes.deepest = min(extremes.lowest, lowest), max(extremes.deepest, deepest)
	if deepest > 0xFF-undoRecord {
		t.Errorf("%s: the undo stack grew to %02X: one more record would overrun its 256 bytes", name, deepest)
	}
	if code := byte(memmap.CodeRanges[1][1]); lowest <= code {
		t.Errorf("%s: the stack pointer went down to %02X, into the code at 01%02X", name, lowest, code)
	}
}

// firstDifference names, in chess notation, the first legal move (in
// square order) the program did not generate, or else the first move it
// generated that is not legal.
func firstDifference(pos *chess.Position, want map[string]*chess.Move, got map[string]bool) string {
	keys := func(m map[string]bool) []string {
		var out []string
		for k := range m {
			out = append(out, k)
		}
		sort.Strings(out)
		return out
	}
	wanted := map[string]bool{}
	for k := range want {
		wanted[k] = true
	}
	for _, k := range keys(wanted) {
		if !got[k] {
			return fmt.Sprintf("legal, not generated: %s (%d legal, %d generated)", rules.SAN(pos, want[k]), len(wanted), len(got))
		}
	}
	for _, k := range keys(got) {
		if !wanted[k] {
			from := chess.NewSquare(chess.File(k[0]-'a'), chess.Rank(k[1]-'1'))
			pc := pos.Board().Piece(from)
			return fmt.Sprintf("generated, not legal: the %v on %s to %s (%d legal, %d generated)", pc, k[:2], k[2:], len(wanted), len(got))
		}
	}
	return ""
}
