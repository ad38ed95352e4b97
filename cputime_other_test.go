//go:build !unix

package microchess

import "time"

// threadCPU has no thread clock to read here: the benchmarks' cpu-ns/op
// and speed-up are then wall-clock times.
func threadCPU() time.Duration { return time.Duration(time.Now().UnixNano()) }
