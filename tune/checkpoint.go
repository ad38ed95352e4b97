package tune

import (
	"context"
	"fmt"

	"github.com/kim1-archive/microchess/match"
	"github.com/kim1-archive/microchess/suite"
)

// Checkpoint is θ as it stood after a step, measured against the program
// it was tuned from.
type Checkpoint struct {
	Step   int    `json:"step"`
	Values []int  `json:"values"`
	Level  string `json:"level"`
	// The match: the tuned values (A) against the base program (B).
	Summary match.PairingSummary `json:"summary"`
}

// Measure plays values against the base program: pairs game pairs from
// lines (in order, round the suite), at opt.Level. The lines should be
// ones the tuning does not play, so that the figure is not flattered.
func Measure(ctx context.Context, step int, values []int, lines []suite.Line, pairs int, opt Options) (*Checkpoint, error) {
	if len(lines) == 0 || pairs < 1 {
		return nil, fmt.Errorf("tune: a checkpoint needs lines and pairs (%d lines, %d pairs)", len(lines), pairs)
	}
	tuned, err := opt.player("tuned", values)
	if err != nil {
		return nil, err
	}
	base := opt.basePlayer()
	r, err := match.Run(ctx, match.Options{
		Players: []*match.Player{tuned, base}, Games: 2 * pairs, Lines: lines,
		MaxPlies: opt.MaxPlies, Jobs: opt.Jobs, Event: fmt.Sprintf("MicroChess tuning, checkpoint after step %d", step),
	})
	if err != nil {
		return nil, err
	}
	if r.Interrupted {
		return nil, ctx.Err()
	}
	return &Checkpoint{Step: step, Values: values, Level: opt.Level.Name, Summary: r.Summarize().Pairings[0]}, nil
}
