package kim1

import (
	"strings"
	"testing"
)

// A clone differs in nothing; each change shows, named.
func TestDiff(t *testing.T) {
	m := New()
	m.Press(KeyPC)
	m.Polls = append(m.Polls, Poll{Key: 3, Cycle: 10})
	if d := m.Diff(m.Clone()); len(d) != 0 {
		t.Fatalf("a clone differs: %v", d)
	}
	o := m.Clone()
	o.CPU.X = 0x42
	o.CPU.Mem[0x00F9] = 0x33
	o.CPU.Cycles++
	o.Polls[0].Key = 4
	o.Press(KeyGO)
	d := strings.Join(m.Diff(o), "; ")
	for _, want := range []string{"X: 0, other 66", "memory 00F9: 00, other 33", "cycles: 0, other 1", "1 bytes of memory differ",
		"polls (1, other 1) first differ at 0: {Key:3 Cycle:10}, other {Key:4 Cycle:10}", "keys left (1, other 2) first differ at 1: none, other 19"} {
		if !strings.Contains(d, want) {
			t.Errorf("diff %q lacks %q", d, want)
		}
	}
}
