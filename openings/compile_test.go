package openings

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/memmap"
)

const header = "Opening:  Test\nComputer: white\nTape:     01\n\n"
const headerBlack = "Opening:  Test\nComputer: black\nTape:     01\n\n"

// A piece code's name is the file its man starts on (descriptive
// notation's files are named by those men), for both sides.
func TestHomeFiles(t *testing.T) {
	for _, c := range []chess.Color{chess.White, chess.Black} {
		a := memmap.InitialArray(c)
		for i, code := range a.Computer {
			sq, ok := memmap.SquareOf(code, c)
			if !ok || sq.File() != homeFile(i) {
				t.Errorf("computer %s: %s starts on %v, its name says the %v file", c.Name(), memmap.Pieces[i], sq, homeFile(i))
			}
		}
	}
}

func TestGiuocoPianoWhiteIsTheHexListing(t *testing.T) {
	b := compilePath(t, "../src/openings/giuoco-piano-white.book")
	c0 := memmap.Published()[0]
	if want := c0.Bytes[memmap.BookStart : memmap.BookStart+memmap.BookSize]; !bytes.Equal(b.Block[:], want) {
		t.Fatalf("block\n% X\nhex listing 00C0–00DB\n% X", b.Block, want)
	}
}

// A short line is padded with the end marker; bytes worked out by hand
// from the notation (e4 = KP 13→33, e5 lands on 43, Nf3 = KN 01→22).
func TestShortLinePadded(t *testing.T) {
	b, err := Compile("short.book", []byte(header+"1. e4 e5 2. Nf3 Nc6\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := [memmap.BookSize]byte{}
	for i := range want {
		want[i] = 0x99
	}
	copy(want[memmap.BookSize-7:], []byte{0x99, 0x22, 0x06, 0x43, 0x33, 0x0F, 0xCC})
	if b.Block != want {
		t.Fatalf("block % X\nwant  % X", b.Block, want)
	}
	if last := b.Plies[3]; last.Stored || last.SAN != "Nc6" {
		t.Errorf("2...Nc6 after the last computer move: stored %v", last.Stored)
	}
}

// Castling: the computer's is its king's move, completed by the player
// moving the rook; the player's reply is stored as the rook's TO square,
// keyed last. The player's en passant is keyed as the sideways capture,
// then the step forward.
func TestCastlingAndEnPassantEncoding(t *testing.T) {
	b, err := Compile("c.book", []byte(header+"1. e4 e5 2. Nf3 Nf6 3. Be2 Be7 4. O-O O-O 5. d3\n"))
	if err != nil {
		t.Fatal(err)
	}
	// 4. O-O: king e1 (03) to g1 (01); the player moves the rook h1 (00)
	// to f1 (02) for it.
	if p := b.Plies[6]; p.Piece != 0 || p.From != 0x03 || p.To != 0x01 || !samePairs(p.Keys(), [][2]byte{{0x03, 0x01}, {0x00, 0x02}}) {
		t.Errorf("computer O-O: piece %X %02X-%02X, keys %02X", p.Piece, p.From, p.To, p.Keys())
	}
	// 4...O-O: the player keys e8-g8 (73-71), then h8-f8 (70-72); the
	// reply to the fourth computer move (00CF) is 72.
	if p := b.Plies[7]; !samePairs(p.Keys(), [][2]byte{{0x73, 0x71}, {0x70, 0x72}}) || b.Block[0xCF-memmap.BookStart] != 0x72 {
		t.Errorf("player O-O: keys %02X, 00CF = %02X", p.Keys(), b.Block[0xCF-memmap.BookStart])
	}
	// With the computer Black: 3. exd6 e.p. is keyed e5-d5 (34-33), then
	// d5-d6 (33-23); 00D5, the reply to the second computer move, is 23.
	b, err = Compile("ep.book", []byte(headerBlack+"1. e4 a6 2. e5 d5 3. exd6 Nf6\n"))
	if err != nil {
		t.Fatal(err)
	}
	if p := b.Plies[4]; !samePairs(p.Keys(), [][2]byte{{0x34, 0x33}, {0x33, 0x23}}) || b.Block[0xD5-memmap.BookStart] != 0x23 {
		t.Errorf("player en passant: keys %02X, 00D5 = %02X", p.Keys(), b.Block[0xD5-memmap.BookStart])
	}
	_, err = Compile("ep.book", []byte(header+"1. e4 a6 2. e5 d5 3. exd6\n"))
	if err == nil || err.Error() != "ep.book:5:22: exd6: MicroChess cannot capture en passant" {
		t.Errorf("computer en passant: %v", err)
	}
	_, err = Compile("q.book", []byte(headerBlack+"1. e4 d5 2. exd5 c6 3. dxc6 e5 4. cxb7 e4 5. bxa8=Q\n"))
	if err == nil || err.Error() != "q.book:5:46: bxa8=Q: MicroChess cannot promote a pawn by itself (the queen is set up by hand)" {
		t.Errorf("promotion: %v", err)
	}
}

func samePairs(a, b [][2]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestCompileErrors(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"no-headers", "1. e4 e5\n", `x.book:1:1: missing headers "Opening:", "Computer:", "Tape:" (an opening file starts with Opening:, Computer: and Tape:)`},
		{"no-tape", "Opening: x\nComputer: white\n1. e4 e5\n", `x.book:1:1: missing header "Tape:" (an opening file starts with Opening:, Computer: and Tape:)`},
		// Every error of the file, sorted by place.
		{"several", "Tape: 1\nOpening: x\nComputer: white\n1. e4 e5 2.. Nf3\nTape: 02\n",
			"x.book:1:7: header Tape: \"1\": want the KIM-1 tape ID as two hex digits\n" +
				"x.book:4:10: malformed move number \"2..\" (want 2. or 2...)\n" +
				"x.book:5:1: header Tape: after the moves; headers come first"},
		// A byte-order mark and CR line ends are read as an editor wrote them.
		{"bom-cr", "\uFEFFOpening: x\rComputer: white\rTape: 01\r\r1. e4 e5 2. Ke3\r", "x.book:5:13: illegal move Ke3: White has no such move here"},
		{"unknown-header", "Event: x\n" + header, "x.book:1:8: header Event: unknown header (want Opening, Computer or Tape)"},
		{"twice", header + "Tape: 02\n", "x.book:5:1: header Tape: given twice"},
		{"side", "Opening: x\nComputer: both\nTape: 01\n", `x.book:2:11: header Computer: "both": want white or black (the side the computer plays)`},
		{"tape", "Opening: x\nComputer: white\nTape: 1\n", `x.book:3:7: header Tape: "1": want the KIM-1 tape ID as two hex digits`},
		{"late-header", header + "1. e4\nTape: 02\n", "x.book:6:1: header Tape: after the moves; headers come first"},
		{"illegal", header + "1. e4 e5 2. Ke3\n", "x.book:5:13: illegal move Ke3: White has no such move here"},
		{"ambiguous", header + "1. e4 e5 2. Nc3 Nc6 3. Ne2\n", "x.book:5:24: ambiguous move Ne2: could be Nce2 or Nge2"},
		{"malformed", header + "1. e4 e5 2. Zf3\n", `x.book:5:13: malformed move "Zf3": want SAN such as e4, Nf3, exd5, O-O`},
		{"zeros", header + "1. e4 e5 2. Nf3 Nf6 3. Bc4 Bc5 4. 0-0\n", `x.book:5:35: malformed move "0-0": castling is written with the letter O (O-O, O-O-O)`},
		{"capture-mark", header + "1. e4 d5 2. ed5\n", "x.book:5:13: ed5 captures: write exd5"},
		{"no-capture", header + "1. e4 d5 2. Nxf3\n", "x.book:5:13: Nxf3 captures nothing: write Nf3"},
		{"check-mark", header + "1. e4 e5 2. Nf3+\n", "x.book:5:13: Nf3+: wrong check mark: write Nf3"},
		{"number", header + "1. e4 e5 3. Nf3\n", "x.book:5:10: move number 3.: the next move is 2."},
		{"black-number", header + "1. e4 2. e5\n", "x.book:5:7: move number 2.: the next move is 1..."},
		{"bad-number", header + "1.. e4\n", `x.book:5:1: malformed move number "1.." (want 1. or 1...)`},
		{"no-computer-move", headerBlack + "1. e4\n", "x.book:5:4: the line has no computer move: nothing to store"},
		{"empty", header, "x.book:1:1: the line has no computer move: nothing to store"},
		{"ten", header + "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6\n6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. Nf3 Nf6 10. Ng1\n",
			"x.book:6:49: Ng1: a block holds 9 computer moves; this is the 10th"},
	} {
		_, err := Compile("x.book", []byte(c.text))
		if err == nil || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.name, err, c.want)
		}
	}
}

// Every book compiles, and its annotated listing compiles back to the same
// block and the same line.
func TestFormatCompilesBack(t *testing.T) {
	for _, path := range bookPaths(t) {
		b := compilePath(t, path)
		var out bytes.Buffer
		if err := Format(&out, b); err != nil {
			t.Fatal(err)
		}
		again, err := Compile(path+" (formatted)", out.Bytes())
		if err != nil {
			t.Fatalf("%v\n%s", err, out.String())
		}
		if again.Block != b.Block || sans(again) != sans(b) || again.Opening != b.Opening || again.Tape != b.Tape {
			t.Errorf("%s: formatted line differs\n%s", path, out.String())
		}
	}
}

// Decompiling a block gives the computer's moves exactly, replies that end
// on the stored squares, and text that compiles to the same block.
func TestDecompileRoundTrip(t *testing.T) {
	t.Parallel()
	for _, path := range bookPaths(t) {
		b := compilePath(t, path)
		d, err := Decompile(b.Block[:], chess.NoColor)
		if err != nil {
			t.Fatal(err)
		}
		if d.Problem != "" || d.Unused != 0 || d.Computer != b.Computer {
			t.Fatalf("%s: problem %q, unused %d, computer %v", path, d.Problem, d.Unused, d.Computer)
		}
		stored := 0
		for _, p := range b.Plies {
			if p.Stored {
				stored++
			}
		}
		if len(d.Plies) != stored {
			t.Fatalf("%s: decompiled %d plies, the book stores %d", path, len(d.Plies), stored)
		}
		for i, p := range d.Plies {
			if p.Computer && p.SAN != b.Plies[i].SAN || p.Key != b.Plies[i].Key {
				t.Errorf("%s: ply %d is %s (key %02X), the book has %s (key %02X)", path, i, p.SAN, p.Key, b.Plies[i].SAN, b.Plies[i].Key)
			}
		}
		d.Opening, d.Tape = b.Opening, b.Tape
		var out bytes.Buffer
		if err := FormatDecoded(&out, d); err != nil {
			t.Fatal(err)
		}
		again, err := Compile(path+" (decompiled)", out.Bytes())
		if err != nil {
			t.Fatalf("%v\n%s", err, out.String())
		}
		if again.Block != b.Block {
			t.Errorf("%s: decompiled text compiles to\n% X\nnot\n% X", path, again.Block, b.Block)
		}
	}
}

func TestDecompileProblems(t *testing.T) {
	gp := compilePath(t, "../src/openings/giuoco-piano-white.book").Block
	for _, c := range []struct {
		name  string
		at    int
		value byte
		want  string
	}{
		{"never entered", 27, 0x44, "00DB is 44: after C the display shows CC, so GO never enters the book"},
		{"not a piece", 26, 0x1F, "00DA: 1F is not a piece code"},
		{"illegal", 25, 0x43, "00DA: KP 13-43 (e2-e5) is not a legal move"},
		{"no reply", 24, 0x00, "00D8: no legal move of the player's ends on 00"},
		{"runs on", 0, 0x25, "00C0 holds a square: GO would read the next move from below 00C0"},
	} {
		bad := gp
		bad[c.at] = c.value
		d, err := Decompile(bad[:], chess.NoColor)
		if err != nil {
			t.Fatal(err)
		}
		if c.name == "never entered" {
			d, _ = Decompile(bad[:], chess.White)
		}
		if d.Problem != c.want {
			t.Errorf("%s: %q, want %q", c.name, d.Problem, c.want)
		}
	}
	// A short book with junk under its end marker reads, with a note.
	short, _ := Compile("s.book", []byte(header+"1. e4 e5 2. Nf3\n"))
	junk := short.Block
	junk[0], junk[1] = 0x12, 0x34
	d, _ := Decompile(junk[:], chess.NoColor)
	if d.Problem != "" || d.Unused != 2 || len(d.Plies) != 3 {
		t.Errorf("junk below the end: problem %q, unused %d, %d plies", d.Problem, d.Unused, len(d.Plies))
	}
	if _, err := Decompile(gp[:10], chess.NoColor); err == nil {
		t.Error("a 10-byte block decompiled")
	}
}

func compilePath(t *testing.T, path string) *Book {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Compile(path, text)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func bookPaths(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../src/openings/*.book")
	if err != nil || len(files) != 10 {
		t.Fatalf("want ten books in src/openings: %d, %v", len(files), err)
	}
	return files
}

func sans(b *Book) string {
	var s []string
	for _, p := range b.Plies {
		s = append(s, p.SAN)
	}
	return strings.Join(s, " ")
}

// Each book is the opening it is named after, by the chess library's ECO
// table (an account of the theory independent of the 1977 table): the
// longest named line the book starts with belongs to that opening, and
// the table knows at least the first six moves of each side.
func TestBooksFollowTheirECOLines(t *testing.T) {
	family := map[string]string{"french": "French Defense", "giuoco-piano": "Italian Game",
		"ruy-lopez": "Ruy Lopez: Berlin Defense", "queens-indian": "Queen's Indian Defense", "four-knights": "Four Knights Game"}
	for _, path := range bookPaths(t) {
		name := strings.TrimSuffix(filepath.Base(path), ".book")
		name = name[:strings.LastIndex(name, "-")]
		b := compilePath(t, path)
		known, named, plies := ECO(b.Line())
		if named == nil || !strings.HasPrefix(named.Title(), family[name]) || known < 12 {
			t.Errorf("%s: %d plies in the ECO table, named %v for %d", path, known, named, plies)
			continue
		}
		t.Logf("%s: %s %s for %d plies of %d (%d in the table)", filepath.Base(path), named.Code(), named.Title(), plies, len(b.Plies), known)
	}
}
