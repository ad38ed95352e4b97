// Package uci serves MicroChess, running on the emulated KIM-1, as a chess
// engine speaking the Universal Chess Interface on a pair of streams: the
// GUI's commands in, the engine's answers out. Commands are read one a
// line while the program thinks, so isready and stop are answered at once;
// unknown and malformed lines are ignored, as the protocol asks; every go
// gets exactly one bestmove.
package uci

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// Serve runs the protocol until quit or the end of the input.
func Serve(in io.Reader, out io.Writer, e *Engine) error {
	e.out = &lineWriter{w: out}
	r := bufio.NewReaderSize(in, 64*1024)
	for {
		text, err := readLine(r, maxCommand)
		var long *longLineError
		switch {
		case errors.As(err, &long):
			e.out.line("info string a command line of %d bytes or more (over %d KiB) ignored: not UCI", long.n, maxCommand>>10)
			continue
		case err == io.EOF && text == "":
			e.stopAndWait()
			return nil
		case err != nil && err != io.EOF:
			e.stopAndWait()
			return err
		}
		if quit := e.command(strings.Fields(text)); quit {
			return nil
		}
	}
}

// command carries out one line; quit is true for quit.
func (e *Engine) command(f []string) (quit bool) {
	if len(f) == 0 {
		return false
	}
	switch f[0] {
	case "uci":
		e.identify()
	case "isready":
		e.out.line("readyok")
	case "setoption":
		e.finish()
		e.setOption(f[1:])
	case "ucinewgame":
		e.finish()
		e.newGame()
	case "position":
		e.finish()
		e.position(f[1:])
	case "go":
		e.finish()
		e.goThink(f[1:])
	case "stop":
		e.stop()
	case "ponderhit":
		e.ponderhit()
	case "quit":
		e.stopAndWait()
		return true
	}
	return false
}

// maxCommand bounds a command line: a position of 1,000 moves is 5 KB.
const maxCommand = 1 << 20

// notTextError is a NUL byte in the input: no client writes one, so the
// input is not commands (a device, a binary file) and is not read on,
// which would never end for /dev/zero.
type notTextError struct{ line int }

func (e *notTextError) Error() string {
	return fmt.Sprintf("a NUL byte at byte %d of a command line: the input is not text, not read further", e.line+1)
}

// longLineError is a line longer than the bound: its n bytes were read
// and dropped.
type longLineError struct{ n int }

func (e *longLineError) Error() string { return fmt.Sprintf("a line of %d bytes", e.n) }

// readLine reads one line of at most limit bytes, without its end. A
// longer line is read to its end and dropped (longLineError): memory stays
// bounded whatever the client sends. At the end of the input, the last
// line (if any) comes with io.EOF.
func readLine(r *bufio.Reader, limit int) (string, error) {
	var line []byte
	n, dropped := 0, false
	for {
		chunk, err := r.ReadSlice('\n')
		if i := bytes.IndexByte(chunk, 0); i >= 0 {
			return "", &notTextError{n + i}
		}
		n += len(chunk)
		if dropped || len(line)+len(chunk) > limit+2 { // the line and its CR LF
			line, dropped = nil, true
		} else {
			line = append(line, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil && err != io.EOF {
			return "", err
		}
		text := strings.TrimRight(string(line), "\r\n")
		if dropped || len(text) > limit {
			return "", &longLineError{n}
		}
		return text, err
	}
}

// lineWriter writes whole lines from several goroutines.
type lineWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lineWriter) line(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fmt.Fprintf(l.w, format+"\n", args...)
}

// goParams are a go command's limits.
type goParams struct {
	movetime, wtime, btime, winc, binc int64 // milliseconds; -1 when not given
	movestogo, depth                   int
	infinite, ponder                   bool
}

func parseGo(f []string) goParams {
	g := goParams{movetime: -1, wtime: -1, btime: -1, winc: 0, binc: 0}
	num := func(i int) int64 {
		if i+1 >= len(f) {
			return -1
		}
		v, err := strconv.ParseInt(f[i+1], 10, 64)
		if err != nil {
			return -1
		}
		return v
	}
	for i := 0; i < len(f); i++ {
		switch f[i] {
		case "movetime":
			g.movetime = num(i)
		case "wtime":
			g.wtime = num(i)
		case "btime":
			g.btime = num(i)
		case "winc":
			g.winc = max(0, num(i))
		case "binc":
			g.binc = max(0, num(i))
		case "movestogo":
			g.movestogo = int(max(0, num(i)))
		case "depth":
			g.depth = int(max(0, num(i)))
		case "infinite":
			g.infinite = true
		case "ponder":
			g.ponder = true
		}
	}
	return g
}
