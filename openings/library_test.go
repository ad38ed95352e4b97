package openings

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/asm"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// librarySources parses the manual's ten books and John White's ten.
func librarySources(t testing.TB) []*Source {
	t.Helper()
	manual, _ := filepath.Glob("../src/openings/*.book")
	white, _ := filepath.Glob("../src/openings/white/*.book")
	if len(manual) != 10 || len(white) != 10 {
		t.Fatalf("want ten books in src/openings and ten in src/openings/white, have %d and %d", len(manual), len(white))
	}
	var srcs []*Source
	for _, f := range append(manual, white...) {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src, err := Parse(f, text)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, src)
	}
	return srcs
}

func twenty(t testing.TB) *Library {
	t.Helper()
	lib, err := CompileLibrary(librarySources(t)...)
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

func recordOf(t *testing.T, lib *Library, id byte, side byte) *LibraryRecord {
	t.Helper()
	for i := range lib.Records {
		if r := &lib.Records[i]; r.ID == id && r.Side() == side {
			return r
		}
	}
	t.Fatalf("no record %02X side %02X", id, side)
	return nil
}

func sanLine(plies []Ply) string {
	var s []string
	for _, p := range plies {
		s = append(s, p.SAN)
	}
	return strings.Join(s, " ")
}

// All twenty compile, in the order and with the IDs the format gives:
// White's 01–10 (the computer White), then the manual's 11–15, each W
// before B; each record is its book's line, every ply of it.
func TestLibraryCompilesAllTwenty(t *testing.T) {
	lib := twenty(t)
	var order []string
	for _, r := range lib.Records {
		order = append(order, fmt.Sprintf("%02X%c", r.ID, strings.ToUpper(ColorName(r.Computer))[0]))
	}
	want := "01W 02W 03W 04W 05W 06W 07W 08W 09W 10W 11W 11B 12W 12B 13W 13B 14W 14B 15W 15B"
	if got := strings.Join(order, " "); got != want {
		t.Fatalf("records %s\nwant    %s", got, want)
	}
	size := 1
	for _, r := range lib.Records {
		text, err := os.ReadFile(r.File)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Compile(r.File, text)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := sanLine(r.Plies), sanLine(b.Plies); got != want {
			t.Errorf("%s: record %s\nbook %s", r.File, got, want)
		}
		if n := len(r.Bytes()); n != 3+2*len(b.Plies) {
			t.Errorf("%s: %d bytes for %d plies", r.File, n, len(b.Plies))
		}
		size += len(r.Bytes())
	}
	// 10 × (3 + 2×16) + 10 × (3 + 2×18) + the count.
	if got := len(lib.Bytes()); got != size || got != 741 || lib.Bytes()[0] != 20 {
		t.Errorf("the tables are %d bytes (count %02X), want 741 with count 14", got, lib.Bytes()[0])
	}
}

// Encodings worked out by hand from the format: squares are rank from the
// computer's end then file from the player's left (for the computer White,
// e4 is rank 3, file 7-4: 33; for the computer Black the square is 77
// minus that).
func TestLibraryEncodingsByHand(t *testing.T) {
	lib := twenty(t)
	pairs := func(r *LibraryRecord) []string {
		b := r.Bytes()
		var s []string
		for i := 3; i < len(b); i += 2 {
			s = append(s, fmt.Sprintf("%02X %02X", b[i], b[i+1]))
		}
		return s
	}
	// Giuoco Piano W: ID 12, side 00, 18 plies (hex 12). 1. e4 is the KP
	// (0F) to 33; 1...e5 is keyed e7-e5, 63 43; 8. O-O is the king (00) to
	// g1, 01; the line ends with the reply 9...Bxc3 stored, b4-c3, 36 25.
	gw := recordOf(t, lib, 0x12, 0)
	if h := gw.Bytes()[:3]; !bytes.Equal(h, []byte{0x12, 0x00, 0x12}) {
		t.Errorf("Giuoco Piano W header % X", h)
	}
	p := pairs(gw)
	if p[0] != "0F 33" || p[1] != "63 43" || p[14] != "00 01" || p[17] != "36 25" {
		t.Errorf("Giuoco Piano W: 1. e4 %s, 1...e5 %s, 8. O-O %s, 9...Bxc3 %s", p[0], p[1], p[14], p[17])
	}
	// Giuoco Piano B: the first ply is the player's White move, e2-e4 seen
	// from Black's side, 64 44; the computer's 1...e5 is its KP to 34;
	// White's 8. O-O is keyed e1-g1 then h1-f1 (74-76, 77-75) and stored
	// as the rook's pair, 77 75.
	gb := recordOf(t, lib, 0x12, 1)
	p = pairs(gb)
	if gb.Bytes()[1] != 0x01 || p[0] != "64 44" || p[1] != "0F 34" || p[14] != "77 75" {
		t.Errorf("Giuoco Piano B: side %02X, 1. e4 %s, 1...e5 %s, 8. O-O %s", gb.Bytes()[1], p[0], p[1], p[14])
	}
	if k := gb.Plies[14].Keys(); len(k) != 2 || k[0] != [2]byte{0x74, 0x76} || k[1] != [2]byte{0x77, 0x75} {
		t.Errorf("8. O-O keyed %02X", k)
	}
	// Sicilian Dragon (White's 02): 8...O-O, keyed e8-g8 (73-71) then
	// h8-f8 (70-72), stored 70 72; 8. O-O before it, 00 01.
	p = pairs(recordOf(t, lib, 0x02, 0))
	if p[14] != "00 01" || p[15] != "70 72" {
		t.Errorf("Dragon: 8. O-O %s, 8...O-O %s", p[14], p[15])
	}
	// Rauzer (01): 8. O-O-O is the king to c1 (05); 7...Rc8 is the rook's
	// own FROM and TO, a8-c8 (77 75), which a block could not tell from
	// Bc8.
	p = pairs(recordOf(t, lib, 0x01, 0))
	if p[13] != "77 75" || p[14] != "00 05" {
		t.Errorf("Rauzer: 7...Rc8 %s, 8. O-O-O %s", p[13], p[14])
	}
	// The player's en passant (the computer Black): 3. exd6 is keyed e5-d5
	// (34 33), then d5-d6 (33 23): 33 23 is stored.
	ep := compileOne(t, "01-ep.book", headerBlack+"1. e4 Nf6 2. e5 d5 3. exd6\n")
	if p := pairs(ep); p[4] != "33 23" {
		t.Errorf("3. exd6 e.p. stored %s, want 33 23", p[4])
	}
	if d, err := DecodeLibrary((&Library{Records: []LibraryRecord{*ep}}).Bytes()); err != nil || d.Records[0].Plies[4].SAN != "exd6" {
		t.Errorf("the en passant does not read back: %v", err)
	}
}

func compileOne(t *testing.T, file, text string) *LibraryRecord {
	t.Helper()
	src, err := Parse(file, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	lib, err := CompileLibrary(src)
	if err != nil {
		t.Fatal(err)
	}
	return &lib.Records[0]
}

// The source in the 1977 dialect, against testdata/library.asm (go test
// -update rewrites it); assembled, it is the tables byte for byte, each
// record under its label.
func TestLibraryAsmGolden(t *testing.T) {
	lib := twenty(t)
	text := lib.Asm("LIBTAB")
	path := filepath.Join("testdata", "library.asm")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	} else if want, err := os.ReadFile(path); err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	} else if text != string(want) {
		t.Errorf("the tables' source differs from %s (go test -update rewrites it):\n%s", path, text)
	}
	if !strings.HasPrefix(text, "+++\tLIBTAB\n") {
		t.Errorf("the source does not start with its origin: %q", text[:min(len(text), 20)])
	}
	p, err := asm.Assemble(asm.Source{Name: "tables.asm", Text: "LIBTAB\t=\t0E00\n" + text})
	if err != nil {
		t.Fatal(err)
	}
	got := map[uint16]byte{}
	for _, s := range p.Stmts {
		for i, b := range s.Bytes {
			got[s.Addr+uint16(i)] = b
		}
	}
	want := lib.Bytes()
	if len(got) != len(want) {
		t.Errorf("assembled %d bytes, the tables are %d", len(got), len(want))
	}
	for i, b := range want {
		if g, ok := got[0x0E00+uint16(i)]; !ok || g != b {
			t.Fatalf("%04X: assembled %02X (%v), the tables have %02X", 0x0E00+i, g, ok, b)
		}
	}
	at := 1
	for _, r := range lib.Records {
		if sym := p.Symbols[r.Label()]; sym == nil || sym.Value != 0x0E00+at {
			t.Errorf("label %s: %v, want %04X", r.Label(), sym, 0x0E00+at)
		}
		at += len(r.Bytes())
	}
}

// Bytes back to records: the same IDs, sides and lines, as chess; and
// each record printed as a book compiles back to the same record.
func TestLibraryRoundTrip(t *testing.T) {
	lib := twenty(t)
	d, err := DecodeLibrary(lib.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Records) != len(lib.Records) || !bytes.Equal(d.Bytes(), lib.Bytes()) {
		t.Fatalf("%d records read back, bytes equal: %v", len(d.Records), bytes.Equal(d.Bytes(), lib.Bytes()))
	}
	for i, r := range lib.Records {
		g := d.Records[i]
		if g.ID != r.ID || g.Computer != r.Computer || sanLine(g.Plies) != sanLine(r.Plies) {
			t.Errorf("record %d: %02X %s %s\nwant      %02X %s %s", i+1, g.ID, ColorName(g.Computer), sanLine(g.Plies), r.ID, ColorName(r.Computer), sanLine(r.Plies))
		}
	}
	d.NameFrom(lib)
	for i := range d.Records {
		one := &Library{Records: d.Records[i : i+1]}
		var text strings.Builder
		if err := FormatLibrary(&text, one); err != nil {
			t.Fatal(err)
		}
		file := filepath.Base(d.Records[i].File) // White's keep their numbered names
		src, err := Parse(file, []byte(text.String()))
		if err != nil {
			t.Fatalf("%s", err)
		}
		back, err := CompileLibrary(src)
		if err != nil {
			t.Fatalf("%s:\n%s", err, text.String())
		}
		if !bytes.Equal(back.Bytes(), one.Bytes()) || back.Records[0].Opening != lib.Records[i].Opening {
			t.Errorf("%s printed and compiled: % X %q\nwant % X", file, back.Bytes(), back.Records[0].Opening, one.Bytes())
		}
	}
}

// IDs: 10 + the tape ID, or the number a Tape: none book's file name
// starts with.
func TestLibraryIDs(t *testing.T) {
	for _, c := range []struct {
		file, tape string
		id         byte
		err        string
	}{
		{"french-white.book", "01", 0x11, ""},
		{"four-knights-black.book", "05", 0x15, ""},
		{"x/10-english.book", "none", 0x10, ""},
		{"07.book", "none", 0x07, ""},
		{"x.book", "none", 0, "x.book:3:11: Tape: none: the library ID is then the number 01–99 the file's name starts with"},
		{"00-x.book", "none", 0, "has none"},
		{"123-x.book", "none", 0, "has none"},
		{"a.book", "0A", 0, "a.book:3:11: tape 0A: a library ID is 10 + the tape ID"},
		{"a.book", "90", 0, "tape 90"},
	} {
		src, err := Parse(c.file, []byte("Opening:  X\nComputer: white\nTape:     "+c.tape+"\n1. e4\n"))
		if err != nil {
			t.Fatal(err)
		}
		id, err := LibraryID(src)
		switch {
		case c.err == "" && (err != nil || id != c.id):
			t.Errorf("%s tape %s: ID %02X, %v; want %02X", c.file, c.tape, id, err, c.id)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s tape %s: %v; want an error with %q", c.file, c.tape, err, c.err)
		}
	}
}

// Books the library cannot hold are errors at their place.
func TestCompileLibraryErrors(t *testing.T) {
	long := strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 32)
	for _, c := range []struct {
		name string
		srcs map[string]string
		err  string
	}{
		{"two books one ID", map[string]string{"a.book": header + "1. e4 e5\n", "b.book": header + "1. d4 d5\n"},
			"b.book:3:11: library ID 11 with the computer white is also a.book's"},
		{"127 plies", map[string]string{"a.book": header + long},
			"a.book:5:505: Ng1: a library record holds 126 plies; this is the 127th"},
		// 4...Rf8 is keyed h8-f8, 70 72, the rook's pair of 4...O-O, which
		// is legal here: the table would read O-O.
		{"a rook move keyed as castling", map[string]string{"a.book": header + "1. e4 e5 2. Nf3 Nf6 3. Bc4 Be7 4. d3 Rf8 5. O-O\n"},
			"a.book:5:38: Rf8: stored as 70 72, which reads as O-O"},
		{"the computer's en passant", map[string]string{"a.book": header + "1. e4 a6 2. e5 d5 3. exd6\n"},
			"a.book:5:22: exd6: MicroChess cannot capture en passant"},
		{"no computer move", map[string]string{"a.book": headerBlack + "1. e4\n"},
			"a.book:5:4: the line has no computer move"},
		{"no books", nil, "no books"},
	} {
		var srcs []*Source
		for _, f := range []string{"a.book", "b.book"} {
			if text, ok := c.srcs[f]; ok {
				src, err := Parse(f, []byte(text))
				if err != nil {
					t.Fatal(err)
				}
				srcs = append(srcs, src)
			}
		}
		_, err := CompileLibrary(srcs...)
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: %v\nwant %q", c.name, err, c.err)
		}
	}
}

// Bytes the decoder cannot read are errors naming the offset and why;
// what was read before is returned.
func TestDecodeLibraryRejects(t *testing.T) {
	full := twenty(t).Bytes()
	with := func(i int, b byte) []byte { c := bytes.Clone(full); c[i] = b; return c }
	// Record 1 is the Rauzer (01, the computer White): its plies from
	// offset 4: 0F 33 (1. e4), 65 45 (1...c5).
	for _, c := range []struct {
		name string
		b    []byte
		err  string
	}{
		{"empty", nil, "offset 0000: the tables are empty"},
		{"count 0", []byte{0}, "offset 0000: the count is 00"},
		{"cut in a header", full[:2], "offset 0001: record 1 of 20: the tables end (2 bytes) before its ID, side and ply count"},
		{"cut in the plies", full[:10], "offset 0001: record 1 of 20 (ID 01): 16 plies need 35 bytes, the tables have 9 left"},
		{"count too big", append([]byte{21}, full[1:]...), "offset 02E5: record 21 of 21: the tables end"},
		{"ID not BCD", with(1, 0x1A), "offset 0001: record 1 of 20: ID 1A is not a number 01–99 in BCD"},
		{"ID 00", with(1, 0x00), "ID 00 is not a number"},
		{"side", with(2, 0x02), "offset 0002: record 1 of 20 (ID 01): side 02"},
		{"no plies", with(3, 0), "offset 0003: record 1 of 20 (ID 01): 0 plies: want 1–126"},
		{"too many plies", with(3, 127), "127 plies: want 1–126"},
		{"piece code", with(4, 0x10), "offset 0004: record 1 of 20 (ID 01, the computer white), ply 1 (move 1, White the computer's): 10 is not a piece code"},
		{"not a square", with(5, 0x88), "ply 1 (move 1, White the computer's): 88 is not a square"},
		{"illegal", with(5, 0x44), "KP 13-44 (e2-d5) is not a legal move"},
		{"player not a square", with(6, 0x08), "offset 0006: record 1 of 20 (ID 01, the computer white), ply 2 (move 1, Black the player's): 08 is not a square"},
		{"player no move", with(7, 0x33), "ply 2 (move 1, Black the player's): no legal move of the player's is keyed ending 65-33"},
		{"order", with(36, 0x01), "offset 0024: record 2 of 20 (ID 01, the computer white): after ID 01 with the computer white: records are sorted"},
		{"trailing", append(bytes.Clone(full), 0x99), "offset 02E5: 1 byte(s) after the last of the 20 records"},
		{"no computer move", []byte{1, 0x12, 0x01, 0x01, 0x64, 0x44}, "offset 0004: record 1 of 1 (ID 12, the computer black): no computer move"},
		// 1. e4 a6 2. e5 d5 3. exd6 e.p. by the computer.
		{"computer en passant", []byte{1, 0x01, 0x00, 0x05, 0x0F, 0x33, 0x67, 0x57, 0x0F, 0x43, 0x64, 0x44, 0x0F, 0x54}, "ply 5 (move 3, White the computer's): exd6: MicroChess cannot capture en passant"},
		// 1. e4 d5 2. exd5 Qxd5 3. the KP again: it was taken.
		{"a man taken", []byte{1, 0x01, 0x00, 0x05, 0x0F, 0x33, 0x64, 0x44, 0x0F, 0x44, 0x74, 0x44, 0x0F, 0x54}, "ply 5 (move 3, White the computer's): the computer's KP has been captured"},
	} {
		lib, err := DecodeLibrary(c.b)
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: %v\nwant %q", c.name, err, c.err)
			continue
		}
		if lib == nil {
			t.Errorf("%s: no library returned with the error", c.name)
			continue
		}
		var sb strings.Builder
		if err := FormatLibrary(&sb, lib); err != nil {
			t.Error(err)
		}
		_ = lib.Asm("LIBTAB")
	}
	// What was read before the error is kept: record 2's first ply broken,
	// record 1 whole.
	lib, err := DecodeLibrary(with(36+3, 0x10))
	if err == nil || len(lib.Records) != 2 || len(lib.Records[0].Plies) != 16 || len(lib.Records[1].Plies) != 0 {
		t.Errorf("partial read: %v, %d records", err, len(lib.Records))
	}
}
