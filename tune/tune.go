// Package tune improves a MicroChess program by playing it: SPSA (package
// spsa) over the bytes its declarations let change (package tunable), each
// step's games played by the match runner (package match) from an opening
// suite. It knows nothing of how the command line asks for it.
package tune

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/match"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
	"github.com/kim1-archive/microchess/spsa"
	"github.com/kim1-archive/microchess/suite"
)

// Options say how a run's steps are played.
type Options struct {
	// Base builds the program tuned, for the side it plays; Name names it
	// (a program of the catalogue, package builds), Needs is what it
	// needs beyond a stock KIM-1 (its memory, the special-moves
	// program's variables...), carried whole to every player.
	Base  func(side chess.Color) ([]kim1.Image, string, error)
	Name  string
	Needs session.Needs
	// Pokes turns parameter values (one per parameter, a choice's index)
	// into the bytes written over Base.
	Pokes func(values []int) ([]match.Poke, error)
	Level memmap.Level
	// Lines are the tuning openings. The pairs of the run take them in
	// the order suite.Order gives for the run's seed, one line a pair, round
	// the suite: pair i of the run (counted over all steps) plays line
	// order[i mod len(Lines)], whatever the steps' sizes or interruptions.
	Lines    []suite.Line
	MaxPlies int
	Jobs     int
	// Progress is told after every game and every step.
	Progress func(Progress)
	// Save is called after every step with the updated state; an error
	// ends the run.
	Save func(*spsa.State) error
}

// Progress is where a run is.
type Progress struct {
	State       *spsa.State
	Probe       spsa.Probe
	GamesInStep int // games of the step finished so far
	StepGames   int // games the step plays
	StepDone    bool
	Elapsed     time.Duration
}

// Run plays steps until the state is done or ctx ends. The state is saved
// after every step; a step cut short is dropped whole and replayed by the
// next run with the same Δ, so resuming gives the same result as a run
// that was never stopped.
func Run(ctx context.Context, st *spsa.State, opt Options) error {
	if len(opt.Lines) == 0 {
		return errors.New("tune: no opening lines")
	}
	order := suite.Order(len(opt.Lines), st.Seed)
	start := time.Now()
	for !st.Done() {
		if err := ctx.Err(); err != nil {
			return err
		}
		probe := st.Next()
		res, err := playStep(ctx, st, probe, order, opt, start)
		if err != nil {
			return err
		}
		if err := st.Update(probe, res); err != nil {
			return err
		}
		if opt.Save != nil {
			if err := opt.Save(st); err != nil {
				return err
			}
		}
		if opt.Progress != nil {
			opt.Progress(Progress{State: st, Probe: probe, StepDone: true, Elapsed: time.Since(start)})
		}
	}
	return nil
}

// playStep plays one step's games and scores them from θ+'s side.
func playStep(ctx context.Context, st *spsa.State, probe spsa.Probe, order []int, opt Options, start time.Time) (spsa.Result, error) {
	lines := make([]suite.Line, probe.Pairs)
	for i := range lines {
		lines[i] = opt.Lines[order[(st.Iter+i)%len(order)]]
	}
	plus, err := opt.player("plus", probe.Plus)
	if err != nil {
		return spsa.Result{}, err
	}
	minus, err := opt.player("minus", probe.Minus)
	if err != nil {
		return spsa.Result{}, err
	}
	players := []*match.Player{plus, minus}
	if st.Mode == spsa.Reference {
		players = []*match.Player{opt.basePlayer(), plus, minus}
	}
	games := 2 * probe.Pairs * (len(players) - 1)
	m := match.Options{
		Players: players, Gauntlet: true, Games: 2 * probe.Pairs, Lines: lines,
		MaxPlies: opt.MaxPlies, Jobs: opt.Jobs, Event: "MicroChess tuning, step " + fmt.Sprint(probe.Step),
		Progress: func(p match.Progress) {
			if opt.Progress != nil {
				opt.Progress(Progress{State: st, Probe: probe, GamesInStep: p.Done, StepGames: games, Elapsed: time.Since(start)})
			}
		},
	}
	r, err := match.Run(ctx, m)
	if err != nil {
		return spsa.Result{}, err
	}
	if r.Interrupted || len(r.Records) != games {
		if err := ctx.Err(); err != nil {
			return spsa.Result{}, err
		}
		return spsa.Result{}, fmt.Errorf("tune: step %d played %d of its %d games", probe.Step, len(r.Records), games)
	}
	if st.Mode == spsa.Reference {
		p, mi := score(r.Records, 1), score(r.Records, 2)
		return spsa.Result{Plus: p, Minus: &mi}, nil
	}
	return spsa.Result{Plus: score(r.Records, 0)}, nil
}

// score is player p's games. A game adjudicated by material (a promotion
// the program's table could not hold) counts with its adjudicated result:
// the tuner needs every game of a step, and material is a fair verdict.
func score(records []match.Record, p int) spsa.Score {
	var s spsa.Score
	for i := range records {
		r := &records[i]
		if r.White != p && r.Black != p {
			continue
		}
		sc := r.Score(p)
		s.Wins += sc.Wins
		s.Draws += sc.Draws
		s.Losses += sc.Losses
	}
	return s
}

// player is the tuned program with values' bytes written over it.
func (o Options) player(name string, values []int) (*match.Player, error) {
	pokes, err := o.Pokes(values)
	if err != nil {
		return nil, err
	}
	base := o.Base
	return &match.Player{
		Name: name + "@" + o.Level.Name, Level: o.Level, Needs: o.Needs,
		Program: func(side chess.Color) ([]kim1.Image, string, error) {
			images, desc, err := base(side)
			if err != nil {
				return nil, "", err
			}
			images, err = match.PokeImages(images, pokes, side)
			return images, desc + ", tuned", err
		},
	}, nil
}

// basePlayer is the program as it is, unchanged.
func (o Options) basePlayer() *match.Player {
	return &match.Player{Name: o.Name + "@" + o.Level.Name, Program: o.Base, Level: o.Level, Needs: o.Needs}
}
