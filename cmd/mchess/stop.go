package main

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// stopSignals end a long run (mchess match, mchess strength) as Ctrl-C
// does, keeping what is finished: SIGTERM is what a batch system sends at
// its time limit (and kill by default), SIGHUP what a closed terminal or
// ssh session sends.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// stopOnSignal returns a context that the first of stopSignals cancels,
// and the exit status of a run so stopped: 128 plus the signal's number,
// as a shell reports a program that signal killed (130 for Ctrl-C, 143
// for SIGTERM, 129 for SIGHUP). After the first, the signals kill at once
// again (a second Ctrl-C). Call release when the run is over.
func stopOnSignal() (ctx context.Context, status func() int, release func()) {
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, stopSignals...)
	var mu sync.Mutex
	var got syscall.Signal
	over := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			signal.Stop(ch)
			mu.Lock()
			got = s.(syscall.Signal)
			mu.Unlock()
			cancel()
		case <-over:
		}
	}()
	status = func() int {
		mu.Lock()
		defer mu.Unlock()
		if got == 0 {
			return 128 + int(syscall.SIGINT) // cancelled, but by no signal: cannot happen
		}
		return 128 + int(got)
	}
	var once sync.Once
	release = func() {
		once.Do(func() {
			signal.Stop(ch)
			close(over)
			cancel()
		})
	}
	return ctx, status, release
}
