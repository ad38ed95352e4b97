package kim1

import "testing"

// Each digit's segments drawn by hand, abcdefg: an on segment is its letter.
func TestSegments(t *testing.T) {
	want := []string{"abcdef", "bc", "abdeg", "abcdg", "bcfg", "acdfg", "acdefg", "abc",
		"abcdefg", "abcdfg", "abcefg", "cdefg", "adef", "bcdeg", "adefg", "aefg"}
	for d, w := range want {
		var bits byte
		for _, r := range w {
			bits |= 1 << (r - 'a')
		}
		if Segments[d] != bits {
			t.Errorf("digit %X: segments %02X, want %02X (%s)", d, Segments[d], bits, w)
		}
	}
	if got := Lit([3]byte{0x0F, 0x13, 0x33}); got != [6]byte{Segments[0], Segments[0xF], Segments[1], Segments[3], Segments[3], Segments[3]} {
		t.Errorf("Lit(0F 13 33) = % X", got)
	}
}
