// Package timing measures the manual's LEVEL OF PLAY table on the
// emulated KIM-1 (the first move from the start and a self-play game at
// each level) and writes docs/timing.md from it.
package timing
