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

// A line already over at its end, or on the way, is refused where it ends
// so, in every format: checkmate by its moves, a dead position from an
// EPD's FEN (K v K), and one reached by a PGN's underpromotion (K+N v K).
func TestOverLineRefused(t *testing.T) {
	const dead = "neither side has the material to mate (a dead position): the game is drawn before the match plays a move of it"
	_, err := Parse("t.txt", strings.NewReader("A00 Fool's Mate | f3 e5 g4 Qh4#\n"))
	if err == nil || err.Error() != "t.txt:1:28: checkmate: the game is over before the match plays a move of it (move 2...)" {
		t.Errorf("text: %v", err)
	}
	_, err = ParseEPD("t.epd", strings.NewReader("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\n8/8/8/4k3/8/8/8/4K3 w - - id \"K v K\";\n"))
	if err == nil || err.Error() != `t.epd:2:1: FEN "8/8/8/4k3/8/8/8/4K3 w - - 0 1": `+dead {
		t.Errorf("EPD: %v", err)
	}
	// White's pawn takes the last black man and becomes a knight.
	_, err = ParsePGN("t.pgn", strings.NewReader("[FEN \"5r2/4P1k1/8/8/8/8/8/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. exf8=N *\n"))
	if err == nil || !strings.HasPrefix(err.Error(), "t.pgn:4:4: "+dead+" (move 1. from the FEN") {
		t.Errorf("PGN: %v", err)
	}
	// K+R v K is no dead position: a line to play.
	if _, err := ParsePGN("t.pgn", strings.NewReader("[FEN \"5r2/4P1k1/8/8/8/8/8/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. exf8=R *\n")); err != nil {
		t.Errorf("K+R v K: %v", err)
	}
}
