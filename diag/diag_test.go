package diag

import (
	"fmt"
	"testing"
)

func TestLines(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"", nil},
		{"a\nb\n", []string{"a", "b"}},
		{"a\r\nb\r\n", []string{"a", "b"}},
		{"a\rb\r", []string{"a", "b"}},
		{"a\n\nb", []string{"a", "", "b"}},
		{"\r\n\r\n", []string{"", ""}},
		{BOM + "a\nb", []string{"a", "b"}},
		{"a" + BOM, []string{"a" + BOM}},
	} {
		if got := Lines(c.text); fmt.Sprintf("%q", got) != fmt.Sprintf("%q", c.want) {
			t.Errorf("Lines(%q) = %q, want %q", c.text, got, c.want)
		}
	}
}

func TestErrorListSortedAndCapped(t *testing.T) {
	var l ErrorList
	if l.Err() != nil {
		t.Fatal("an empty list is an error")
	}
	l.Add(At("b.asm", 1, 1), "three")
	l.Add(At("a.asm", 2, 5), "two")
	l.Add(At("a.asm", 2, 1), "one")
	if got := l.Err().Error(); got != "a.asm:2:1: one\na.asm:2:5: two\nb.asm:1:1: three" {
		t.Errorf("got %q", got)
	}
	for i := 0; i < MaxErrors+5; i++ {
		l.Add(At("c.asm", i+1, 0), "more")
	}
	if got := l.Err().Error(); got[len(got)-len("(8 more errors)"):] != "(8 more errors)" {
		t.Errorf("not capped: ...%q", got[len(got)-40:])
	}
}

func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"plain text, a tab\there": "plain text, a tab\there",
		"bell\a esc\x1b[2J":       `bell\x07 esc\x1B[2J`,
		"bad \xff\xfe utf-8":      `bad \xFF\xFE utf-8`,
		"–é ok":                   "–é ok",
		"bom \ufeff":              `bom \uFEFF`,
	} {
		if got := Printable(in); got != want {
			t.Errorf("Printable(%q) = %q, want %q", in, got, want)
		}
	}
	var l ErrorList
	l.Add(At("x\x1b.asm", 1, 1), "unknown mnemonic %s", "\x00\x07")
	if got := l.Err().Error(); got != `x\x1B.asm:1:1: unknown mnemonic \x00\x07` {
		t.Errorf("error %q", got)
	}
}
