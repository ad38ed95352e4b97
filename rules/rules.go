package rules

import (
	"slices"
	"strings"

	"github.com/corentings/chess/v2"
)

// Referee keeps a chess.Game by the chess library's rules, move by move,
// without the library's cost: chess.Game.Move counts the repetitions of
// every new position by writing out every earlier one as text, so a game
// of n plies costs n² boards written (a quarter of a Super Blitz match's
// time, in three copies of each game). The Referee counts them on keys of
// its own, one per position, and leaves the library to judge only the
// positions where a draw by rule may apply; the game it keeps (Game) is
// the one chess.Game.Move would have made, outcome and method included.
// Moves go in through the Referee's Move and PushNotationMove only.
type Referee struct {
	Game  *chess.Game
	moves []*chess.Move // Game's, in order: its main line
	keys  []positionKey // of Game's positions, the start first
	reps  []int         // how often each position has stood so far, itself included
}

// LibraryJudges has every move judged the library's own way, as before
// the Referee: the same games, at the old cost, in the same binary, so
// that what the Referee saves can be measured with the emulator laid out
// alike (docs/benchmarks.md). The command sets it from
// MCHESS_REFEREE=library; library code reads no environment.
var LibraryJudges bool

// positionKey is what makes two positions the same one for the library's
// repetition count (chess v2.3.2, Position.samePosition): the men on the
// squares, the side to move, the castling rights as written, and the en
// passant square, whether or not a pawn can take there.
type positionKey struct {
	board  [64]chess.Piece
	turn   chess.Color
	castle chess.CastleRights
	ep     chess.Square
}

func keyOf(pos *chess.Position) positionKey {
	k := positionKey{turn: pos.Turn(), castle: pos.CastleRights(), ep: pos.EnPassantSquare()}
	b := pos.Board()
	for sq := range k.board {
		k.board[sq] = b.Piece(chess.Square(sq))
	}
	return k
}

// heavy tells whether a queen, a rook or a pawn is on the board: then the
// library never finds the material insufficient.
func (k *positionKey) heavy() bool {
	for _, p := range k.board {
		switch p.Type() {
		case chess.Queen, chess.Rook, chess.Pawn:
			return true
		}
	}
	return false
}

// NewReferee takes a game over as it stands (usually just started).
func NewReferee(g *chess.Game) *Referee {
	r := &Referee{Game: g, moves: g.Moves()}
	for _, pos := range g.Positions() {
		r.add(keyOf(pos))
	}
	return r
}

func (r *Referee) add(k positionKey) {
	r.reps = append(r.reps, r.repetitions(&k))
	r.keys = append(r.keys, k)
}

// Move plays a legal move as chess.Game.Move does (an illegal one is
// refused, the game unchanged) and ends the game as it would: checkmate,
// stalemate, fivefold repetition, seventy-five moves, insufficient
// material.
func (r *Referee) Move(m *chess.Move) error {
	g := r.Game
	m = OwnTags(g.Position(), m) // a promotion's check is its own
	if g.Outcome() != chess.NoOutcome || LibraryJudges {
		// In a game that is over the library counts no repetitions.
		if err := g.Move(m, nil); err != nil {
			return err
		}
		r.played(m, keyOf(g.Position()))
		return nil
	}
	// With an outcome set, chess.Game.Move judges only checkmate and
	// stalemate, and skips the draws by rule with their count of
	// repetitions; the game as it stood, outcome and all, is then put
	// back and moved on to the new position along the move tree.
	before := *g
	_ = g.Draw(chess.DrawOffer)
	if err := g.Move(m, nil); err != nil {
		*g = before
		return err
	}
	after := g.Position()
	k := keyOf(after)
	if g.Method() == chess.Checkmate || g.Method() == chess.Stalemate {
		r.played(m, k) // judged before the draws, as Move judges it
		return nil
	}
	*g = before
	if g.GoForward() && g.Position() == after && r.repetitions(&k) < 5 && after.HalfMoveClock() < 150 && k.heavy() {
		r.played(m, k)
		return nil
	}
	// A draw by rule may apply here: the library judges it, the move
	// played again its own way (m is now the current move's child, so the
	// tree does not grow).
	*g = before
	if err := g.UnsafeMove(m, nil); err != nil {
		return err
	}
	r.played(m, k)
	return nil
}

// repetitions is how often the position k would have stood, itself
// included, were it the next.
func (r *Referee) repetitions(k *positionKey) int {
	n := 1
	for i := range r.keys {
		if r.keys[i] == *k {
			n++
		}
	}
	return n
}

func (r *Referee) played(m *chess.Move, k positionKey) {
	r.moves = append(r.moves, m)
	r.add(k)
}

// PushNotationMove reads a move in a notation and plays it (Move).
func (r *Referee) PushNotationMove(text string, n chess.Notation, _ *chess.PushMoveOptions) error {
	m, err := n.Decode(r.Game.Position(), text)
	if err != nil {
		return err
	}
	return r.Move(m)
}

// Position is the position now.
func (r *Referee) Position() *chess.Position { return r.Game.Position() }

// Moves are the moves played, the game's own (a comment added to one is in
// its record); the slice is not to be changed.
func (r *Referee) Moves() []*chess.Move { return slices.Clip(r.moves) }

// Outcome is the game's result so far (chess.NoOutcome while it goes on).
func (r *Referee) Outcome() chess.Outcome { return r.Game.Outcome() }

// Method is how the game ended.
func (r *Referee) Method() chess.Method { return r.Game.Method() }

// Resign ends the game, lost by color, as chess.Game.Resign does.
func (r *Referee) Resign(color chess.Color) { r.Game.Resign(color) }

// Draw ends the game drawn by method, as chess.Game.Draw does (which
// checks a claimed repetition or fifty moves itself).
func (r *Referee) Draw(method chess.Method) error { return r.Game.Draw(method) }

// String is the game's record in PGN (WritePGN).
func (r *Referee) String() string { return WritePGN(r.Game) }

// Repetitions is how often the position now has stood, itself included.
func (r *Referee) Repetitions() int { return r.reps[len(r.reps)-1] }

// EligibleDraws is chess.Game.EligibleDraws: a draw offer always, then
// threefold repetition and the fifty-move rule when either may be claimed.
func (r *Referee) EligibleDraws() []chess.Method {
	if LibraryJudges {
		return r.Game.EligibleDraws()
	}
	draws := []chess.Method{chess.DrawOffer}
	if r.Repetitions() >= 3 {
		draws = append(draws, chess.ThreefoldRepetition)
	}
	if r.Game.Position().HalfMoveClock() >= 100 {
		draws = append(draws, chess.FiftyMoveRule)
	}
	return draws
}

// Over says whether a game standing at pos is over by the position alone,
// as the chess library judges it: chess.Checkmate, chess.Stalemate or
// chess.InsufficientMaterial (a dead position), else chess.NoMethod.
// The clocks and repetitions are not looked at.
func Over(pos *chess.Position) chess.Method {
	if m := pos.Status(); m != chess.NoMethod {
		return m
	}
	if k := keyOf(pos); k.heavy() {
		return chess.NoMethod
	}
	// The library judges material only in a game: one from the board,
	// with the clocks at zero.
	f := strings.Fields(pos.String())
	fen, err := FEN(strings.Join(f[:4], " ") + " 0 1")
	if err != nil {
		return chess.NoMethod
	}
	if g := NewGame(fen); g.Method() == chess.InsufficientMaterial {
		return chess.InsufficientMaterial
	}
	return chess.NoMethod
}
