package tunable_test

import (
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/tunable"
)

// A small program whose bytes are known by hand:
//
//	0200 A9 80     LDAIM 80
//	0202 65 10     ADCZ  .A
//	0204 69 40     ADCIM 40
//	0206 4C 00 02  JMP   START
//	0209 D0 FE     BNE   LOOP
//	0030 05 04 03 03 01   (.TAB)
const smallSource = `+++	0200
START	LDAIM	80
	ADCZ	.A
	ADCIM	40
	JMP	START
LOOP	BNE	LOOP
.A	=	0010
.B	=	0011
.TAB	=	0030
+++	.TAB
	.BYTE	05 04 03 03 01
`

var smallLayout = linker.Layout{Regions: []linker.Region{{Name: "c0", ID: 0xC0, Start: 0x0000, End: 0x03FF}}}

func loadSmall(t *testing.T, decl string) (*tunable.Set, error) {
	t.Helper()
	p, err := asm.Assemble(asm.Source{Name: "small.asm", Text: smallSource})
	if err != nil {
		t.Fatal(err)
	}
	images, err := linker.Link(smallLayout, p)
	if err != nil {
		t.Fatal(err)
	}
	return tunable.Load(asm.Source{Name: "small.tune", Text: decl}, p, images)
}

func TestLoadErrors(t *testing.T) {
	t.Parallel()
	// What a good file holds, for the ORDER cases.
	const good = "ADD\tRANGE\tSTART+5\t20-60\n" + // 40
		"BIG\tRANGE\t.TAB\t01-09\n" + // 05
		"MID\tRANGE\t.TAB+1\t01-09\n" + // 04
		"LOW\tRANGE\t.TAB+2:.TAB+3\t01-09\n" + // 03
		"TERM\tCHOICE\tSTART+3\t.A,.B\n" // 10
	for _, tc := range []struct{ name, decl, want string }{
		{"unknown symbol", "X\tRANGE\tNOWHERE\t00-FF\n",
			"small.tune:1:9: undefined symbol NOWHERE"},
		{"unknown choice symbol", "X\tCHOICE\tSTART+3\t.A,.NONE\n",
			"small.tune:1:21: undefined symbol .NONE"},
		{"outside the images", "X\tRANGE\t1000\t00-FF\n",
			"small.tune:1:9: 1000 is outside the program's images (0000–020A)"},
		{"no line defines it", "X\tRANGE\t0020\t00-FF\n",
			"small.tune:1:9: 0020 is not defined by a line of the program's source"},
		{"opcode", "X\tRANGE\tSTART\t00-FF\n",
			"small.tune:1:9: 0200 is the opcode of LDAIM 80 (small.asm:2): only an operand or a data byte may change"},
		{"two-byte address", "X\tRANGE\tSTART+7\t00-FF\n",
			"small.tune:1:9: 0207 is part of the two-byte address of JMP START (small.asm:5): only a one-byte operand or a data byte may change"},
		{"branch offset", "X\tRANGE\tLOOP+1\t00-FF\n",
			"small.tune:1:9: 020A is the branch offset of BNE LOOP (small.asm:6): only a one-byte operand or a data byte may change"},
		{"current outside range", "X\tRANGE\tSTART+1\t00-7F\n",
			"small.tune:1:17: X's current value 80 is outside its range 00-7F"},
		{"choice not among", "X\tCHOICE\tSTART+3\t.B,00\n",
			"small.tune:1:18: X's current value 10 is none of its choices"},
		{"choices the same byte", "X\tCHOICE\tSTART+3\t.A,10\n",
			"small.tune:1:21: choices .A and 10 are the same byte 10"},
		{"choice too big", "X\tCHOICE\tSTART+3\t.A,START\n",
			"small.tune:1:21: choice START = 200 does not fit in a byte (00–FF)"},
		{"bytes differ", "X\tRANGE\t.TAB:.TAB+1\t00-FF\n",
			"small.tune:1:1: X's bytes differ (0030 holds 05, 0031 holds 04): a parameter writes one value to all its addresses"},
		{"duplicate names", "X\tRANGE\t.TAB\t00-FF\nX\tRANGE\t.TAB+1\t00-FF\n",
			"small.tune:2:1: duplicate parameter X (first declared at small.tune:1:1)"},
		{"overlapping addresses", "X\tRANGE\t.TAB+2\t00-FF\nY\tRANGE\t.TAB+1:.TAB+3\t00-FF\n",
			"small.tune:2:9: 0032 is declared already by X (small.tune:1:1)"},
		{"an address twice", "X\tRANGE\t.TAB+2,.TAB+2\t00-FF\n",
			"small.tune:1:16: 0032 is declared twice for X"},
		{"span backwards", "X\tRANGE\t.TAB+3:.TAB+2\t00-FF\n",
			"small.tune:1:16: address span .TAB+3:.TAB+2 runs backwards (0033 to 0032)"},
		{"low above high", "X\tRANGE\t.TAB\t09-01\n",
			"small.tune:1:14: range 09-01: the low end is above the high end"},
		{"range beyond a byte", "X\tRANGE\t.TAB\t00-100\n",
			"small.tune:1:17: 100 does not fit in a byte (00–FF)"},
		{"range not hex", "X\tRANGE\t.TAB\t00-G1\n",
			"small.tune:1:17: G1 is not a hex number (a range is LO-HI in hex, e.g. 06-14)"},
		{"unknown kind", "X\tRANGES\t.TAB\t00-FF\n",
			"small.tune:1:3: unknown kind RANGES (want RANGE, CHOICE or ORDER)"},
		{"no kind", "X\n",
			"small.tune:1:1: X needs a kind after it: RANGE or CHOICE"},
		{"no name", "\tRANGE\t.TAB\t00-FF\n",
			"small.tune:1:2: a RANGE needs the parameter's name in column 1"},
		{"bad name", ".X\tRANGE\t.TAB\t00-FF\n",
			`small.tune:1:1: bad parameter name ".X": a name is a letter then letters or digits`},
		{"bad operand", "X\tRANGE\t.TAB+G\t00-FF\n",
			`small.tune:1:14: bad offset "G" in .TAB+G: expected hex digits`},
		{"syntax", "X\tRANGE\t.TAB,\t00-FF\n",
			`small.tune:1:13: unexpected token ","`},
		{"line ends early", "X\tRANGE\t.TAB\t00-\n",
			"small.tune:1:17: the line ends too early"},
		{"order: unknown name", good + "\tORDER\tBIG>HUGE\n",
			"small.tune:6:12: ORDER names HUGE, which is not a parameter of this file"},
		{"order: a choice", good + "\tORDER\tBIG>TERM\n",
			"small.tune:6:12: ORDER compares values: TERM is a CHOICE"},
		{"order: one name", good + "\tORDER\tBIG\n",
			"small.tune:6:2: ORDER needs two names or more joined by > or >= (ORDER KING>QUEEN)"},
		{"order: a name twice", good + "\tORDER\tBIG>MID>BIG\n",
			"small.tune:6:16: ORDER names BIG twice"},
		{"order: a name", good + "X\tORDER\tBIG>MID\n",
			"small.tune:6:1: an ORDER takes no name in column 1 (X)"},
		{"order: cycle", good + "\tORDER\tBIG>MID>LOW\n\tORDER\tLOW>=BIG\n",
			"small.tune:7:13: ORDER makes a cycle: LOW is already at or below BIG by the ORDER lines above"},
		{"order: current values", good + "\tORDER\tMID>BIG\n",
			"small.tune:6:12: the current values break MID>BIG: MID is 04, BIG is 05"},
		{"order: feasible", good + "\tORDER\tADD>BIG\n\tORDER\tBIG>MID>LOW\n", ""},
		// MID and BIG (01-09) above ADD (20-60): BIG would need 21.
		{"order: infeasible", good + "\tORDER\tBIG>MID>=ADD\n",
			"small.tune:6:2: the ranges leave BIG no value under the ORDER lines: it must be at least 21 and at most 09"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := loadSmall(t, tc.decl)
			got := ""
			if err != nil {
				got = err.Error()
			}
			if got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// Every error of a file comes at once, sorted by position.
func TestLoadErrorsTogether(t *testing.T) {
	t.Parallel()
	_, err := loadSmall(t, "Y\tRANGE\tNOWHERE\t00-FF\n; fine\nX\tRANGES\n")
	if err == nil {
		t.Fatal("no error")
	}
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "small.tune:1:9:") || !strings.HasPrefix(lines[1], "small.tune:3:3:") {
		t.Errorf("got %q", lines)
	}
}
