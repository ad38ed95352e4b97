package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/spsa"
	"github.com/kim1-archive/microchess/strength"
	"github.com/kim1-archive/microchess/suite"
	"github.com/kim1-archive/microchess/tunable"
	"github.com/kim1-archive/microchess/tune"
)

// tuneRun holds the flags of a tuning run.
type tuneRun struct {
	state, report, level, mode, openings, params string
	checkOpenings                                string
	pairs, stepPairs, jobs, maxPlies             int
	checkEvery, checkPairs                       int
	seed                                         uint64
	span, rEnd                                   float64
	quiet, reportOnly                            bool
}

func (r *tuneRun) flags(fs *flag.FlagSet) {
	fs.StringVar(&r.state, "state", "", "the run's state `file` (JSON): created, or gone on from")
	fs.StringVar(&r.report, "report", "", "the `folder` for the tuned source, report and plots (default: beside the state, STATE.out)")
	fs.StringVar(&r.level, "level", "normal", "the `level` the games are played at: super-blitz, blitz or normal")
	fs.StringVar(&r.mode, "mode", "pair", "`pair` (θ+ against θ−) or reference (each against the program as it is)")
	fs.StringVar(&r.openings, "openings", "balanced-10k", "the tuning's opening `suite` (built-in name or file)")
	fs.StringVar(&r.params, "params", "range", "the parameters tuned: `names`, comma-separated, or range, choice, all")
	fs.StringVar(&r.checkOpenings, "check-openings", "balanced-50", "the `suite` checkpoints are measured on (keep it apart from --openings)")
	fs.IntVar(&r.pairs, "pairs", 4000, "the game `pairs` the run plays in all (SPSA's N)")
	fs.IntVar(&r.stepPairs, "step", 4, "game `pairs` per step (one Δ)")
	fs.IntVar(&r.jobs, "j", 0, "games at once (default: the number of CPUs)")
	fs.IntVar(&r.maxPlies, "max-plies", 300, "a game's plies after the opening before it is a draw")
	fs.IntVar(&r.checkEvery, "check-every", 0, "measure θ against the program every `N` steps (0: never)")
	fs.IntVar(&r.checkPairs, "check-pairs", 100, "game `pairs` of a checkpoint")
	fs.Uint64Var(&r.seed, "seed", 1, "the run's seed (Δ, rounding and the order of the openings)")
	fs.Float64Var(&r.span, "c-end", tune.DefaultGains.Span, "c_end of a range parameter, as a `part` of its range (at least 1)")
	fs.Float64Var(&r.rEnd, "r-end", tune.DefaultGains.REnd, "SPSA's r_end for every parameter")
	fs.BoolVar(&r.quiet, "quiet", false, "no progress on stderr")
	fs.BoolVar(&r.reportOnly, "report-only", false, "play nothing: write the report of the state as it stands")
}

// tuneFail is a failure of mchess tune, with its exit status.
func tuneFail(code int, err error) error { return failf(code, "mchess tune: %v", err) }

func (r *tuneRun) main(target *tuneTarget, fs *flag.FlagSet, stdout, stderr io.Writer) error {
	set := target.set
	st, err := r.readState()
	if err != nil {
		return err
	}
	if st != nil {
		if err := r.resume(st, fs); err != nil {
			return err
		}
	}
	level, mode, space, lines, err := r.check(set)
	if err != nil {
		return err
	}
	st, done, err := r.loadState(st, target, space, mode, stdout)
	if err != nil || done {
		return err
	}
	record(st, fs)
	logFile := tune.LogFile(r.state)
	log, err := tune.ReadLog(logFile)
	if err != nil {
		return tuneFail(1, err)
	}
	opt := tune.Options{Name: target.name, Base: target.base, Needs: target.needs,
		Pokes: space.Pokes, Level: level, Lines: lines, MaxPlies: r.maxPlies, Jobs: r.jobs}
	var checkLines []suite.Line
	if r.checkEvery > 0 {
		if checkLines, err = readSuite(r.checkOpenings); err != nil {
			return tuneFail(1, err)
		}
	}
	ctx, stopStatus, release := stopOnSignal()
	defer release()
	opt.Progress = tuneProgress(stderr, r.quiet, func(k, v int) string { return set.Params[space.Tuned[k]].ValueText(v) })
	opt.Save = r.saver(ctx, st, log, logFile, checkLines, &opt)
	err = tune.Run(ctx, st, opt)
	if !r.quiet {
		fmt.Fprintln(stderr)
	}
	switch {
	case ctx.Err() != nil:
		return failf(stopStatus(), "mchess tune: interrupted after step %d of the run; %s holds it, the same command goes on", st.Steps, r.state)
	case err != nil:
		return tuneFail(1, err)
	}
	out := r.reportDir()
	if err := writeTuneReport(out, target, st, space, log); err != nil {
		return tuneFail(1, err)
	}
	fmt.Fprintf(stdout, "%d steps, %d pairs: the tuned source, report and plots are in %s\n", st.Steps, st.Iter, out)
	return nil
}

// check reads the options of a run: its level, mode, parameters and
// opening suite.
func (r *tuneRun) check(set *tunable.Set) (memmap.Level, spsa.Mode, *tune.Space, []suite.Line, error) {
	level, err := memmap.LevelByName(r.level)
	if err != nil {
		return level, "", nil, nil, tuneFail(2, err)
	}
	mode := spsa.Mode(r.mode)
	if mode != spsa.Pair && mode != spsa.Reference {
		return level, "", nil, nil, tuneFail(2, fmt.Errorf("--mode %q: want pair or reference", r.mode))
	}
	if r.pairs < 1 || r.stepPairs < 1 || r.jobs < 0 || r.checkEvery < 0 || r.checkPairs < 1 || r.span <= 0 || r.rEnd <= 0 {
		return level, "", nil, nil, tuneFail(2, errors.New("--pairs, --step, --check-pairs, --c-end and --r-end must be above 0; -j and --check-every not below"))
	}
	space, err := tune.NewSpace(set, strings.Split(r.params, ","))
	if err != nil {
		return level, "", nil, nil, tuneFail(2, err)
	}
	lines, err := readSuite(r.openings)
	if err != nil {
		return level, "", nil, nil, tuneFail(1, err)
	}
	return level, mode, space, lines, nil
}

// loadState checks the run's state read (st) against the parameters
// declared, or makes a new one (st nil); with --report-only it writes the
// report of the state read, and done is true.
func (r *tuneRun) loadState(st *spsa.State, target *tuneTarget, space *tune.Space, mode spsa.Mode, stdout io.Writer) (_ *spsa.State, done bool, err error) {
	params := space.Params(tune.Gains{Span: r.span, REnd: r.rEnd})
	switch {
	case st == nil && !r.reportOnly:
		st, err = spsa.New(spsa.Config{Params: params, Schedule: spsa.DefaultSchedule(r.pairs), Mode: mode, PairsPerStep: r.stepPairs, Seed: r.seed})
		if err != nil {
			return nil, false, tuneFail(2, err)
		}
	case st == nil:
		return nil, false, tuneFail(1, fmt.Errorf("%s: no such state to report", r.state))
	case st.SameParams(params) != nil:
		return nil, false, tuneFail(1, fmt.Errorf("%s: %v", r.state, st.SameParams(params)))
	case r.reportOnly:
		log, err := tune.ReadLog(tune.LogFile(r.state))
		if err == nil {
			err = writeTuneReport(r.reportDir(), target, st, space, log)
		}
		if err != nil {
			return nil, false, tuneFail(1, err)
		}
		fmt.Fprintf(stdout, "%d steps, %d pairs: the tuned source, report and plots are in %s\n", st.Steps, st.Iter, r.reportDir())
		return st, true, nil
	}
	return st, false, nil
}

// saver is the run's Save: it counts the step in the log's session,
// measures a checkpoint when one is due, and writes the state and the
// log.
func (r *tuneRun) saver(ctx context.Context, st *spsa.State, log *tune.Log, logFile string, checkLines []suite.Line, opt *tune.Options) func(*spsa.State) error {
	session := &tune.Session{} // a finished run's report, written again, is no session
	if !st.Done() {
		session = log.Start("mchess tune "+strings.Join(os.Args[2:], " "), strength.Machine(""), time.Now())
	}
	began := time.Now()
	return func(s *spsa.State) error {
		session.Steps++
		session.Games += s.History[len(s.History)-1].Games
		session.Seconds = time.Since(began).Seconds()
		if r.checkEvery > 0 && (s.Steps%r.checkEvery == 0 || s.Done()) {
			cp, err := tune.Measure(ctx, s.Steps, s.Values(), checkLines, r.checkPairs, *opt)
			if err != nil {
				return err
			}
			log.Checkpoints = append(log.Checkpoints, *cp)
		}
		if err := s.Save(r.state); err != nil {
			return err
		}
		return log.Write(logFile)
	}
}

func (r *tuneRun) reportDir() string {
	if r.report == "" {
		return r.state + ".out"
	}
	return r.report
}

// writeTuneReport writes the run's outputs (tune.WriteOutputs) from the
// sources as the target's tree holds them.
func writeTuneReport(dir string, target *tuneTarget, st *spsa.State, space *tune.Space, log *tune.Log) error {
	srcs, err := target.tree.ReadSources(target.sources...)
	if err != nil {
		return err
	}
	return tune.WriteOutputs(dir, srcs, st, space, log)
}

// tuneProgress shows the step, the games and θ (rounded, as the
// declarations write values) on one line.
func tuneProgress(w io.Writer, quiet bool, valueText func(k, v int) string) func(tune.Progress) {
	if quiet {
		return nil
	}
	terminal := stderrTerminal
	last := time.Time{}
	return func(p tune.Progress) {
		if !p.StepDone && time.Since(last) < 200*time.Millisecond {
			return
		}
		last = time.Now()
		st := p.State
		var theta []string
		for k, v := range st.Values() {
			theta = append(theta, st.Params[k].Name+"="+valueText(k, v))
		}
		line := fmt.Sprintf("step %d, pairs %d/%d, games %d/%d of the step, %s  θ: %s", p.Probe.Step, st.Iter, st.Schedule.Pairs,
			p.GamesInStep, p.StepGames, p.Elapsed.Round(time.Second), strings.Join(theta, " "))
		if p.StepDone {
			line = fmt.Sprintf("step %d done, pairs %d/%d, %s  θ: %s", st.Steps, st.Iter, st.Schedule.Pairs, p.Elapsed.Round(time.Second), strings.Join(theta, " "))
		}
		if terminal {
			fmt.Fprintf(w, "\r\033[K%s", line)
		} else if p.StepDone {
			fmt.Fprintln(w, line)
		}
	}
}
