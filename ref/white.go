package ref

import (
	_ "embed"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// John White's book-opening library (BASIC, Sharp MZ-80K): Table 1 and the
// DATA statements as OCR'd, errors kept, and the readings of the damaged
// and lost items. docs/opening-library.md says what the DATA mean.

//go:embed white-openings.txt
var whiteOpenings string

//go:embed white-openings-corrections.txt
var whiteCorrections string

// WhiteLibrary is the article's Table 1 and its openings' DATA items in
// the order the program READs them.
type WhiteLibrary struct {
	Table []WhiteOpening
	Data  []WhiteItem
}

// WhiteOpening is a row of Table 1: a reference number (0 is "random
// selection by computer") and the opening's name, as printed.
type WhiteOpening struct {
	Number int
	Name   string
	Line   int // line in white-openings.txt
}

// WhiteItem is one item of an opening DATA statement, exactly as OCR'd.
type WhiteItem struct {
	Line  int    // line in white-openings.txt
	N     int    // the item's place among the DATA items of that line, from 1
	Stmt  string // the BASIC line number printed before DATA; "" where the OCR lost it
	Text  string // the item, blanks trimmed
	Index int    // the item's place in READ order over all the openings, from 0
}

// At names the item's place as the corrections file does: LINE:N.
func (it WhiteItem) At() string { return fmt.Sprintf("%d:%d", it.Line, it.N) }

// WhiteOpenings returns the embedded Table 1 and DATA items.
func WhiteOpenings() WhiteLibrary {
	lib, err := ParseWhiteOpenings("white-openings.txt", whiteOpenings)
	if err != nil {
		panic(err) // the embedded file is fixed and tested
	}
	return lib
}

var (
	whiteTableRow = regexp.MustCompile(`^- (\d+) (\S.*)$`)
	// A DATA statement, with the line number before it when the OCR kept
	// one; OCR runs several statements together on one line.
	whiteDataStmt = regexp.MustCompile(`(?:(\d+)\s*)?DATA`)
)

// ParseWhiteOpenings reads the file's [table 1] rows ("- N Name") and the
// items of the DATA statements of its [listing] from the first after the
// line that READs D$ and C$ to the "END OF DATA" remark: the openings'
// DATA, not the board's. Every line of that run must hold a DATA statement.
func ParseWhiteOpenings(name, text string) (WhiteLibrary, error) {
	var lib WhiteLibrary
	section := ""
	inData, ended := false, false
	for i, line := range strings.Split(text, "\n") {
		n := i + 1
		line = strings.TrimRight(line, "\r")
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]") {
			section = line[1 : len(line)-1]
			continue
		}
		switch section {
		case "table 1":
			if trimmed == "Reference Number Opening" {
				continue
			}
			m := whiteTableRow.FindStringSubmatch(trimmed)
			if m == nil {
				return lib, fmt.Errorf("%s:%d: want a Table 1 row \"- N Name\"", name, n)
			}
			num, _ := strconv.Atoi(m[1])
			if num != len(lib.Table) {
				return lib, fmt.Errorf("%s:%d: reference number %d after %d rows", name, n, num, len(lib.Table))
			}
			lib.Table = append(lib.Table, WhiteOpening{Number: num, Name: m[2], Line: n})
		case "sidebar":
		case "listing":
			switch {
			case strings.Contains(line, "READ D$"):
				inData = true
				continue
			case strings.Contains(line, "END OF DATA"):
				ended = inData
				inData = false
				continue
			}
			if !inData {
				continue
			}
			locs := whiteDataStmt.FindAllStringSubmatchIndex(line, -1)
			if len(locs) == 0 && len(lib.Data) == 0 {
				continue // the rest of the READ loop
			}
			if len(locs) == 0 {
				return lib, fmt.Errorf("%s:%d: no DATA statement among the openings' DATA", name, n)
			}
			if pre := strings.TrimSpace(line[:locs[0][0]]); pre != "" {
				return lib, fmt.Errorf("%s:%d: %q before the DATA statement", name, n, pre)
			}
			k := 0
			for j, loc := range locs {
				stmt := ""
				if loc[2] >= 0 {
					stmt = line[loc[2]:loc[3]]
				}
				end := len(line)
				if j+1 < len(locs) {
					end = locs[j+1][0]
				}
				for _, f := range strings.Split(line[loc[1]:end], ",") {
					f = strings.TrimSpace(f)
					if f == "" {
						return lib, fmt.Errorf("%s:%d: empty DATA item", name, n)
					}
					k++
					lib.Data = append(lib.Data, WhiteItem{Line: n, N: k, Stmt: stmt, Text: f, Index: len(lib.Data)})
				}
			}
		default:
			return lib, fmt.Errorf("%s:%d: outside the [table 1], [sidebar] and [listing] sections", name, n)
		}
	}
	switch {
	case len(lib.Table) == 0:
		return lib, fmt.Errorf("%s: no Table 1", name)
	case !ended:
		return lib, fmt.Errorf("%s: no openings' DATA (from the READ D$ line to END OF DATA)", name)
	case len(lib.Data) == 0:
		return lib, fmt.Errorf("%s: no DATA items", name)
	}
	return lib, nil
}

// WhiteCorrection is the reading of one damaged, lost or ambiguous DATA
// item of White's library.
type WhiteCorrection struct {
	Opening  int    // Table 1's reference number
	Slot     string // the element line 250 READs the item into: "D$(8)", "C$(9)"
	At       string // LINE:N in white-openings.txt, or "lost"
	OCR      string // the item as OCR'd; "-" when lost
	Read     string // the reading, four digits
	Status   string // "damaged" or "reconstructed"
	Evidence string
	Line     int // line in white-openings-corrections.txt
}

// WhiteCorrections returns the embedded readings.
func WhiteCorrections() []WhiteCorrection {
	cs, err := ParseWhiteCorrections("white-openings-corrections.txt", whiteCorrections)
	if err != nil {
		panic(err) // the embedded file is fixed and tested
	}
	return cs
}

var (
	whiteSlot = regexp.MustCompile(`^[DC]\$\([1-9]\)$`)
	whiteAt   = regexp.MustCompile(`^(lost|\d+:\d+)$`)
	whiteMove = regexp.MustCompile(`^[1-8]{4}$`)
)

// ParseWhiteCorrections reads "OPENING SLOT AT OCR READ STATUS EVIDENCE..."
// rows separated by blanks, the evidence running to the end of the line.
func ParseWhiteCorrections(name, text string) ([]WhiteCorrection, error) {
	var out []WhiteCorrection
	seen := map[string]bool{}
	for i, line := range strings.Split(text, "\n") {
		n := i + 1
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 7 {
			return nil, fmt.Errorf("%s:%d: want OPENING SLOT AT OCR READ STATUS EVIDENCE", name, n)
		}
		c := WhiteCorrection{Slot: f[1], At: f[2], OCR: f[3], Read: f[4], Status: f[5], Line: n}
		var err error
		if c.Opening, err = strconv.Atoi(f[0]); err != nil || c.Opening < 1 {
			return nil, fmt.Errorf("%s:%d: opening %q: want a reference number", name, n, f[0])
		}
		switch {
		case !whiteSlot.MatchString(c.Slot):
			return nil, fmt.Errorf("%s:%d: slot %q: want D$(k) or C$(k)", name, n, c.Slot)
		case !whiteAt.MatchString(c.At):
			return nil, fmt.Errorf("%s:%d: %q: want LINE:N or lost", name, n, c.At)
		case (c.At == "lost") != (c.OCR == "-"):
			return nil, fmt.Errorf("%s:%d: a lost item is OCR'd as -, and only a lost one", name, n)
		case !whiteMove.MatchString(c.Read):
			return nil, fmt.Errorf("%s:%d: reading %q: want four digits 1-8", name, n, c.Read)
		case c.Read == c.OCR:
			return nil, fmt.Errorf("%s:%d: the reading is what the OCR has", name, n)
		case c.Status != "damaged" && c.Status != "reconstructed":
			return nil, fmt.Errorf("%s:%d: status %q: want damaged or reconstructed", name, n, c.Status)
		case c.At == "lost" && c.Status != "reconstructed":
			return nil, fmt.Errorf("%s:%d: a lost item can only be reconstructed", name, n)
		}
		key := fmt.Sprintf("%d %s", c.Opening, c.Slot)
		if seen[key] {
			return nil, fmt.Errorf("%s:%d: opening %d %s given twice", name, n, c.Opening, c.Slot)
		}
		seen[key] = true
		c.Evidence = strings.Join(f[6:], " ")
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no corrections", name)
	}
	return out, nil
}
