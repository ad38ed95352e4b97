package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"

	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/match"
	"github.com/kim1-archive/microchess/strength"
)

var cmdStrength = &Command{
	Name:      "strength",
	UsageLine: "mchess strength [options]",
	Short:     "run the strength study (matches) and write docs/strength.md",
	Long: `Plays the strength study's matches (mchess match, the same command lines the
document prints) and writes the document: Stone's upgrade against the original at
each level, the original's levels against each other, both programs against
Stockfish at fixed weak settings, a round robin of every program at Normal with
Stockfish at UCI_Elo 1350 and Fairy-Max, rated on one scale (Bradley–Terry, anchored
at the Stockfish player), and how the programs' games end. It takes about an hour
on 2 cores; --quick plays a few short games of each, to try it out.

Ctrl-C, SIGTERM (as a batch system sends at a time limit) or SIGHUP stops the study:
no document is written, the matches finished are kept (with --state), and the exit
status is 130, 143 or 129 (128 + the signal, as a shell says).`,
	New: func() options { return new(strengthOptions) },
}

type strengthOptions struct {
	out, stockfish, fairymax, stateDir string
	quick, fresh                       bool
	jobs                               int
}

func (o *strengthOptions) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.out, "o", "", "write the document to `FILE` (default: standard output)")
	fs.BoolVar(&o.quick, "quick", false, "two games a pairing, cut at 8 plies: to check the study runs, not to measure")
	fs.IntVar(&o.jobs, "j", 0, "games at once (default: the number of CPUs)")
	fs.StringVar(&o.stockfish, "stockfish", "", "the Stockfish `PATH` (default: stockfish on PATH or in /usr/games)")
	fs.StringVar(&o.fairymax, "fairymax", "", "the Fairy-Max `PATH` (default: fairymax on PATH or in /usr/games)")
	fs.StringVar(&o.stateDir, "state", "", "keep each finished match in `DIR` (a small JSON file each) and take the kept ones instead of playing them again, so that a study stopped part way goes on where it stopped")
	fs.BoolVar(&o.fresh, "fresh", false, "with --state: forget the kept matches and play them all")
}

// strengthFail is a failure of mchess strength: exit status 1.
func strengthFail(err error) error {
	return failf(1, "mchess strength: %v", err)
}

func (o *strengthOptions) run(e *env, args []string) error {
	if len(args) > 0 {
		return e.usage("takes no arguments, %s", given(args))
	}
	if o.jobs < 0 {
		return failf(2, "mchess strength: -j %d: want a positive number (0: the number of CPUs)", o.jobs)
	}

	sf, fm, err := o.engines()
	if err != nil {
		return strengthFail(err)
	}
	if o.jobs <= 0 {
		o.jobs = runtime.NumCPU()
	}
	parts := strength.Plan(sf, fm, o.jobs, o.quick)
	state := strength.NewState(o.stateDir)
	if o.fresh {
		if err := os.RemoveAll(o.stateDir); err != nil {
			return strengthFail(err)
		}
	}
	if err := state.Prune(parts); err != nil {
		return strengthFail(err)
	}
	ctx, stopped, release := stopOnSignal()
	defer release()
	st := &study{ctx: ctx, stopped: stopped, state: state, machine: strength.Machine(sf) + "; Fairy-Max at " + fm, stderr: e.stderr}
	var played [][]strength.Match
	for _, p := range parts {
		var ms []strength.Match
		for _, a := range p.Matches {
			sm, err := st.match(a)
			if err != nil {
				return err
			}
			ms = append(ms, sm)
		}
		played = append(played, ms)
	}
	var b strings.Builder
	strength.WriteDocument(&b, parts, played, st.machine, o.quick)
	if o.out == "" {
		io.WriteString(e.stdout, b.String())
		return nil
	}
	if err := atomicfile.Write(o.out, []byte(b.String())); err != nil {
		return strengthFail(err)
	}
	return nil
}

// engines finds Stockfish and Fairy-Max, and the round robin's lines, a
// file of the repository: before the first match, not after an hour.
func (o *strengthOptions) engines() (sf, fm string, err error) {
	if sf, err = findEngine(o.stockfish, "stockfish"); err != nil {
		return "", "", err
	}
	if fm, err = findEngine(o.fairymax, "fairymax"); err != nil {
		return "", "", err
	}
	if _, err := os.Stat(strength.RoundRobinSuite); err != nil {
		return "", "", fmt.Errorf("%v: the round robin's openings; run mchess strength in the repository's root (make strength)", err)
	}
	return sf, fm, nil
}

// study is a strength study under way: what its matches need.
type study struct {
	ctx     context.Context
	stopped func() int
	state   strength.State
	machine string
	stderr  io.Writer
}

// match is one of the study's matches, a: kept from an earlier run, or
// played now (and kept).
func (st *study) match(a []string) (strength.Match, error) {
	stderr := st.stderr
	kept, err := st.state.Load(a)
	if err != nil {
		return strength.Match{}, strengthFail(err)
	}
	if kept != nil {
		fmt.Fprintf(stderr, "mchess match %s: kept from %s\n", strength.ShellJoin(a), kept.Finished.Format(time.RFC3339))
		return strength.Match{Args: a, Summary: kept.Summary, Elapsed: time.Duration(kept.Seconds * float64(time.Second)),
			Version: kept.Version, Machine: kept.Machine, Load: kept.Load}, nil
	}
	fmt.Fprintf(stderr, "mchess match %s\n", strength.ShellJoin(a))
	m, status := parseMatch(a, stderr)
	if m == nil {
		return strength.Match{}, exit(status)
	}
	m.opt.Progress = progressBar(stderr, stderrTerminal, m.opt.Players)
	t0 := time.Now()
	res, err := match.Run(st.ctx, m.opt)
	if stderrTerminal {
		fmt.Fprintln(stderr)
	}
	if err != nil {
		return strength.Match{}, strengthFail(err)
	}
	if res.Interrupted {
		return strength.Match{}, failf(st.stopped(), "mchess strength: interrupted: no document written; the matches finished before are kept (--state)")
	}
	if err := m.savePGN(res); err != nil {
		return strength.Match{}, strengthFail(err)
	}
	sm := strength.Match{Args: a, Summary: res.Summarize(), Elapsed: time.Since(t0), Version: version(), Machine: st.machine, Load: strength.LoadAverage()}
	if err := st.state.Save(&strength.Saved{Args: a, Version: sm.Version, Machine: st.machine, Finished: time.Now().UTC(),
		Seconds: sm.Elapsed.Seconds(), Load: sm.Load, Summary: sm.Summary}); err != nil {
		return strength.Match{}, strengthFail(err)
	}
	return sm, nil
}

// findEngine finds an engine: the path given, or the name on PATH or in
// /usr/games, where Debian puts chess engines.
func findEngine(given, name string) (string, error) {
	if given != "" {
		return exec.LookPath(given)
	}
	for _, p := range []string{name, "/usr/games/" + name} {
		if path, err := exec.LookPath(p); err == nil {
			return path, nil
		}
	}
	return "", fmt.Errorf("%s not found on PATH or in /usr/games: install Debian's %s, or give --%s PATH", name, name, name)
}
