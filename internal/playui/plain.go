package playui

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/kim1-archive/microchess/internal/bounded"
)

// ErrStopped is Plain's error when stop ended the game.
var ErrStopped = errors.New("the game stopped")

// Plain plays the game line by line: the board and the state after every
// move, a prompt for the person's move, the program's move when it is its
// turn. It ends at quit, at the end of the input, or when stop is closed
// (mchess play closes it on Ctrl-C, SIGTERM or SIGHUP; nil: never), saying
// whether and where the game is saved (with --pgn it is, each way); stop
// makes it return ErrStopped. A stop while the program thinks takes
// effect once its move is made: its memory is not to be read before.
func Plain(g *Game, in io.Reader, out io.Writer, stop <-chan struct{}) error {
	lines, done, readErr := readLines(in)
	defer close(done)
	show := func() {
		fmt.Fprintf(out, "\n%s\ndisplay %s\n%s\n", BoardFrom(g.P, g.Side(), Style{}), Display(g.P), Status(g.P))
	}
	show()
	for {
		select {
		case <-stop:
			fmt.Fprintln(out, g.closing())
			return ErrStopped
		default:
		}
		if g.P.ComputerToMove() {
			fmt.Fprintln(out, "the program is thinking...")
			fmt.Fprintln(out, g.Think())
			show()
			continue
		}
		fmt.Fprint(out, "> ")
		var l line
		select {
		case <-stop:
			fmt.Fprintln(out)
			fmt.Fprintln(out, g.closing())
			return ErrStopped
		case l = <-lines:
		}
		if l.end {
			fmt.Fprintln(out)
			fmt.Fprintln(out, g.closing())
			return *readErr
		}
		if l.long {
			fmt.Fprintf(out, "refused: a line of %d bytes: type one move, or a command (help)\n", l.n)
			continue
		}
		msg, quit := g.Command(l.text)
		if msg != "" {
			fmt.Fprintln(out, msg)
		}
		if quit {
			return nil
		}
		if msg != "" && !strings.HasPrefix(msg, "refused:") && !strings.Contains(msg[:min(8, len(msg))], "hint") {
			show()
		}
	}
}

// line is a line read for Plain, or the end of the input.
type line struct {
	text      string
	n         int // its length, when long
	long, end bool
}

// readLines reads in a line at a time away from Plain's loop, so that a
// stop ends a game waiting for input. The last line sent is the end;
// readErr is the input's error then. Closing done lets the reader go.
func readLines(in io.Reader) (lines <-chan line, done chan struct{}, readErr *error) {
	ch, done, readErr := make(chan line), make(chan struct{}), new(error)
	go func() {
		sc := bounded.NewLines(in)
		for {
			l := line{end: !sc.Scan()}
			if l.end {
				*readErr = sc.Err() // before the send, which Plain waits for
			} else {
				l.text = sc.Text()
				l.n, l.long = sc.Long()
			}
			select {
			case ch <- l:
			case <-done:
				return
			}
			if l.end {
				return
			}
		}
	}()
	return ch, done, readErr
}
