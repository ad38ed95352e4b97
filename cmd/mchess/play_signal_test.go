package main

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Ctrl-C, SIGTERM and SIGHUP end a line-by-line game (moves typed, or
// piped from a program that keeps the pipe open) as quit does: the game so
// far is written to --pgn, whole, and nothing else is left in the
// directory; the status is 128 + the signal's number, as for a match.
func TestPlainPlayStopsOnSignals(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		sig    syscall.Signal
		status int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}, {syscall.SIGHUP, 129}} {
		t.Run(c.sig.String(), func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			status, stderr := playSignalled(t, dir, c.sig, "play", "--plain", "--level", "super-blitz", "--pgn", "g.pgn")
			if status != c.status {
				t.Errorf("exit status %d, want %d", status, c.status)
			}
			if want := "mchess play: interrupted: the game is saved in g.pgn\n"; stderr != want {
				t.Errorf("stderr %q, want %q", stderr, want)
			}
			pgn, err := os.ReadFile(filepath.Join(dir, "g.pgn"))
			if err != nil {
				t.Fatal(err)
			}
			// The program's book opens 1. e4, and answers 1... e5 with 2. Nf3.
			if want := "\n1. e4 { [%cycles 5029] } e5 2. Nf3 { [%cycles 5029] } *\n"; !strings.HasSuffix(string(pgn), want) {
				t.Errorf("the PGN does not end %q:\n%s", want, pgn)
			}
			if names, _ := filepath.Glob(filepath.Join(dir, "*")); len(names) != 1 {
				t.Errorf("the directory holds %q, want g.pgn alone", names)
			}
		})
	}
	t.Run("no --pgn", func(t *testing.T) {
		t.Parallel()
		status, stderr := playSignalled(t, t.TempDir(), syscall.SIGINT, "play", "--plain", "--level", "super-blitz")
		if want := "mchess play: interrupted: not saved: type 'save FILE' before quit, or start with --pgn FILE\n"; status != 130 || stderr != want {
			t.Errorf("exit status %d, stderr %q; want 130, %q", status, stderr, want)
		}
	})
}

// playSignalled runs mchess play in dir with its input a pipe left open,
// types e5 after the program's first move, sends sig once the program has
// answered, and returns the exit status and stderr.
func playSignalled(t *testing.T, dir string, sig syscall.Signal, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(mchessCommand(t), args...)
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	startGroup(t, cmd)
	plays := make(chan string)
	go func() {
		defer close(plays)
		for sc := bufio.NewScanner(out); sc.Scan(); {
			if strings.HasPrefix(sc.Text(), "the program plays ") {
				plays <- sc.Text()
			}
		}
	}()
	deadline := time.After(time.Minute)
	for _, reply := range []string{"e5\n", ""} {
		select {
		case l, ok := <-plays:
			if !ok {
				t.Fatalf("mchess play ended before its signal: %s", stderr.String())
			}
			t.Log(l)
		case <-deadline:
			t.Fatal("no move from the program in a minute")
		}
		if _, err := in.Write([]byte(reply)); err != nil {
			t.Fatal(err)
		}
	}
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	for range plays {
	}
	err = cmd.Wait()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), stderr.String()
}
