package session

import (
	"errors"
	"fmt"
	"strings"

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
