package main

import (
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

func init() {
	register("strength", "run the strength study (matches) and write docs/strength.md", strengthMain)
}

func strengthMain(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mchess strength", stderr,
		"usage: mchess strength [options]",
		"\nPlays the strength study's matches (mchess match, the same command lines the",
		"document prints) and writes the document: Stone's upgrade against the original at",
		"each level, the original's levels against each other, both programs against",
		"Stockfish at fixed weak settings, and how the programs' games end. It takes about",
		"half an hour on 2 cores; --quick plays a few short games of each, to try it out.",
		"\nCtrl-C, SIGTERM (as a batch system sends at a time limit) or SIGHUP stops the study:",
		"no document is written, the matches finished are kept (with --state), and the exit",
		"status is 130, 143 or 129 (128 + the signal, as a shell says).")
	out := fs.String("o", "", "write the document to `FILE` (default: standard output)")
	quick := fs.Bool("quick", false, "two games a pairing, cut at 8 plies: to check the study runs, not to measure")
	jobs := fs.Int("j", 0, "games at once (default: the number of CPUs)")
	stockfish := fs.String("stockfish", "", "the Stockfish `PATH` (default: stockfish on PATH or in /usr/games)")
	stateDir := fs.String("state", "", "keep each finished match in `DIR` (a small JSON file each) and take the kept ones instead of playing them again, so that a study stopped part way goes on where it stopped")
	fresh := fs.Bool("fresh", false, "with --state: forget the kept matches and play them all")
	if status, ok := parseNone(fs, args); !ok {
		return status
	}
	if *jobs < 0 {
		fmt.Fprintf(stderr, "mchess strength: -j %d: want a positive number (0: the number of CPUs)\n", *jobs)
		return 2
	}

	sf, err := findEngine(*stockfish, "stockfish")
	if err != nil {
		fmt.Fprintln(stderr, "mchess strength:", err)
		return 1
	}
	if *jobs <= 0 {
		*jobs = runtime.NumCPU()
	}
	parts := strength.Plan(sf, *jobs, *quick)
	state := strength.NewState(*stateDir)
	if *fresh {
		if err := os.RemoveAll(*stateDir); err != nil {
			fmt.Fprintln(stderr, "mchess strength:", err)
			return 1
		}
	}
	if err := state.Prune(parts); err != nil {
		fmt.Fprintln(stderr, "mchess strength:", err)
		return 1
	}
	ctx, stopped, release := stopOnSignal()
	defer release()
	machine := strength.Machine(sf)
	start, load := time.Now(), [2]string{strength.LoadAverage()}
	var played [][]strength.Match
	for _, p := range parts {
		var ms []strength.Match
		for _, a := range p.Matches {
			kept, err := state.Load(a)
			if err != nil {
				fmt.Fprintln(stderr, "mchess strength:", err)
				return 1
			}
			if kept != nil {
				fmt.Fprintf(stderr, "mchess match %s: kept from %s\n", strength.ShellJoin(a), kept.Finished.Format(time.RFC3339))
				ms = append(ms, strength.Match{Args: a, Summary: kept.Summary, Elapsed: time.Duration(kept.Seconds * float64(time.Second)),
					Version: kept.Version, Machine: kept.Machine, Load: kept.Load})
				continue
			}
			fmt.Fprintf(stderr, "mchess match %s\n", strength.ShellJoin(a))
			m, status := parseMatch(a, stderr)
			if m == nil {
				return status
			}
			m.opt.Progress = progressBar(stderr, stderrTerminal, m.opt.Players)
			t0 := time.Now()
			res, err := match.Run(ctx, m.opt)
			if stderrTerminal {
				fmt.Fprintln(stderr)
			}
			if err != nil {
				fmt.Fprintln(stderr, "mchess strength:", err)
				return 1
			}
			if res.Interrupted {
				fmt.Fprintln(stderr, "mchess strength: interrupted: no document written; the matches finished before are kept (--state)")
				return stopped()
			}
			if err := m.savePGN(res); err != nil {
				fmt.Fprintln(stderr, "mchess strength:", err)
				return 1
			}
			sm := strength.Match{Args: a, Summary: res.Summarize(), Elapsed: time.Since(t0), Version: version(), Machine: machine, Load: strength.LoadAverage()}
			if err := state.Save(&strength.Saved{Args: a, Version: sm.Version, Machine: machine, Finished: time.Now().UTC(),
				Seconds: sm.Elapsed.Seconds(), Load: sm.Load, Summary: sm.Summary}); err != nil {
				fmt.Fprintln(stderr, "mchess strength:", err)
				return 1
			}
			ms = append(ms, sm)
		}
		played = append(played, ms)
	}
	load[1] = strength.LoadAverage()
	var b strings.Builder
	strength.WriteDocument(&b, parts, played, machine, time.Since(start), load, *quick)
	if *out == "" {
		io.WriteString(stdout, b.String())
		return 0
	}
	if err := atomicfile.Write(*out, []byte(b.String())); err != nil {
		fmt.Fprintln(stderr, "mchess strength:", err)
		return 1
	}
	return 0
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
