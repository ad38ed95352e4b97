package session

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
)

// Stone's article (COMPUTE II, 1980) says how an illegal castling of his
// program is refereed: "the 'touch-move' rule – once a player touches a
// piece it must be moved. Thus, the computer would have to move its King
// somewhere else, and you would enter that move for it. If there are no
// legal moves left for the King, then the computer must resign." Play
// applies that rule to every move of the program that the rules do not
// allow when PlayOptions.TouchMove is set (docs/referee.md).

// TouchMove is the referee's ruling on an illegal move of the program
// under the touch-move rule.
type TouchMove struct {
	Illegal string // the program's move (UCI)
	Reason  string // what the rules have against it
	Man     string // the man it touched, which must move: "king", "pawn", ...
	// Entered is the move entered for the program (SAN); "" when the man
	// has no legal move and the program resigns.
	Entered string
}

// Resigned tells whether the program resigned: the touched man had no
// legal move.
func (t *TouchMove) Resigned() bool { return t.Entered == "" }

// String is the ruling in words, as the record's comment on the move:
// "touch-move: e1g1 is illegal (castling through check: f1 is attacked);
// the king must move: Kf1 entered".
func (t *TouchMove) String() string {
	head := fmt.Sprintf("touch-move: %s is illegal (%s); ", t.Illegal, t.Reason)
	if t.Resigned() {
		return head + fmt.Sprintf("the %s has no legal move: the program resigns", t.Man)
	}
	return head + fmt.Sprintf("the %s must move: %s entered", t.Man, t.Entered)
}

// TouchMoveChoice is the move the referee enters for a program whose move
// from-to is illegal: a legal move of the man on from, the man it
// touched, nil when that man has none. Of its legal moves the one whose
// destination is nearest to (by the squared distance, files² + ranks²) is
// chosen: it keeps closest to what the program meant (a king that meant to
// castle short steps towards g1; a pawn stays on its way up the board), and
// it asks the referee for no judgement. Ties go to the destination first
// in the order a1, b1, ... h1, a2, ... h8, then to the promotion to the
// queen, rook, bishop, knight, in that order.
func TouchMoveChoice(pos *chess.Position, from, to chess.Square) *chess.Move {
	var man []chess.Move
	for _, m := range pos.ValidMoves() {
		if m.S1() == from {
			man = append(man, m)
		}
	}
	if len(man) == 0 {
		return nil
	}
	promo := map[chess.PieceType]int{chess.NoPieceType: 0, chess.Queen: 0, chess.Rook: 1, chess.Bishop: 2, chess.Knight: 3}
	key := func(m chess.Move) []int { return []int{distance2(m.S2(), to), int(m.S2()), promo[m.Promo()]} }
	best := slices.MinFunc(man, func(a, b chess.Move) int { return slices.Compare(key(a), key(b)) })
	return &best
}

// distance2 is the squared distance between two squares' centres.
func distance2(a, b chess.Square) int {
	df, dr := int(a.File())-int(b.File()), int(a.Rank())-int(b.Rank())
	return df*df + dr*dr
}

// tables is what the program's move may change of its board: the piece
// table, and the special-moves program's types and en passant square.
type tables struct {
	array memmap.Array
	ep    byte
}

func (p *Play) tables() tables {
	t := tables{array: p.S.Array()}
	if v := p.S.Special; v != nil {
		t.ep = p.S.M.Peek(v.EnPassant)
	}
	return t
}

func (t tables) equal(u tables) bool {
	if t.array.Computer != u.array.Computer || t.array.Player != u.array.Player || t.ep != u.ep {
		return false
	}
	return (t.array.Attr == nil) == (u.array.Attr == nil) && (t.array.Attr == nil || *t.array.Attr == *u.array.Attr)
}

// restore writes the tables back, as a player would from the monitor.
func (p *Play) restore(t tables) {
	p.S.SetArray(t.array)
	if v := p.S.Special; v != nil && t.array.Attr != nil {
		for i := range 16 {
			p.S.M.Poke(v.Attr+uint16(i), t.array.Attr[0][i])
			p.S.M.Poke(v.Attr+16+uint16(i), t.array.Attr[1][i])
		}
		p.S.M.Poke(v.EnPassant, t.ep)
	}
}

// touchMove rules on an illegal move of the program's by the touch-move
// rule: the move is taken back and the touched man's move chosen by
// TouchMoveChoice is keyed in for the program, or, when the man has none,
// the program resigns. The program's move is taken back as the player
// takes a move back at the keypad, the man keyed from its TO square to its
// FROM square; what that leaves different from the board before the move
// (a man it took; the special-moves program's rook, types, en passant
// square, which its MOVE sets itself) is written back from the monitor.
func (p *Play) touchMove(ply PlayedPly, e *IllegalMoveError, mv Move) (*PlayedPly, error) {
	computer := p.Computer()
	from, to, err := p.S.DisplayedSquares(mv, computer)
	if err != nil {
		return nil, err
	}
	pos := p.Game.Position()
	t := &TouchMove{Illegal: e.UCI, Reason: e.Reason, Man: rules.TypeNames[pos.Board().Piece(from).Type()]}
	choice := TouchMoveChoice(pos, from, to)
	if choice == nil {
		ply.TouchMove = t
		ply.UCI, ply.SAN = e.UCI, e.UCI
		p.Plies = append(p.Plies, ply)
		p.Game.Resign(computer)
		p.End = t.String()
		return &p.Plies[len(p.Plies)-1], nil
	}
	var keys [][2]byte
	if p.S.Special == nil {
		keys = append(keys, [2]byte{mv.To, mv.From})
		if err := p.S.Enter(mv.To, mv.From); err != nil {
			return nil, err
		}
	}
	if !p.tables().equal(p.before) {
		p.restore(p.before)
		ply.Note = strings.TrimPrefix(ply.Note+"; the board before its move written back from the monitor", "; ")
	}
	t.Entered = rules.SAN(pos, choice)
	entered, err := p.enter(choice)
	var cannot *CannotHoldError
	switch {
	case errors.As(err, &cannot):
		// A pawn's move to the last rank with no man to replace it: the
		// game cannot go on, as when the program plays such a move.
		ply.TouchMove, ply.UCI, ply.SAN = t, choice.String(), t.Entered
		ply.Unheld = cannot.Why
		ply.Note = strings.TrimPrefix(ply.Note+"; "+t.String(), "; ")
		p.Plies = append(p.Plies, ply)
		p.End = ply.Unheld
		return &p.Plies[len(p.Plies)-1], nil
	case err != nil:
		return nil, err
	}
	entered.Computer, entered.Display, entered.Book, entered.TouchMove = true, mv, ply.Book, t
	entered.Keys = append(keys, entered.Keys...)
	entered.Note = strings.TrimPrefix(ply.Note+"; "+t.String(), "; ")
	moves := p.Game.Moves()
	last := moves[len(moves)-1]
	last.SetCommand("cycles", fmt.Sprint(mv.Cycles))
	last.AddComment(entered.Note)
	return entered, nil
}
