//go:build race

package racedetect

// Enabled tells whether the race detector is built in.
const Enabled = true
