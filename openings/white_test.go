package openings

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/ref"
	"github.com/kim1-archive/microchess/rules"
)

// John White's book-opening library (ref/white-openings.txt, the article's
// Table 1 and DATA as OCR'd) against its ten books in src/openings/white.
// The DATA are read as his line 250 READs them, ten openings of eight
// machine moves: D$(1,J), C$(2,J), D$(2,J), C$(3,J), ... D$(8,J), C$(9,J),
// D$(k) the machine's (White's) k-th move, C$(k+1) the reply it expects.
// Each item is four digits, FROM then TO, each square file then rank from
// White's side (1,1 = a1; castling is the king's move). The readings of
// damaged and lost items come from ref/white-openings-corrections.txt and
// nowhere else; docs/opening-library.md accounts for each.

const whiteDir = "../src/openings/white"

// whiteSlot is one array element of White's library, as printed and as
// read.
type whiteSlot struct {
	Name    string // "D$(3)", "C$(4)"
	Machine bool   // a D$ element: the machine's move; else a C$ element: the reply
	Printed string // the item as OCR'd; "-" when lost
	At      string // LINE:N in ref/white-openings.txt, or "lost"
	Read    string // the item after the corrections
	Fix     *ref.WhiteCorrection
}

// whiteLibrary reads the ten openings' DATA into their slots in READ order,
// applying the corrections: a lost item takes its slot without using a
// printed one; a damaged one must be where its row says, as its row says.
func whiteLibrary(t *testing.T) (ref.WhiteLibrary, map[int][]whiteSlot) {
	t.Helper()
	lib := ref.WhiteOpenings()
	fixes := map[string]*ref.WhiteCorrection{}
	for _, c := range ref.WhiteCorrections() {
		fixes[fmt.Sprintf("%d %s", c.Opening, c.Slot)] = &c
	}
	if len(lib.Table) != 11 || lib.Table[0].Number != 0 {
		t.Fatalf("Table 1: %d rows, want 0 (random) and the ten openings", len(lib.Table))
	}
	used := map[*ref.WhiteCorrection]bool{}
	slots := map[int][]whiteSlot{}
	next := 0
	for j := 1; j <= 10; j++ { // 240 FOR J=1 TO Z (Z = 10)
		for i := 1; i <= 8; i++ { // FOR I=1 TO 8: 250 READ D$(I,J): READ C$(I+1,J)
			for _, s := range []whiteSlot{{Name: fmt.Sprintf("D$(%d)", i), Machine: true}, {Name: fmt.Sprintf("C$(%d)", i+1)}} {
				fix := fixes[fmt.Sprintf("%d %s", j, s.Name)]
				if fix != nil {
					used[fix] = true
				}
				if fix != nil && fix.At == "lost" {
					s.Printed, s.At, s.Read, s.Fix = "-", "lost", fix.Read, fix
					slots[j] = append(slots[j], s)
					continue
				}
				if next >= len(lib.Data) {
					t.Fatalf("opening %d %s: the DATA run out (%d items; READ takes 160, and an item the OCR lost needs its row in the corrections)", j, s.Name, len(lib.Data))
				}
				it := lib.Data[next]
				next++
				s.Printed, s.At, s.Read = it.Text, it.At(), it.Text
				if fix != nil {
					if fix.At != it.At() || fix.OCR != it.Text {
						t.Fatalf("corrections line %d: opening %d %s is %q at %s, not %q at %s", fix.Line, j, s.Name, it.Text, it.At(), fix.OCR, fix.At)
					}
					s.Read, s.Fix = fix.Read, fix
				}
				slots[j] = append(slots[j], s)
			}
		}
	}
	if next != len(lib.Data) {
		t.Fatalf("%d DATA items left unread after the tenth opening, from %s", len(lib.Data)-next, lib.Data[next].At())
	}
	for k, c := range fixes {
		if !used[c] {
			t.Errorf("corrections line %d: %s is no slot of the ten openings", c.Line, k)
		}
	}
	return lib, slots
}

var dataItem = regexp.MustCompile(`^[1-8]{4}$`)

// itemMove finds the legal move an item names: FROM then TO, file then
// rank from White's side.
func itemMove(pos *chess.Position, item string) (chess.Move, bool) {
	if !dataItem.MatchString(item) {
		return chess.Move{}, false
	}
	from := chess.NewSquare(chess.File(item[0]-'1'), chess.Rank(item[1]-'1'))
	to := chess.NewSquare(chess.File(item[2]-'1'), chess.Rank(item[3]-'1'))
	for _, m := range pos.ValidMoves() {
		if m.S1() == from && m.S2() == to && (m.Promo() == chess.NoPieceType || m.Promo() == chess.Queen) {
			return m, true
		}
	}
	return chess.Move{}, false
}

// moveItem is a move as White's DATA write it.
func moveItem(m chess.Move) string {
	return fmt.Sprintf("%d%d%d%d", m.S1().File()+1, m.S1().Rank()+1, m.S2().File()+1, m.S2().Rank()+1)
}

// oneDigitAway lists the legal moves whose item differs from printed in
// exactly one digit.
func oneDigitAway(pos *chess.Position, printed string) []string {
	var out []string
	for _, m := range pos.ValidMoves() {
		item, diff := moveItem(m), 0
		if len(printed) != len(item) {
			continue
		}
		for i := range item {
			if item[i] != printed[i] {
				diff++
			}
		}
		if diff == 1 {
			out = append(out, item)
		}
	}
	return out
}

// whiteBookFile is an opening's book: its Table 1 number, then its name in
// lower case, words joined by hyphens, apostrophes dropped.
func whiteBookFile(o ref.WhiteOpening) string {
	slug := strings.ToLower(strings.ReplaceAll(o.Name, "'", ""))
	slug = strings.Trim(regexp.MustCompile(`[^a-z0-9]+`).ReplaceAllString(slug, "-"), "-")
	return filepath.Join(whiteDir, fmt.Sprintf("%02d-%s.book", o.Number, slug))
}

// The DATA, corrected, are legal chess; every item that is not, as
// printed, has a row in the corrections; each damaged item's reading is
// the only legal move one digit away from what is printed; and each book
// plays its opening's DATA, machine moves (D$) as the computer's (White's)
// and expected replies (C$) as the player's.
func TestWhiteLibraryBooks(t *testing.T) {
	lib, slots := whiteLibrary(t)
	files, err := filepath.Glob(filepath.Join(whiteDir, "*.book"))
	if err != nil || len(files) != 10 {
		t.Fatalf("want the ten books of White's library in %s, have %d (%v)", whiteDir, len(files), err)
	}
	for _, o := range lib.Table[1:] {
		t.Run(fmt.Sprintf("%d %s", o.Number, o.Name), func(t *testing.T) {
			line := slots[o.Number]
			if len(line) != 16 {
				t.Fatalf("%d DATA slots, want 16", len(line))
			}
			// The DATA alone, with the chess library.
			pos := rules.StartingPosition()
			var moves []chess.Move
			for _, s := range line {
				m, ok := itemMove(pos, s.Read)
				switch {
				case !ok && s.Fix == nil:
					t.Fatalf("%s printed %q (%s) is no legal move here, and the corrections have no row for it", s.Name, s.Printed, s.At)
				case !ok:
					t.Fatalf("%s read as %s (corrections line %d) is no legal move here", s.Name, s.Read, s.Fix.Line)
				case (pos.Turn() == chess.White) != s.Machine:
					t.Fatalf("%s: internal: %s to move", s.Name, pos.Turn().Name())
				}
				if s.Fix != nil && s.Fix.Status == "damaged" {
					if near := oneDigitAway(pos, s.Printed); len(near) != 1 || near[0] != s.Read {
						t.Errorf("%s printed %s: the legal moves one digit away are %v; the corrections (line %d) read %s as the only one", s.Name, s.Printed, near, s.Fix.Line, s.Read)
					}
				}
				moves = append(moves, m)
				pos = pos.Update(&m)
			}

			// The book.
			path := whiteBookFile(o)
			text, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Compile(path, text) // every move checked with the chess library
			if err != nil {
				t.Fatal(err)
			}
			if b.Opening != o.Name || b.Computer != chess.White || b.Tape != NoTape {
				t.Errorf("headers: Opening %q Computer %s Tape %02X; want Table 1's %q, white (his library plays White), none", b.Opening, b.Computer.Name(), b.Tape, o.Name)
			}
			if len(b.Plies) != len(line) {
				t.Fatalf("%d moves, the DATA have %d", len(b.Plies), len(line))
			}
			src := strings.Split(string(text), "\n")
			reconstructed := false
			for i, p := range b.Plies {
				s := line[i]
				if p.Computer != s.Machine || (p.Color == chess.White) != s.Machine {
					t.Errorf("%s (%s): the book has it as the %s's move", s.Name, p.SAN, map[bool]string{true: "computer", false: "player"}[p.Computer])
				}
				if got := moveItem(p.Move); got != s.Read || p.Move.String() != moves[i].String() {
					t.Errorf("%d%s %s: the book's move is %s, the DATA's %s is %s (printed %s at %s)",
						p.Number, map[bool]string{true: ".", false: "..."}[p.Color == chess.White], p.SAN, got, s.Name, s.Read, s.Printed, s.At)
				}
				// The move's line names its items as printed, and marks a
				// reconstruction.
				comment := src[p.Line-1]
				want := s.Name + " " + s.Printed
				if s.Printed == "-" {
					want = s.Name + " lost"
				}
				if !strings.Contains(comment, want) {
					t.Errorf("line %d (%s): the comment does not name %q", p.Line, p.SAN, want)
				}
				if s.Fix != nil && !strings.Contains(comment, "read "+s.Read) {
					t.Errorf("line %d (%s): the comment does not give the reading %q", p.Line, p.SAN, "read "+s.Read)
				}
				if s.Fix != nil && s.Fix.Status == "reconstructed" {
					reconstructed = true
					if !strings.Contains(comment, "[RECONSTRUCTED]") {
						t.Errorf("line %d (%s): a reconstruction, not marked [RECONSTRUCTED]", p.Line, p.SAN)
					}
				}
			}
			if strings.Contains(string(text), "[RECONSTRUCTED]") != reconstructed {
				t.Errorf("[RECONSTRUCTED] in the book: %v; reconstructed items: %v", !reconstructed, reconstructed)
			}
		})
	}
}

// docs/opening-library.md has a row for each correction, as the
// corrections file gives it.
func TestWhiteCorrectionsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../docs/opening-library.md")
	if err != nil {
		t.Fatal(err)
	}
	lib := ref.WhiteOpenings()
	for _, c := range ref.WhiteCorrections() {
		if c.Opening >= len(lib.Table) {
			t.Errorf("corrections line %d: no opening %d in Table 1", c.Line, c.Opening)
			continue
		}
		printed := "`" + c.OCR + "`"
		if c.OCR == "-" {
			printed = "lost"
		}
		row := fmt.Sprintf("| %d %s | %s | %s | %s | `%s` | %s |", c.Opening, lib.Table[c.Opening].Name, c.Slot, c.At, printed, c.Read, c.Status)
		if !strings.Contains(string(doc), row) {
			t.Errorf("docs/opening-library.md has no row %q", row)
		}
	}
}

// The books carry no KIM-1 tape ID: "Tape: none".
func TestTapeNone(t *testing.T) {
	src, err := Parse("x.book", []byte("Opening: x\nComputer: white\nTape: none\n1. e4 e5\n"))
	if err != nil || src.Tape != NoTape {
		t.Fatalf("Tape: none: %v, tape %02X", err, src.Tape)
	}
	for _, bad := range []string{"None", "no", "-"} {
		if _, err := Parse("x.book", []byte("Opening: x\nComputer: white\nTape: "+bad+"\n1. e4 e5\n")); err == nil {
			t.Errorf("Tape: %s accepted", bad)
		}
	}
}

// Each book is the opening Table 1 names, by the chess library's ECO table
// (an account of the theory independent of the article), but for the Ruy
// Lopez: Table 1 says Open, the DATA play the Closed Defence (5...Be7), and
// the book keeps the DATA (docs/opening-library.md).
func TestWhiteBooksFollowTheirECOLines(t *testing.T) {
	family := []string{1: "Sicilian Defense: Richter-Rauzer", 2: "Sicilian Defense: Dragon Variation",
		3: "Ruy Lopez: Closed", 4: "Italian Game: Classical Variation", 5: "King's Gambit Accepted",
		6: "French Defense: Winawer Variation", 7: "Queen's Gambit Declined", 8: "Nimzo-Indian Defense",
		9: "King's Indian Defense", 10: "English Opening: Symmetrical Variation"}
	for _, o := range ref.WhiteOpenings().Table[1:] {
		b := compilePath(t, whiteBookFile(o))
		known, named, plies := ECO(b.Line())
		if named == nil || !strings.HasPrefix(named.Title(), family[o.Number]) {
			t.Errorf("%d %s: named %v by the ECO table", o.Number, o.Name, named)
			continue
		}
		t.Logf("%d %s: %s %s for %d plies of %d (%d in the table)", o.Number, o.Name, named.Code(), named.Title(), plies, len(b.Plies), known)
	}
}

// Each book fits a 1977 block (eight computer moves, no en passant or
// promotion of the computer's), and the block decompiles to a book that
// compiles to the same bytes. The build does not use these blocks.
func TestWhiteBooksRoundTripAsBlocks(t *testing.T) {
	for _, o := range ref.WhiteOpenings().Table[1:] {
		b := compilePath(t, whiteBookFile(o))
		d, err := Decompile(b.Block[:], chess.White)
		if err != nil || d.Problem != "" {
			t.Errorf("%d %s: decompiled: %v %s", o.Number, o.Name, err, d.Problem)
			continue
		}
		var text strings.Builder
		if err := FormatDecoded(&text, d); err != nil {
			t.Fatal(err)
		}
		back, err := Compile("decompiled.book", []byte(text.String()))
		if err != nil || back.Block != b.Block {
			t.Errorf("%d %s: recompiled: %v\n% X\nwant\n% X", o.Number, o.Name, err, back.Block, b.Block)
		}
	}
}
