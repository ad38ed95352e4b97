package tunable_test

import (
	"os"
	"reflect"
	"testing"

	"github.com/kim1-archive/microchess/asm"
)

// FuzzLoad feeds arbitrary declarations for the small program: any input
// gives a set or errors, never a panic; a set loaded keeps its current
// vector through Project, Pokes and Vector, and Apply of it leaves the
// source as it is.
func FuzzLoad(f *testing.F) {
	b, err := os.ReadFile("../src/microchess.tune")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{
		string(b), smallDecl, "", ";", "X", "\tORDER", "X\tRANGE\t.TAB:.TAB\t00-FF", "X\tCHOICE\tSTART+3\t.A,.B,,",
		"X\tRANGE\tSTART+1\t00-FF\n\tORDER\tX>X", "A\tRANGE\t.TAB\t05-05\nB\tRANGE\t.TAB+1\t04-04\n\tORDER\tB>A",
		"X\tRANGE\tFFFF+1\t00-FF", "X\tRANGE\t.TAB-FFFF\t0-0", "\x00\t\xff", "X\tRANGE\t.TAB\t00-FF\t;\t>=,:+-",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, decl string) {
		set, err := loadSmall(t, decl)
		if err != nil {
			if set != nil {
				t.Fatal("a set and an error")
			}
			return
		}
		cur := set.Current()
		if w, err := set.Project(cur); err != nil || !reflect.DeepEqual(w, cur) {
			t.Fatalf("Project(Current) = %v, %v; Current = %v", w, err, cur)
		}
		pokes, err := set.Pokes(cur)
		if err != nil {
			t.Fatal(err)
		}
		mem := map[uint16]byte{}
		for _, p := range pokes {
			mem[p.Addr] = p.Byte
		}
		if v, err := set.Vector(func(a uint16) byte { return mem[a] }); err != nil || !reflect.DeepEqual(v, cur) {
			t.Fatalf("Vector(Pokes(Current)) = %v, %v; Current = %v", v, err, cur)
		}
		if out, err := set.Apply(asm.Source{Name: "small.asm", Text: smallSource}, cur); err != nil || out != smallSource {
			t.Fatalf("Apply(Current) changed the source: %v", err)
		}
	})
}

// FuzzReadValues feeds arbitrary values files for the small program: any
// input gives a vector or errors, never a panic; a vector read is one the
// declarations allow, and written back it reads the same.
func FuzzReadValues(f *testing.F) {
	for _, s := range []string{
		"", ";", "ADD\t48\nTERM\t.B\n", "BIG\t03", "ADD", "\t30", "ADD\t30,31", "TERM\t.b ; X", "ADD\t\x00", "ADD 48 BIG 07",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		set, err := loadSmall(t, valuesDecl)
		if err != nil {
			t.Fatal(err)
		}
		v, err := set.ReadValues(asm.Source{Name: "v.values", Text: text})
		if err != nil {
			if v != nil {
				t.Fatal("a vector and an error")
			}
			return
		}
		if w, err := set.Project(v); err != nil || !reflect.DeepEqual(w, v) {
			t.Fatalf("Project(%v) = %v, %v", v, w, err)
		}
		all := make([]int, len(v))
		for i := range all {
			all[i] = i
		}
		out, err := set.FormatValues(nil, v, all)
		if err != nil {
			t.Fatal(err)
		}
		if back, err := set.ReadValues(asm.Source{Name: "back.values", Text: out}); err != nil || !reflect.DeepEqual(back, v) {
			t.Fatalf("read back %v, %v; want %v", back, err, v)
		}
	})
}
