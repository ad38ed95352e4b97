//go:build unix

package uci

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func engineScript(t *testing.T, name string, args ...string) []string {
	t.Helper()
	return append([]string{"sh", filepath.Join("testdata", "engines", name)}, args...)
}

// bounded runs f and fails the test if it has not returned within limit:
// a hang check, not a speed target.
func bounded(t *testing.T, limit time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(limit):
		t.Fatalf("%s did not return within %v", what, limit)
	}
}

// An engine that answers go with a line of 2 MB is broken: the go fails
// at once, the engine (still running, blocked writing) is killed.
func TestClientLongLine(t *testing.T) {
	t.Parallel()
	c, err := Start(engineScript(t, "long-line.sh"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	bounded(t, 30*time.Second, "go", func() {
		_, err = c.Go(context.Background(), "", nil, Limit{Nodes: 1}, 10*time.Second)
	})
	if err == nil || !strings.Contains(err.Error(), "LongLine: a line of its output is longer than 64 KiB") {
		t.Fatalf("got %v", err)
	}
	if c.Err() == nil {
		t.Error("the client is not broken")
	}
}

// An engine that closes its output and stays alive (deaf to quit) is
// killed after the grace period; Close then returns at once.
func TestClientClosedOutput(t *testing.T) {
	t.Parallel()
	c, err := Start(engineScript(t, "closed-stdout.sh"), nil)
	if err != nil {
		t.Fatal(err)
	}
	bounded(t, 30*time.Second, "go", func() {
		_, err = c.Go(context.Background(), "", nil, Limit{Nodes: 1}, 10*time.Second)
	})
	if err == nil || !strings.Contains(err.Error(), "ClosedStdout: the engine closed its output and was still running 2s later: killed") {
		t.Fatalf("got %v", err)
	}
	bounded(t, 10*time.Second, "Close", func() { c.Close() })
}

// An engine whose child keeps stderr open and that never answers go: the
// go times out, Close returns, and the child is killed with the engine's
// process group.
func TestClientChildHoldsStderr(t *testing.T) {
	t.Parallel()
	pidFile := filepath.Join(t.TempDir(), "child.pid")
	c, err := Start(engineScript(t, "stderr-child.sh", pidFile), nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Go(context.Background(), "", nil, Limit{Nodes: 1}, 200*time.Millisecond)
	if err == nil || !strings.Contains(err.Error(), "StderrChild: no bestmove within 200ms") {
		t.Fatalf("got %v", err)
	}
	bounded(t, 30*time.Second, "Close", func() { c.Close() })
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	// The child is gone (reaped by init once killed: a moment later).
	deadline := time.Now().Add(10 * time.Second)
	for syscall.Kill(pid, 0) == nil || !errors.Is(syscall.Kill(pid, 0), syscall.ESRCH) {
		if time.Now().After(deadline) {
			t.Fatalf("the engine's child %d is still running", pid)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// An engine that reads none of its input: a write that fills the pipe
// fails after HandshakeTimeout rather than blocking the match.
func TestClientDeafEngine(t *testing.T) {
	save := HandshakeTimeout
	HandshakeTimeout = 300 * time.Millisecond
	defer func() { HandshakeTimeout = save }()
	c, err := Start([]string{"sh", "-c", "echo 'id name Deaf'; echo uciok; echo readyok; exec sleep 600"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	moves := strings.Fields(strings.Repeat("g1f3 g8f6 f3g1 f6g8 ", 20000)) // 400 KB: more than a pipe holds
	bounded(t, 30*time.Second, "go", func() {
		_, err = c.Go(context.Background(), "", moves, Limit{Nodes: 1}, time.Second)
	})
	if err == nil || !strings.Contains(err.Error(), "Deaf: cannot send") || !strings.Contains(err.Error(), "timeout") {
		t.Fatalf("got %v", err)
	}
	if c.Err() == nil {
		t.Error("the client is not broken")
	}
}
