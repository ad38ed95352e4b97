package microchess_test

import (
	"fmt"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
)

// player is one program in a match: a session whose computer plays one
// colour. list holds its opening list when it runs the upgrade.
type player struct {
	s       *microchess.Session
	white   bool
	list    []entry
	subject bool // the program an experiment measures
}

// entry is one development move of an opening list (00C4 + 3i).
type entry struct{ piece, from, to byte }

// readList reads the eight development moves from the program's memory.
func readList(s *microchess.Session) []entry {
	var out []entry
	for a := uint16(0x00C4); a < 0x00DC; a += 3 {
		out = append(out, entry{s.M.Peek(a), s.M.Peek(a + 1), s.M.Peek(a + 2)})
	}
	return out
}

// ply is one half-move of a match.
type ply struct {
	UCI    string
	White  bool
	Forced bool // entered as the player would, not chosen by a program
	List   int  // index of the list entry the mover played, -1 if none
}

type game struct {
	Plies []ply
	End   string
	Board *chess.Game
}

// match plays two sessions against each other from the start. forced holds
// moves entered instead of a program's choice, by ply (0 is White's first).
// Every move is checked with the chess library and both programs' boards
// are compared with its board after every ply. A move the library refuses
// (the article allows illegal castling) ends the game, as does a pawn
// reaching the last rank (promotion is left to the player).
func match(w, b *player, forced map[int]string, maxPerSide int, bookOff func(*player) bool) (*game, error) {
	for _, p := range []*player{w, b} {
		keys := "C"
		if !p.white {
			keys = "C E"
		}
		if err := p.s.Keys(keys); err != nil {
			return nil, err
		}
		if bookOff != nil && bookOff(p) {
			p.s.BookOff()
		}
		if p.list != nil {
			p.list = readList(p.s)
		}
	}
	g := &game{Board: microchess.NewGame()}
	for n := 0; n < 2*maxPerSide; n++ {
		mover, other := w, b
		if n%2 == 1 {
			mover, other = b, w
		}
		pl := ply{White: mover.white, List: -1}
		var from, to chess.Square
		if uci, ok := forced[n]; ok {
			mv, err := chess.UCINotation{}.Decode(g.Board.Position(), uci)
			if err != nil {
				return g, fmt.Errorf("forced move %s: %v", uci, err)
			}
			from, to, pl.Forced = mv.S1(), mv.S2(), true
			if err := mover.s.Enter(code(from, mover.white), code(to, mover.white)); err != nil {
				return g, err
			}
		} else {
			mv, err := mover.s.Play()
			if err != nil {
				return g, err
			}
			if mv.Resigned() {
				g.End = side(mover.white) + " resigned"
				return g, nil
			}
			if from, err = square(mv.From, mover.white); err != nil {
				return g, err
			}
			if to, err = square(mv.To, mover.white); err != nil {
				return g, err
			}
			for i, e := range mover.list {
				if e == (entry{mv.Piece, mv.From, mv.To}) {
					pl.List = i
				}
			}
		}
		pl.UCI = from.String() + to.String()
		if end, err := push(g, from, to, pl, mover, other); end != "" || err != nil {
			g.End = end
			return g, err
		}
	}
	g.End = fmt.Sprintf("%d moves a side", maxPerSide)
	return g, nil
}

func side(white bool) string {
	if white {
		return "White"
	}
	return "Black"
}

// push plays a move on the library board and tells the programs what they
// have not seen: mover (nil if none) has made the move itself, others have
// not. Each keys the move as the player does (a castling's rook, too, for
// a computer that moved its king two squares).
func push(g *game, from, to chess.Square, pl ply, mover *player, others ...*player) (string, error) {
	pos := g.Board.Position()
	if pos.Board().Piece(from).Type() == chess.Pawn && (to.Rank() == chess.Rank8 || to.Rank() == chess.Rank1) {
		return side(pl.White) + " pawn reached the last rank", nil
	}
	m, err := chess.UCINotation{}.Decode(pos, pl.UCI)
	if err == nil {
		err = g.Board.Move(m, nil)
	}
	if err != nil {
		return fmt.Sprintf("%s played %s, illegal: %v", side(pl.White), pl.UCI, err), nil
	}
	g.Plies = append(g.Plies, pl)
	all := others
	if mover != nil {
		all = append([]*player{mover}, others...)
	}
	for _, p := range all {
		keys := microchess.MoveKeys(m, color(p.white))
		if p == mover {
			keys = keys[1:] // the mover made its own move (or it was entered)
		}
		if err := p.s.EnterKeys(keys); err != nil {
			return "", err
		}
	}
	for _, p := range all {
		if err := p.s.Matches(g.Board.Position(), color(p.white)); err != nil {
			return "", fmt.Errorf("after %s the %s program: %v", pl.UCI, side(p.white), err)
		}
	}
	if o := g.Board.Outcome(); o != chess.NoOutcome {
		return fmt.Sprintf("%s by %s", o, g.Board.Method()), nil
	}
	return "", nil
}
