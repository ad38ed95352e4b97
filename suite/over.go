package suite

import (
	"strings"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/rules"
)

// gameOver follows an opening line's positions as the chess library's game
// does, to refuse a line whose own moves end the game: checkmate,
// stalemate, a dead position (neither side can mate, as the library
// judges material), or a draw by a rule that applies without a claim
// (fivefold repetition, the 75-move rule). A match or a diff would have
// no move to ask for, and a match would score a game no one played.
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
	if why := overText(pos); why != "" {
		return why
	}
	switch {
	case g.seen[key] >= 5:
		return "the position occurs a fifth time: fivefold repetition ends the game before the match plays a move of it"
	case pos.HalfMoveClock() >= 150:
		return "75 moves a side with no capture or pawn move: the 75-move rule ends the game before the match plays a move of it"
	}
	return ""
}

// overText says why a game standing at pos is over by the position alone
// (rules.Over), or "".
func overText(pos *chess.Position) string {
	switch rules.Over(pos) {
	case chess.Checkmate:
		return "checkmate: the game is over before the match plays a move of it"
	case chess.Stalemate:
		return "stalemate: the game is drawn before the match plays a move of it"
	case chess.InsufficientMaterial:
		return "neither side has the material to mate (a dead position): the game is drawn before the match plays a move of it"
	}
	return ""
}
