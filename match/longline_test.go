package match

import (
	"fmt"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/suite"
)

// walkLine is a legal line of n plies that ends no game: of the moves, the
// first that reaches a position not seen yet, else the first, never mate
// or stalemate; a pawn move or a capture only when the clock nears the
// 75-move rule.
func walkLine(tb testing.TB, n int) suite.Line {
	pos := rules.StartingPosition()
	// A position as the library compares them: the FEN without clocks.
	key := func(p *chess.Position) string { return strings.Join(strings.Fields(p.String())[:4], " ") }
	seen := map[string]int{key(pos): 1}
	var sans []string
	for len(sans) < n {
		moves := pos.ValidMoves()
		if len(moves) == 0 {
			tb.Fatalf("no move after %d plies", len(sans))
		}
		best, bestScore := 0, 1<<30
		for i := range moves {
			m := &moves[i]
			resets := m.HasTag(chess.Capture) || pos.Board().Piece(m.S1()).Type() == chess.Pawn
			next := pos.Update(m)
			score := seen[key(next)] * 10
			if next.Status() != chess.NoMethod { // mate or stalemate
				score += 1000
			}
			if resets != (pos.HalfMoveClock() >= 100) {
				score += 5
			}
			if score < bestScore {
				best, bestScore = i, score
			}
		}
		sans = append(sans, rules.SAN(pos, &moves[best]))
		pos = pos.Update(&moves[best])
		seen[key(pos)]++
	}
	return suite.Line{Name: fmt.Sprintf("%d plies", n), Moves: sans}
}

// An opening line as long as a suite allows (1,000 plies) is set up by the
// Referee as the library would: the same position and the game not over.
func TestLongOpeningLine(t *testing.T) {
	t.Parallel()
	line := walkLine(t, 1000)
	ref, opening, err := lineGame(line)
	if err != nil {
		t.Fatal(err)
	}
	if len(opening) != 1000 || len(ref.Moves()) != 1000 || ref.Outcome() != chess.NoOutcome {
		t.Fatalf("%d moves, %s %s", len(ref.Moves()), ref.Outcome(), ref.Method())
	}
	lib := rules.NewGame()
	for _, san := range line.Moves {
		m, err := rules.ParseSAN(lib.Position(), san)
		if err != nil {
			t.Fatal(err)
		}
		if err := lib.Move(&m, nil); err != nil {
			t.Fatal(err)
		}
	}
	if lib.Position().String() != ref.Position().String() || lib.Outcome() != ref.Outcome() {
		t.Errorf("the Referee's game ends at %s (%s), the library's at %s (%s)", ref.Position(), ref.Outcome(), lib.Position(), lib.Outcome())
	}
}

// A long opening line's cost: setting it up must grow about linearly with
// its plies (the library's own Move made it quadratic: 2.4 s a game for
// 1,000 plies).
func BenchmarkLineGame(b *testing.B) {
	for _, n := range []int{250, 1000} {
		line := walkLine(b, n)
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for b.Loop() {
				if _, _, err := lineGame(line); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/ply")
		})
	}
}
