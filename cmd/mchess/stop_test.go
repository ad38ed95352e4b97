package main

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kim1-archive/microchess/internal/racedetect"
	"github.com/kim1-archive/microchess/rules"
)

// signalWhen runs mchess with args in dir, sends it sig once a line of
// its stderr satisfies ready, and returns its exit status (-1: killed by
// a signal) and stderr.
func signalWhen(t *testing.T, dir string, sig syscall.Signal, ready func(line string) bool, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(mchessCommand(t), args...)
	cmd.Dir = dir
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	startGroup(t, cmd)
	lines, gone := make(chan string), make(chan struct{})
	defer close(gone)
	go func() {
		defer close(lines)
		for sc := bufio.NewScanner(pipe); sc.Scan(); {
			select {
			case lines <- sc.Text():
			case <-gone:
				return
			}
		}
	}()
	var log strings.Builder
	signalled := false
	limit := time.Minute
	if racedetect.Enabled {
		limit *= 10 // the detector slows the run about tenfold
	}
	deadline := time.After(limit)
	for reading := true; reading; {
		select {
		case l, ok := <-lines:
			if !ok {
				reading = false
				break
			}
			log.WriteString(l + "\n")
			if !signalled && ready(l) {
				if err := cmd.Process.Signal(sig); err != nil {
					t.Fatal(err)
				}
				signalled = true
			}
		case <-deadline:
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			t.Fatalf("mchess %s: not over in %v (signalled: %v):\n%s", strings.Join(args, " "), limit, signalled, log.String())
		}
	}
	err = cmd.Wait()
	if !signalled {
		t.Fatalf("mchess %s ended (%v) before it was to be signalled:\n%s", strings.Join(args, " "), err, log.String())
	}
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, log.String()
	case errors.As(err, &exit):
		return exit.ExitCode(), log.String()
	}
	t.Fatal(err)
	return 0, ""
}

// Ctrl-C, SIGTERM (a batch system's time limit) and SIGHUP (a closed
// terminal) each end a match the same way: the games finished are saved
// in the PGN, every one of them whole, and the status is 128 + the
// signal's number (SIGINT 2, SIGTERM 15, SIGHUP 1), as a shell reports a
// program the signal killed.
func TestMatchStopsOnSignals(t *testing.T) {
	t.Parallel()
	interrupted := regexp.MustCompile(`(?m)^mchess match: interrupted after (\d+) of 200 games$`)
	for _, c := range []struct {
		sig    syscall.Signal
		status int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}, {syscall.SIGHUP, 129}} {
		t.Run(c.sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			// Without a terminal the progress is a line each tenth of the
			// games: the first says 20 are finished.
			status, log := signalWhen(t, dir, c.sig, func(l string) bool { return strings.HasPrefix(l, "20/200 games") },
				"match", "original@super-blitz", "stone@super-blitz", "--games", "200", "-j", "2", "--pgn", "m.pgn")
			if status != c.status {
				t.Errorf("exit status %d, want %d", status, c.status)
			}
			m := interrupted.FindStringSubmatch(log)
			if m == nil {
				t.Fatalf("no count of the games finished:\n%s", log)
			}
			finished, _ := strconv.Atoi(m[1])
			if finished < 20 || finished >= 200 {
				t.Errorf("%d games finished: want the 20 finished before the signal at least, and not all", finished)
			}
			data, err := os.ReadFile(filepath.Join(dir, "m.pgn"))
			if err != nil {
				t.Fatal(err)
			}
			rounds := map[string]bool{}
			games, err := rules.ReadGames(strings.NewReader(string(data)))
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range games {
				if r := g.GetTagPair("Result"); r == "*" || r == "" || len(g.Moves()) == 0 {
					t.Errorf("round %s unfinished: result %q after %d moves", g.GetTagPair("Round"), r, len(g.Moves()))
				}
				rounds[g.GetTagPair("Round")] = true
			}
			if len(rounds) != finished {
				t.Errorf("the PGN holds %d distinct games, the match says %d finished", len(rounds), finished)
			}
		})
	}
}

// SIGTERM stops the strength study too: no document, the matches finished
// kept under --state, status 143 (128 + 15).
func TestStrengthStopsOnSIGTERM(t *testing.T) {
	sf, err := findEngine("", "stockfish")
	if err != nil {
		t.Skipf("%v (.ci/run installs it)", err)
	}
	if _, err := findEngine("", "fairymax"); err != nil {
		t.Skipf("%v (.ci/run installs it)", err)
	}
	t.Parallel()
	dir := t.TempDir()
	// The study runs in the repository's root, which holds the round
	// robin's lines: the same file where this one runs.
	lines, err := os.ReadFile(filepath.Join("..", "..", "suite", "fresh-1k.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "suite"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "suite", "fresh-1k.txt"), lines, 0o644); err != nil {
		t.Fatal(err)
	}
	started := 0
	// Each match is announced as it starts: at the second the first is
	// kept.
	status, log := signalWhen(t, dir, syscall.SIGTERM, func(l string) bool {
		if strings.HasPrefix(l, "mchess match ") {
			started++
		}
		return started == 2
	}, "strength", "--quick", "-j", "2", "--stockfish", sf, "--state", "state", "-o", "strength.md")
	if status != 143 || !strings.Contains(log, "mchess strength: interrupted: no document written") {
		t.Errorf("exit status %d (want 143):\n%s", status, log)
	}
	if _, err := os.Stat(filepath.Join(dir, "strength.md")); err == nil {
		t.Error("a document was written")
	}
	if kept, _ := filepath.Glob(filepath.Join(dir, "state", "match-*.json")); len(kept) == 0 {
		t.Errorf("no match kept:\n%s", log)
	}
}

// TestTuneStopsOnSIGTERM: a tuning run stopped by SIGTERM exits 143 with
// its state holding the steps finished, and the same command goes on from
// there to the end.
func TestTuneStopsOnSIGTERM(t *testing.T) {
	dir := t.TempDir()
	args := []string{"tune", "--state", "s.json", "--pairs", "30", "--step", "1", "--level", "super-blitz", "-j", "1",
		"--params", "PAWNS", "--openings", "balanced-50"}
	status, log := signalWhen(t, dir, syscall.SIGTERM, func(l string) bool { return strings.HasPrefix(l, "step 2 done") }, args...)
	if status != 143 || !strings.Contains(log, "mchess tune: interrupted after step ") {
		t.Fatalf("exit %d, want 143 and the interruption said:\n%s", status, log)
	}
	data, err := os.ReadFile(filepath.Join(dir, "s.json"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`"steps": (\d+)`).FindSubmatch(data)
	if m == nil {
		t.Fatalf("no steps in the state:\n%s", data)
	}
	if n, _ := strconv.Atoi(string(m[1])); n < 2 || n >= 30 {
		t.Fatalf("the state holds %d steps, want 2 to 29", n)
	}
	cmd := exec.Command(mchessCommand(t), append(args, "--quiet")...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil || !strings.HasPrefix(string(out), "30 steps, 30 pairs") {
		t.Fatalf("resumed: %v\n%s", err, out)
	}
}
