package suite

import (
	"reflect"
	"testing"
)

// TestOpenSlice: NAME:FROM-TO is lines FROM to TO of the suite, and a
// range past its end is refused with the count of its lines.
func TestOpenSlice(t *testing.T) {
	all, err := Open("balanced-50")
	if err != nil || len(all) != 50 {
		t.Fatalf("balanced-50: %d lines, %v", len(all), err)
	}
	part, err := Open("balanced-50:11-20")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(part, all[10:20]) {
		t.Errorf("balanced-50:11-20 is not lines 11 to 20")
	}
	for _, bad := range []string{"balanced-50:0-3", "balanced-50:5-4", "balanced-50:40-51"} {
		if _, err := Open(bad); err == nil {
			t.Errorf("%s: no error", bad)
		} else if want := bad + ": want lines FROM-TO with 1 ≤ FROM ≤ TO ≤ 50, the suite's lines"; err.Error() != want {
			t.Errorf("%s: %v, want %s", bad, err, want)
		}
	}
	if _, err := Open("no-such-suite:1-2"); err == nil {
		t.Error("a slice of no suite: no error")
	}
}
