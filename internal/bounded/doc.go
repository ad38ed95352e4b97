// Package bounded reads input in bounded memory and time: a file only if
// it is a regular file and no larger than a limit suited to what it holds
// (ReadFile, Open), and lines typed by a person (Lines). Each limit is the
// reader's own fact, named where the format is defined; docs/limits.md
// lists them all and what the user sees when one is reached.
package bounded
