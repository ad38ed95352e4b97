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
)

func init() {
	register("strength", "run the strength study (matches) and write docs/strength.md", strengthMain)
}

// studyPart is one question of the study and the matches that answer it,
// each an mchess match command line.
type studyPart struct {
	title, question, note string
	matches               [][]string
	kind                  partKind // how its results are summed up beyond each pairing's verdict
}

type partKind int

const (
	partPlain    partKind = iota
	partVariants          // a gauntlet of variants: their spread
	partLibrary           // two programs against one opponent: the difference of their scores
)

// studyMatch is a match of the study as it was played.
type studyMatch struct {
	args    []string
	sum     *match.Summary
	elapsed time.Duration
	// Who played it: the mchess revision, the machine, the one-minute
	// load average when it finished (a match may be kept from an earlier
	// sitting: studyState).
	version, machine, load string
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
	parts := studyPlan(sf, *jobs, *quick)
	state := studyState{dir: *stateDir, salt: suiteSalt(studySuite)}
	if *fresh {
		if err := os.RemoveAll(*stateDir); err != nil {
			fmt.Fprintln(stderr, "mchess strength:", err)
			return 1
		}
	}
	if err := state.prune(parts); err != nil {
		fmt.Fprintln(stderr, "mchess strength:", err)
		return 1
	}
	ctx, stopped, release := stopOnSignal()
	defer release()
	machine := studyMachine(sf)
	start, load := time.Now(), [2]string{loadAverage()}
	var played [][]studyMatch
	for _, p := range parts {
		var ms []studyMatch
		for _, a := range p.matches {
			kept, err := state.load(a)
			if err != nil {
				fmt.Fprintln(stderr, "mchess strength:", err)
				return 1
			}
			if kept != nil {
				fmt.Fprintf(stderr, "mchess match %s: kept from %s\n", shellJoin(a), kept.Finished.Format(time.RFC3339))
				ms = append(ms, studyMatch{args: a, sum: kept.Summary, elapsed: time.Duration(kept.Seconds * float64(time.Second)),
					version: kept.Version, machine: kept.Machine, load: kept.Load})
				continue
			}
			fmt.Fprintf(stderr, "mchess match %s\n", shellJoin(a))
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
			sm := studyMatch{args: a, sum: res.Summarize(), elapsed: time.Since(t0), version: version(), machine: machine, load: loadAverage()}
			if err := state.save(&savedMatch{Args: a, Version: sm.version, Machine: machine, Finished: time.Now().UTC(),
				Seconds: sm.elapsed.Seconds(), Load: sm.load, Summary: sm.sum}); err != nil {
				fmt.Fprintln(stderr, "mchess strength:", err)
				return 1
			}
			ms = append(ms, sm)
		}
		played = append(played, ms)
	}
	load[1] = loadAverage()
	var b strings.Builder
	writeStudy(&b, parts, played, machine, time.Since(start), load, *quick)
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

// shellJoin writes a command line a shell reads back as it was.
func shellJoin(args []string) string {
	var f []string
	for _, a := range args {
		if a == "" || strings.ContainsAny(a, " '\"\\$`!*?&;|<>()[]{}#~") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		f = append(f, a)
	}
	return strings.Join(f, " ")
}
