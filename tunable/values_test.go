package tunable_test

import (
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/asm"
)

// The small program's declarations, for its values files.
const valuesDecl = "ADD\tRANGE\tSTART+5\t20-60\n" + // 40
	"BIG\tRANGE\t.TAB\t01-09\n" + // 05
	"MID\tRANGE\t.TAB+1\t01-09\n" + // 04
	"TERM\tCHOICE\tSTART+3\t.A,.B\n" + // .A
	"\tORDER\tBIG>MID\n"

func TestReadValues(t *testing.T) {
	t.Parallel()
	set, err := loadSmall(t, valuesDecl)
	if err != nil {
		t.Fatal(err)
	}
	v, err := set.ReadValues(asm.Source{Name: "small.values", Text: "; A COMMENT\nadd\t48\tA COMMENT\nTERM\t.b ; AND ONE\n\nBIG\t07\n"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{0x48, 7, 4, 1}; !equal(v, want) {
		t.Fatalf("vector %v, want %v (MID keeps the source's 04)", v, want)
	}
	text, err := set.FormatValues([]string{"WRITTEN BACK"}, v, []int{0, 1, 3})
	if err != nil {
		t.Fatal(err)
	}
	if want := ";\tWRITTEN BACK\nADD\t48\nBIG\t07\nTERM\t.B\n"; text != want {
		t.Fatalf("written:\n%s\nwant:\n%s", text, want)
	}
	back, err := set.ReadValues(asm.Source{Name: "back.values", Text: text})
	if err != nil || !equal(back, v) {
		t.Fatalf("read back %v, %v; want %v", back, err, v)
	}
	out, err := set.Apply(asm.Source{Name: "small.asm", Text: smallSource}, v)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "\tADCZ\t.B\n\tADCIM\t48\n") || !strings.Contains(out, ".BYTE\t07 04 03 03 01") {
		t.Fatalf("applied:\n%s", out)
	}
}

func TestReadValuesErrors(t *testing.T) {
	t.Parallel()
	set, err := loadSmall(t, valuesDecl)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, text, want string }{
		{"unknown name", "NONE\t01\n", "v.values:1:1: NONE is not a parameter of small.tune"},
		{"twice", "ADD\t30\nadd\t31\n", "v.values:2:1: add is given a value twice (first at v.values:1:1)"},
		{"no value", "ADD\n", "v.values:1:1: ADD needs a value after it"},
		{"no name", "\t30\n", "v.values:1:2: a value needs its parameter's name in column 1"},
		{"out of range", "ADD\t61\n", "v.values:1:5: ADD: 61 is outside its range 20-60"},
		{"not hex", "ADD\t1G\n", "v.values:1:5: ADD: 1G is not a byte in hex (00–FF)"},
		{"too long", "ADD\t030\n", "v.values:1:5: ADD: 030 is not a byte in hex (00–FF)"},
		{"no such choice", "TERM\t.TAB\n", "v.values:1:6: TERM: .TAB is none of its choices (.A,.B)"},
		{"choice as a byte", "TERM\t10\n", "v.values:1:6: TERM: 10 is none of its choices (.A,.B)"},
		{"order", "BIG\t03\n", "v.values:1:1: BIG 03 breaks an ORDER line of small.tune (it would be held to 05)"},
		{"order, unnamed", "; MID ONLY\nMID\t06\n", "v.values:1:1: BIG, not named, keeps the source's 05, which breaks an ORDER line of small.tune with these values (it would be held to 07)"},
		{"bad words", "ADD\t30,31\n", "v.values:1:7: "},
		{"all at once", "NONE\t01\nADD\t99\n", "v.values:1:1: NONE is not a parameter of small.tune\nv.values:2:5: ADD: 99 is outside its range 20-60"},
	} {
		_, err := set.ReadValues(asm.Source{Name: "v.values", Text: tc.text})
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

func equal(a, b []int) bool {
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
