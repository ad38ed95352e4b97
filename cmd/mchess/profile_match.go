package main

import (
	"fmt"
	"io"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/debug"
	"github.com/kim1-archive/microchess/match"
	"github.com/kim1-archive/microchess/profile"
	"github.com/kim1-archive/microchess/suite"
)

// profiledName is the profiled program's name in a match's PGN.
const profiledName = "profiled"

// matchProfileOpts are mchess profile --match's own options.
type matchProfileOpts struct {
	opponent, openings, pgn string
	games, maxPlies, jobs   int
}

// profileMatchRun plays the match --match asks for, the program loaded
// as mchess profile loads it against the opponent, and profiles the
// program's moves (profile.Match). It returns the comments the profile
// carries, or an exit status.
func profileMatchRun(o *runOpts, mo *matchProfileOpts, stderr io.Writer) (*profile.MatchProfile, []string, int) {
	fail := func(err error) (*profile.MatchProfile, []string, int) {
		fmt.Fprintln(stderr, "mchess profile:", err)
		return nil, nil, exitFor(err)
	}
	opt, src, err := profileMatchOptions(o, mo)
	if err != nil {
		return fail(err)
	}
	ctx, stopped, release := stopOnSignal()
	defer release()
	mp, err := profile.Match(ctx, opt, 0, src)
	if err != nil {
		return fail(err)
	}
	me := opt.Players[0].Name
	comments := []string{
		fmt.Sprintf("%s's moves in a match against %s: %d games, %d moves, %d cycles (the PGN's cycles of its moves), %d instructions",
			me, opt.Players[1].Name, len(mp.Result.Records), mp.Moves, mp.Cycles, mp.Instructions),
	}
	if mo.pgn != "" {
		if err := (&matchCommand{pgn: mo.pgn}).savePGN(mp.Result); err != nil {
			return fail(err)
		}
	}
	if mp.Result.Interrupted {
		fmt.Fprintf(stderr, "mchess profile: interrupted after %d of %d games: the profile is of those\n", len(mp.Result.Records), mp.Result.Total)
		return mp, comments, stopped()
	}
	return mp, comments, 0
}

// profileMatchOptions are the match --match asks for, the program loaded
// as mchess profile loads it (whose source the profile names) against the
// opponent.
func profileMatchOptions(o *runOpts, mo *matchProfileOpts) (match.Options, *debug.Source, error) {
	opt := match.Options{Games: mo.games, MaxPlies: mo.maxPlies, Jobs: mo.jobs, Seed: match.DefaultSeed, Event: "mchess profile --match"}
	prog, err := loadMicroChess(o)
	if err != nil {
		return opt, nil, err
	}
	src, err := debugSourceOf(o)
	if err != nil {
		return opt, nil, err
	}
	level := o.level
	if level == "" {
		level = match.DefaultLevel
	}
	r := match.NewRoster()
	if err := r.AddProgram(profiledName, microchess.Describe(microchess.OriginalName, prog.images, nil), prog.images, prog.layout); err != nil {
		return opt, nil, err
	}
	for _, n := range []string{profiledName + "@" + level, mo.opponent} {
		p, err := r.Player(n)
		if err != nil {
			return opt, nil, usageError{err}
		}
		opt.Players = append(opt.Players, p)
	}
	if mo.openings == "" {
		opt.Lines = suite.Default()
	} else if opt.Lines, err = suite.Open(mo.openings); err != nil {
		return opt, nil, fileError(err)
	}
	if err := opt.Check(); err != nil {
		return opt, nil, usageError{err}
	}
	if mo.pgn != "" {
		if err := checkWritable(mo.pgn); err != nil {
			return opt, nil, err
		}
	}
	return opt, src, nil
}
