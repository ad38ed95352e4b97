package suite

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A PGN as opening suites and game collections come: tags, comments of
// both kinds, nested variations, NAGs and marks, glued move numbers, a
// game from a FEN (White and Black to move), a position alone (its FEN as
// some writers give it, without the counters).
const testPGN = `[Event "8 moves suite"]
[Site "?"]
[Opening "Sicilian Defense"]
[Variation "Najdorf"]
[ECO "B90"]

1. e4 c5 2. Nf3 {a comment
over two lines} d6 (2... Nc6 3. d4 (3. Bb5)) 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 $1 *

[Event "FEN game"]
[SetUp "1"]
[FEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"]

2. Nf3 Nc6! 3. Bb5 ; a comment to the end of the line
a6 1/2-1/2

% an escaped line
[Event "?"]
[ECO "not a code"]
1.d4 d5 2.c4 e6 3.Nc3 Nf6 4.Bg5!? Be7 1-0

[Event "Black to move"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]
1... e5 2. Nf3 Nf6 0-1

[Event "a position"]
[FEN "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR  b KQkq -"]
*
`

func TestParsePGN(t *testing.T) {
	lines, err := ParsePGN("t.pgn", strings.NewReader(testPGN))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ pos, eco, name, start, moves, fen string }{
		{"t.pgn:1", "B90", "Sicilian Defense, Najdorf", "", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6",
			"rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6"},
		{"t.pgn:10", "", "FEN game", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "Nf3 Nc6 Bb5 a6",
			"r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"},
		{"t.pgn:18", "", "", "", "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7",
			"rnbqk2r/ppp1bppp/4pn2/3p2B1/2PP4/2N5/PP2PPPP/R2QKBNR w KQkq - 4 5"},
		{"t.pgn:22", "", "Black to move", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "e5 Nf3 Nf6",
			"rnbqkb1r/pppp1ppp/5n2/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"},
		{"t.pgn:26", "", "a position", "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", "",
			"rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"},
	}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d: %v", len(lines), len(want), lines)
	}
	for i, w := range want {
		l := lines[i]
		if l.Pos.String() != w.pos || l.ECO != w.eco || l.Name != w.name || l.Start != w.start || strings.Join(l.Moves, " ") != w.moves || l.Eval != "" {
			t.Errorf("game %d: got %v %q %q %q %q, want %v", i, l.Pos, l.ECO, l.Name, l.Start, strings.Join(l.Moves, " "), w)
		}
		if l.FEN() != w.fen {
			t.Errorf("game %d: ends in %s, want %s", i, l.FEN(), w.fen)
		}
	}
	for i, s := range map[int]string{
		1: "FEN game: from rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 2. Nf3 Nc6 3. Bb5 a6",
		2: "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7",
		3: "Black to move: from rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 1... e5 2. Nf3 Nf6",
	} {
		if got := lines[i].String(); got != s {
			t.Errorf("String() = %q, want %q", got, s)
		}
	}
}

func TestParsePGNErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"", `t.pgn:1:1: no games (want PGN: tags such as [Event "x"], then moves)`},
		{"{only a comment}\n", `t.pgn:1:1: no games (want PGN: tags such as [Event "x"], then moves)`},
		{"1. e4 e5 2. Nf5 *", `t.pgn:1:13: illegal move Nf5: White has no such move here (move 2. after 1. e4 e5)`},
		{"1.e4 e5 2.Nf9", `t.pgn:1:11: malformed move "Nf9": want SAN such as e4, Nf3, exd5, O-O (move 2. after 1. e4 e5)`},
		{"1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 *",
			`t.pgn:1:35: malformed move "0-0": castling is written with the letter O (O-O, O-O-O) (move 4. after 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5)`},
		{"1. e4 d5 2. ed5 *", `t.pgn:1:13: ed5 captures: write exd5 (move 2. after 1. e4 d5)`},
		{"[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 12\"]\n12... e5 13. Nf3 Nf5",
			`t.pgn:2:18: illegal move Nf5: Black has no such move here (move 13... after 12... e5 13. Nf3)`},
		{"[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n1... e4",
			`t.pgn:2:6: illegal move e4: Black has no such move here (move 1... from the FEN)`},
		{"1. e4 {oops\n e5 *", `t.pgn:1:7: comment '{' not closed`},
		{"1. e4 (1. d4 d5 *", `t.pgn:1:7: variation '(' not closed before the result`},
		{"1. e4 (1. d4 (1. c4)", `t.pgn:1:7: variation '(' not closed`},
		{"1. e4 ) e5 *", `t.pgn:1:7: ')' with no '(' before it`},
		{"[Event \"x]\n1. e4 *", `t.pgn:1:1: malformed tag pair: want [Name "value"] on one line`},
		{"[Event x]\n1. e4 *", `t.pgn:1:1: malformed tag pair: want [Name "value"] on one line`},
		{"[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. Ke2 *",
			`t.pgn:1:1: FEN tag: bad FEN "8/8/8/8/8/8/8/8 w - - 0 1": want one king a side, not 0 white and 0 black`},
		{"[Event \"x\"]\n[SetUp \"1\"]\n1. e4 *", `t.pgn:2:1: SetUp "1" with no FEN tag`},
		{"[Event \"x\"]\n*\n", `t.pgn:1:1: a game with no moves and no FEN tag: the starting position is no opening line`},
		{"[Event \"a\"]\n1. e4 e5 2. Nf3 Nc6 *\n[Event \"b\"]\n1. Nf3 Nc6 2. e4 e5 *\n",
			`t.pgn:3:1: ends in the same position as the game at line 1`},
		{"\x00\x01garbage", `t.pgn:1:1: not text (a control character)`},
		// Every game's errors, sorted; a game after a bad one is read.
		{"1. e4 e9 *\n[Event \"x\"]\n1. d4 Nf5 *\n1. c4 e5 *\n",
			"t.pgn:1:7: malformed move \"e9\": want SAN such as e4, Nf3, exd5, O-O (move 1... after 1. e4)\n" +
				"t.pgn:3:7: illegal move Nf5: Black has no such move here (move 1... after 1. d4)"},
	} {
		lines, err := ParsePGN("t.pgn", strings.NewReader(c.text))
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

// Tag values in Latin-1, as the PGN standard has them, are read as such.
func TestParsePGNLatin1(t *testing.T) {
	lines, err := ParsePGN("t.pgn", strings.NewReader("[Opening \"R\xe9ti\"]\n1. Nf3 d5 *\n"))
	if err != nil || len(lines) != 1 || lines[0].Name != "Réti" {
		t.Fatalf("got %v, %v", lines, err)
	}
}

// A file of garbage stops at maxErrors and says so, rather than growing a
// list as long as the file.
func TestParsePGNTooManyErrors(t *testing.T) {
	_, err := ParsePGN("t.pgn", strings.NewReader(strings.Repeat(") ", 5000)))
	// 1000 errors and the one that says so; 25 are shown.
	if err == nil || !strings.HasSuffix(err.Error(), "\n(976 more errors)") {
		t.Fatalf("got %v", err)
	}
}

func TestReadByExtension(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
		return file
	}
	for _, c := range []struct{ name, text, want string }{
		{"a.epd", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"x\";\n", "x: from rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		{"b.PGN", "[Event \"y\"]\n1. e4 e5 *\n", "y: 1. e4 e5"},
		{"c.txt", "C20 King's Pawn Game | e4 e5\n", "C20 King's Pawn Game: 1. e4 e5"},
		{"d", "C20 King's Pawn Game | e4 e5\n", "C20 King's Pawn Game: 1. e4 e5"},
	} {
		file := write(c.name, c.text)
		lines, err := Read(file)
		if err != nil || len(lines) != 1 || lines[0].String() != c.want || lines[0].Pos.File != file {
			t.Errorf("%s: got %v, %v", c.name, lines, err)
		}
	}
	// A PGN named .txt is read as the project's format: an error, not a
	// guess.
	if _, err := Read(write("e.txt", "[Event \"y\"]\n1. e4 e5 *\n")); err == nil {
		t.Errorf("a PGN in a .txt file read without an error")
	}
	if _, err := Read(filepath.Join(dir, "none.pgn")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}

// Any input gives lines or file:line:col errors, never a panic; the lines
// read, written back as PGN, read the same.
func FuzzReadPGN(f *testing.F) {
	f.Add(testPGN)
	f.Add("1. e4 e5 2. Nf3 Nc6 *\n[Event \"b\"]\n1. Nf3 Nc6 2. e4 e5 *\n")
	f.Add("[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 12\"]\n12... e5 13. Nf3 Nf5")
	f.Add("1. e4 (1. d4 (1. c4) ) { x } ; y\n% z\n$1 1/2-1/2 [SetUp \"1\"] [Event \"a\\\"b\"] 1. d4 *")
	f.Add("\x00\x01\xff garbage\n[[[ ))) {")
	f.Fuzz(func(t *testing.T, text string) {
		lines, err := ParsePGN("f.pgn", strings.NewReader(text))
		if err != nil {
			for _, e := range strings.Split(err.Error(), "\n") {
				if !strings.HasPrefix(e, "f.pgn:") && !strings.HasSuffix(e, "more errors)") {
					t.Fatalf("error without a place: %q", e)
				}
			}
			return
		}
		var b strings.Builder
		for _, l := range lines {
			if l.FEN() == "" || (l.Start == "" && len(l.Moves) == 0) {
				t.Fatalf("%v: a line without a legal end: %+v", l.Pos, l)
			}
			quote := strings.NewReplacer(`\`, `\\`, `"`, `\"`)
			b.WriteString(`[Opening "` + quote.Replace(l.Name) + "\"]\n")
			if l.Start != "" {
				b.WriteString(`[FEN "` + l.Start + "\"]\n")
			}
			moves := numbered(l.Moves)
			if l.Start != "" {
				start, err := startPosition(l.Start)
				if err != nil {
					t.Fatalf("%v: start %q: %v", l.Pos, l.Start, err)
				}
				moves = numberedFrom(start, l.Moves)
			}
			b.WriteString(moves + " *\n\n")
		}
		again, err := ParsePGN("g.pgn", strings.NewReader(b.String()))
		if err != nil || len(again) != len(lines) {
			t.Fatalf("written back, does not read back: %v\n%s", err, b.String())
		}
		for i := range again {
			if again[i].Name != strings.TrimSpace(lines[i].Name) || again[i].Start != lines[i].Start || strings.Join(again[i].Moves, " ") != strings.Join(lines[i].Moves, " ") {
				t.Fatalf("read back as %+v, was %+v", again[i], lines[i])
			}
		}
	})
}
