package uci

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
)

// searchCtl is one go: stop and ponderhit come from the reader, done is
// closed when its bestmove is out.
type searchCtl struct {
	g               goParams
	stop, hit, done chan struct{}
	stopOnce        sync.Once
	hitOnce         sync.Once
}

func (c *searchCtl) closeStop() { c.stopOnce.Do(func() { close(c.stop) }) }
func (c *searchCtl) closeHit()  { c.hitOnce.Do(func() { close(c.hit) }) }

func closed(ch chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// goThink starts the program thinking in the background.
func (e *Engine) goThink(f []string) {
	ctl := &searchCtl{g: parseGo(f), stop: make(chan struct{}), hit: make(chan struct{}), done: make(chan struct{})}
	e.mu.Lock()
	e.search = ctl
	e.mu.Unlock()
	go func() {
		defer close(ctl.done)
		e.think(ctl)
	}()
}

func (e *Engine) running() *searchCtl {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.search
}

// stop asks the program to stop thinking; its bestmove follows.
func (e *Engine) stop() {
	if c := e.running(); c != nil {
		c.closeStop()
	}
}

// ponderhit: the GUI's opponent played the move the engine pondered on;
// the search goes on, now on the clock.
func (e *Engine) ponderhit() {
	if c := e.running(); c != nil {
		c.closeHit()
	}
}

// finish lets a search under way end as its limits say (one that waits
// for stop, infinite or pondering, is stopped) and waits for its
// bestmove: a command that changes the game must not pull it from under
// the program.
func (e *Engine) finish() {
	c := e.running()
	if c == nil {
		return
	}
	if c.g.infinite || c.g.ponder && !closed(c.hit) {
		c.closeStop()
	}
	<-c.done
}

// stopAndWait stops any thinking and waits for its bestmove.
func (e *Engine) stopAndWait() {
	if c := e.running(); c != nil {
		c.closeStop()
		<-c.done
	}
}

// slice is how many cycles the program runs between looks at the clock
// and at stop: well under a millisecond on a host, a tenth of a second at
// the KIM-1's pace.
const slice = 100_000

// infoEvery is how often the search under way is reported: often enough
// for a GUI's display, seldom enough not to flood it.
const infoEvery = 100 * time.Millisecond

// think answers one go with one bestmove: in infinite mode after stop, in
// ponder mode after ponderhit or stop, as the protocol asks.
func (e *Engine) think(ctl *searchCtl) {
	best, ponder := e.search1(ctl)
	switch {
	case ctl.g.infinite:
		<-ctl.stop
	case ctl.g.ponder:
		select {
		case <-ctl.stop:
		case <-ctl.hit:
		}
	}
	if ponder != "" {
		e.out.line("bestmove %s ponder %s", best, ponder)
		return
	}
	e.out.line("bestmove %s", best)
}

// search1 runs the program on the position and sends what it knows of its
// move as info lines; it returns the move, legal in the position, and the
// reply it expects ("" for none).
func (e *Engine) search1(ctl *searchCtl) (best, ponder string) {
	if e.noPosition != "" {
		e.out.line("info string no position to play: %s", e.noPosition)
		return "0000", ""
	}
	if e.game == nil { // no position command: the start position
		r, err := startGame("")
		if err != nil {
			e.out.line("info string no position to play: %v", err)
			return "0000", ""
		}
		e.game = r
	}
	g := e.game.Game
	pos := g.Position()
	legal := pos.ValidMoves()
	if len(legal) == 0 {
		e.out.line("info string no move to make: %s", strings.ToLower(pos.Status().String()))
		return "0000", ""
	}
	first := legal[0].String()
	p, err := e.sync(g)
	if err == nil && p.Over() {
		// The library ended the game (fivefold repetition, 75 moves) but
		// the GUI asks for a move: the program plays on from the position.
		e.play = nil
		p, err = e.newPlay(pos.Turn(), pos.String(), true)
	}
	if err != nil {
		e.play = nil
		e.out.line("info string cannot set the position up (%v): sending the first legal move, %s", err, first)
		return first, ""
	}
	computer := p.Computer()
	pl := e.plan(ctl.g, p)
	e.out.line("info string %s", pl.note)
	p.S.SetLevel(pl.level)
	p.Opt.Level = pl.level
	root := p.S.Array()
	var log session.SearchLog
	p.S.LogSearch(&log)
	start := time.Now()
	from, lastInfo := start, start
	paced := e.clock == "kim-1"
	pondering := ctl.g.ponder
	stopped := false
	ply, err := p.ThinkUntil(slice, func(cycles uint64) bool {
		// Stopped, or out of time, before the program has scored a move:
		// it runs on, unpaced, to its first (milliseconds on the host).
		_, _, _, found := p.S.BestSoFar()
		if closed(ctl.stop) {
			stopped = true
			if found {
				return true
			}
		}
		if pondering && closed(ctl.hit) {
			pondering, from = false, time.Now() // the clock starts now
		}
		over := !pondering && pl.deadline > 0 && time.Since(from) >= pl.deadline
		if over && found {
			return true
		}
		if paced && !stopped && !over {
			if ahead := time.Duration(cycles)*time.Microsecond - time.Since(start); ahead > 0 {
				time.Sleep(min(ahead, infoEvery))
			}
		}
		now := time.Now()
		if now.Sub(lastInfo) >= infoEvery {
			e.progress(pos, root, computer, &log, pl.level, now.Sub(start))
			lastInfo = now
		}
		return false
	})
	p.S.LogSearch(nil)
	elapsed := time.Since(start)
	if err != nil {
		e.play = nil
		e.out.line("info string the program failed (%v): sending the first legal move, %s", err, first)
		return first, ""
	}
	if ply != nil {
		cycles := ply.Display.Cycles
		if !paced && cycles >= 1_000_000 && elapsed > 0 {
			// A search long enough to time (a book move is not).
			e.speed = float64(cycles) / elapsed.Seconds()
		}
		what := fmt.Sprintf("info string %v: %d cycles, %.1f s on a 1 MHz KIM-1, level %s", ply.Display, cycles, float64(cycles)/1e6, pl.level.Name)
		stoppedEarly := strings.HasPrefix(ply.Note, "stopped")
		if v, ok := p.S.Evaluation(ply.Display); ok && !stoppedEarly {
			what += fmt.Sprintf(", value %02X (the program's .BESTV)", v)
		} else if !stoppedEarly && !ply.Display.Resigned() && len(log.Moves) == 0 {
			what += ", from the book"
		}
		if ply.Note != "" {
			what += "; " + ply.Note
		}
		e.out.line("%s", what)
	}
	why := "time ran out"
	if stopped {
		why = "stopped"
	}
	m, note := choose(pos, computer, ply, &log, root, why)
	if note != "" {
		e.out.line("info string %s", note)
		e.play = nil // the program's board is not the game's: set up again next time
	}
	reply := e.final(pos, m, root, &log, pl.level, elapsed)
	return m.String(), reply
}

// final sends the search's last info line, with the move sent, and
// returns the reply the program analysed to it ("" for none).
func (e *Engine) final(pos *chess.Position, m *chess.Move, root memmap.Array, log *session.SearchLog, level memmap.Level, elapsed time.Duration) string {
	computer := pos.Turn()
	nodes := log.Nodes()
	head := fmt.Sprintf("info depth 0 nodes 0 time %d", elapsed.Milliseconds())
	score := ""
	pv := m.String()
	reply := ""
	if r, ok := entryFor(log, root, computer, m); ok {
		depth, sel := level.Depth()
		head = fmt.Sprintf("info depth %d seldepth %d", depth, sel)
		score = fmt.Sprintf(" score cp %d", session.Centipawns(r.Value))
		if pos.Update(m).Status() == chess.Checkmate {
			score = " score mate 1"
		}
		if rm := session.ReplyTo(pos, m, r, root); rm != nil {
			reply = rm.String()
			pv += " " + reply
		}
		head += score + fmt.Sprintf(" nodes %d nps %d time %d", nodes, nps(nodes, elapsed), elapsed.Milliseconds())
	}
	e.out.line("%s pv %s", head, pv)
	return reply
}

func nps(nodes uint64, d time.Duration) uint64 {
	if d <= 0 {
		return 0
	}
	return uint64(float64(nodes) / d.Seconds())
}

// progress reports the search under way: the move the program has just
// scored, and its best so far.
func (e *Engine) progress(pos *chess.Position, root memmap.Array, computer chess.Color, log *session.SearchLog, level memmap.Level, elapsed time.Duration) {
	n := len(log.Moves)
	if n == 0 {
		return
	}
	depth, sel := level.Depth()
	if m := rootMove(pos, root, computer, log.Moves[n-1]); m != nil {
		e.out.line("info depth %d seldepth %d currmove %s currmovenumber %d", depth, sel, m, n)
	}
	if log.Best < 0 {
		return
	}
	b := log.Moves[log.Best]
	if m := rootMove(pos, root, computer, b); m != nil {
		nodes := log.Nodes()
		e.out.line("info depth %d seldepth %d score cp %d nodes %d nps %d time %d pv %s",
			depth, sel, session.Centipawns(b.Value), nodes, nps(nodes, elapsed), elapsed.Milliseconds(), m)
	}
}
