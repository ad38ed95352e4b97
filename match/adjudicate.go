package match

import (
	"fmt"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/elo"
)

// A game a program cannot play on is adjudicated: the 1977 program makes a
// pawn on the last rank a piece by giving it the slot of a man of its own
// that has been taken, and with none taken (or none of the type a player
// promotes to) its table cannot hold the position. The game stops right
// after the promotion, which is played in the record (the program's own
// as a queen), and the referee looks at the board: a side at least
// AdjudicationMargin ahead in material wins, else the game is drawn. The
// rule is simple and says what it knows: material after a promotion
// usually decides these programs' games, but not a queen left en prise
// or a mate in the air. Such games are counted apart and left out of the
// score and the Elo (Record.Counted): their result is the referee's
// estimate, not play.

// AdjudicationMargin is the material lead, in pawns, that wins an
// adjudicated game: a rook's worth, the usual measure of a winning
// advantage.
const AdjudicationMargin = 5

// pieceValues are the usual values of the men, in pawns.
var pieceValues = map[chess.PieceType]int{chess.Pawn: 1, chess.Knight: 3, chess.Bishop: 3, chess.Rook: 5, chess.Queen: 9}

// Material counts each side's men on the board: pawn 1, knight and bishop
// 3, rook 5, queen 9.
func Material(pos *chess.Position) (white, black int) {
	for _, pc := range pos.Board().SquareMap() {
		if pc.Color() == chess.White {
			white += pieceValues[pc.Type()]
		} else {
			black += pieceValues[pc.Type()]
		}
	}
	return white, black
}

// adjudicate rules on a position a game cannot go on from: the side
// AdjudicationMargin or more ahead in material wins; else a draw
// (winner chess.NoColor). verdict says so in words.
func adjudicate(pos *chess.Position) (winner chess.Color, verdict string) {
	white, black := Material(pos)
	head := fmt.Sprintf("adjudicated by material (pawn 1, knight and bishop 3, rook 5, queen 9): White %d, Black %d", white, black)
	lead := white - black
	winner = chess.White
	if lead < 0 {
		lead, winner = -lead, chess.Black
	}
	if lead < AdjudicationMargin {
		return chess.NoColor, head + fmt.Sprintf(", less than %d apart: a draw", AdjudicationMargin)
	}
	return winner, head + fmt.Sprintf(", %s ahead by %d: a win for %s", winner.Name(), lead, winner.Name())
}

// asPromotion makes a pawn's move to the last rank given without a piece
// (UCI e7e8) a promotion to a queen; other moves are left as they are.
func asPromotion(pos *chess.Position, move string) string {
	if len(move) != 4 {
		return move
	}
	from, to := chess.Square(0), chess.Square(0)
	for sq := chess.A1; sq <= chess.H8; sq++ {
		switch sq.String() {
		case move[:2]:
			from = sq
		case move[2:]:
			to = sq
		}
	}
	if pos.Board().Piece(from).Type() == chess.Pawn && (to.Rank() == chess.Rank8 || to.Rank() == chess.Rank1) {
		return move + "q"
	}
	return move
}

// Counted tells whether a game counts in the score, the Elo and the SPRT:
// every game but those adjudicated because a program could not hold a
// promotion (Unheld), which the summary counts apart. A game that reached
// the ply cap counts, as a draw: the cap is a rule of the match, known
// before it starts, not a guess at a result.
func (r *Record) Counted() bool { return r.End != Unheld }

// Adjudicated is a pairing's adjudicated games, from its first player's
// view.
type Adjudicated struct {
	Games  int `json:"games"`
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
}

func (a *Adjudicated) add(s elo.Score) {
	a.Games += s.Games()
	a.Wins += s.Wins
	a.Draws += s.Draws
	a.Losses += s.Losses
}
