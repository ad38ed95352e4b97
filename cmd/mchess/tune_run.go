package main

import (
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

func (r *tuneRun) main(target *tuneTarget, stdout, stderr io.Writer) int {
	set := target.set
	fail := func(code int, err error) int { fmt.Fprintf(stderr, "mchess tune: %v\n", err); return code }
	level, err := memmap.LevelByName(r.level)
	if err != nil {
		return fail(2, err)
	}
	mode := spsa.Mode(r.mode)
	if mode != spsa.Pair && mode != spsa.Reference {
		return fail(2, fmt.Errorf("--mode %q: want pair or reference", r.mode))
	}
	if r.pairs < 1 || r.stepPairs < 1 || r.jobs < 0 || r.checkEvery < 0 || r.checkPairs < 1 || r.span <= 0 || r.rEnd <= 0 {
		return fail(2, errors.New("--pairs, --step, --check-pairs, --c-end and --r-end must be above 0; -j and --check-every not below"))
	}
	space, err := tune.NewSpace(set, strings.Split(r.params, ","))
	if err != nil {
		return fail(2, err)
	}
	lines, err := readSuite(r.openings)
	if err != nil {
		return fail(1, err)
	}
	params := space.Params(tune.Gains{Span: r.span, REnd: r.rEnd})
	st, err := spsa.Load(r.state, params)
	switch {
	case errors.Is(err, os.ErrNotExist):
		st, err = spsa.New(spsa.Config{Params: params, Schedule: spsa.DefaultSchedule(r.pairs), Mode: mode, PairsPerStep: r.stepPairs, Seed: r.seed})
		if err != nil {
			return fail(2, err)
		}
	case err != nil:
		return fail(1, err)
	case r.reportOnly:
		log, err := tune.ReadLog(tune.LogFile(r.state))
		if err == nil {
			err = writeTuneReport(r.reportDir(), target, st, space, log)
		}
		if err != nil {
			return fail(1, err)
		}
		fmt.Fprintf(stdout, "%d steps, %d pairs: the tuned source, report and plots are in %s\n", st.Steps, st.Iter, r.reportDir())
		return 0
	}
	if r.reportOnly {
		return fail(1, fmt.Errorf("%s: no such state to report", r.state))
	}
	logFile := tune.LogFile(r.state)
	log, err := tune.ReadLog(logFile)
	if err != nil {
		return fail(1, err)
	}
	opt := tune.Options{Name: target.name, Base: target.base, Needs: target.needs,
		Pokes: space.Pokes, Level: level, Lines: lines, MaxPlies: r.maxPlies, Jobs: r.jobs}
	var checkLines []suite.Line
	if r.checkEvery > 0 {
		if checkLines, err = readSuite(r.checkOpenings); err != nil {
			return fail(1, err)
		}
	}
	ctx, stopStatus, release := stopOnSignal()
	defer release()
	session := &tune.Session{} // a finished run's report, written again, is no session
	if !st.Done() {
		session = log.Start("mchess tune "+strings.Join(os.Args[2:], " "), strength.Machine(""), time.Now())
	}
	began := time.Now()
	opt.Progress = tuneProgress(stderr, r.quiet, func(k, v int) string { return set.Params[space.Tuned[k]].ValueText(v) })
	opt.Save = func(s *spsa.State) error {
		session.Steps++
		session.Games += s.History[len(s.History)-1].Games
		session.Seconds = time.Since(began).Seconds()
		if r.checkEvery > 0 && (s.Steps%r.checkEvery == 0 || s.Done()) {
			cp, err := tune.Measure(ctx, s.Steps, s.Values(), checkLines, r.checkPairs, opt)
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
	err = tune.Run(ctx, st, opt)
	if !r.quiet {
		fmt.Fprintln(stderr)
	}
	switch {
	case ctx.Err() != nil:
		fmt.Fprintf(stderr, "mchess tune: interrupted after step %d of the run; %s holds it, the same command goes on\n", st.Steps, r.state)
		return stopStatus()
	case err != nil:
		return fail(1, err)
	}
	out := r.reportDir()
	if err := writeTuneReport(out, target, st, space, log); err != nil {
		return fail(1, err)
	}
	fmt.Fprintf(stdout, "%d steps, %d pairs: the tuned source, report and plots are in %s\n", st.Steps, st.Iter, out)
	return 0
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
