package uci

import (
	"fmt"
	"time"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
)

// The clock policy (docs/uci.md). A move's time is its share of the clock
// (allot); the level is the strongest, up to the Level option (auto: up to
// Normal), whose slowest measured move (Level.SlowestCycles) fits that
// share at this host's measured speed, with a margin; when none fits the
// share, Super Blitz is played if its slowest move fits half the time
// left. The first legal move is sent only when even that search is cut
// short before it has scored a move.
const (
	// margin multiplies a level's slowest measured move: the host's speed
	// varies with its load, and the speed is measured on other moves.
	margin = 2
	// slack is added to every need: a search's setting up and answer.
	slack = time.Millisecond
	// unmeasuredSpeed is the speed assumed until one is measured: well
	// below any host seen (the interpreter alone runs 700 MHz or more).
	unmeasuredSpeed = 100e6
)

// plan is the level and time limit of one search, and a note for the GUI.
type plan struct {
	level    memmap.Level
	deadline time.Duration // 0: none (the search runs to its end)
	note     string
}

// allot is the time for this move: share, what a move may take in the
// long run (movetime; or the clock over the moves to go, 30 if not given,
// plus most of the increment), and limit, the most it may take now (half
// the clock). Both less a reserve for the GUI's and the pipe's delays (20
// ms, or a twentieth of the clock when that is less); 0 for no limit
// (infinite, or no clock given).
func allot(g goParams, side chess.Color) (share, limit time.Duration) {
	if g.infinite {
		return 0, 0
	}
	if g.movetime >= 0 {
		t := time.Duration(max(g.movetime, 1)) * time.Millisecond
		return t, t
	}
	mine, inc := g.wtime, g.winc
	if side == chess.Black {
		mine, inc = g.btime, g.binc
	}
	if mine < 0 {
		return 0, 0
	}
	togo := int64(g.movestogo)
	if togo <= 0 {
		togo = 30
	}
	reserve := min(20, mine/20)
	ms := func(t int64) time.Duration { return time.Duration(max(t, 1)) * time.Millisecond }
	return ms(min(mine/togo+inc*3/4, mine/2) - reserve), ms(mine/2 - reserve)
}

// need is how long a level's slowest move takes at speed, with the margin.
func need(l memmap.Level, speed float64) time.Duration {
	return time.Duration(float64(l.SlowestCycles)/speed*margin*float64(time.Second)) + slack
}

// plan chooses the level and the time limit for a go: the Level option,
// or with auto the strongest level (depth 1, 2 and more ask for Super
// Blitz, Blitz and Normal); either lowered to fit the clock.
func (e *Engine) plan(g goParams, p *session.Play) plan {
	levels := memmap.Levels
	top := len(levels) - 1
	if l, err := memmap.LevelByName(e.level); err == nil {
		for i := range levels {
			if levels[i].Name == l.Name {
				top = i
			}
		}
	} else if g.depth > 0 {
		top = min(g.depth, len(levels)) - 1
	}
	share, limit := allot(g, p.Computer())
	if share == 0 {
		return plan{level: levels[top], note: fmt.Sprintf("level %s: no time limit", levels[top].Name)}
	}
	speed, measured := e.hostSpeed(p)
	at := fmt.Sprintf("this host's measured %.0f MHz", speed/1e6)
	switch {
	case e.clock == "kim-1":
		at = "the KIM-1's 1 MHz"
	case !measured:
		at = fmt.Sprintf("an assumed %.0f MHz (not yet measured)", speed/1e6)
	}
	for i := top; i >= 0; i-- {
		if n := need(levels[i], speed); n <= share {
			return plan{level: levels[i], deadline: share, note: fmt.Sprintf("clock: %d ms for this move; level %s, whose slowest measured move (%d cycles) takes %.1f ms at %s, ×%d",
				share.Milliseconds(), levels[i].Name, levels[i].SlowestCycles, float64(n-slack)/float64(time.Millisecond)/margin, at, margin)}
		}
	}
	n := need(levels[0], speed)
	if n <= limit {
		return plan{level: levels[0], deadline: limit, note: fmt.Sprintf("clock: %d ms for this move, less than any level needs at %s; level %s, whose slowest measured move (%d cycles, %.1f ms, ×%d) fits the %d ms it may take now",
			share.Milliseconds(), at, levels[0].Name, levels[0].SlowestCycles, float64(n-slack)/float64(time.Millisecond)/margin, margin, limit.Milliseconds())}
	}
	return plan{level: levels[0], deadline: limit, note: fmt.Sprintf("clock: %d ms at most for this move, less than level %s's slowest measured move needs at %s (%.1f ms, ×%d): its search is cut at %d ms, and its best move so far sent",
		limit.Milliseconds(), levels[0].Name, at, float64(n-slack)/float64(time.Millisecond)/margin, margin, limit.Milliseconds())}
}

// hostSpeed is the emulator's speed in cycles a second: 1 MHz at the
// KIM-1's pace; on the host, as measured on the engine's own searches (a
// Super Blitz search of the position to play, out of the book, the first
// time).
func (e *Engine) hostSpeed(p *session.Play) (speed float64, measured bool) {
	if e.clock == "kim-1" {
		return 1e6, true
	}
	if e.speed == 0 {
		e.calibrate(p)
	}
	if e.speed == 0 {
		return unmeasuredSpeed, false
	}
	return e.speed, true
}

// calibrate times a Super Blitz search of the program's position on a
// copy of the machine, the book off (at most its slowest move, 4 million
// cycles: a few milliseconds).
func (e *Engine) calibrate(p *session.Play) {
	s := *p.S
	s.M = p.S.M.Clone()
	s.M.OnScan = nil
	s.SetLevel(memmap.Levels[0])
	s.BookOff()
	if l := p.Opt.Library; l != nil {
		s.M.Poke(l.InBook, 0)
	}
	start := time.Now()
	mv, done, err := s.PlayUntil(slice, func(uint64) bool { return time.Since(start) > time.Second })
	elapsed := time.Since(start)
	if err == nil && done && mv.Cycles >= 100_000 && elapsed > 0 {
		e.speed = float64(mv.Cycles) / elapsed.Seconds()
	}
}
