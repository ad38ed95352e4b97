package match

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/elo"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/suite"
	"github.com/kim1-archive/microchess/uci"
)

// Options say what a match plays.
type Options struct {
	Players  []*Player
	Gauntlet bool // the first player against each other; else round robin
	Games    int  // per pairing; each line of the suite is played twice, colours reversed
	// Lines are the openings; Book plays from the start position instead
	// with the programs' own books (a line keyed in would leave a book
	// behind). Without Book the books are off, but not a Plan (Player).
	Lines    []suite.Line
	Book     bool
	MaxPlies int // after the opening; a game that reaches it is a draw, counted apart
	Jobs     int // games at once (0: the number of CPUs)
	// Seed shuffles the order the lines are played in (suite.Order), so
	// that a match cut short, or stopped by an SPRT, samples the whole
	// suite; 0 plays them in the suite's order.
	Seed  uint64
	SPRT  *elo.SPRT
	Event string
	Date  time.Time
	// EngineTimeout is how long past its limit an engine may take to
	// answer before it is given up.
	EngineTimeout time.Duration
	// Progress is called after each game, one call at a time.
	Progress func(Progress)
	// Note is told, before the first game, what makes a pairing's result
	// mean nothing (two players that are one program at one level).
	Note func(string)
	// Shard plays one part of the schedule (the zero Shard: all of it).
	Shard    Shard
	schedule string // the MatchSchedule tag, set by Run
}

// DefaultMaxPlies caps a game after the opening: the programs can shuffle
// for ever (the 75-move rule ends that, but late).
const DefaultMaxPlies = 300

// Pairing is two players who meet, A (the first named) and B.
type Pairing struct{ A, B int }

// Job is one game of the schedule.
type Job struct {
	Index, Pairing int
	White, Black   int
	Line           int
}

// Progress is the state after a game.
type Progress struct {
	Done, Total int
	Last        *Record
	// Score is the last game's pairing so far, from its A's view, over the
	// games counted (all finished; with an SPRT, those in schedule order);
	// Penta its complete pairs among them.
	Score   elo.Score
	Penta   elo.Penta
	Pairing Pairing
	Elapsed time.Duration
}

// Result is what a match played.
type Result struct {
	Opt      *Options
	Pairings []Pairing
	Records  []Record // the games counted, in schedule order
	Total    int      // games scheduled
	// Interrupted is set when the context ended the match: Records then
	// holds every game finished.
	Interrupted bool
	// Decision is the SPRT's, on the pairs; Decided is how many games (in
	// schedule order, whole pairs) it took.
	Decision elo.Decision
	Decided  int
	Elapsed  time.Duration
	// Identical marks, by pairing, the two players that are the same
	// program bytes at the same level: the result measures nothing.
	Identical []bool
}

// Schedule lists the pairings and their games: game g of a pairing plays
// line g/2 (round the suite), A White on even g; pairings alternate, so a
// match cut short has played them alike.
func Schedule(players int, gauntlet bool, games, lines int) ([]Pairing, []Job) {
	var ps []Pairing
	for a := 0; a < players; a++ {
		for b := a + 1; b < players; b++ {
			if gauntlet && a > 0 {
				break
			}
			ps = append(ps, Pairing{a, b})
		}
	}
	var jobs []Job
	for g := 0; g < games; g++ {
		for i, p := range ps {
			j := Job{Index: len(jobs), Pairing: i, White: p.A, Black: p.B, Line: (g / 2) % lines}
			if g%2 == 1 {
				j.White, j.Black = p.B, p.A
			}
			jobs = append(jobs, j)
		}
	}
	return ps, jobs
}

// DefaultSeed is the seed mchess match shuffles a suite's lines with
// when none is given.
const DefaultSeed = 1

// orderLines plays the lines of a schedule in the order a seed shuffles
// them (suite.Order): the schedule's k-th line is the suite's order[k].
// Seed 0 keeps the suite's order.
func orderLines(jobs []Job, lines int, seed uint64) {
	if seed == 0 || lines < 2 {
		return
	}
	order := suite.Order(lines, seed)
	for i := range jobs {
		jobs[i].Line = order[jobs[i].Line]
	}
}

// Score is a game's result from player a's view.
func (r *Record) Score(a int) elo.Score {
	won := r.Result == chess.WhiteWon && r.White == a || r.Result == chess.BlackWon && r.Black == a
	lost := r.Result == chess.WhiteWon && r.Black == a || r.Result == chess.BlackWon && r.White == a
	switch {
	case won:
		return elo.Score{Wins: 1}
	case lost:
		return elo.Score{Losses: 1}
	}
	return elo.Score{Draws: 1}
}

// Check refuses options no match can be played with, and fills in the
// defaults.
func (o *Options) Check() error {
	if len(o.Players) < 2 {
		return errors.New("a match needs two players at least")
	}
	seen := map[string]bool{}
	for _, p := range o.Players {
		if seen[p.Name] {
			return fmt.Errorf("player %s is named twice", p.Name)
		}
		seen[p.Name] = true
	}
	if o.Games < 1 {
		return fmt.Errorf("games: %d: want 1 or more", o.Games)
	}
	if o.SPRT != nil && len(o.Players) != 2 {
		return errors.New("an SPRT tests one pairing: name two players")
	}
	if o.Book {
		o.Lines = []suite.Line{{}}
	}
	if len(o.Lines) == 0 {
		return errors.New("no opening lines")
	}
	if o.MaxPlies <= 0 {
		o.MaxPlies = DefaultMaxPlies
	}
	if err := o.Shard.check(o); err != nil {
		return err
	}
	if o.Jobs <= 0 {
		o.Jobs = runtime.NumCPU()
	}
	if o.EngineTimeout <= 0 {
		o.EngineTimeout = time.Minute
	}
	if o.Event == "" {
		o.Event = "MicroChess match"
	}
	if o.Date.IsZero() {
		o.Date = time.Now()
	}
	return nil
}

// Run plays the match. Ending ctx ends it early: games under way are
// dropped, those finished kept (Result.Interrupted). An error is a match
// that could not be set up (a program that does not build, an engine that
// does not start or lacks an option).
func Run(ctx context.Context, opt Options) (*Result, error) {
	if err := opt.Check(); err != nil {
		return nil, err
	}
	programs := make([]*program, len(opt.Players))
	for i, p := range opt.Players {
		if p.IsEngine() || p.seat != nil {
			continue
		}
		pr, err := prepareProgram(p, opt.Book)
		if err != nil {
			return nil, err
		}
		programs[i] = pr
	}
	if err := checkHeld(&opt); err != nil {
		return nil, err
	}
	opt.schedule = scheduleTag(&opt, programs)
	pairings, all := Schedule(len(opt.Players), opt.Gauntlet, opt.Games, len(opt.Lines))
	orderLines(all, len(opt.Lines), opt.Seed)
	jobs := opt.Shard.Of(all, len(pairings))
	res := &Result{Opt: &opt, Pairings: pairings, Total: len(jobs), Identical: identicalPairings(pairings, programs)}
	for i, same := range res.Identical {
		if same && opt.Note != nil {
			opt.Note(identicalNote(opt.Players[pairings[i].A], opt.Players[pairings[i].B]))
		}
	}
	workers := min(opt.Jobs, len(jobs))
	// Every worker starts its engines before any game, so a bad engine
	// definition stops the match at once.
	engines, err := startEngines(workers, opt.Players)
	defer closeEngines(engines)
	if err != nil {
		return nil, err
	}

	start := time.Now()
	work, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu       sync.Mutex
		finished = make([]*Record, len(all))        // by schedule index
		prefix   int                                // games 0..prefix-1 are all finished
		decided  = -1                               // the SPRT's decision point
		scores   = make([]elo.Score, len(pairings)) // over the counted games
		pentas   = make([]elo.Penta, len(pairings)) // their complete pairs
		counted  = make([]*Record, len(all))        // by schedule index
		done     int
		failure  error
	)
	// count counts a game, and its pair if the other game is counted: it
	// tells whether the game completed a pair.
	count := func(r *Record) bool {
		if !r.Counted() {
			return false
		}
		p := pairings[r.Pairing]
		scores[r.Pairing] = scores[r.Pairing].Add(r.Score(p.A))
		counted[r.Index] = r
		other, _ := partner(r.Index, len(pairings))
		if other >= len(all) || counted[other] == nil {
			return false
		}
		pentas[r.Pairing] = pentas[r.Pairing].Add(pairPenta(r, counted[other], p.A))
		return true
	}
	record := func(r Record) {
		mu.Lock()
		defer mu.Unlock()
		if decided >= 0 {
			return // the SPRT has ruled; this game is past it
		}
		finished[r.Index] = &r
		done++
		if opt.SPRT == nil {
			count(&r)
		} else {
			// The test is on the pairs, as fishtest's: it can rule
			// only when a game completes a pair.
			for prefix < len(finished) && finished[prefix] != nil {
				paired := count(finished[prefix])
				prefix++
				if !paired {
					continue
				}
				if d := opt.SPRT.DecidePenta(pentas[0]); d != elo.Continue {
					res.Decision, decided = d, prefix
					cancel()
					break
				}
			}
		}
		if opt.Progress != nil {
			opt.Progress(Progress{Done: done, Total: len(jobs), Last: &r, Score: scores[r.Pairing], Penta: pentas[r.Pairing],
				Pairing: pairings[r.Pairing], Elapsed: time.Since(start)})
		}
	}
	queue := make(chan Job)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(clients []*uci.Client) {
			defer wg.Done()
			for j := range queue {
				restartBroken(clients, opt.Players)
				seats := make([]seat, 2)
				for k, pi := range []int{j.White, j.Black} {
					p := opt.Players[pi]
					switch {
					case p.seat != nil:
						seats[k] = seat{p.seat(), p}
					case p.IsEngine():
						seats[k] = seat{&engineSide{e: p.Engine, c: clients[pi], timeout: opt.EngineTimeout, game: uint64(j.Index)}, p}
					default:
						// A seed of the game's own, not 0, the same whatever -j.
						ps := &programSide{prog: programs[pi], seed: byte(1 + (j.Index*53)%255)}
						if p.Watch != nil {
							ps.watch = p.Watch(j.Index)
						}
						seats[k] = seat{ps, p}
					}
				}
				rec, err := playGame(work, j, seats[0], seats[1], &opt)
				if err != nil {
					if work.Err() == nil {
						mu.Lock()
						failure = err
						mu.Unlock()
						cancel()
					}
					continue
				}
				record(rec)
			}
		}(engines[w])
	}
feed:
	for _, j := range jobs {
		select {
		case queue <- j:
		case <-work.Done():
			break feed
		}
	}
	close(queue)
	wg.Wait()
	res.Elapsed = time.Since(start)
	if failure != nil {
		return nil, failure
	}
	res.Interrupted = ctx.Err() != nil && decided < 0
	last := len(finished)
	if decided >= 0 {
		last, res.Decided = decided, decided
	}
	for _, r := range finished[:last] {
		if r != nil {
			res.Records = append(res.Records, *r)
		}
	}
	return res, nil
}

// checkHeld refuses lines from a FEN whose position a MicroChess player's
// piece table cannot hold (a third rook, a second queen before any man is
// taken): the program would play another position than its opponent.
// The special-moves program keeps types of its own and is not asked.
func checkHeld(opt *Options) error {
	needs := false
	for _, p := range opt.Players {
		needs = needs || (!p.IsEngine() && p.seat == nil && p.Special == nil)
	}
	if !needs {
		return nil
	}
	for _, l := range opt.Lines {
		if l.Start == "" {
			continue
		}
		g, _, err := lineGame(l)
		if err != nil {
			return err
		}
		if _, notes := memmap.ArrayOf(g.Position().Board().SquareMap(), chess.White); len(notes) > 0 {
			return fmt.Errorf("%v: the 1977 program's piece table cannot hold this line's position: %s", l.Pos, notes[0])
		}
	}
	return nil
}

// startEngines starts each worker's engines, one a player that is an
// engine (nil for the others): a bad engine definition stops a match or
// a diff before any game. The clients started are returned with an error
// too, for closeEngines.
func startEngines(workers int, players []*Player) ([][]*uci.Client, error) {
	engines := make([][]*uci.Client, workers)
	for w := range engines {
		engines[w] = make([]*uci.Client, len(players))
		for i, p := range players {
			if !p.IsEngine() {
				continue
			}
			c, err := p.Engine.start()
			if err != nil {
				return engines, fmt.Errorf("%s: %v", p.Name, err)
			}
			engines[w][i] = c
		}
	}
	return engines, nil
}

func closeEngines(engines [][]*uci.Client) {
	for _, es := range engines {
		for _, c := range es {
			if c != nil {
				c.Close()
			}
		}
	}
}

// restartBroken starts again an engine that died or hung in the last game
// (that game was lost for it), so that it plays the next one.
func restartBroken(clients []*uci.Client, players []*Player) {
	for i, c := range clients {
		if c == nil || c.Err() == nil {
			continue
		}
		c.Close()
		if n, err := players[i].Engine.start(); err == nil {
			clients[i] = n
		}
	}
}
