package uci

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

// Engine is MicroChess as a UCI engine. The program is kept between
// commands: a position that extends the last one by a few moves has them
// keyed in; any other is played again from its start.
type Engine struct {
	// Build gives a program (an option value of Program) for the side it
	// plays.
	Build func(program string, computer chess.Color) (*Program, error)
	// ID is the name "id name" gives the GUI ("": MicroChess 1977).
	ID string
	// Programs are the values the Program option takes (nil: the
	// catalogue's, builds.UCI); DefaultProgram is its default ("": the
	// 1977 program).
	Programs       []string
	DefaultProgram string

	out *lineWriter

	program, level, clock string
	ownBook               bool

	startFEN string   // the position asked for: "" is the start position
	moves    []string // and its moves, in UCI
	// noPosition says why the last position command gave none ("": it did).
	noPosition string
	// game is the position in the chess library (nil: none yet).
	game *rules.Referee

	play    *session.Play
	playFEN string

	mu     sync.Mutex
	search *searchCtl // the go under way, or the last
	speed  float64    // the emulator's cycles per second on this host, as measured
}

// Program is a program as the engine plays it.
type Program struct {
	Images []kim1.Image
	Name   string // for the record: what it is
	Needs  session.Needs
}

// NewEngine makes an engine with the options' defaults.
func NewEngine(build func(program string, computer chess.Color) (*Program, error)) *Engine {
	return &Engine{Build: build, level: "auto", clock: "host", ownBook: true}
}

// Options as the uci command lists them, after Program.
var options = []string{
	"option name Level type combo default auto var auto var super-blitz var blitz var normal",
	"option name OwnBook type check default true",
	"option name Clock type combo default host var host var kim-1",
}

func (e *Engine) programs() []string {
	if e.Programs == nil {
		return builds.Names(builds.UCI)
	}
	return e.Programs
}

// current is the Program option's value.
func (e *Engine) current() string {
	switch {
	case e.program != "":
		return e.program
	case e.DefaultProgram != "":
		return e.DefaultProgram
	}
	return builds.Original
}

func (e *Engine) identify() {
	id := e.ID
	if id == "" {
		id = microchess.OriginalName
	}
	e.out.line("id name %s", id)
	e.out.line("id author Peter Jennings; Garold Stone (1980 upgrade)")
	e.out.line("option name Program type combo default %s var %s", e.current(), strings.Join(e.programs(), " var "))
	for _, o := range options {
		e.out.line("%s", o)
	}
	e.out.line("uciok")
}

// setOption reads "name NAME [value VALUE]"; a value the option does not
// take is said in an info string and ignored.
func (e *Engine) setOption(f []string) {
	var name, value []string
	cur := &name
	for _, w := range f {
		switch w {
		case "name":
			cur = &name
		case "value":
			cur = &value
		default:
			*cur = append(*cur, w)
		}
	}
	n, v := strings.ToLower(strings.Join(name, " ")), strings.ToLower(strings.Join(value, " "))
	bad := func() { e.out.line("info string option %s: value %q not taken", strings.Join(name, " "), v) }
	switch n {
	case "program":
		if !slices.Contains(e.programs(), v) {
			bad()
			return
		}
		if v != e.current() {
			e.program, e.play = v, nil
		}
	case "level":
		if _, err := memmap.LevelByName(v); err != nil && v != "auto" {
			bad()
			return
		}
		e.level = v
	case "ownbook":
		if v != "true" && v != "false" {
			bad()
			return
		}
		if (v == "true") != e.ownBook {
			e.ownBook, e.play = v == "true", nil
		}
	case "clock":
		if v != "host" && v != "kim-1" {
			bad()
			return
		}
		e.clock = v
	default:
		e.out.line("info string no option %q", strings.Join(name, " "))
	}
}

func (e *Engine) newGame() {
	e.play, e.startFEN, e.moves, e.game, e.noPosition = nil, "", nil, nil, ""
}

// position reads "startpos [moves ...]" or "fen FEN [moves ...]". A FEN
// that is not a legal chess position is refused, and the engine has no
// position until the next (go answers 0000); a move that is not legal (or
// not UCI) ends the list: the position is the one before it. Each is said
// in an info string.
func (e *Engine) position(f []string) {
	last, lastFEN, lastMoves := e.game, e.startFEN, e.moves
	e.startFEN, e.moves, e.noPosition, e.game = "", nil, "", nil
	if len(f) == 0 {
		e.noPosition = "position: want startpos or fen"
		e.out.line("info string %s", e.noPosition)
		return
	}
	var fen string
	rest := f[1:]
	switch f[0] {
	case "startpos":
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		fen, rest = strings.Join(rest[:i], " "), rest[i:]
		if _, err := rules.LegalFEN(fen); err != nil || fen == "" {
			if err == nil {
				err = errors.New("empty")
			}
			e.noPosition = fmt.Sprintf("position: FEN %q refused: %v", fen, err)
			e.out.line("info string %s", e.noPosition)
			return
		}
	default:
		e.noPosition = fmt.Sprintf("position: want startpos or fen, not %q", f[0])
		e.out.line("info string %s", e.noPosition)
		return
	}
	var moves []string
	if len(rest) > 0 && rest[0] == "moves" {
		moves = rest[1:]
	}
	// A GUI sends the whole game before every go: a list that extends the
	// last goes on from its game.
	g, done := last, len(lastMoves)
	if g == nil || fen != lastFEN || len(moves) < done || !slices.Equal(moves[:done], lastMoves) {
		var err error
		if g, err = startGame(fen); err != nil {
			e.noPosition = "position: " + err.Error()
			e.out.line("info string %s", e.noPosition)
			return
		}
		done = 0
	}
	for i := done; i < len(moves); i++ {
		if err := pushUCI(g, moves[i]); err != nil {
			e.out.line("info string position: move %d, %s: %v; the position is the one before it, after %d move(s)", i+1, printable(moves[i]), err, i)
			moves = moves[:i]
			break
		}
	}
	e.startFEN, e.moves, e.game = fen, slices.Clone(moves), g
}

// printable quotes a client's word for an info string, cut short if long.
func printable(s string) string {
	if len(s) > 20 {
		s = s[:20] + "..."
	}
	return strconv.Quote(s)
}

// pushUCI plays a move written in UCI (e2e4, e7e8q) if it is one of the
// legal moves, exactly as the protocol writes it.
func pushUCI(r *rules.Referee, m string) error {
	if !uciMove.MatchString(m) {
		return errors.New("not a move in UCI's notation (e2e4, e7e8q)")
	}
	pos := r.Position()
	for _, legal := range pos.ValidMoves() {
		if legal.String() == m {
			return r.Move(&legal)
		}
	}
	if pos.Status() != chess.NoMethod {
		return fmt.Errorf("the game is over (%s)", pos.Status())
	}
	return fmt.Errorf("not a legal move for %s here", strings.ToLower(pos.Turn().Name()))
}

var uciMove = regexp.MustCompile(`^[a-h][1-8][a-h][1-8][qrbn]?$`)

// replay plays the moves from the start (or FEN) in the chess library,
// through a Referee (the library's own Game.Move takes time that grows
// with the square of the game's length).
func replay(fen string, moves []string) (*chess.Game, error) {
	r, err := startGame(fen)
	if err != nil {
		return nil, err
	}
	for _, m := range moves {
		if err := pushUCI(r, m); err != nil {
			return nil, fmt.Errorf("move %s: %v", m, err)
		}
	}
	return r.Game, nil
}

// startGame is the game from the start, or from a FEN.
func startGame(fen string) (*rules.Referee, error) {
	g := rules.NewGame()
	if fen != "" {
		opt, err := rules.LegalFEN(fen)
		if err != nil {
			return nil, err
		}
		g = rules.NewGame(opt)
	}
	return rules.NewReferee(g), nil
}

// sync brings the program to the position asked for, the program to move;
// g is that position in the chess library.
func (e *Engine) sync(g *chess.Game) (*session.Play, error) {
	side := g.Position().Turn()
	if p := e.play; p != nil && e.playFEN == e.startFEN && p.Computer() == side && !p.Over() && len(p.Plies) <= len(e.moves) {
		extends := true
		for i, ply := range p.Plies {
			extends = extends && ply.UCI == e.moves[i]
		}
		if extends {
			added := e.moves[len(p.Plies):]
			var err error
			for _, m := range added {
				if _, err = p.Force(m); err != nil {
					break
				}
			}
			if err == nil {
				e.out.line("info string position: the game goes on, %d move(s) keyed in", len(added))
				return p, nil
			}
			e.out.line("info string position: %v", err)
		}
	}
	e.play = nil
	// The book is the program's own only from the start, with the program
	// making its own moves: a move of its side keyed in would leave the
	// book's pointer behind.
	first := chess.White
	if e.startFEN != "" && strings.Fields(e.startFEN)[1] == "b" {
		first = chess.Black
	}
	ownMoves := false
	for i := range e.moves {
		mover := first
		if i%2 == 1 {
			mover = first.Other()
		}
		ownMoves = ownMoves || mover == side
	}
	p, err := e.newPlay(side, e.startFEN, !e.ownBook || e.startFEN != "" || ownMoves)
	if err != nil {
		return nil, err
	}
	for i, m := range e.moves {
		if _, err = p.Force(m); err != nil {
			// A move the program's table cannot follow (a promotion to a
			// man whose slot is taken): the position as it stands is set
			// up instead, as from a FEN.
			e.out.line("info string position: move %d, %s, cannot be keyed into the program (%v): the position after the GUI's moves is set up instead", i+1, m, err)
			fen := g.Position().String()
			if p, err = e.newPlay(side, fen, true); err != nil {
				return nil, err
			}
			e.play, e.playFEN = nil, ""
			return p, nil
		}
	}
	book := "the program's book"
	if p.Opt.BookOff {
		book = "no book"
	}
	e.out.line("info string position: %s set up again from its start, %d move(s) keyed in, %s", p.Opt.Program, len(e.moves), book)
	e.play, e.playFEN = p, e.startFEN
	return p, nil
}

// newPlay sets the program up for a game from the start or a FEN, the
// program playing side, and says how a FEN was fitted into its table.
func (e *Engine) newPlay(side chess.Color, fen string, bookOff bool) (*session.Play, error) {
	prog, err := e.Build(e.current(), side)
	if err != nil {
		return nil, err
	}
	opt := session.PlayOptions{Program: prog.Name, Images: prog.Images, Needs: prog.Needs,
		Player: side.Other(), Level: memmap.Levels[len(memmap.Levels)-1], FEN: fen, BookOff: bookOff}
	p, err := session.NewPlay(opt)
	if err != nil {
		return nil, err
	}
	for _, n := range p.Setup {
		e.out.line("info string %s", n)
	}
	return p, nil
}
