package match

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/suite"
	"github.com/kim1-archive/microchess/uci"
)

// DiffOptions say which two players' choices Diff compares, and where.
type DiffOptions struct {
	A, B  *Player
	Lines []suite.Line // each line's final position is asked once of each player
	Jobs  int          // positions at once (0: the number of CPUs)
	// EngineTimeout is how long past its limit an engine may take.
	EngineTimeout time.Duration
	// Progress is called after each position, one call at a time.
	Progress func(done, total int)
}

// DiffChoice is what one player chose in a position.
type DiffChoice struct {
	UCI string `json:"uci"`           // the move, or "" when it had none
	SAN string `json:"san,omitempty"` // the move in SAN when it is legal
	// Note says what else happened: a resignation, an illegal move, a
	// failure, a book move of the library program.
	Note string `json:"note,omitempty"`
}

// DiffPosition is one position and both players' choices there.
type DiffPosition struct {
	Line int    `json:"line"` // in the suite, from 1
	Name string `json:"name,omitempty"`
	FEN  string `json:"fen"`
	A    DiffChoice
	B    DiffChoice
	Same bool `json:"same"`
}

// DiffResult is what Diff found: every position in suite order.
type DiffResult struct {
	A, B      string
	Positions []DiffPosition
	Different int
}

// Share is the fraction of positions where the players chose differently.
func (r *DiffResult) Share() float64 {
	if len(r.Positions) == 0 {
		return 0
	}
	return float64(r.Different) / float64(len(r.Positions))
}

// Diff asks two players for their move at the end of every line, one
// search each, in parallel, and lists where they differ: the first signal
// of whether a change to a program changes its play at all, far cheaper
// than a match. The programs search from the line's moves keyed in as in
// a match game (books off, Stone's plan on), so their choice here is the
// one they would make in a match game from that line. The result is in
// suite order whatever Jobs is.
func Diff(ctx context.Context, opt DiffOptions) (*DiffResult, error) {
	if opt.A == nil || opt.B == nil {
		return nil, fmt.Errorf("diff needs two players")
	}
	if len(opt.Lines) == 0 {
		return nil, fmt.Errorf("no positions")
	}
	if opt.Jobs <= 0 {
		opt.Jobs = runtime.NumCPU()
	}
	if opt.EngineTimeout <= 0 {
		opt.EngineTimeout = time.Minute
	}
	players := []*Player{opt.A, opt.B}
	programs := make([]*program, 2)
	for i, p := range players {
		if p.IsEngine() || p.seat != nil {
			continue
		}
		pr, err := prepareProgram(p, false)
		if err != nil {
			return nil, err
		}
		programs[i] = pr
	}
	res := &DiffResult{A: opt.A.Name, B: opt.B.Name, Positions: make([]DiffPosition, len(opt.Lines))}
	workers := min(opt.Jobs, len(opt.Lines))
	engines, err := startEngines(workers, players)
	defer closeEngines(engines)
	if err != nil {
		return nil, err
	}
	var (
		mu      sync.Mutex
		done    int
		failure error
	)
	work, cancel := context.WithCancel(ctx)
	defer cancel()
	queue := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(clients []*uci.Client) {
			defer wg.Done()
			for li := range queue {
				pos, err := diffPosition(work, li, opt, players, programs, clients)
				mu.Lock()
				if err != nil {
					if failure == nil && work.Err() == nil {
						failure = err
					}
					cancel()
				} else {
					res.Positions[li] = pos
					done++
					if opt.Progress != nil {
						opt.Progress(done, len(opt.Lines))
					}
				}
				mu.Unlock()
			}
		}(engines[w])
	}
feed:
	for i := range opt.Lines {
		select {
		case queue <- i:
		case <-work.Done():
			break feed
		}
	}
	close(queue)
	wg.Wait()
	if failure != nil {
		return nil, failure
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for _, p := range res.Positions {
		if !p.Same {
			res.Different++
		}
	}
	return res, nil
}

// diffPosition sets both players up at the end of line li and asks each
// for its move.
func diffPosition(ctx context.Context, li int, opt DiffOptions, players []*Player, programs []*program, clients []*uci.Client) (DiffPosition, error) {
	line := opt.Lines[li]
	ref, opening, err := lineGame(line)
	if err != nil {
		return DiffPosition{}, err
	}
	pos := ref.Position()
	out := DiffPosition{Line: li + 1, FEN: pos.String()}
	if line.Name != "" {
		out.Name = line.ECO + " " + line.Name
	}
	turn := pos.Turn()
	for i, p := range players {
		var s side
		switch {
		case p.seat != nil:
			s = p.seat()
		case p.IsEngine():
			s = &engineSide{e: p.Engine, c: clients[i], timeout: opt.EngineTimeout}
		default:
			s = &programSide{prog: programs[i], seed: 1}
		}
		c := choose(ctx, s, turn, line.Start, opening, pos)
		if ctx.Err() != nil {
			return DiffPosition{}, ctx.Err()
		}
		if i == 0 {
			out.A = c
		} else {
			out.B = c
		}
	}
	out.Same = out.A == out.B
	return out, nil
}

// choose asks one side for its move in pos, reached by the opening.
func choose(ctx context.Context, s side, turn chess.Color, start string, opening []string, pos *chess.Position) DiffChoice {
	if err := s.begin(turn, start, opening); err != nil {
		return DiffChoice{Note: "could not be set up: " + err.Error()}
	}
	r, err := s.think(ctx)
	switch {
	case err != nil:
		return DiffChoice{Note: "failed: " + err.Error()}
	case r.resigned:
		return DiffChoice{Note: "resigns (" + r.display + ")"}
	case r.none:
		return DiffChoice{UCI: r.move, Note: "no move"}
	}
	c := DiffChoice{UCI: r.move}
	for _, m := range pos.ValidMoves() {
		if m.String() == r.move {
			c.SAN = rules.SAN(pos, &m)
		}
	}
	switch {
	case r.illegal != "":
		c.Note = "illegal in chess: " + r.illegal
	case c.SAN == "":
		c.Note = "illegal in chess"
	case r.unheld != "":
		c.Note = r.unheld
	case r.book:
		c.Note = "from its library"
	}
	return c
}
