package bounded

import (
	"bufio"
	"fmt"
	"io"
)

// Lines reads lines typed by a person (a move, a command, keys) from a
// terminal, a pipe or a file, in bounded memory: of a line it keeps the
// first Keep bytes and reads the rest to its end, saying it was long; a
// line longer than Max ends the input with an error, for such input is
// not typing (/dev/zero, a binary file) and would otherwise be read for
// ever.
type Lines struct {
	r    *bufio.Reader
	keep int
	max  int
	line []byte
	n    int // the whole line's length
	err  error
}

// Sizes for what a person types: a move or a command is a few characters.
const (
	LineKeep = 1 << 10
	LineMax  = 1 << 20
)

// NewLines reads lines from r, keeping LineKeep bytes a line, refusing a
// line past LineMax.
func NewLines(r io.Reader) *Lines {
	return &Lines{r: bufio.NewReaderSize(r, 4096), keep: LineKeep, max: LineMax}
}

// Scan reads the next line; false at the end of the input or on an error
// (Err).
func (l *Lines) Scan() bool {
	l.line, l.n = l.line[:0], 0
	got := false
	for {
		chunk, more, err := l.r.ReadLine()
		if err != nil {
			if err != io.EOF {
				l.err = err
			}
			return got && l.err == nil
		}
		got = true
		if room := l.keep - len(l.line); room > 0 {
			l.line = append(l.line, chunk[:min(room, len(chunk))]...)
		}
		l.n += len(chunk)
		if l.n > l.max {
			l.err = fmt.Errorf("a line of more than %d MiB: not typing; input not read further", l.max>>20)
			return false
		}
		if !more {
			return true
		}
	}
}

// Text is the line read (its first LineKeep bytes), without its end.
func (l *Lines) Text() string { return string(l.line) }

// Long says the line was longer than what Text keeps: its length.
func (l *Lines) Long() (n int, long bool) { return l.n, l.n > l.keep }

// Err is why reading stopped before the end of the input, or nil.
func (l *Lines) Err() error { return l.err }
