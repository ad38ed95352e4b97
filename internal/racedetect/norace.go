//go:build !race

// Package racedetect tells a test whether it runs under the race
// detector, which multiplies time by about ten and memory by five to ten:
// a test that measures either (the hostile-input corpus) skips there, and
// runs in `make test`.
package racedetect

// Enabled tells whether the race detector is built in.
const Enabled = false
