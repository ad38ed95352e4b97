package suite

import (
	"fmt"
	"strings"
	"testing"
)

// Lines as engine testers' EPD suites write them (UHO's bare four fields,
// 8moves' operations, a full FEN), each position worked out by hand.
func TestParseEPD(t *testing.T) {
	text := "\uFEFF# an opening suite\r\n" +
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"x\";\r\n" +
		"\r\n" +
		"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - c0 \"a; comment\"; id \"Two knights\"; hmvc 2; fmvn 3;\r\n" +
		"rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2\r\n" +
		"rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq -\r\n" +
		"  rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - bm c4; ce 35; id 1.d4-Nf6\r\n"
	lines, err := ParseEPD("t.epd", strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ pos, name, start string }{
		{"t.epd:2", "x", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
		{"t.epd:4", "Two knights", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"},
		{"t.epd:5", "", "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2"},
		{"t.epd:6", "", "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 1"},
		{"t.epd:7", "1.d4-Nf6", "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 1"},
	}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d: %v", len(lines), len(want), lines)
	}
	for i, w := range want {
		l := lines[i]
		if l.Pos.String() != w.pos || l.Name != w.name || l.ECO != "" || l.Start != w.start || len(l.Moves) != 0 || l.Eval != "" {
			t.Errorf("line %d: got %+v, want %v", i, l, w)
		}
		if l.FEN() != w.start {
			t.Errorf("line %d: FEN() %q, want the start", i, l.FEN())
		}
	}
	if got := lines[0].String(); got != "x: from rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" {
		t.Errorf("String() = %q", got)
	}
	if got := lines[2].String(); got != "from rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2" {
		t.Errorf("String() = %q", got)
	}
}

func TestParseEPDErrors(t *testing.T) {
	const e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"
	for _, c := range []struct{ text, want string }{
		{"", `t.epd:1:1: no positions (want lines "FEN-fields operations", as EPD)`},
		{"# only a comment\n\n", `t.epd:1:1: no positions (want lines "FEN-fields operations", as EPD)`},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq",
			`t.epd:1:1: want a FEN's first four fields (board, side to move, castling, en passant), then operations`},
		{"rnbqkbnr/pppppppp/8/8 \"x\" KQkq - id y;", `t.epd:1:23: want a FEN's first four fields (board, side to move, castling, en passant) before "\"x\""`},
		// The same position twice, whatever its counters: the same games.
		{e4 + "\n" + e4 + " hmvc 3;\n", `t.epd:2:1: the same position as line 1`},
		{"   " + e4 + " 0\n", `t.epd:1:59: a FEN's halfmove clock 0 without its move number after it`},
		{e4 + " 0 x\n", `t.epd:1:56: a FEN's halfmove clock 0 without its move number after it`},
		{e4 + ` id "x;`, `t.epd:1:59: string not closed: want a '"' after it`},
		{e4 + ` 3x "a";`, `t.epd:1:56: bad opcode "3x": want a letter and up to 14 letters, digits or '_'`},
		{e4 + ` id a b;`, `t.epd:1:56: id wants one operand, the line's name, not 2`},
		{e4 + ` id;`, `t.epd:1:56: id wants one operand, the line's name, not 0`},
		{e4 + ` hmvc x;`, `t.epd:1:61: hmvc x: want a number, at least 0`},
		{e4 + ` fmvn 0;`, `t.epd:1:61: fmvn 0: want a number, at least 1`},
		// What the chess library reads, then what it leaves to the suite.
		// Quoted as the line gives it: four fields, or six.
		{"this is not a fen", `t.epd:1:1: bad FEN "this is not a": no piece, digit or '/' at 1 of the board`},
		{"  8/8/8/8/8/8/8/8 w - - 0 3 id \"x\";", `t.epd:1:3: bad FEN "8/8/8/8/8/8/8/8 w - - 0 3": want one king a side, not 0 white and 0 black`},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR x KQkq -",
			`t.epd:1:1: bad FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR x KQkq -": invalid turn`},
		{"8/8/8/8/8/8/8/8 w - -", `t.epd:1:1: bad FEN "8/8/8/8/8/8/8/8 w - -": want one king a side, not 0 white and 0 black`},
		// The library would index a table with the é's bytes and panic.
		{"rnbqkbnr/pppppppé/8/8/8/8/PPPPPPPP/RNBQKBNR w - -",
			`t.epd:1:1: bad FEN "rnbqkbnr/pppppppé/8/8/8/8/PPPPPPPP/RNBQKBNR w - -": no piece, digit or '/' at 17 of the board`},
		{"4k3/8/8/8/8/8/8/K3R3 w - -", `t.epd:1:1: bad FEN "4k3/8/8/8/8/8/8/K3R3 w - -": the side not to move is in check`},
		{"7k/5Q2/6K1/8/8/8/8/8 b - -", `t.epd:1:1: bad FEN "7k/5Q2/6K1/8/8/8/8/8 b - -": no legal move (mate or stalemate)`},
		{"P3k3/8/8/8/8/8/8/4K3 w - -", `t.epd:1:1: bad FEN "P3k3/8/8/8/8/8/8/4K3 w - -": a pawn on a8`},
		{"4k3/8/8/8/8/8/8/4K3 w K -", `t.epd:1:1: bad FEN "4k3/8/8/8/8/8/8/4K3 w K -": castling right K without the king on e1 and the rook on h1`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6",
			`t.epd:1:1: bad FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6": en passant square e6 behind no pawn that has just stepped two`},
		{"\x00\x01garbage\n" + e4 + "\n", `t.epd:1:1: not text (a control character or bytes that are not UTF-8)`},
		// All the errors, sorted.
		{e4 + " id;\n8/8/8/8/8/8/8/8 w - -\n",
			"t.epd:1:56: id wants one operand, the line's name, not 0\n" +
				`t.epd:2:1: bad FEN "8/8/8/8/8/8/8/8 w - -": want one king a side, not 0 white and 0 black`},
	} {
		lines, err := ParseEPD("t.epd", strings.NewReader(c.text))
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

// Any input gives positions or file:line:col errors, never a panic; the
// positions read, written back as EPD, read the same.
func FuzzReadEPD(f *testing.F) {
	f.Add("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"x\";\n")
	f.Add("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - c0 \"a; b\"; id \"y\"; hmvc 2; fmvn 3;\r\n")
	f.Add("rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2\n# c\n\n4k3/8/8/8/8/8/8/K3R3 b - -")
	f.Add("7k/5Q2/6K1/8/8/8/8/8 b - -\n8/8/8/8/8/8/8/8 w - -\nP3k3/8/8/8/8/8/8/4K3 w K e3 bm; id")
	f.Add("\x00\x01\xff garbage\n\"\"\"; ; ;")
	f.Fuzz(func(t *testing.T, text string) {
		lines, err := ParseEPD("f.epd", strings.NewReader(text))
		if err != nil {
			for _, e := range strings.Split(err.Error(), "\n") {
				if !strings.HasPrefix(e, "f.epd:") && !strings.HasSuffix(e, "more errors)") {
					t.Fatalf("error without a place: %q", e)
				}
			}
			return
		}
		var b strings.Builder
		for _, l := range lines {
			if l.Start == "" || l.FEN() != l.Start || len(l.Moves) != 0 {
				t.Fatalf("%v: not a position: %+v", l.Pos, l)
			}
			b.WriteString(l.Start)
			if l.Name != "" && !strings.Contains(l.Name, `"`) {
				b.WriteString(` id "` + l.Name + `";`)
			}
			b.WriteString("\n")
		}
		again, err := ParseEPD("g.epd", strings.NewReader(b.String()))
		if err != nil || len(again) != len(lines) {
			t.Fatalf("written back, does not read back: %v\n%s", err, b.String())
		}
		for i := range again {
			if again[i].Start != lines[i].Start || (again[i].Name != lines[i].Name && !strings.Contains(lines[i].Name, `"`)) {
				t.Fatalf("read back as %+v, was %+v", again[i], lines[i])
			}
		}
	})
}

// What is read is bounded: a line of endless words, a game or a line of
// endless moves, a file past the size allowed.
func TestReadBounds(t *testing.T) {
	const e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"
	_, err := ParseEPD("t.epd", strings.NewReader(e4+strings.Repeat(" ;", 2000)))
	// Word 1001 is the 997th ';': e4 is 54 characters, the j-th " ;" ends
	// at column 54+2j.
	if err == nil || err.Error() != "t.epd:1:2048: more than 1000 words: too long for an EPD line" {
		t.Errorf("EPD: %v", err)
	}
	// 1001 plies that end no game (a shuffle would repeat), without move
	// numbers; ply 1001 is at the column after the first 1000 and their
	// spaces.
	plies := longLine(t, maxPlies+1)
	long := strings.Join(plies, " ")
	col := len(strings.Join(plies[:maxPlies], " ")) + 2
	_, err = ParsePGN("t.pgn", strings.NewReader(long))
	if want := fmt.Sprintf("t.pgn:1:%d: more than 1000 plies: too long for an opening line", col); err == nil || err.Error() != want {
		t.Errorf("PGN: %v\nwant %s", err, want)
	}
	_, err = Parse("t.txt", strings.NewReader("A00 x | "+long))
	if want := fmt.Sprintf("t.txt:1:%d: more than 1000 plies: too long for an opening line", col+8); err == nil || err.Error() != want {
		t.Errorf("text: %v\nwant %s", err, want)
	}
	_, err = ParsePGN("big.pgn", strings.NewReader(strings.Repeat(" ", maxBytes+1)))
	if err == nil || err.Error() != "big.pgn: larger than 64 MiB: not read (take a part of it as a suite)" {
		t.Errorf("a large file: %v", err)
	}
}
