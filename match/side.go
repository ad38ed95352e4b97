package match

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
	"github.com/kim1-archive/microchess/uci"
)

// side is a player seated in one game.
type side interface {
	// begin starts a game from start (a FEN; "" for the initial
	// position) with the opening's moves (UCI) played, the side playing
	// color.
	begin(color chess.Color, start string, opening []string) error
	// think asks for the side's move.
	think(ctx context.Context) (reply, error)
	// accept tells the side a move the referee accepted, its own or the
	// opponent's.
	accept(move string, own bool) error
	// what names the side playing color for the record: the program or
	// the engine's id (known whether or not the side could begin).
	what(color chess.Color) string
}

// reply is a side's move and what it said of it.
type reply struct {
	move     string // UCI
	resigned bool
	none     bool   // an engine that says it has no move
	illegal  string // why the side's own referee found its move illegal
	unheld   string // why the program cannot play its move on
	display  string // what a MicroChess program showed ("06 04 06")
	cycles   uint64 // a MicroChess program's emulated cycles
	note     string
	score    string // an engine's last score
	book     bool   // the library program played it from its tables

	// touch is the referee's ruling on an illegal move under the
	// touch-move rule: move is then the move entered for the side, or,
	// with resigned, none.
	touch *session.TouchMove
}

// program is a MicroChess player, built for both sides once.
type program struct {
	images [3][]kim1.Image // by chess.Color
	desc   [3]string
	level  memmap.Level
	needs  session.Needs
	book   bool
	touch  bool // the touch-move rule (IllegalRule)
	rom    *kim1.MonitorROM
}

func prepareProgram(p *Player, book bool) (*program, error) {
	pr := &program{level: p.Level, needs: p.Needs, book: book || p.Plan, touch: p.Illegal == TouchMove, rom: p.ROM}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		im, desc, err := p.Program(c)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", p.Name, err)
		}
		pr.images[c], pr.desc[c] = im, desc
	}
	return pr, nil
}

// programSide plays a MicroChess program: the game is kept in a
// microchess.Play, whose person is the opponent.
type programSide struct {
	prog  *program
	play  *session.Play
	seed  byte        // the library program's random number for this game (not 0)
	watch MoveWatcher // nil: no one watches (Player.Watch)
}

func (s *programSide) begin(color chess.Color, start string, opening []string) error {
	needs := s.prog.needs
	needs.Plan = s.prog.book && start != "" // the block kept on after a FEN start
	p, err := session.NewPlay(session.PlayOptions{
		Program: s.prog.desc[color], Images: s.prog.images[color], FEN: start, Needs: needs,
		Player: color.Other(), Level: s.prog.level, BookOff: !s.prog.book, Seed: s.seed,
		TouchMove: s.prog.touch, ROM: s.prog.rom,
	})
	if err != nil {
		return err
	}
	if len(p.Setup) > 0 {
		return fmt.Errorf("the program's piece table cannot hold the start: %s", strings.Join(p.Setup, "; "))
	}
	for _, m := range opening {
		if _, err := p.Force(m); err != nil {
			return fmt.Errorf("opening move %s: %v", m, err)
		}
	}
	s.play = p
	return nil
}

// think lets the program think its move through: a move lasts at most a
// fraction of a second on the host, so an interrupted match waits for it.
func (s *programSide) think(ctx context.Context) (reply, error) {
	if s.watch == nil {
		return s.thinkMove()
	}
	m := s.play.S.M
	s.watch.Thinking(m)
	r, err := s.thinkMove()
	s.watch.Thought(m, r.cycles, err)
	return r, err
}

func (s *programSide) thinkMove() (reply, error) {
	ply, err := s.play.Think()
	if err != nil {
		return reply{}, err
	}
	r := reply{move: ply.UCI, display: ply.Display.String(), cycles: ply.Display.Cycles, note: ply.Note, book: ply.Book}
	switch {
	case ply.Display.Resigned():
		r.resigned = true
	case ply.TouchMove != nil:
		r.touch, r.resigned, r.unheld = ply.TouchMove, ply.TouchMove.Resigned(), ply.Unheld
	case ply.Illegal != "":
		r.illegal = ply.Illegal
	case ply.Unheld != "":
		r.unheld = ply.Unheld
	}
	return r, nil
}

func (s *programSide) accept(move string, own bool) error {
	if own {
		return nil // Think played it
	}
	_, err := s.play.Move(move)
	return err
}

func (s *programSide) what(color chess.Color) string { return s.prog.desc[color] }

// engineSide plays an external engine through its client, which a worker
// keeps from game to game.
type engineSide struct {
	e       *Engine
	c       *uci.Client
	moves   []string
	timeout time.Duration
	game    uint64 // the game's seed for a picking engine (pickMove)
	fen     string // the game's start ("" for the initial position)
}

func (s *engineSide) begin(color chess.Color, start string, opening []string) error {
	s.fen = start
	s.moves = append([]string(nil), opening...)
	return s.c.NewGame()
}

func (s *engineSide) think(ctx context.Context) (reply, error) {
	a, err := s.c.Go(ctx, s.fen, s.moves, s.e.Limit, s.timeout)
	if err != nil {
		return reply{}, err
	}
	if ctx.Err() != nil {
		return reply{}, ctx.Err()
	}
	r := reply{move: a.Move, score: a.Score}
	if a.Move == "0000" || a.Move == "(none)" {
		r.none = true
	} else if s.e.Pick > 1 {
		r.move = pickMove(a, s.e.Pick, s.e.PickMargin, s.game, len(s.moves))
	}
	return r, nil
}

func (s *engineSide) accept(move string, own bool) error {
	s.moves = append(s.moves, move)
	return nil
}

func (s *engineSide) what(chess.Color) string {
	pick := ""
	if s.e.Pick > 1 {
		pick = fmt.Sprintf(", picking at random among its best %d lines within %d cp", s.e.Pick, s.e.PickMargin)
	}
	return s.c.Name + " (" + s.e.Limit.String() + optionText(s.e.Options) + pick + ")"
}

func optionText(opts []uci.Option) string {
	t := ""
	for _, o := range opts {
		t += ", " + o.Name + " " + o.Value
	}
	return t
}
