package verify

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/ref"
)

const errataFile = "../docs/errata.md"

// erratumRow is one row of a table in docs/errata.md:
// | line | address | printed | hex listing | correction | evidence |
type erratumRow struct{ line, address, printed, hexListing, correction string }

// erratumSection returns the table rows under a "## title" heading.
func erratumSection(t *testing.T, title string) []erratumRow {
	t.Helper()
	doc, err := os.ReadFile(errataFile)
	if err != nil {
		t.Fatal(err)
	}
	_, body, ok := strings.Cut(string(doc), "\n## "+title+"\n")
	if !ok {
		t.Fatalf("%s has no section %q", errataFile, title)
	}
	body, _, _ = strings.Cut(body, "\n## ")
	var rows []erratumRow
	for _, line := range strings.Split(body, "\n") {
		if !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| line ") || strings.HasPrefix(line, "| ---") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), " | ")
		if len(cells) < 6 {
			t.Fatalf("errata row with %d cells: %s", len(cells), line)
		}
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		rows = append(rows, erratumRow{cells[0], cells[1], cells[2], cells[3], cells[4]})
	}
	return rows
}

func sortedSet(items []string) []string { sort.Strings(items); return items }

// The "Byte column" section lists exactly the lines where the printed byte
// column disagrees with the assembled source, and its "hex listing" cells
// are the bytes of the hex listing.
func TestErrataByteColumnMatchesData(t *testing.T) {
	p, _ := build(t, true)
	var fromData, fromDoc []string
	for _, d := range CheckListing(p.Code, programFile, ref.ListingBytes1977()) {
		fromData = append(fromData, strconv.Itoa(d.Line)+": "+d.Printed+" -> "+d.Assembled)
	}
	mem := map[int]byte{}
	for _, im := range memmap.Published() {
		for i, b := range im.Bytes {
			mem[int(im.Start)+i] = b
		}
	}
	for _, r := range erratumSection(t, "Byte column") {
		fromDoc = append(fromDoc, r.line+": "+r.address+" "+r.printed+" -> "+r.address+" "+r.hexListing)
		addr, _ := strconv.ParseUint(r.address, 16, 16)
		for i, h := range strings.Fields(r.hexListing) {
			if want := fmt.Sprintf("%02X", mem[int(addr)+i]); h != want {
				t.Errorf("errata line %s: hex listing cell %s, the hex listing has %02X at %04X", r.line, r.hexListing, mem[int(addr)+i], int(addr)+i)
			}
		}
	}
	if a, b := strings.Join(sortedSet(fromData), "\n"), strings.Join(sortedSet(fromDoc), "\n"); a != b {
		t.Errorf("errata byte column and data disagree:\n--- data\n%s\n--- errata\n%s", a, b)
	}
	if len(fromData) == 0 {
		t.Error("no byte-column disagreement found at all: is the printed data loaded?")
	}
}

// The "Symbol table" section lists exactly the printed rows that differ
// from the assembled symbol table, printed and corrected.
func TestErrataSymbolTableMatchesData(t *testing.T) {
	p, _ := build(t, true)
	var fromData, fromDoc []string
	for _, d := range CheckSymbols(p.Code, programFile, ref.SymbolTable1977()) {
		fromData = append(fromData, d.Printed+" -> "+d.Assembled)
	}
	for _, r := range erratumSection(t, "Symbol table") {
		fromDoc = append(fromDoc, r.printed+" -> "+r.correction)
	}
	if a, b := strings.Join(sortedSet(fromData), "\n"), strings.Join(sortedSet(fromDoc), "\n"); a != b {
		t.Errorf("errata symbol table and data disagree:\n--- data\n%s\n--- errata\n%s", a, b)
	}
}

var backticked = regexp.MustCompile("^`([^`]*)`$")

func normal(s string) string { return strings.Join(strings.Fields(s), " ") }

// In the "Source listing" section, a row whose printed cell is a quoted
// text must quote the OCR'd listing (ref/listing-1977-source.txt), and a row whose correction is a single quoted
// statement must be what src/microchess.asm holds on that line.
func TestErrataSourceListingMatchesSeedAndSource(t *testing.T) {
	seed, err := os.ReadFile("../ref/listing-1977-source.txt")
	if err != nil {
		t.Fatal(err)
	}
	seedText := normal(string(seed))
	p, _ := build(t, true)
	stmt := map[string]*asm.Stmt{}
	for _, s := range p.Code.Stmts {
		if s.Pos.File == programFile && s.Number > 0 {
			stmt[strconv.Itoa(s.Number)] = s
		}
	}
	checked := 0
	for _, r := range erratumSection(t, "Source listing") {
		if m := backticked.FindStringSubmatch(r.printed); m != nil && !strings.Contains(seedText, normal(m[1])) {
			t.Errorf("errata line %s: printed text %q is not in the OCR'd listing", r.line, m[1])
		}
		m := backticked.FindStringSubmatch(r.correction)
		s := stmt[r.line]
		if m == nil || s == nil {
			continue
		}
		checked++
		if normal(s.Text) != normal(m[1]) {
			t.Errorf("errata line %s says %q, the source has %q", r.line, m[1], normal(s.Text))
		}
	}
	if checked < 10 {
		t.Errorf("only %d source corrections checked", checked)
	}
}
