package session

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/rules"
)

// Claim claims a draw by threefold repetition or the fifty-move rule, as
// the person may (the program never does); the rules impose the fivefold
// and seventy-five-move draws by themselves.
func (p *Play) Claim() error {
	if p.End != "" {
		return fmt.Errorf("the game is over: %s", p.End)
	}
	for _, m := range p.ref.EligibleDraws() {
		if m == chess.ThreefoldRepetition || m == chess.FiftyMoveRule {
			if err := p.Game.Draw(m); err != nil {
				return err
			}
			p.checkEnd()
			return nil
		}
	}
	return errors.New("no draw to claim: neither threefold repetition nor fifty moves without a capture or a pawn move")
}

// OutcomeText says how a game ended in words: "1-0, checkmate",
// "1/2-1/2, draw by the fifty-move rule".
func OutcomeText(o chess.Outcome, m chess.Method) string {
	how := map[chess.Method]string{
		chess.Checkmate:            "checkmate",
		chess.Resignation:          "resignation",
		chess.DrawOffer:            "draw agreed",
		chess.Stalemate:            "stalemate",
		chess.ThreefoldRepetition:  "draw by threefold repetition",
		chess.FivefoldRepetition:   "draw by fivefold repetition",
		chess.FiftyMoveRule:        "draw by the fifty-move rule",
		chess.SeventyFiveMoveRule:  "draw by the seventy-five-move rule",
		chess.InsufficientMaterial: "draw by insufficient material",
	}[m]
	if how == "" {
		how = m.String()
	}
	return fmt.Sprintf("%s, %s", o, how)
}

// checkEnd ends the game on mate, stalemate or a draw the rules impose.
func (p *Play) checkEnd() {
	if o := p.Game.Outcome(); o != chess.NoOutcome {
		p.End = OutcomeText(o, p.Game.Method())
	}
}

// Replay plays the game again from the start up to ply n, the program
// thinking its own moves again (it is deterministic, so they must come
// out the same): how a move is taken back.
func (p *Play) Replay(n int) (*Play, error) {
	if n < 0 || n > len(p.Plies) {
		return nil, fmt.Errorf("no ply %d in a game of %d", n, len(p.Plies))
	}
	q, err := NewPlay(p.Opt)
	if err != nil {
		return nil, err
	}
	for i, ply := range p.Plies[:n] {
		if ply.Computer {
			got, err := q.Think()
			if err != nil {
				return nil, err
			}
			if got.Display != ply.Display {
				return nil, fmt.Errorf("replaying move %d the program played %v, not %v", i/2+1, got.Display, ply.Display)
			}
			continue
		}
		if _, err := q.Move(ply.UCI); err != nil {
			return nil, fmt.Errorf("replaying %s: %v", ply.SAN, err)
		}
	}
	return q, nil
}

// PGN writes the game with the Seven Tag Roster, the program, level, book
// and termination, and each program move's cycles; games before an illegal
// move let through come first.
func (p *Play) PGN(date time.Time) string {
	white, black := "Player", p.Opt.Program
	if p.Opt.Player == chess.Black {
		white, black = black, white
	}
	games := append(append([]*chess.Game(nil), p.Earlier...), p.Game)
	var out []string
	for i, g := range games {
		c := g.Clone()
		result := string(c.Outcome())
		if result == "" {
			result = "*"
		}
		if i < len(games)-1 {
			result = "*"
		}
		for _, kv := range [][2]string{{"Event", "MicroChess game"}, {"Site", "emulated KIM-1"},
			{"Date", date.Format("2006.01.02")}, {"Round", fmt.Sprint(i + 1)},
			{"White", white}, {"Black", black}, {"Result", result},
			{"Program", p.Opt.Program}, {"Level", p.Opt.Level.Name}, {"Book", p.BookText()}} {
			c.AddTagPair(kv[0], kv[1])
		}
		// A game from a position says which (its first position's FEN).
		if start := g.Positions()[0].String(); start != rules.StartingPosition().String() {
			c.AddTagPair("FEN", start)
			c.AddTagPair("SetUp", "1")
		}
		switch {
		case i < len(games)-1:
			c.AddTagPair("Termination", p.EarlierEnd[i])
		case p.End != "":
			c.AddTagPair("Termination", p.End)
		default:
			c.AddTagPair("Termination", "unterminated")
		}
		out = append(out, rules.WritePGN(c))
	}
	return strings.Join(out, "\n")
}

// BookText says what opening book the program follows, if any. The 1977
// program's own block is a Giuoco Piano for the program as White: after
// C E (the program Black) its GO finds the person's first move unlike
// the block's first entry, which only the C position's display matches,
// and turns the book off, so the program thinks from move 1.
func (p *Play) BookText() string {
	switch {
	case p.Opt.BookOff:
		return "off"
	case p.Opt.Book != "":
		return p.Opt.Book
	case p.Computer() == chess.Black && p.Opt.Block == nil && p.Opt.Library == nil && !p.Opt.Plan:
		return "none for Black (the program's own book is White's): it thinks from move 1"
	}
	return "the program's own"
}

// Resign ends the game, lost by the person.
func (p *Play) Resign() error {
	if p.End != "" {
		return fmt.Errorf("the game is over: %s", p.End)
	}
	p.ref.Resign(p.Opt.Player)
	p.End = OutcomeText(p.Game.Outcome(), chess.Resignation) + " (you resigned)"
	return nil
}
