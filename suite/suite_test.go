package suite

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/corentings/chess/v2"
	"github.com/corentings/chess/v2/opening"
	"github.com/kim1-archive/microchess/rules"
)

// replay plays a line with the library's Game (not the Position calls
// Parse uses), so the checks below do not lean on the code under test.
func replay(t *testing.T, l Line) *chess.Game {
	t.Helper()
	g := rules.NewGame()
	for _, san := range l.Moves {
		if err := g.PushNotationMove(san, chess.AlgebraicNotation{}, nil); err != nil {
			t.Fatalf("%v: %s: %v", l.Pos, san, err)
		}
	}
	return g
}

func TestDefault(t *testing.T) {
	lines := Default()
	if len(lines) != 50 {
		t.Fatalf("%d lines, want 50", len(lines))
	}
	moves := map[string]Line{}
	positions := map[string]Line{}
	for _, l := range lines {
		if l.ECO == "" || l.Name == "" || l.Pos.File != "balanced-50.txt" || l.Pos.Line == 0 {
			t.Errorf("%v: incomplete line %+v", l.Pos, l)
		}
		// 2-4 full moves: the game starts with White to move.
		if n := len(l.Moves); n < 4 || n > 8 || n%2 != 0 {
			t.Errorf("%v: %d plies, want 4, 6 or 8", l.Pos, n)
		}
		key := strings.Join(l.Moves, " ")
		if o, ok := moves[key]; ok {
			t.Errorf("%v: the same moves as %v", l.Pos, o.Pos)
		}
		moves[key] = l

		g := replay(t, l)
		for _, m := range g.Moves() {
			if m.HasTag(chess.KingSideCastle) || m.HasTag(chess.QueenSideCastle) || m.HasTag(chess.EnPassant) || m.Promo() != chess.NoPieceType {
				t.Errorf("%v: %s castles, takes en passant or promotes", l.Pos, m)
			}
		}
		pos := g.Position()
		board := pos.Board().String() + " " + pos.Turn().String()
		if o, ok := positions[board]; ok {
			t.Errorf("%v: ends in the position of %v", l.Pos, o.Pos)
		}
		positions[board] = l
		// MicroChess knows no en passant: White's first move must not be one.
		for _, m := range pos.ValidMoves() {
			if m.HasTag(chess.EnPassant) {
				t.Errorf("%v: White may take en passant (%s)", l.Pos, m.String())
			}
		}
		if material := Material(pos); material != 0 {
			t.Errorf("%v: material %+d at the end, want level", l.Pos, material)
		}

		cp, depth, ok := strings.Cut(l.Eval, "@")
		c, err1 := strconv.Atoi(cp)
		d, err2 := strconv.Atoi(depth)
		if !ok || err1 != nil || err2 != nil {
			t.Errorf("%v: eval %q unreadable", l.Pos, l.Eval)
			continue
		}
		if c < -60 || c > 60 || d != 20 {
			t.Errorf("%v: eval %s: want within ±60 at depth 20", l.Pos, l.Eval)
		}
	}
}

// The issue asks for the major openings of 1. e4, 1. d4 and the flank.
// The Benoni is missing on purpose: docs/opening-suite.md says why.
func TestDefaultCoversTheMajorOpenings(t *testing.T) {
	want := map[string]int{
		"Italian Game": 1, "Two Knights Defence": 1, "Ruy Lopez": 2, "Scotch Game": 1,
		"Petrov's Defence": 1, "Four Knights Game": 1, "Vienna Game": 1, "King's Gambit": 1,
		"Sicilian Defence": 5, "French Defence": 3, "Caro-Kann Defence": 2, "Pirc Defence": 1,
		"Alekhine's Defence": 1, "Scandinavian Defence": 1, "Modern Defence": 1,
		"Queen's Gambit Declined": 1, "Queen's Gambit Accepted": 1, "Slav Defence": 1,
		"Nimzo-Indian Defence": 1, "Queen's Indian Defence": 1, "King's Indian Defence": 1,
		"Grünfeld Defence": 1, "Dutch Defence": 1, "London System": 1, "Catalan Opening": 1,
		"English Opening": 2, "Réti Opening": 1, "Bird's Opening": 1,
	}
	have := map[string]int{}
	first := map[string]int{}
	for _, l := range Default() {
		for name := range want {
			if strings.HasPrefix(l.Name, name) {
				have[name]++
			}
		}
		first[l.Moves[0]]++
	}
	for name, n := range want {
		if have[name] < n {
			t.Errorf("%s: %d lines, want at least %d", name, have[name], n)
		}
	}
	if first["e4"] < 20 || first["d4"] < 10 || 50-first["e4"]-first["d4"] < 5 {
		t.Errorf("first moves %v: want at least 20 of 1. e4, 10 of 1. d4, 5 others", first)
	}
}

// The ECO codes are the ones the chess library's table (lichess's
// chess-openings) gives the deepest named position along each line. The
// table is looked up by position, so transpositions count.
func TestDefaultECOCodesAgreeWithTheLibrary(t *testing.T) {
	named := libraryECO(t)
	for _, l := range Default() {
		o := deepestNamed(named, replay(t, l).Positions())
		if !slices.ContainsFunc(o, func(o *opening.Opening) bool { return o.Code() == l.ECO }) {
			t.Errorf("%v: %s %s: the table says %v", l.Pos, l.ECO, l.Name, titles(o))
		}
	}
}

// libraryECO is the chess library's table of named openings by position.
func libraryECO(t *testing.T) map[string][]*opening.Opening {
	named, err := ecoTable()
	if err != nil {
		t.Fatalf("the library's ECO table: %v", err)
	}
	if len(named) < 1000 {
		t.Fatalf("the library's ECO table has %d positions", len(named))
	}
	return named
}

// ecoTable is built once: two tests need it.
var ecoTable = sync.OnceValues(func() (map[string][]*opening.Opening, error) {
	named := map[string][]*opening.Opening{}
	for _, o := range opening.NewBookECO().Possible(nil) {
		pos := rules.StartingPosition()
		// BookECO keeps the table's UCI column in PGN().
		for _, s := range strings.Fields(o.PGN()) {
			m, err := chess.UCINotation{}.Decode(pos, s)
			if err != nil {
				return nil, fmt.Errorf("%s: %q: %v", o.Title(), o.PGN(), err)
			}
			pos = pos.Update(m)
		}
		named[ecoKey(pos)] = append(named[ecoKey(pos)], o)
	}
	return named, nil
})

// deepestNamed is the table's entries for the deepest position of a line
// (its positions from the start) that it names.
func deepestNamed(named map[string][]*opening.Opening, ps []*chess.Position) []*opening.Opening {
	for i := len(ps) - 1; i > 0; i-- {
		if o := named[ecoKey(ps[i])]; o != nil {
			return o
		}
	}
	return nil
}

func titles(entries []*opening.Opening) []string {
	var s []string
	for _, o := range entries {
		s = append(s, o.Code()+" "+o.Title())
	}
	return s
}

func TestBuiltin(t *testing.T) {
	if got := Names(); !slices.Equal(got, []string{"balanced-10k", "balanced-50", "study-250"}) {
		t.Errorf("Names() = %v", got)
	}
	for _, name := range Names() {
		lines, ok := Builtin(name)
		if !ok || len(lines) == 0 || lines[0].Pos.String() == "" || lines[0].Pos.File != name+".txt" {
			t.Errorf("Builtin(%q): %d lines, %v", name, len(lines), ok)
		}
	}
	for _, name := range []string{"", "balanced-50.txt", "Study-250", "study-250 "} {
		if lines, ok := Builtin(name); ok || lines != nil {
			t.Errorf("Builtin(%q): %d lines, %v", name, len(lines), ok)
		}
	}
	a, _ := Builtin("study-250")
	a[0].Moves[0] = "h4"
	if b, _ := Builtin("study-250"); b[0].Moves[0] == "h4" {
		t.Errorf("Builtin shares its lines with the caller")
	}
	d, _ := Builtin("balanced-50")
	if len(d) != 50 || d[49].String() != Default()[49].String() {
		t.Errorf("Builtin(\"balanced-50\") is not Default()")
	}
}

// study-250 is generated (suite/internal/gensuite, which needs Stockfish);
// this holds the file to what docs/opening-suite.md says the generator
// does, without Stockfish.
func TestStudy250(t *testing.T) {
	lines, _ := Builtin("study-250")
	if len(lines) != 250 {
		t.Fatalf("%d lines, want 250", len(lines))
	}
	// A position is what MicroChess sees: the board and the side to move
	// (it keeps no castling rights), so no two lines make the same games.
	// None is a balanced-50 position either, so the suites can be pooled.
	positions := map[string]Line{}
	for _, l := range Default() {
		positions[replay(t, l).Position().Board().String()+" w"] = l
	}
	named := libraryECO(t)
	for _, l := range lines {
		if l.ECO == "" || l.Name == "" || l.Pos.File != "study-250.txt" || l.Pos.Line == 0 {
			t.Errorf("%v: incomplete line %+v", l.Pos, l)
		}
		// Three full moves, or four where the third left a capture to answer.
		if n := len(l.Moves); n != 6 && n != 8 {
			t.Errorf("%v: %d plies, want 6 or 8", l.Pos, n)
		}
		g := replay(t, l)
		for _, m := range g.Moves() {
			if m.HasTag(chess.KingSideCastle) || m.HasTag(chess.QueenSideCastle) || m.HasTag(chess.EnPassant) || m.Promo() != chess.NoPieceType {
				t.Errorf("%v: %s castles, takes en passant or promotes", l.Pos, m)
			}
		}
		pos := g.Position()
		key := pos.Board().String() + " " + pos.Turn().String()
		if o, ok := positions[key]; ok {
			t.Errorf("%v: ends in the position of %v", l.Pos, o.Pos)
		}
		positions[key] = l
		if pos.Turn() != chess.White {
			t.Errorf("%v: ends with Black to move", l.Pos)
		}
		for _, m := range pos.ValidMoves() {
			if m.HasTag(chess.EnPassant) {
				t.Errorf("%v: White may take en passant (%s)", l.Pos, m.String())
			}
		}
		if n := Material(pos); n != 0 {
			t.Errorf("%v: material %+d at the end, want level", l.Pos, n)
		}
		if c, d, ok := eval(l); !ok || c < -60 || c > 60 || d != 20 {
			t.Errorf("%v: eval %q: want within ±60 at depth 20", l.Pos, l.Eval)
		}
		// The code and the name are the table's, as it writes them.
		o := deepestNamed(named, g.Positions())
		if !slices.ContainsFunc(o, func(o *opening.Opening) bool { return o.Code() == l.ECO && o.Title() == l.Name }) {
			t.Errorf("%v: %s %s: the table says %v", l.Pos, l.ECO, l.Name, titles(o))
		}
	}
}

// The generator takes lines round robin over ECO volumes, then codes, then
// names; what comes out must be spread over the openings, not 250 lines of
// one. The walk reaches 73 codes and 119 names (volume E, the Indian
// defences, runs out first); the floors below hold a regeneration to
// about that spread.
func TestStudy250Coverage(t *testing.T) {
	lines, _ := Builtin("study-250")
	first, volume, code, name := map[string]int{}, map[byte]int{}, map[string]int{}, map[string]int{}
	for _, l := range lines {
		first[l.Moves[0]]++
		volume[l.ECO[0]]++
		code[l.ECO]++
		name[l.Name]++
	}
	if len(first) < 4 || first["e4"] < 50 || first["d4"] < 50 {
		t.Errorf("first moves %v: want at least 4, and 50 each of 1. e4 and 1. d4", first)
	}
	for v := byte('A'); v <= 'E'; v++ {
		if volume[v] < 20 || volume[v] > len(lines)*2/5 {
			t.Errorf("ECO volume %c: %d lines, want 20 to %d", v, volume[v], len(lines)*2/5)
		}
	}
	for c, n := range code {
		if n > len(lines)/6 {
			t.Errorf("ECO %s: %d lines, want at most %d", c, n, len(lines)/6)
		}
	}
	if len(code) < 70 || len(name) < 110 {
		t.Errorf("%d ECO codes and %d names, want at least 70 and 110", len(code), len(name))
	}
}

// eval reads "+28@20" as 28 and 20.
func eval(l Line) (cp, depth int, ok bool) {
	c, d, ok := strings.Cut(l.Eval, "@")
	cp, err1 := strconv.Atoi(c)
	depth, err2 := strconv.Atoi(d)
	return cp, depth, ok && err1 == nil && err2 == nil
}

func ecoKey(p *chess.Position) string {
	return strings.Join(strings.Fields(p.String())[:3], " ")
}

func TestDefaultIsACopy(t *testing.T) {
	a := Default()
	a[0].Moves[0] = "h4"
	a[1] = Line{}
	b := Default()
	if b[0].Moves[0] != "e4" || b[1].ECO == "" {
		t.Errorf("Default shares its lines with the caller: %v, %v", b[0], b[1])
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"", `t.txt:1:1: no opening lines (want lines "ECO name | moves | eval")`},
		{"# a comment\n\n   # another\n", `t.txt:1:1: no opening lines (want lines "ECO name | moves | eval")`},
		{"C50 Italian | 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bb6",
			`t.txt:1:42: illegal move Bb6: Black has no such move here (move 3... after 1. e4 e5 2. Nf3 Nc6 3. Bc4)`},
		{"# first\nA00 x | e5\n", `t.txt:2:9: illegal move e5: White has no such move here (move 1. from the start)`},
		{"A00 x | 1. e4 e5 2. Ke9", `t.txt:1:21: malformed move "Ke9": want SAN such as e4, Nf3, exd5, O-O (move 2. after 1. e4 e5)`},
		{"A00 x | 1. e4 e5 2. 0-0", `t.txt:1:21: malformed move "0-0": castling is written with the letter O (O-O, O-O-O) (move 2. after 1. e4 e5)`},
		{"A00 x | e4 e5 1-0", `t.txt:1:15: malformed move "1-0": want SAN such as e4, Nf3, exd5, O-O (move 2. after 1. e4 e5)`},
		// SAN is strict, as for the opening books.
		{"B01 x | e4 d5 ed5", `t.txt:1:15: ed5 captures: write exd5 (move 2. after 1. e4 d5)`},
		{"C26 x | e4 e5 Nc3 Nf6 Ne2", `t.txt:1:23: ambiguous move Ne2: could be Nce2 or Nge2 (move 3. after 1. e4 e5 2. Nc3 Nf6)`},
		{"C40 x | e4 e5 Nf3+", `t.txt:1:15: Nf3+: wrong check mark: write Nf3 (move 2. after 1. e4 e5)`},
		{"C40 x | e4 e5 Ng1f3", `t.txt:1:15: Ng1f3 is not standard SAN: write Nf3 (move 2. after 1. e4 e5)`},
		{"C50 Italian Game 1. e4 e5", `t.txt:1:1: want "ECO name | moves", optionally "| eval"; there is no '|'`},
		{"C50 x | e4 e5 | +1@2 | more", `t.txt:1:22: too many '|': want "ECO name | moves | eval"`},
		{"F12 x | e4 e5", `t.txt:1:1: bad ECO code "F12": want a letter A to E and two digits, as C50`},
		{"  C5 x | e4 e5", `t.txt:1:3: bad ECO code "C5": want a letter A to E and two digits, as C50`},
		{"C50 | e4 e5", `t.txt:1:4: missing the opening's name after the ECO code`},
		{" | e4 e5", `t.txt:1:1: missing ECO code and opening name`},
		{"C50 x | e4 e5 | 28", `t.txt:1:17: bad eval "28": want centipawns from White's view and the depth, as +28@20`},
		{"C50 x | e4 e5 | +28@", `t.txt:1:17: bad eval "+28@": want centipawns from White's view and the depth, as +28@20`},
		{"C50 x | 1. e4 2. e5", `t.txt:1:15: move number 2. where 1... is due`},
		{"C50 x | 1... e4", `t.txt:1:9: move number 1... where 1. is due`},
		{"C50 x | 1. e4 e5 2.", `t.txt:1:18: move number 2. with no move after it`},
		{"C50 x | 1. 2. e4", `t.txt:1:9: move number 1. with no move after it`},
		{"C50 x |   ", `t.txt:1:8: no moves`},
		{"C50 x | e4 e5 |", `t.txt:1:16: bad eval "": want centipawns from White's view and the depth, as +28@20`},
		{"A05 a | Nf3 d5 g3 Nf6\nA05 b | g3 Nf6 Nf3 d5\n", `t.txt:2:9: ends in the same position as line 1`},
		// Errors come sorted by column, though the moves are read last.
		{"C5 x | e4 e9 | bad", `t.txt:1:1: bad ECO code "C5": want a letter A to E and two digits, as C50` + "\n" +
			`t.txt:1:11: malformed move "e9": want SAN such as e4, Nf3, exd5, O-O (move 1... after 1. e4)` + "\n" +
			`t.txt:1:16: bad eval "bad": want centipawns from White's view and the depth, as +28@20`},
		// and by line, across lines.
		{"C50 x | e4 e5\nC50 y | e4 e5\nC50 z | d4 d5 | +1\n", `t.txt:2:9: ends in the same position as line 1` + "\n" +
			`t.txt:3:17: bad eval "+1": want centipawns from White's view and the depth, as +28@20`},
		// Binary garbage is not read as chess, and not printed raw.
		{"\x00\x01\x02garbage\xff\n\x7fELF\n", `t.txt:1:1: not text (a control character or bytes that are not UTF-8)` + "\n" +
			`t.txt:2:1: not text (a control character or bytes that are not UTF-8)`},
		{"C50 Ital\xe9 | e4 e5", `t.txt:1:9: not text (a control character or bytes that are not UTF-8)`},
		{"C50 x | e4 e5 \x1b[2J", `t.txt:1:15: not text (a control character or bytes that are not UTF-8)`},
		{"C50 x | e4 \u00e9", `t.txt:1:12: malformed move "é": want SAN such as e4, Nf3, exd5, O-O (move 1... after 1. e4)`},
	} {
		lines, err := Parse("t.txt", strings.NewReader(c.text))
		if err == nil {
			t.Errorf("%q: no error, %d lines", c.text, len(lines))
			continue
		}
		if err.Error() != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.text, err, c.want)
		}
		if lines != nil {
			t.Errorf("%q: lines returned with the error", c.text)
		}
	}
}

func TestParseAccepts(t *testing.T) {
	text := "\uFEFFC50 Italian Game, Giuoco Piano | 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 | +14@20\r\n" +
		"# a comment\r\n" +
		"\r\n" +
		"B52\tSicilian Defence, Moscow Variation\t|\te4 c5 Nf3 d6 Bb5 Bd7\r\n" +
		"C01 French Defence, Exchange Variation | 1.e4 1...e6 2.d4 d5 3.exd5 exd5 | -0@18\r" +
		"A00 Réti Opening, Advance Variation | Nf3 d5 c4 d4 g3 Nc6"
	lines, err := Parse("t.txt", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		pos, eco, name, moves, eval string
	}{
		{"t.txt:1", "C50", "Italian Game, Giuoco Piano", "e4 e5 Nf3 Nc6 Bc4 Bc5", "+14@20"},
		// Bb5 gives check: the line keeps it as Bb5+.
		{"t.txt:4", "B52", "Sicilian Defence, Moscow Variation", "e4 c5 Nf3 d6 Bb5+ Bd7", ""},
		{"t.txt:5", "C01", "French Defence, Exchange Variation", "e4 e6 d4 d5 exd5 exd5", "-0@18"},
		{"t.txt:6", "A00", "Réti Opening, Advance Variation", "Nf3 d5 c4 d4 g3 Nc6", ""},
	}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d: %v", len(lines), len(want), lines)
	}
	for i, w := range want {
		l := lines[i]
		if l.Pos.String() != w.pos || l.ECO != w.eco || l.Name != w.name || strings.Join(l.Moves, " ") != w.moves || l.Eval != w.eval {
			t.Errorf("line %d: got %v %q %q %q %q, want %v", i, l.Pos, l.ECO, l.Name, strings.Join(l.Moves, " "), l.Eval, w)
		}
	}
}

func TestString(t *testing.T) {
	for _, c := range []struct {
		l    Line
		want string
	}{
		{Line{ECO: "C50", Name: "Italian Game, Giuoco Piano", Moves: strings.Fields("e4 e5 Nf3 Nc6 Bc4 Bc5")},
			"C50 Italian Game, Giuoco Piano: 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5"},
		{Line{ECO: "A45", Name: "Trompowsky Attack", Moves: strings.Fields("d4 Nf6 Bg5")},
			"A45 Trompowsky Attack: 1. d4 Nf6 2. Bg5"},
	} {
		if got := c.l.String(); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}

func TestFEN(t *testing.T) {
	for _, c := range []struct{ moves, want string }{
		{"e4 e5 Nf3 Nc6 Bc4 Bc5", "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"},
		// The library names the square behind any double step.
		{"e4 e6 d4 d5 e5 c5", "rnbqkbnr/pp3ppp/4p3/2ppP3/3P4/8/PPP2PPP/RNBQKBNR w KQkq c6 0 4"},
		{"e4 e5 Ke2", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPPKPPP/RNBQ1BNR b kq - 1 2"},
		{"e4 e5 Ke3", ""}, // no legal line
	} {
		if got := (Line{Moves: strings.Fields(c.moves)}).FEN(); got != c.want {
			t.Errorf("%s: got %q, want %q", c.moves, got, c.want)
		}
	}
	// From a start of its own: 1. e4 played, Black's reply and White's.
	const afterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
	for _, c := range []struct {
		start, moves, want string
	}{
		{afterE4, "e5 Nf3", "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"},
		{afterE4, "", afterE4},
		{afterE4, "e4", ""},                        // not Black's move
		{"8/8/8/8/8/8/8/8 w - - 0 1", "", ""},      // no kings: no start
		{"rnbqkbnr/pppppppp w KQkq - 0 1", "", ""}, // no FEN
	} {
		if got := (Line{Start: c.start, Moves: strings.Fields(c.moves)}).FEN(); got != c.want {
			t.Errorf("from %s, %s: got %q, want %q", c.start, c.moves, got, c.want)
		}
	}
	l := Default()[0]
	if l.Moves[len(l.Moves)-1] != "Bc5" || l.FEN() != "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4" {
		t.Errorf("the first default line %v ends in %s", l, l.FEN())
	}
}

func TestRead(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "mine.txt")
	if err := os.WriteFile(file, []byte("C42 Petrov's Defence | e4 e5 Nf3 Nf6\nC42 again | e4 e5 Nf3 Nf5\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	_, err := Read(file)
	if err == nil || err.Error() != file+`:2:23: illegal move Nf5: Black has no such move here (move 2... after 1. e4 e5 2. Nf3)` {
		t.Errorf("got %v", err)
	}
	if err := os.WriteFile(file, []byte("C42 Petrov's Defence | e4 e5 Nf3 Nf6\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	lines, err := Read(file)
	if err != nil || len(lines) != 1 || lines[0].Pos.String() != file+":1" {
		t.Errorf("got %v, %v", lines, err)
	}
	if _, err := Read(filepath.Join(dir, "none.txt")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}

// Any input gives lines or file:line:col errors, never a panic; lines
// read written back in the file's format read the same.
func FuzzParse(f *testing.F) {
	// The head of the default suite, not all of it: fifty lines take
	// milliseconds to check, which makes a slow fuzzing seed.
	head := strings.SplitAfter(string(balanced50), "\n")
	f.Add(strings.Join(head[:min(len(head), 20)], ""))
	f.Add("C50 Italian Game, Giuoco Piano | 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 | +14@20\n")
	f.Add("\uFEFFB52 Moscow | e4 c5 Nf3 d6 Bb5 Bd7\r\nC01 x | 1.e4 1...e6 2.d4 d5\r")
	f.Add("A00 x | e4 e5 Ke2 Ke7 Ke3 Ke6 | 0@1\nA00 y | e4 d5 exd5 c5 dxc6 e5 cxb7 Ke7 bxa8=Q")
	f.Add("A00 x | f3 e5 g4 Qh4# a3")
	f.Add("C50 x | 1. 2. e4 | +1@2 | more\n|||\n#\n \t\n")
	f.Add("\x00\x01\xff\xfe garbage\n\x7fELF")
	f.Fuzz(func(t *testing.T, text string) {
		lines, err := Parse("f.txt", strings.NewReader(text))
		if err != nil {
			for _, e := range strings.Split(err.Error(), "\n") {
				if !strings.HasPrefix(e, "f.txt:") && !strings.HasSuffix(e, "more errors)") {
					t.Fatalf("error without a place: %q", e)
				}
			}
			return
		}
		var b strings.Builder
		for _, l := range lines {
			if len(l.Moves) == 0 || l.FEN() == "" {
				t.Fatalf("%v: a line without a legal end: %v", l.Pos, l)
			}
			b.WriteString(l.ECO + " " + l.Name + " | " + l.String()[len(l.ECO)+len(l.Name)+3:])
			if l.Eval != "" {
				b.WriteString(" | " + l.Eval)
			}
			b.WriteString("\n")
		}
		again, err := Parse("g.txt", strings.NewReader(b.String()))
		if err != nil || len(again) != len(lines) {
			t.Fatalf("written back, does not read back: %v\n%s", err, b.String())
		}
		for i := range again {
			if again[i].String() != lines[i].String() || again[i].Eval != lines[i].Eval {
				t.Fatalf("read back as %v, was %v", again[i], lines[i])
			}
		}
	})
}

// The package's own suites are read trusting their moves (parse with
// trusted); read as any file is, every move played and checked, they give
// the same lines.
func TestEmbeddedSuitesReadAsFiles(t *testing.T) {
	raw := map[string]func() ([]byte, error){
		"balanced-50":  func() ([]byte, error) { return balanced50, nil },
		"study-250":    func() ([]byte, error) { return study250, nil },
		"balanced-10k": func() ([]byte, error) { return gunzip(generated.ReadFile("balanced-10k.txt.gz")) },
	}
	for _, name := range Names() {
		data, err := raw[name]()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		played, err := Parse(name+".txt", bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s read as a file: %v", name, err)
		}
		trusted, _ := Builtin(name)
		if len(trusted) != len(played) {
			t.Fatalf("%s: %d lines trusted, %d played", name, len(trusted), len(played))
		}
		for i := range played {
			if !reflect.DeepEqual(trusted[i], played[i]) {
				t.Fatalf("%s: line %d trusted %+v, played %+v", name, i+1, trusted[i], played[i])
			}
		}
	}
}

func gunzip(data []byte, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	r, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(r)
}
