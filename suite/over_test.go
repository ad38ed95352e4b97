package suite

import (
	"strings"
	"testing"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/rules"
)

// A line whose moves repeat a position a fifth time ends the game before
// a match plays a move of it: refused where the fifth comes, in the text
// format and in PGN.
func TestFivefoldLineRefused(t *testing.T) {
	shuffle := strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 5)
	// The start is seen a fifth time after the 4th round's Ng8: ply 16,
	// at column 16*3+13 = 61 of the moves.
	const why = "fivefold repetition ends the game before the match plays a move of it"
	_, err := Parse("t.txt", strings.NewReader("A00 x | "+shuffle))
	if err == nil || err.Error() != "t.txt:1:69: the position occurs a fifth time: "+why+" (move 8...)" {
		t.Errorf("text: %v", err)
	}
	_, err = ParsePGN("t.pgn", strings.NewReader(shuffle))
	if err == nil || !strings.HasPrefix(err.Error(), "t.pgn:1:61: the position occurs a fifth time: "+why+" (move 8... after 1. Nf3") {
		t.Errorf("PGN: %v", err)
	}
	// Four times is a line still to play.
	if _, err := Parse("t.txt", strings.NewReader("A00 x | "+strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 3)+"e4")); err != nil {
		t.Errorf("four times: %v", err)
	}
}

// longLine is n plies of a game that repeats no position five times and
// keeps the 75-move rule away: fresh positions first, a pawn move or a
// capture only when the clock nears 100 plies.
func longLine(t *testing.T, n int) []string {
	t.Helper()
	pos := rules.StartingPosition()
	var over gameOver
	over.add(pos)
	var sans []string
	for len(sans) < n {
		var best *chess.Move
		bestScore := 1 << 30
		for _, m := range pos.ValidMoves() {
			resets := m.HasTag(chess.Capture) || pos.Board().Piece(m.S1()).Type() == chess.Pawn
			score := over.seen[strings.Join(strings.Fields(pos.Update(&m).String())[:4], " ")] * 10
			if resets != (pos.HalfMoveClock() >= 100) {
				score += 5
			}
			if score < bestScore {
				bestScore, best = score, &m
			}
		}
		if best == nil {
			t.Fatalf("no move after %d plies", len(sans))
		}
		sans = append(sans, rules.SAN(pos, best))
		pos = pos.Update(best)
		if why := over.add(pos); why != "" {
			t.Fatalf("ply %d: %s", len(sans), why)
		}
	}
	return sans
}
