// Package uci serves MicroChess, running on the emulated KIM-1, as a chess
// engine speaking the Universal Chess Interface on a pair of streams: the
// GUI's commands in, the engine's answers out. Commands are read one a
// line while the program thinks, so isready and stop are answered at once;
// unknown and malformed lines are ignored, as the protocol asks; every go
// gets exactly one bestmove.
package uci

import (
	"bufio"
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
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), maxCommand)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
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
		case "quit":
			e.stopAndWait()
			return nil
		}
	}
	e.stopAndWait()
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		return fmt.Errorf("a command line of more than %d MiB: not UCI; input not read further", maxCommand>>20)
	}
	return sc.Err()
}

// maxCommand bounds a command line: a position of 1,000 moves is 5 KB.
const maxCommand = 1 << 20

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
	infinite                           bool
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
		}
	}
	return g
}
