package match

import (
	"context"
	"fmt"
	"runtime"
	"strings"
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
	// Note is told, before the first position, that the two players are
	// one program at one level: their choices cannot differ.
	Note func(string)
}

// DiffChoice is what one player chose in a position.
type DiffChoice struct {
	UCI string `json:"uci"`           // the move, or "" when it had none
	SAN string `json:"san,omitempty"` // the move in SAN when it is legal
	// Note says what else happened: a resignation, an illegal move, a
	// failure, a book move of the library program.
	Note string `json:"note,omitempty"`
	// failed is set when the player gave no choice at all: it could not
	// be set up in the position, or it failed (an engine that never
	// answered).
	failed bool
}

// DiffPosition is one position and both players' choices there.
type DiffPosition struct {
	Line int    `json:"line"` // in the suite, from 1
	Name string `json:"name,omitempty"`
	FEN  string `json:"fen"`
	A    DiffChoice
	B    DiffChoice
	Same bool `json:"same"`
	// NotCompared says why the position is left out of the comparison
	// (and Same is false): a player could not be set up in it or failed,
	// so there are not two choices to compare.
	NotCompared string `json:"not_compared,omitempty"`
}

// DiffResult is what Diff found: every position in suite order.
type DiffResult struct {
	A, B      string
	Positions []DiffPosition
	Different int
	// NotCompared counts the positions left out (DiffPosition.NotCompared):
	// they are in neither Different nor the share's whole.
	NotCompared int
	// PlaysA and PlaysB are the programs the players are, as a match's
	// PGN names them ("MicroChess 1977, modified: 1 byte (17E2 POSN+2)");
	// empty for an engine.
	PlaysA string `json:"plays_a,omitempty"`
	PlaysB string `json:"plays_b,omitempty"`
	// Identical is set when the two players are the same program bytes
	// at the same level: the diff measures nothing.
	Identical bool `json:"identical_players"`
}

// Compared is the number of positions where both players chose.
func (r *DiffResult) Compared() int { return len(r.Positions) - r.NotCompared }

// Share is the fraction of the positions compared where the players
// chose differently.
func (r *DiffResult) Share() float64 {
	if r.Compared() == 0 {
		return 0
	}
	return float64(r.Different) / float64(r.Compared())
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
	res := &DiffResult{A: opt.A.Name, B: opt.B.Name, Positions: make([]DiffPosition, len(opt.Lines)),
		PlaysA: programPlays(programs[0]), PlaysB: programPlays(programs[1]), Identical: samePlayer(programs[0], programs[1])}
	if res.Identical && opt.Note != nil {
		opt.Note(fmt.Sprintf("%s and %s are the same program bytes at the same level: they cannot choose differently, the diff measures nothing", opt.A.Name, opt.B.Name))
	}
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
		switch {
		case p.NotCompared != "":
			res.NotCompared++
		case !p.Same:
			res.Different++
		}
	}
	if res.Compared() == 0 {
		p := res.Positions[0]
		return nil, fmt.Errorf("no position could be compared; the first, %v: %s", opt.Lines[0].Pos, p.NotCompared)
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
		out.Name = strings.TrimSpace(line.ECO + " " + line.Name)
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
	for i, c := range []DiffChoice{out.A, out.B} {
		if c.failed && out.NotCompared == "" {
			out.NotCompared = players[i].Name + " " + c.Note
		}
	}
	out.Same = out.A == out.B && out.NotCompared == ""
	return out, nil
}

// choose asks one side for its move in pos, reached by the opening.
func choose(ctx context.Context, s side, turn chess.Color, start string, opening []string, pos *chess.Position) DiffChoice {
	if err := s.begin(turn, start, opening); err != nil {
		return DiffChoice{Note: "could not be set up: " + err.Error(), failed: true}
	}
	r, err := s.think(ctx)
	switch {
	case err != nil:
		return DiffChoice{Note: "failed: " + err.Error(), failed: true}
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

// programPlays names a MicroChess program as a match's PGN does, one name
// for both sides when they are one ("" for no program: an engine).
func programPlays(p *program) string {
	switch {
	case p == nil:
		return ""
	case p.desc[chess.White] == p.desc[chess.Black]:
		return p.desc[chess.White]
	}
	return p.desc[chess.White] + " as White, " + p.desc[chess.Black] + " as Black"
}
