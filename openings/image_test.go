package openings

import (
	"fmt"
	"testing"
)

// A block's image traces each byte to the move that put it there, at the
// move's place in the book: a short line by hand, computer White.
func TestImageOrigins(t *testing.T) {
	text := header + "1. e4 e5\n2. Nf3 Nc6\n"
	b, err := Compile("t.book", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	im := b.Image("t.book", "t")
	if im.Start != 0x00C0 || len(im.Bytes) != 28 || im.ID != 0x01 || string(im.Bytes) != string(b.Block[:]) {
		t.Fatalf("image %s %02X at %04X, % X", im.Name, im.ID, im.Start, im.Bytes)
	}
	// Read downward from 00DB: the display after C, then e4's man, its TO
	// square and the reply e5; then Nf3's man and TO square and the end.
	// Columns are where the moves stand in the text above.
	for _, c := range []struct {
		addr int
		pos  string
		text string
	}{
		{0x00DB, "t.book:5:4", "the display after C"},
		{0x00DA, "t.book:5:4", "1. e4: the computer's man"},
		{0x00D9, "t.book:5:4", "1. e4: its TO square"},
		{0x00D8, "t.book:5:7", "1... e5: the reply expected"},
		{0x00D7, "t.book:6:4", "2. Nf3: the computer's man"},
		{0x00D6, "t.book:6:4", "2. Nf3: its TO square"},
		{0x00D5, "t.book:6:4", "2. Nf3: end of book"},
		{0x00C0, "t.book:6:8", "end of book"}, // at the line's last move, 2... Nc6
	} {
		s := im.Src[c.addr-0x00C0]
		if got := fmt.Sprint(s.Pos); got != c.pos || s.Text != c.text {
			t.Errorf("%04X: %s %q, want %s %q", c.addr, got, s.Text, c.pos, c.text)
		}
	}
}
