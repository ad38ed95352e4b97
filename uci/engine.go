package uci

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/emu/kim1"
)

// Engine is MicroChess as a UCI engine. The program is kept between
// commands: a position that extends the last one by a few moves has them
// keyed in; any other is played again from its start.
type Engine struct {
	// Build gives the images of a program (an option value of Program) for
	// the side the program plays, and a name for it.
	Build func(program string, computer chess.Color) ([]kim1.Image, string, error)
	// ID is the name "id name" gives the GUI ("": MicroChess 1977).
	ID string
	// Programs are the values the Program option takes (nil: original,
	// stone, special); DefaultProgram is its default ("": original).
	Programs       []string
	DefaultProgram string

	out *lineWriter

	program, level, clock string
	ownBook               bool

	startFEN string   // the position asked for: "" is the start position
	moves    []string // and its moves, in UCI

	play    *microchess.Play
	playFEN string

	mu       sync.Mutex
	stopCh   chan struct{}
	done     chan struct{}
	infinite bool    // the search under way waits for stop
	speed    float64 // the emulator's cycles per second on this host, as measured
}

// NewEngine makes an engine with the options' defaults.
func NewEngine(build func(program string, computer chess.Color) ([]kim1.Image, string, error)) *Engine {
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
		return []string{"original", "stone", "special", "tuned"}
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
	return "original"
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
		if _, err := microchess.LevelByName(v); err != nil && v != "auto" {
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
	e.play, e.startFEN, e.moves = nil, "", nil
}

// position reads "startpos [moves ...]" or "fen FEN [moves ...]"; a line
// that is neither is said in an info string and ignored.
func (e *Engine) position(f []string) {
	if len(f) == 0 {
		e.out.line("info string position: want startpos or fen")
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
		if _, err := microchess.FEN(fen); err != nil || fen == "" {
			e.out.line("info string position: FEN %q: %v", fen, err)
			return
		}
	default:
		e.out.line("info string position: want startpos or fen, not %q", f[0])
		return
	}
	var moves []string
	if len(rest) > 0 && rest[0] == "moves" {
		moves = rest[1:]
	}
	if _, err := replay(fen, moves); err != nil {
		e.out.line("info string position: %v", err)
		return
	}
	e.startFEN, e.moves = fen, moves
}

// replay plays the moves from the start (or FEN) in the chess library.
func replay(fen string, moves []string) (*chess.Game, error) {
	g := microchess.NewGame()
	if fen != "" {
		opt, err := microchess.FEN(fen)
		if err != nil {
			return nil, err
		}
		g = microchess.NewGame(opt)
	}
	for _, m := range moves {
		if err := g.PushNotationMove(m, chess.UCINotation{}, nil); err != nil {
			return nil, fmt.Errorf("move %s is not legal here", m)
		}
	}
	return g, nil
}

// sync brings the program to the position asked for, the program to move.
func (e *Engine) sync() (*microchess.Play, error) {
	g, err := replay(e.startFEN, e.moves)
	if err != nil {
		return nil, err
	}
	side := g.Position().Turn()
	if p := e.play; p != nil && e.playFEN == e.startFEN && p.Computer() == side && !p.Over() && len(p.Plies) <= len(e.moves) {
		extends := true
		for i, ply := range p.Plies {
			extends = extends && ply.UCI == e.moves[i]
		}
		if extends {
			added := e.moves[len(p.Plies):]
			for _, m := range added {
				if _, err := p.Force(m); err != nil {
					return nil, err
				}
			}
			e.out.line("info string position: the game goes on, %d move(s) keyed in", len(added))
			return p, nil
		}
	}
	images, name, err := e.Build(e.current(), side)
	if err != nil {
		return nil, err
	}
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
	needs, err := microchess.ProgramNeeds(e.current())
	if err != nil {
		return nil, err
	}
	opt := microchess.PlayOptions{Program: name, Images: images, Layout: needs.Layout, Special: needs.Special,
		Player: side.Other(), Level: microchess.Levels[len(microchess.Levels)-1], FEN: e.startFEN,
		BookOff: !e.ownBook || e.startFEN != "" || ownMoves}
	p, err := microchess.NewPlay(opt)
	if err != nil {
		return nil, err
	}
	for _, n := range p.Setup {
		e.out.line("info string %s", n)
	}
	for _, m := range e.moves {
		if _, err := p.Force(m); err != nil {
			return nil, err
		}
	}
	book := "the program's book"
	if opt.BookOff {
		book = "no book"
	}
	e.out.line("info string position: %s set up again from its start, %d move(s) keyed in, %s", name, len(e.moves), book)
	e.play, e.playFEN = p, e.startFEN
	return p, nil
}

// goThink starts the program thinking in the background.
func (e *Engine) goThink(f []string) {
	g := parseGo(f)
	stopCh, done := make(chan struct{}), make(chan struct{})
	e.mu.Lock()
	e.stopCh, e.done, e.infinite = stopCh, done, g.infinite
	e.mu.Unlock()
	go func() {
		defer close(done)
		e.think(g, stopCh)
	}()
}

// stop asks the program to stop thinking; its bestmove follows.
func (e *Engine) stop() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.stopCh != nil {
		select {
		case <-e.stopCh:
		default:
			close(e.stopCh)
		}
	}
}

// finish lets a search under way end as its limits say (an infinite one is
// stopped) and waits for its bestmove: a command that changes the game
// must not pull it from under the program.
func (e *Engine) finish() {
	e.mu.Lock()
	infinite := e.infinite
	e.mu.Unlock()
	if infinite {
		e.stop()
	}
	e.wait()
}

func (e *Engine) wait() {
	e.mu.Lock()
	done := e.done
	e.mu.Unlock()
	if done != nil {
		<-done
	}
}

// stopAndWait stops any thinking and waits for its bestmove.
func (e *Engine) stopAndWait() {
	e.stop()
	e.mu.Lock()
	done := e.done
	e.mu.Unlock()
	if done != nil {
		<-done
	}
}

// slice is how many cycles the program runs between looks at the clock
// and at stop: well under a millisecond on a host, a tenth of a second at
// the KIM-1's pace.
const slice = 100_000

// think answers one go with one bestmove.
func (e *Engine) think(g goParams, stopCh chan struct{}) {
	best, info := e.search(g, stopCh)
	for _, line := range info {
		e.out.line("%s", line)
	}
	if g.infinite {
		<-stopCh // in infinite mode the answer waits for stop
	}
	e.out.line("bestmove %s", best)
}

// search runs the program on the position and says its move and what it
// knows of it.
func (e *Engine) search(g goParams, stopCh chan struct{}) (string, []string) {
	p, err := e.sync()
	if err != nil {
		e.play = nil
		return "0000", []string{"info string cannot set the position up: " + err.Error()}
	}
	legal := p.Game.Position().ValidMoves()
	if len(legal) == 0 || p.Over() {
		return "0000", []string{"info string no move to make: the game is over"}
	}
	limit := allot(g, p.Computer())
	level := e.chooseLevel(g, limit)
	p.S.SetLevel(level)
	p.Opt.Level = level
	start := time.Now()
	paced := e.clock == "kim-1"
	stopped := false
	ply, err := p.ThinkUntil(slice, func(cycles uint64) bool {
		select {
		case <-stopCh:
			stopped = true
			return true
		default:
		}
		if paced {
			if ahead := time.Duration(cycles)*time.Microsecond - time.Since(start); ahead > 0 {
				time.Sleep(ahead)
			}
		}
		return limit > 0 && time.Since(start) >= limit
	})
	elapsed := time.Since(start)
	if err != nil {
		e.play = nil
		return "0000", []string{"info string the program failed: " + err.Error()}
	}
	info := []string{fmt.Sprintf("info time %d", elapsed.Milliseconds())}
	switch {
	case ply == nil:
		why := "time ran out"
		if stopped {
			why = "stopped"
		}
		m := legal[0]
		info = append(info, fmt.Sprintf("info string %s before the program had a move (level %s): sending the first legal move, %s", why, level.Name, m.String()))
		return m.String(), info
	case ply.Display.Resigned():
		return "0000", append(info, "info string the program resigns (FF FF FF): it finds no acceptable move")
	}
	cycles := ply.Display.Cycles
	if !paced && cycles >= 1_000_000 && elapsed > 0 {
		// A search long enough to time (a book move is not).
		e.speed = float64(cycles) / elapsed.Seconds()
	}
	what := fmt.Sprintf("info string %v: %d cycles, %.1f s on a 1 MHz KIM-1, level %s", ply.Display, cycles, float64(cycles)/1e6, level.Name)
	if v, ok := p.S.Evaluation(ply.Display); ok {
		what += fmt.Sprintf(", value %02X (the program's .BESTV)", v)
	} else if !strings.HasPrefix(ply.Note, "stopped") {
		what += ", from the book"
	}
	if ply.Note != "" {
		what += "; " + ply.Note
	}
	info = append(info, what)
	if ply.Illegal != "" {
		info = append(info, "info string illegal in chess ("+ply.Illegal+"): sent as the program played it")
		e.play = nil // the next position is set up again
	}
	return ply.UCI, info
}

// allot is the time for this move: movetime, or a share of the clock
// (the moves to go, or 30, and most of the increment), never more than
// half of it; 0 for no limit (infinite, depth, or no clock given).
func allot(g goParams, side chess.Color) time.Duration {
	if g.infinite {
		return 0
	}
	if g.movetime >= 0 {
		return time.Duration(max(g.movetime, 1)) * time.Millisecond
	}
	mine, inc := g.wtime, g.winc
	if side == chess.Black {
		mine, inc = g.btime, g.binc
	}
	if mine < 0 {
		return 0
	}
	togo := int64(g.movestogo)
	if togo <= 0 {
		togo = 30
	}
	t := min(mine/togo+inc*3/4, mine/2)
	return time.Duration(max(t-20, 1)) * time.Millisecond
}

// chooseLevel is the Level option, or with auto the strongest level whose
// slowest measured move fits the time (depth 1, 2 and more ask for Super
// Blitz, Blitz and Normal).
func (e *Engine) chooseLevel(g goParams, limit time.Duration) microchess.Level {
	if l, err := microchess.LevelByName(e.level); err == nil {
		return l
	}
	levels := microchess.Levels
	if g.depth > 0 {
		return levels[min(g.depth, len(levels))-1]
	}
	if limit <= 0 {
		return levels[len(levels)-1]
	}
	speed := e.speed
	switch {
	case e.clock == "kim-1":
		speed = 1e6
	case speed == 0:
		speed = 50e6 // until measured: well below any host seen
	}
	for i := len(levels) - 1; i > 0; i-- {
		if float64(levels[i].SlowestCycles)/speed <= limit.Seconds() {
			return levels[i]
		}
	}
	return levels[0]
}
