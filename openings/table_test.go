package openings

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/ref"
	"github.com/kim1-archive/microchess/rules"
)

// The printed "DATA FOR OPENINGS" table (ref/openings-1977.txt, OCR errors
// kept) against the ten compiled books. A hex cell must be the block's
// byte (the letter O read as the digit 0, as everywhere in this OCR). An
// annotation cell stands beside a move: the table prints White's n-th move
// beside the n-th triple's piece cell (DA, D7, ...) and Black's beside its
// TO cell (D9, D6, ...), in both W and B columns; the annotation must
// describe that move of the book's line. Every cell that fails is listed,
// with the reason, in docs/openings.md, and the list holds nothing else.

var tableNames = map[string]string{"FRENCH DEFENCE": "french", "GIUOCO PIANO": "giuoco-piano",
	"RUY LOPEZ": "ruy-lopez", "QUEEN'S INDIAN": "queens-indian", "FOUR KNIGHTS": "four-knights"}

var hexCell = regexp.MustCompile(`^[0-9A-FO]{2}$`)

// tableCell is one printed cell that is not what the compiled book says.
type tableCell struct {
	Block, Addr, Printed string
}

func (c tableCell) String() string { return fmt.Sprintf("%s %s %q", c.Block, c.Addr, c.Printed) }

// checkTable compares every printed cell with the books and returns those
// that differ, with what the book has there.
func checkTable(t *testing.T) map[tableCell]string {
	t.Helper()
	differ := map[tableCell]string{}
	annotations, fitting := 0, 0
	defer func() { t.Logf("%d of %d annotation cells fit their move", fitting, annotations) }()
	cols := ref.OpeningTable1977()
	if len(cols) != 10 {
		t.Fatalf("%d columns in the table", len(cols))
	}
	for _, col := range cols {
		side := map[string]string{"W": "white", "B": "black"}[col.Side]
		name := tableNames[col.Opening] + "-" + side
		b := compilePath(t, "../src/openings/"+name+".book")
		before := positionsBefore(b)
		for _, cell := range col.Cells {
			key := tableCell{name, fmt.Sprintf("%02X", cell.Addr), cell.Text}
			i := int(cell.Addr) - memmap.BookStart
			if hexCell.MatchString(cell.Text) {
				v, _ := strconv.ParseUint(strings.ReplaceAll(cell.Text, "O", "0"), 16, 8)
				if byte(v) != b.Block[i] {
					differ[key] = fmt.Sprintf("%02X", b.Block[i])
				}
				continue
			}
			annotations++
			ply, ok := annotatedPly(cell.Addr)
			if !ok {
				differ[key] = fmt.Sprintf("%02X (a reply row carries no annotation)", b.Block[i])
				continue
			}
			if ply >= len(b.Plies) {
				differ[key] = fmt.Sprintf("%02X (the line has no move %d here)", b.Block[i], ply/2+1)
				continue
			}
			p := b.Plies[ply]
			fits, err := Fits(before[ply], p, cell.Text)
			if err != nil {
				t.Errorf("%s: %v", key, err)
			}
			if !fits {
				differ[key] = fmt.Sprintf("%02X (annotates %s)", b.Block[i], moveText(p, true))
			} else {
				fitting++
			}
		}
	}
	return differ
}

// annotatedPly is the index in the line of the move the table prints
// beside row addr: White's n-th at DA-3(n-1), Black's n-th at D9-3(n-1).
func annotatedPly(addr uint16) (int, bool) {
	switch {
	case addr <= 0xDA && (0xDA-addr)%3 == 0:
		return int(0xDA-addr) / 3 * 2, true
	case addr <= 0xD9 && (0xD9-addr)%3 == 0:
		return int(0xD9-addr)/3*2 + 1, true
	}
	return 0, false
}

func positionsBefore(b *Book) []*chess.Position {
	pos := rules.StartingPosition()
	var out []*chess.Position
	for i := range b.Plies {
		out = append(out, pos)
		pos = pos.Update(&b.Plies[i].Move)
	}
	return out
}

// explained reads the "| block | addr | printed | ... |" rows of
// docs/openings.md.
func explained(t *testing.T) map[tableCell]string {
	t.Helper()
	f, err := os.Open("../docs/openings.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	row := regexp.MustCompile("^\\| ([a-z-]+-(?:white|black)) \\| ([0-9A-F]{2}) \\| `([^`]*)` \\| ([^|]*) \\| ([^|]+) \\|$")
	out := map[tableCell]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if m := row.FindStringSubmatch(sc.Text()); m != nil {
			c := tableCell{m[1], m[2], m[3]}
			if _, dup := out[c]; dup {
				t.Errorf("docs/openings.md:%d: %s explained twice", n, c)
			}
			if strings.TrimSpace(m[5]) == "" {
				t.Errorf("docs/openings.md:%d: %s has no explanation", n, c)
			}
			out[c] = strings.TrimSpace(m[4])
		}
	}
	return out
}

func TestPrintedTableAccountedFor(t *testing.T) {
	differ := checkTable(t)
	docs := explained(t)
	var missing, stale []string
	for c, has := range differ {
		if want, ok := docs[c]; !ok {
			missing = append(missing, fmt.Sprintf("%s: the book has %s", c, has))
		} else if !strings.HasPrefix(has, want) {
			stale = append(stale, fmt.Sprintf("%s: docs say the book has %s, it has %s", c, want, has))
		}
	}
	for c := range docs {
		if _, ok := differ[c]; !ok {
			stale = append(stale, fmt.Sprintf("%s: explained in docs/openings.md but it matches the book", c))
		}
	}
	sort.Strings(missing)
	sort.Strings(stale)
	for _, m := range missing {
		t.Errorf("not explained in docs/openings.md: %s", m)
	}
	for _, s := range stale {
		t.Error(s)
	}
	t.Logf("%d printed cells differ from the books", len(differ))
}

// The annotations are read with the right squares: a few by hand.
func TestFitsDescriptive(t *testing.T) {
	b := compilePath(t, "../src/openings/four-knights-black.book")
	before := positionsBefore(b)
	for _, c := range []struct {
		ply  int
		text string
		want bool
	}{
		{0, "P-K4", true}, {1, "P-K4", true}, {1, "P-Q4", false}, {1, "P-K3", false},
		{2, "N-KB3", true}, {2, "N-B3", true}, {2, "N-QB3", false}, {2, "KN-B3", true}, {2, "QN-B3", false},
		{3, "N-QB3", true}, {3, "N-B3", true},
		{6, "B-N5", true}, {6, "B-QN5", true}, {6, "B-KN5", false}, {7, "B-N5", true}, {7, "B-QN5", true},
		{8, "O-O", true}, {8, "O-O-O", false}, {9, "O-O", true},
		{13, "BxN", true}, {13, "BxP", false}, {13, "NxB", false},
		{14, "PxB", true}, {14, "QNPxB", true}, {14, "KPxB", false}, {14, "P-B3", false},
		{15, "Q-K2", true}, {16, "R-K1", true}, {17, "N-Q1", true}, {17, "N-K1", false},
	} {
		got, err := Fits(before[c.ply], b.Plies[c.ply], c.text)
		if err != nil || got != c.want {
			t.Errorf("%s fits %s: %v %v, want %v", c.text, b.Plies[c.ply].SAN, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "P-K9", "X-K4", "N-Z3", "NxZ", "P--K4"} {
		if _, err := Fits(before[0], b.Plies[0], bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
