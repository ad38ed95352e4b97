package tunable_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/tunable"
)

// The small program's parameters, in order: ADD (0205, 20-60, now 40),
// BIG (0030, now 05), MID (0031, now 04), LOW (0032–0033, now 03), each
// 01-09, and TERM (0203, .A or .B, now .A = 10); ADD>BIG>MID>=LOW.
const smallDecl = "ADD\tRANGE\tSTART+5\t20-60\tADCIM 40\n" +
	"BIG\tRANGE\t.TAB\t01-09\n" +
	"MID\tRANGE\t.TAB+1\t01-09\n" +
	"LOW\tRANGE\t.TAB+2:.TAB+3\t01-09\n" +
	"TERM\tCHOICE\tSTART+3\t.A,.B\tADCZ .A\n" +
	"\tORDER\tADD>BIG\n" +
	"\tORDER\tBIG>MID>=LOW\n"

func smallSet(t *testing.T) *tunable.Set {
	t.Helper()
	set, err := loadSmall(t, smallDecl)
	if err != nil {
		t.Fatal(err)
	}
	return set
}

func TestCurrentAndAddresses(t *testing.T) {
	t.Parallel()
	set := smallSet(t)
	if got, want := set.Current(), []int{0x40, 5, 4, 3, 0}; !reflect.DeepEqual(got, want) {
		t.Errorf("Current = %v, want %v", got, want)
	}
	if got, want := set.Addresses(), []uint16{0x0030, 0x0031, 0x0032, 0x0033, 0x0203, 0x0205}; !reflect.DeepEqual(got, want) {
		t.Errorf("Addresses = %04X, want %04X", got, want)
	}
	term := set.Params[4]
	if term.Kind != tunable.Choice || term.Choices[1] != (tunable.Option{Text: ".B", Value: 0x11}) || term.Comment != "ADCZ .A" {
		t.Errorf("TERM = %+v", term)
	}
}

// Project's results are worked out by hand from the rule: clamp to the
// range, then bottom up raise what must exceed what is below it, within
// the bounds the ORDER lines leave (BIG 02–09, MID 01–08, LOW 01–08).
func TestProject(t *testing.T) {
	t.Parallel()
	set := smallSet(t)
	for _, tc := range []struct{ in, want []int }{
		{[]int{0x40, 5, 4, 3, 0}, []int{0x40, 5, 4, 3, 0}}, // allowed: unchanged
		{[]int{0x40, 3, 5, 3, 0}, []int{0x40, 6, 5, 3, 0}}, // MID over BIG: BIG raised
		{[]int{0x30, 4, 4, 4, 1}, []int{0x30, 5, 4, 4, 1}}, // MID may equal LOW, not BIG
		{[]int{0, 12, 0, 99, 7}, []int{0x20, 9, 8, 8, 1}},  // clamped, then LOW held to 08 below BIG's 09
		{[]int{0x21, 9, 9, 9, -3}, []int{0x21, 9, 8, 8, 0}},
	} {
		got, err := set.Project(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Project(%X) = %X, want %X", tc.in, got, tc.want)
		}
	}
	if _, err := set.Project([]int{1, 2}); err == nil || err.Error() != "small.tune: a vector needs 5 values, one per parameter; got 2" {
		t.Errorf("short vector: %v", err)
	}
}

func TestPokesAndVector(t *testing.T) {
	t.Parallel()
	set := smallSet(t)
	pokes, err := set.Pokes([]int{0x40, 3, 5, 3, 1})
	if err != nil {
		t.Fatal(err)
	}
	want := []tunable.Poke{{0x0030, 0x06}, {0x0031, 0x05}, {0x0032, 0x03}, {0x0033, 0x03}, {0x0203, 0x11}, {0x0205, 0x40}}
	if !reflect.DeepEqual(pokes, want) {
		t.Errorf("Pokes = %X, want %X", pokes, want)
	}
	mem := map[uint16]byte{}
	for _, p := range pokes {
		mem[p.Addr] = p.Byte
	}
	read := func(a uint16) byte { return mem[a] }
	if got, err := set.Vector(read); err != nil || !reflect.DeepEqual(got, []int{0x40, 6, 5, 3, 1}) {
		t.Errorf("Vector = %X, %v", got, err)
	}
	mem[0x0033] = 0x04
	if _, err := set.Vector(read); err == nil || err.Error() != "LOW: 0032 holds 03, 0033 holds 04: not one value" {
		t.Errorf("bytes that differ: %v", err)
	}
	mem[0x0033], mem[0x0203] = 0x03, 0x12
	if _, err := set.Vector(read); err == nil || err.Error() != "TERM: 12 at 0203 is none of its choices" {
		t.Errorf("no choice: %v", err)
	}
	mem[0x0203], mem[0x0205] = 0x11, 0x61
	if _, err := set.Vector(read); err == nil || err.Error() != "ADD: 61 at 0205 is outside its range 20-60" {
		t.Errorf("out of range: %v", err)
	}
}

func TestApplySmall(t *testing.T) {
	t.Parallel()
	set := smallSet(t)
	src := asm.Source{Name: "small.asm", Text: smallSource}
	same, err := set.Apply(src, set.Current())
	if err != nil || same != smallSource {
		t.Fatalf("the current vector changed the source: %v\n%s", err, same)
	}
	got, err := set.Apply(src, []int{0x48, 6, 5, 3, 1})
	if err != nil {
		t.Fatal(err)
	}
	want := `+++	0200
START	LDAIM	80
	ADCZ	.B
	ADCIM	48
	JMP	START
LOOP	BNE	LOOP
.A	=	0010
.B	=	0011
.TAB	=	0030
+++	.TAB
	.BYTE	06 05 03 03 01
`
	if got != want {
		t.Errorf("Apply:\n%s\nwant\n%s", got, want)
	}
	// Line ends and a byte-order mark are kept.
	crlf := "\uFEFF" + strings.ReplaceAll(smallSource, "\n", "\r\n")
	got, err = set.Apply(asm.Source{Name: "small.asm", Text: crlf}, []int{0x48, 5, 4, 3, 0})
	if err != nil || got != strings.ReplaceAll(crlf, "ADCIM\t40", "ADCIM\t48") {
		t.Errorf("CR LF source: %v\n%q", err, got)
	}
	// A source that is not the one assembled is refused.
	if _, err := set.Apply(asm.Source{Name: "small.asm", Text: strings.ReplaceAll(smallSource, "ADCIM\t40", "ADCIM\t41")}, []int{0x48, 5, 4, 3, 0}); err == nil ||
		err.Error() != "small.asm:4: the line is not the one the program was assembled from" {
		t.Errorf("another source: %v", err)
	}
}
