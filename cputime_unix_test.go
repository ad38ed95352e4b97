//go:build unix

package microchess

import (
	"time"

	"golang.org/x/sys/unix"
)

// threadCPU is the CPU time the calling thread has used, to the
// nanosecond. On a shared machine the wall-clock time of a run depends on
// what else runs, its thread's CPU time much less, so the benchmarks
// report it (cpu-ns/op), their goroutine locked to its thread.
func threadCPU() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}
