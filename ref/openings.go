package ref

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
)

//go:embed openings-1977.txt
var openings1977 string

// OpeningColumn is one column of the printed "DATA FOR OPENINGS" table: an
// opening with the computer as White (W) or Black (B), cells from 00DB down.
type OpeningColumn struct {
	Opening string // as printed: "FRENCH DEFENCE", "QUEEN'S INDIAN", ...
	Side    string // "W" or "B"
	Cells   []OpeningCell
}

// OpeningCell is one printed cell, exactly as OCR'd.
type OpeningCell struct {
	Addr uint16
	Text string
	Line int // line in openings-1977.txt
}

// OpeningTable1977 returns the ten columns of the printed table, errors
// kept; see docs/openings.md for what each damaged cell was.
func OpeningTable1977() []OpeningColumn {
	cols, err := ParseOpeningTable("openings-1977.txt", openings1977)
	if err != nil {
		panic(err) // the embedded file is fixed and tested
	}
	return cols
}

// ParseOpeningTable reads the tab-separated table: a title row of opening
// names (each spanning two columns), a row of W/B, then one row per address
// with the address repeated at both ends.
func ParseOpeningTable(name, text string) ([]OpeningColumn, error) {
	var cols []OpeningColumn
	sides := false
	for i, line := range strings.Split(text, "\n") {
		n := i + 1
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(strings.TrimRight(line, "\r"), "\t")
		switch {
		case f[0] == "ADDR":
			for _, title := range f[1:] {
				if title != "" && title != "ADDR" {
					cols = append(cols, OpeningColumn{Opening: title}, OpeningColumn{Opening: title})
				}
			}
		case f[0] == "" && !sides:
			var ws []string
			for _, s := range f[1:] {
				if s != "" {
					ws = append(ws, s)
				}
			}
			if len(ws) != len(cols) {
				return nil, fmt.Errorf("%s:%d: %d W/B headings for %d columns", name, n, len(ws), len(cols))
			}
			for j, s := range ws {
				if s != "W" && s != "B" {
					return nil, fmt.Errorf("%s:%d: heading %q: want W or B", name, n, s)
				}
				cols[j].Side = s
			}
			sides = true
		default:
			if !sides || len(f) != len(cols)+2 {
				return nil, fmt.Errorf("%s:%d: want ADDR, %d cells, ADDR", name, n, len(cols))
			}
			if f[0] != f[len(f)-1] {
				return nil, fmt.Errorf("%s:%d: the row starts at %s and ends at %s", name, n, f[0], f[len(f)-1])
			}
			lo, err := strconv.ParseUint(f[0], 16, 8)
			if err != nil || len(f[0]) != 2 {
				return nil, fmt.Errorf("%s:%d: bad address %q", name, n, f[0])
			}
			for j := range cols {
				if f[j+1] == "" {
					return nil, fmt.Errorf("%s:%d: empty cell in column %d", name, n, j+1)
				}
				cols[j].Cells = append(cols[j].Cells, OpeningCell{Addr: uint16(lo), Text: f[j+1], Line: n})
			}
		}
	}
	if len(cols) == 0 {
		return nil, fmt.Errorf("%s: no table", name)
	}
	return cols, nil
}
