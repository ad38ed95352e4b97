package match

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
)

// samePlayer tells whether two MicroChess players are one: the same
// program bytes (microchess.SameProgram; SameBytes for a program of its own) for either side, at the same
// level, in the same memory, played the same way. Such a pair is
// deterministic and symmetric: its games measure nothing.
func samePlayer(a, b *program) bool {
	if a == nil || b == nil {
		return false
	}
	same := microchess.SameProgram
	if len(a.needs.Code) > 0 || len(b.needs.Code) > 0 {
		// a program of its own has no residue: its bytes there are code
		same = microchess.SameBytes
	}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		if !same(a.images[c], b.images[c]) {
			return false
		}
	}
	return a.level == b.level && a.book == b.book && a.needs.Teletype == b.needs.Teletype &&
		slices.Equal(a.needs.Memory().Regions, b.needs.Memory().Regions) &&
		samePointee(a.needs.Special, b.needs.Special) && samePointee(a.needs.Library, b.needs.Library)
}

func samePointee[T comparable](a, b *T) bool {
	return a == b || a != nil && b != nil && *a == *b
}

// identicalPairings marks the pairings whose two players are one.
func identicalPairings(pairings []Pairing, programs []*program) []bool {
	out := make([]bool, len(pairings))
	for i, p := range pairings {
		out[i] = samePlayer(programs[p.A], programs[p.B])
	}
	return out
}

// identicalNote says, before the games, that a pairing measures nothing.
func identicalNote(a, b *Player) string {
	return fmt.Sprintf("%s and %s are the same program bytes at the same level: their games measure nothing", a.Name, b.Name)
}

// identicalText is what the summary says of such a pairing.
func identicalText(p PairingSummary) string {
	return fmt.Sprintf("%s vs %s: the same program bytes at the same level: the result measures nothing", p.A, p.B)
}

// writeModified names, under the players' table, the program of each
// player whose bytes are not the 1977 program's where they should be
// (microchess.Describe): the player's name alone does not say so.
func (s *Summary) writeModified(w io.Writer) {
	for _, p := range s.Players {
		if strings.Contains(p.Plays, microchess.Modified) {
			fmt.Fprintf(w, "%s plays %s\n", p.Name, p.Plays)
		}
	}
}
