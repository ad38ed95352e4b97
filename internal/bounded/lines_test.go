package bounded

import (
	"strings"
	"testing"
)

func TestLines(t *testing.T) {
	long := strings.Repeat("x", LineKeep+5)
	l := NewLines(strings.NewReader("e4\r\n\n" + long + "\nlast"))
	type got struct {
		text string
		n    int
		long bool
	}
	var lines []got
	for l.Scan() {
		n, isLong := l.Long()
		lines = append(lines, got{l.Text(), n, isLong})
	}
	want := []got{{"e4", 2, false}, {"", 0, false}, {long[:LineKeep], LineKeep + 5, true}, {"last", 4, false}}
	if len(lines) != len(want) || l.Err() != nil {
		t.Fatalf("%d lines, %v", len(lines), l.Err())
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("line %d: %q %d %v", i+1, lines[i].text[:min(10, len(lines[i].text))], lines[i].n, lines[i].long)
		}
	}
	// Past LineMax the input is refused, having read LineMax and a chunk.
	l = NewLines(strings.NewReader("ok\n" + strings.Repeat("\x00", LineMax+1)))
	if !l.Scan() || l.Text() != "ok" || l.Scan() || l.Err() == nil || l.Err().Error() != "a line of more than 1 MiB: not typing; input not read further" {
		t.Errorf("err %v", l.Err())
	}
}
