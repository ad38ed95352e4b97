package asm

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
)

// What WriteSymbols writes, ReadSymbols reads back: every symbol with its
// value, defining statement and references, in order.
func TestSymbolFileRoundTrip(t *testing.T) {
	for _, name := range []string{"testdata/features.asm", "../src/microchess.asm", "../src/patches/stone-1980.s"} {
		text, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Assemble(Source{Name: name, Text: string(text)})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := WriteSymbols(&b, p); err != nil {
			t.Fatal(err)
		}
		got, err := ReadSymbols(name+".sym", &b)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(p.Order) {
			t.Fatalf("%s: read %d symbols, wrote %d", name, len(got), len(p.Order))
		}
		for i, sym := range p.Order {
			g := got[i]
			if g.Name != sym.Name || int(g.Value) != sym.Value&0xFFFF || g.Def != sym.Def.Number || len(g.Refs) != len(sym.Refs) {
				t.Errorf("%s: row %d read %+v, wrote %s %04X %d with %d refs", name, i, g, sym.Name, sym.Value, sym.Def.Number, len(sym.Refs))
				continue
			}
			for j, r := range sym.Refs {
				want := fmt.Sprint(r.Number)
				if r.Number == 0 {
					want = "+++"
				}
				if g.Refs[j] != want {
					t.Errorf("%s: %s ref %d read %s, wrote %s", name, sym.Name, j, g.Refs[j], want)
				}
			}
		}
	}
}

func TestReadSymbolsErrors(t *testing.T) {
	_, err := ReadSymbols("x.sym", strings.NewReader("SYMBOL TABLE AND CROSS REFERENCES\n\nSTART 0200 1 3\nJUNK\nX 12345 1\nY 0200 two\n"))
	want := "x.sym:4:1: want NAME VALUE DEF REFS..., not \"JUNK\"\n" +
		"x.sym:5:1: want NAME VALUE DEF REFS... with a 4-digit hex VALUE and a statement number DEF, not \"X 12345 1\"\n" +
		"x.sym:6:1: want NAME VALUE DEF REFS... with a 4-digit hex VALUE and a statement number DEF, not \"Y 0200 two\""
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}

func TestNames(t *testing.T) {
	n := NewNames([]FileSymbol{{Name: "START", Value: 0x00F9}, {Name: ".DIS3", Value: 0x00F9}, {Name: ".BESTM", Value: 0x00F9}, {Name: "*OUT", Value: 0x1F1F}})
	for _, c := range []struct {
		addr uint16
		zp   bool
		want string
	}{{0x00F9, true, ".DIS3"}, {0x00F9, false, "START"}, {0x1F1F, false, "*OUT"}, {0x1F1F, true, "*OUT"}} {
		if got, ok := n.Name(c.addr, c.zp); !ok || got != c.want {
			t.Errorf("%04X zp=%v: %q, want %q", c.addr, c.zp, got, c.want)
		}
	}
	if _, ok := n.Name(0x1234, false); ok {
		t.Error("1234 named")
	}
}

// FuzzReadSymbols: any text gives rows or positioned errors, never a panic.
func FuzzReadSymbols(f *testing.F) {
	f.Add("SYMBOL TABLE AND CROSS REFERENCES\n\nSYMBOL   ADDR   DEF  CROSS REFERENCES\nCHESS    0000     5  45 171 519\n")
	f.Add("X 0000 0 +++\n\x00\xff 1 2\n")
	f.Fuzz(func(t *testing.T, text string) {
		syms, err := ReadSymbols("f.sym", strings.NewReader(text))
		if err != nil && !strings.HasPrefix(err.Error(), "f.sym") {
			t.Fatalf("error without a place: %v", err)
		}
		if err == nil {
			NewNames(syms)
		}
	})
}
