package session

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
)

// PlayOptions say what game a person plays against the program.
type PlayOptions struct {
	Program string       // what the program is, for the record ("MicroChess 1977")
	Images  []kim1.Image // the program
	// Needs is what the program needs: its memory, how it is driven.
	Needs
	// Player is the side the person plays; the program plays the other
	// (White after C, Black after C and E, as the manual has it).
	Player  chess.Color
	Level   memmap.Level
	BookOff bool   // end the program's opening book after C
	Block   []byte // an opening block for 00C0–00DB (nil: the program's own)
	Book    string // what the book is, for the record
	// FEN starts the game from a position instead of the start: it is set
	// up in the program's piece table (see ArrayOf), and the book is off.
	FEN string
	// Seed, if not 0, is the library program's random number after C
	// (Needs.Library).
	Seed byte
	// Lenient lets the game go on after a move of the program that is
	// illegal in chess, from the program's board; otherwise such a move
	// loses the game for the program.
	Lenient bool
	// TouchMove referees a move of the program's that is illegal in chess
	// by Stone's touch-move rule instead (TouchMoveChoice): the man it
	// touched must make a legal move, entered for it; with none, the
	// program resigns. Not with Lenient.
	TouchMove bool
	// ROM runs the program on the user's KIM-1 monitor ROM and the
	// emulated board (MachineOnROM) instead of trapping the monitor's
	// routines; nil: the traps.
	ROM *kim1.MonitorROM
	// Baud is the teletype's rate on the ROM (Teletype with ROM), which
	// the monitor measures from the RUBOUT after RS; 0: DefaultBaud.
	Baud int
}

// DefaultBaud is the teletype's rate on the ROM when none is given.
const DefaultBaud = 1200

// PlayedPly is one half-move of a game against the program.
type PlayedPly struct {
	SAN      string
	UCI      string
	Computer bool      // the program's move (else the person's)
	Display  Move      // what the program showed (its moves)
	Keys     [][2]byte // what was keyed into the program (FROM TO then F each)
	Note     string    // castling completed, promotion set up, ...
	Illegal  string    // the program's move broke the rules (why)
	// Unheld says why the program's move cannot be played on: a pawn on
	// the last rank with no captured man to replace it.
	Unheld string
	// Book is set for a move the library program played from its tables.
	Book bool
	// TouchMove is the referee's ruling when the program's move was illegal
	// and PlayOptions.TouchMove is set: the ply is then the move entered for
	// the program (or its resignation), Display the illegal move it showed.
	TouchMove *TouchMove
}

// Play is a game between a person and the program, refereed by the chess
// library: the person's moves are keyed in as the manual prescribes, the
// program's are read from its display, and after every move the program's
// board must be the library's.
type Play struct {
	Opt   PlayOptions
	S     *Session
	Game  *chess.Game    // since the start, or since the last illegal move let through
	ref   *rules.Referee // Game's: moves go in through it
	Plies []PlayedPly
	// Earlier holds the games before an illegal move of the program was let
	// through (Lenient): each ends where the program left the rules, which
	// EarlierEnd says.
	Earlier    []*chess.Game
	EarlierEnd []string
	// End says why the game is over ("" while it goes on).
	End string
	// Setup says how a FEN start was fitted into the program's table.
	Setup []string
	// before is the program's board before it thought (for TouchMove).
	before tables
}

// Computer is the side the program plays.
func (p *Play) Computer() chess.Color { return p.Opt.Player.Other() }

// NewPlay sets the program up for a game: loaded, at the level, C pressed
// (and E when the program plays Black), the book as asked.
func NewPlay(opt PlayOptions) (*Play, error) {
	if opt.Player == chess.NoColor {
		opt.Player = chess.Black
	}
	if opt.Lenient && opt.TouchMove {
		return nil, errors.New("an illegal move is either let through (Lenient) or refereed by the touch-move rule, not both")
	}
	m, err := playMachine(opt.Memory(), opt)
	if err != nil {
		return nil, err
	}
	if opt.Block != nil {
		if len(opt.Block) != memmap.BookSize {
			return nil, fmt.Errorf("an opening block is %d bytes (00C0–00DB), not %d", memmap.BookSize, len(opt.Block))
		}
		if err := m.Load(kim1.Image{Name: "opening block", Addr: memmap.BookStart, Data: opt.Block}); err != nil {
			return nil, err
		}
	}
	p := &Play{Opt: opt, S: NewSession(m), Game: rules.NewGame()}
	p.S.Needs = opt.Needs
	if opt.Teletype {
		if _, err := p.S.Type(); err != nil { // to its first prompt
			return nil, err
		}
	}
	p.S.SetLevel(opt.Level)
	keys := "C"
	if p.Computer() == chess.Black {
		keys = "C E"
	}
	if err := p.S.Keys(keys); err != nil {
		return nil, err
	}
	if opt.FEN != "" {
		fen, err := rules.LegalFEN(opt.FEN)
		if err != nil {
			return nil, err
		}
		p.Game = rules.NewGame(fen)
		if opt.Special != nil {
			if err := p.S.SetSpecialPosition(p.Game.Position(), p.Computer()); err != nil {
				return nil, err
			}
		} else {
			a, notes := memmap.ArrayOf(p.Game.Position().Board().SquareMap(), p.Computer())
			p.S.SetArray(a)
			p.Setup = notes
		}
		if !opt.Plan {
			opt.BookOff = true
			p.Opt.BookOff = true
		}
	}
	if l := opt.Library; l != nil {
		if opt.Seed != 0 {
			p.S.M.Poke(l.Seed, opt.Seed)
		}
		if opt.BookOff {
			p.S.M.Poke(l.InBook, 0)
		}
	}
	if opt.BookOff {
		p.S.BookOff()
	}
	p.ref = rules.NewReferee(p.Game)
	return p, p.compare()
}

// compare holds the program's board to the game's, unless a FEN start had
// to be fitted into the program's table (then they differ by design).
func (p *Play) compare() error {
	if len(p.Setup) > 0 {
		return nil
	}
	return p.S.Matches(p.Game.Position(), p.Computer())
}

// ComputerToMove tells whether it is the program's turn.
func (p *Play) ComputerToMove() bool {
	return p.End == "" && p.Game.Position().Turn() == p.Computer()
}

// Over tells whether the game has ended.
func (p *Play) Over() bool { return p.End != "" }

// Move plays the person's move, as typed (see ParseMove): refused, with
// the reason, when it is not legal or the program cannot represent it.
func (p *Play) Move(text string) (*PlayedPly, error) {
	if p.End != "" {
		return nil, fmt.Errorf("the game is over: %s", p.End)
	}
	if p.ComputerToMove() {
		return nil, errors.New("it is the program's move")
	}
	pos := p.Game.Position()
	m, err := ParseMove(pos, text, p.Computer())
	if err != nil {
		return nil, err
	}
	return p.enter(&m)
}

// Force keys a move for whichever side is to move, the program's too (the
// manual's player may move any man): how a game whose moves come from
// elsewhere (a UCI GUI) is kept in the program. The move is read as Move
// reads it.
func (p *Play) Force(text string) (*PlayedPly, error) {
	if p.End != "" {
		return nil, fmt.Errorf("the game is over: %s", p.End)
	}
	m, err := ParseMove(p.Game.Position(), text, p.Computer())
	if err != nil {
		return nil, err
	}
	ply, err := p.enter(&m)
	if err == nil && p.Game.Position().Turn() == p.Opt.Player {
		ply.Computer = true // a move of the program's side, keyed
	}
	return ply, err
}

// enter keys a legal move into the program and plays it.
func (p *Play) enter(m *chess.Move) (*PlayedPly, error) {
	pos := p.Game.Position()
	computer := p.Computer()
	mover, base := p.Opt.Player, uint16(memmap.PlayerBoard)
	if pos.Turn() == computer {
		mover, base = computer, memmap.Board
	}
	ply := PlayedPly{SAN: rules.SAN(pos, m), UCI: m.String(), Keys: p.S.KeysFor(m, computer)}
	slot := -1
	if m.Promo() != chess.NoPieceType && p.S.Special == nil {
		var err error
		if slot, err = p.freeSlot(m.Promo(), mover); err != nil {
			return nil, fmt.Errorf("%s: %w", ply.SAN, err)
		}
	}
	if err := p.S.EnterKeys(ply.Keys); err != nil {
		return nil, err
	}
	if err := p.S.underpromote(m, computer); err != nil {
		return nil, err
	}
	if slot >= 0 {
		// The manual's procedure: the pawn off the board (CC), the new
		// piece's slot onto the square the pawn reached.
		to := memmap.Code(m.S2(), computer)
		men := p.men(mover)
		pawn := memmap.Index(&men, to)
		if pawn < 0 {
			return nil, fmt.Errorf("internal: no pawn on %02X after %s", to, ply.SAN)
		}
		p.S.M.Poke(base+uint16(pawn), memmap.Captured)
		p.S.M.Poke(base+uint16(slot), to)
		ply.Note = fmt.Sprintf("pawn replaced by the %s: %04X = CC, %04X = %02X", rules.TypeNames[m.Promo()], base+uint16(pawn), base+uint16(slot), to)
	}
	if err := p.ref.Move(m); err != nil {
		return nil, err
	}
	p.Plies = append(p.Plies, ply)
	if err := p.compare(); err != nil {
		return nil, fmt.Errorf("after %s: %v", ply.SAN, err)
	}
	p.checkEnd()
	return &p.Plies[len(p.Plies)-1], nil
}

// men is a side's slots in the program's table.
func (p *Play) men(side chess.Color) [16]byte {
	a := p.S.Array()
	if side == p.Computer() {
		return a.Computer
	}
	return a.Player
}

// freeSlot finds a side's captured man of a type, whose slot a promoted
// pawn can take: the program keeps one queen, two rooks, bishops and
// knights a side.
func (p *Play) freeSlot(t chess.PieceType, side chess.Color) (int, error) {
	men := p.men(side)
	var free []string
	found := -1
	for slot := 1; slot < 8; slot++ {
		if _, onBoard := memmap.SquareOf(men[slot], chess.White); onBoard {
			continue
		}
		if memmap.PieceTypes[slot] == t && found < 0 {
			found = slot
		}
		free = append(free, rules.TypeNames[memmap.PieceTypes[slot]])
	}
	if found >= 0 {
		return found, nil
	}
	if len(free) == 0 {
		return -1, &CannotHoldError{fmt.Sprintf("the program holds one queen, two rooks, two bishops and two knights a side, and all of %s's are on the board: no piece to promote to", side.Name())}
	}
	return -1, &CannotHoldError{fmt.Sprintf("the program holds one queen, two rooks, two bishops and two knights a side; a %s of %s's is free to promote to, not a %s", strings.Join(dedup(free), " or "), side.Name(), rules.TypeNames[t])}
}

// CannotHoldError is a legal move the program's table cannot represent: a
// promotion to a piece whose slot is taken. The person is asked for
// another; a match adjudicates the game.
type CannotHoldError struct{ Why string }

func (e *CannotHoldError) Error() string { return e.Why }

func dedup(s []string) []string {
	var out []string
	for _, x := range s {
		if len(out) == 0 || out[len(out)-1] != x {
			out = append(out, x)
		}
	}
	return out
}

// Think presses PC and plays the program's move: checked against the game,
// completed as the manual asks the player to (the rook of a castling, a
// pawn on the last rank replaced), or, when illegal in chess, the end of
// the game (the program loses) unless Lenient.
func (p *Play) Think() (*PlayedPly, error) {
	if !p.ComputerToMove() {
		return nil, errors.New("it is not the program's move")
	}
	p.before = p.tables()
	mv, err := p.S.Play()
	if err != nil {
		return nil, err
	}
	return p.played(mv, "")
}

// ThinkUntil is Think with a way to stop the program: stop is asked every
// slice of cycles (see Session.PlayUntil). Stopped, the program is put back
// as it was before it thought, and the best move it had found so far
// (Session.BestSoFar) is keyed in for it, as a player may move its men;
// with none found yet, nothing is played and the ply is nil.
func (p *Play) ThinkUntil(slice uint64, stop func(cycles uint64) bool) (*PlayedPly, error) {
	if !p.ComputerToMove() {
		return nil, errors.New("it is not the program's move")
	}
	before := p.S.M.Clone()
	p.before = p.tables()
	root := p.before.array
	// .BESTV still holds the last display's middle pair until GO clears it
	// to 0C: zero it, so that a value above 0C is this search's.
	p.S.M.Poke(memmap.Display2, 0)
	mv, done, err := p.S.PlayUntil(slice, stop)
	if err != nil || done {
		if err != nil {
			return nil, err
		}
		return p.played(mv, "")
	}
	piece, to, _, ok := p.S.BestSoFar()
	spent := p.S.M.CPU.Cycles - before.CPU.Cycles
	p.S.M = before
	if !ok {
		return nil, nil
	}
	mv = Move{Piece: piece, From: root.Computer[piece], To: to, Cycles: spent}
	if err := p.S.Enter(mv.From, mv.To); err != nil {
		return nil, err
	}
	return p.played(mv, fmt.Sprintf("stopped after %d cycles: the best move found so far", spent))
}

// played checks and completes a move of the program's, now on its board.
func (p *Play) played(mv Move, why string) (*PlayedPly, error) {
	computer := p.Computer()
	ply := PlayedPly{Computer: true, Display: mv, Note: why}
	if l := p.Opt.Library; l != nil && p.S.M.Peek(l.InBook) != 0 {
		ply.Book = true
		ply.Note = strings.TrimPrefix(ply.Note+"; from the library", "; ")
	}
	if mv.Resigned() {
		p.Game.Resign(computer)
		p.End = fmt.Sprintf("the program resigns (%v)", mv)
		return &ply, nil
	}
	pos := p.Game.Position()
	uci, note, stop, err := p.S.Computer(p.ref, mv, computer)
	ply.UCI = uci
	if note != "" {
		ply.Note = strings.TrimPrefix(ply.Note+"; "+note, "; ")
	}
	var illegal *IllegalMoveError
	switch {
	case errors.As(err, &illegal) && p.Opt.TouchMove:
		return p.touchMove(ply, illegal, mv)
	case errors.As(err, &illegal):
		return p.illegal(ply, illegal)
	case err != nil:
		return nil, err
	case stop != "":
		p.End, ply.Unheld = stop, stop
		return &ply, nil
	}
	if err := p.compare(); err != nil {
		return nil, fmt.Errorf("after the program's %s: %v", uci, err)
	}
	moves := p.ref.Moves()
	last := moves[len(moves)-1]
	ply.SAN = rules.SAN(pos, last)
	last.SetCommand("cycles", fmt.Sprint(mv.Cycles))
	if ply.Note != "" {
		last.AddComment(ply.Note)
	}
	p.Plies = append(p.Plies, ply)
	p.checkEnd()
	return &p.Plies[len(p.Plies)-1], nil
}

// illegal records a move of the program's that the rules do not allow.
func (p *Play) illegal(ply PlayedPly, e *IllegalMoveError) (*PlayedPly, error) {
	ply.Illegal = e.Reason
	ply.SAN = e.UCI
	p.Plies = append(p.Plies, ply)
	what := fmt.Sprintf("the program played %s (%v), illegal in chess: %s", e.UCI, ply.Display, e.Reason)
	if !p.Opt.Lenient {
		p.Game.Resign(p.Computer())
		p.End = what
		return &p.Plies[len(p.Plies)-1], nil
	}
	// Go on from the program's board, the person to move; the record
	// closes this game and starts another from the position.
	board, err := p.S.Position(p.Computer())
	if err != nil {
		return nil, err
	}
	fen := rules.PositionFEN(board, p.Opt.Player)
	opt, err := rules.FEN(fen)
	if err != nil {
		p.End = what + "; its board is no chess position (" + err.Error() + ")"
		return &p.Plies[len(p.Plies)-1], nil
	}
	p.Earlier = append(p.Earlier, p.Game)
	p.EarlierEnd = append(p.EarlierEnd, what+"; the game went on from the program's board")
	p.Game = rules.NewGame(opt)
	p.ref = rules.NewReferee(p.Game)
	return &p.Plies[len(p.Plies)-1], nil
}

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
		out = append(out, c.String())
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
