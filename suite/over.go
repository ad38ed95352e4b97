package suite

import (
	"strings"

	"github.com/corentings/chess/v2"
)

// gameOver follows an opening line's positions as the chess library's game
// does, to refuse a line whose own moves end the game by a rule that
// applies without a claim (fivefold repetition, the 75-move rule): a
// match would have no game to play from it.
type gameOver struct {
	seen map[string]int // a position as the library compares them -> times
}

// add counts pos, reached by a line's move (or its start), and says why
// the game is over there, or "".
func (g *gameOver) add(pos *chess.Position) string {
	if g.seen == nil {
		g.seen = map[string]int{}
	}
	// Board, side to move, castling rights and en passant square: what
	// the library compares (the clocks are left out).
	f := strings.Fields(pos.String())
	key := strings.Join(f[:4], " ")
	g.seen[key]++
	switch {
	case g.seen[key] >= 5:
		return "the position occurs a fifth time: fivefold repetition ends the game before the match plays a move of it"
	case pos.HalfMoveClock() >= 150:
		return "75 moves a side with no capture or pawn move: the 75-move rule ends the game before the match plays a move of it"
	}
	return ""
}
