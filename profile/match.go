package profile

import (
	"context"
	"fmt"
	"sync"

	"github.com/corentings/chess/v2"
	pprof "github.com/google/pprof/profile"

	"github.com/kim1-archive/microchess/debug"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/match"
)

// MatchProfile is a match played with one player's moves profiled.
type MatchProfile struct {
	Result  *match.Result
	Profile *pprof.Profile // the games' profiles merged
	// Moves, Cycles and Instructions are the player's moves profiled, in
	// the games of Result.Records, and what they ran.
	Moves                int
	Cycles, Instructions uint64
}

// Match plays a match (match.Run) and profiles every move one player,
// opt.Players[player], a MicroChess program whose routines src names,
// thinks: each game has a profiler counting exactly its moves
// (Profiler.StartMove), and the profiles of the games the result keeps
// are merged in the schedule's order. It refuses a game in which one of
// the player's moves could not be profiled, and a profile whose total is
// not the sum of the player's cycles in the games' records (Record.Cycles,
// which the PGN's WhiteCycles and BlackCycles tags and the summary give).
// An interrupted match gives the profile of the games it finished.
func Match(ctx context.Context, opt match.Options, player int, src *debug.Source) (*MatchProfile, error) {
	if player < 0 || player >= len(opt.Players) {
		return nil, fmt.Errorf("no player %d to profile", player)
	}
	pl := *opt.Players[player]
	if pl.IsEngine() {
		return nil, fmt.Errorf("%s is an engine, not a program on the KIM-1: nothing to profile", pl.Name)
	}
	if pl.Teletype {
		// Its move's cycles are counted from PC typed, not between polls.
		return nil, fmt.Errorf("%s plays through its teletype: only a keypad program's moves are profiled", pl.Name)
	}
	var mu sync.Mutex
	games := map[int]*gameWatch{}
	pl.Watch = func(game int) match.MoveWatcher {
		w := &gameWatch{p: New(src)}
		mu.Lock()
		games[game] = w
		mu.Unlock()
		return w
	}
	players := append([]*match.Player(nil), opt.Players...)
	players[player] = &pl
	opt.Players = players
	res, err := match.Run(ctx, opt)
	if err != nil {
		return nil, err
	}
	mp := &MatchProfile{Result: res}
	var profs []*pprof.Profile
	var want uint64
	for _, rec := range res.Records {
		color := chess.White
		if rec.Black == player {
			color = chess.Black
		} else if rec.White != player {
			continue // a game of two other players
		}
		want += rec.Cycles[color]
		w := games[rec.Index]
		if w == nil {
			continue // the game ended before it began (an opening line that ends it)
		}
		if w.err != nil {
			return nil, fmt.Errorf("game %d: %s's %v", rec.Index+1, pl.Name, w.err)
		}
		mp.Moves += w.moves
		mp.Cycles += w.p.Cycles
		mp.Instructions += w.p.Instructions
		profs = append(profs, w.p.Profile())
	}
	if mp.Cycles != want {
		return nil, fmt.Errorf("the profile counts %d cycles, %s's moves in the games' records %d", mp.Cycles, pl.Name, want)
	}
	if len(profs) == 0 {
		mp.Profile = New(src).Profile()
		return mp, nil
	}
	if mp.Profile, err = pprof.Merge(profs); err != nil {
		return nil, err
	}
	mp.Profile.Comments = nil
	return mp, nil
}

// gameWatch profiles a player's moves in one game; the first move it
// could not profile is its error.
type gameWatch struct {
	p     *Profiler
	moves int
	err   error
}

func (w *gameWatch) Thinking(m *kim1.Machine) {
	w.moves++
	w.p.StartMove(m)
}

func (w *gameWatch) Thought(m *kim1.Machine, cycles uint64, err error) {
	if e := w.p.EndMove(m, cycles, err); e != nil && w.err == nil {
		w.err = fmt.Errorf("move %d: %v", w.moves, e)
	}
}
