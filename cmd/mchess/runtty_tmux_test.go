package main

import (
	"strings"
	"testing"
)

// The teletype program at a real terminal (mchess run --tty in tmux): the
// terminal echoes what is typed, so the KIM-1's echo is left out and each
// line shows once; the 6502 code's board and messages come out as it
// prints them.
func TestRunTTYInTmux(t *testing.T) {
	t.Parallel()
	tp, _ := startTmux(t, "the teletype program at a terminal", "100x60", "run", "--tty", "--level", "super-blitz")
	tp.waitFor("MICROCHESS 1977 AT A TELETYPE")
	tp.typeLine("C")
	tp.waitFor("BR BN BB BK BQ BB BN BR")
	tp.typeLine("PC")
	tp.waitFor("MY MOVE P(K2)-K4  0F 13 33")
	tp.typeLine("B(KN1)-KB3")
	s := tp.waitFor("WRONG PIECE: THAT IS A N")
	if n := strings.Count(s, "B(KN1)-KB3"); n != 1 {
		t.Errorf("the typed line shows %d times (the KIM-1's echo should be left out at a terminal):\n%s", n, s)
	}
	tp.typeLine("n(kn1)-kb3")
	s = tp.waitFor("BR    BB BK BQ BB BN BR")
	if !strings.Contains(s, "**    BN    **    **") {
		t.Errorf("the knight is not on KB3 in the board printed:\n%s", s)
	}
}
