package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Client is the GUI's side of the protocol: it drives an engine (Stockfish,
// or MicroChess itself through Serve) as a match runner does. Every wait for
// the engine has a deadline, so an engine that hangs is an error, not a
// match that never ends: an answer, a write to its input, its exit. An
// engine that is a process runs in a process group of its own, killed
// whole when it will not exit (a script's children go with it).
type Client struct {
	Name    string   // the engine's "id name"
	Options []string // the options it declares, by name

	in    io.Writer
	lines chan string
	// readErr is why the engine's output was not read to its end (set
	// before lines is closed).
	readErr error
	quit    chan struct{} // closed by Close: the reader stops
	cmd     *exec.Cmd
	inFile  *os.File      // the engine's input (a process's): writes get a deadline
	outFile *os.File      // the read end of its output, closed by Close
	exited  chan struct{} // closed once the engine's process is waited for
	kill    sync.Once
	close   sync.Once
	tail    *tailBuffer // the end of the engine's stderr, for errors
	mu      sync.Mutex  // one exchange at a time
	label   string
	// broken is why the engine cannot be trusted any more: a go that timed
	// out leaves a bestmove to come that would answer the next one.
	broken error
	xb     *xboardGame // an engine that speaks xboard's protocol (xboard.go); nil for UCI
}

// Limit is what a go command asks for; the zero Limit is refused.
type Limit struct {
	Nodes    int64
	Depth    int
	MoveTime time.Duration
}

func (l Limit) String() string {
	var f []string
	if l.Nodes > 0 {
		f = append(f, "nodes "+strconv.FormatInt(l.Nodes, 10))
	}
	if l.Depth > 0 {
		f = append(f, "depth "+strconv.Itoa(l.Depth))
	}
	if l.MoveTime > 0 {
		f = append(f, "movetime "+strconv.FormatInt(l.MoveTime.Milliseconds(), 10))
	}
	return strings.Join(f, " ")
}

// Option is a setoption to send after the handshake.
type Option struct{ Name, Value string }

// HandshakeTimeout bounds the engine's answers to uci and isready, and
// each write to its input.
var HandshakeTimeout = 20 * time.Second

// exitGrace is how long an engine is given to exit by itself (asked to
// quit, or its output ended) before its process group is killed; it is
// also how long its stderr is read after it exited (exec.Cmd.WaitDelay),
// as a child of its may hold stderr open.
const exitGrace = 2 * time.Second

// maxLine bounds a line of an engine's output: UCI lines are short (a
// principal variation of 200 moves is about 1 KB), and a longer one is
// taken for a broken engine, not kept.
const maxLine = 64 << 10

// Start runs an engine program and shakes hands: uci, the options set
// (each must be one the engine declares), isready.
func Start(argv []string, options []Option) (*Client, error) {
	c, err := spawn(argv)
	if err != nil {
		return nil, err
	}
	if err := c.handshake(options); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// spawn runs an engine program, its input and output ours.
func spawn(argv []string) (*Client, error) {
	if len(argv) == 0 {
		return nil, errors.New("no engine command")
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	// Pipes of our own rather than StdinPipe and StdoutPipe: writes get a
	// deadline, and Wait does not close the output before the reader has
	// read the engine's last lines.
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	tail := &tailBuffer{max: 2048}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, tail
	cmd.WaitDelay = exitGrace
	ownGroup(cmd)
	err = cmd.Start()
	inR.Close() // the engine's ends
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("engine %s: %v", argv[0], err)
	}
	c := newClient(inW, outR, argv[0])
	c.cmd, c.tail, c.inFile, c.outFile = cmd, tail, inW, outR
	c.exited = make(chan struct{})
	go func() {
		cmd.Wait()
		close(c.exited)
	}()
	return c, nil
}

// Connect shakes hands with an engine on a pair of streams (an engine
// served in the same process, for tests and for MicroChess itself).
func Connect(out io.Reader, in io.Writer, label string, options []Option) (*Client, error) {
	c := newClient(in, out, label)
	if err := c.handshake(options); err != nil {
		return nil, err
	}
	return c, nil
}

func newClient(in io.Writer, out io.Reader, label string) *Client {
	c := &Client{in: in, lines: make(chan string, 256), label: label, quit: make(chan struct{})}
	go func() {
		defer close(c.lines)
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 4096), maxLine)
		for sc.Scan() {
			select {
			case c.lines <- sc.Text():
			case <-c.quit:
				return
			}
		}
		switch err := sc.Err(); {
		case errors.Is(err, bufio.ErrTooLong):
			c.readErr = fmt.Errorf("a line of its output is longer than %d KiB", maxLine>>10)
		case err != nil:
			c.readErr = fmt.Errorf("its output cannot be read: %v", err)
		}
	}()
	return c
}

func (c *Client) handshake(options []Option) error {
	if err := c.send("uci"); err != nil {
		return err
	}
	err := c.await(HandshakeTimeout, func(line string) bool {
		switch {
		case strings.HasPrefix(line, "id name "):
			c.Name = strings.TrimSpace(strings.TrimPrefix(line, "id name "))
		case strings.HasPrefix(line, "option name "):
			c.Options = append(c.Options, optionName(line))
		}
		return line == "uciok"
	})
	if err != nil {
		return fmt.Errorf("%s: no uciok: %v", c.label, err)
	}
	for _, o := range options {
		if !slices.ContainsFunc(c.Options, func(n string) bool { return strings.EqualFold(n, o.Name) }) {
			return fmt.Errorf("%s has no option %q (it has: %s)", c.id(), o.Name, strings.Join(c.Options, ", "))
		}
		if err := c.send(fmt.Sprintf("setoption name %s value %s", o.Name, o.Value)); err != nil {
			return err
		}
	}
	return c.ready()
}

// optionName reads the name of "option name NAME type ...".
func optionName(line string) string {
	rest := strings.TrimPrefix(line, "option name ")
	if i := strings.Index(rest, " type "); i >= 0 {
		rest = rest[:i]
	}
	return strings.TrimSpace(rest)
}

func (c *Client) id() string {
	if c.Name != "" {
		return c.Name
	}
	return c.label
}

func (c *Client) ready() error {
	if err := c.send("isready"); err != nil {
		return err
	}
	if err := c.await(HandshakeTimeout, func(line string) bool { return line == "readyok" }); err != nil {
		return fmt.Errorf("%s: no readyok: %v", c.id(), err)
	}
	return nil
}

// Err says why the client can no longer be used (the engine died, or
// did not answer a go in time), or nil.
func (c *Client) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.broken
}

// NewGame tells the engine a new game starts (it forgets what it learnt).
func (c *Client) NewGame() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.broken != nil {
		return c.broken
	}
	if c.xb != nil {
		return c.xboardNewGame()
	}
	if err := c.send("ucinewgame"); err != nil {
		c.broken = err
		return err
	}
	if err := c.ready(); err != nil {
		c.broken = err
		return err
	}
	return nil
}

// Answer is the engine's reply to a go.
type Answer struct {
	Move  string // in UCI notation, as sent ("0000" or "(none)" when it has none)
	Score string // the last score it reported ("cp 35", "mate -3"), if any
	Depth int
	Nodes int64
	// Lines are the last principal variations it reported with MultiPV,
	// by rank (Lines[0] is multipv 1); empty when it reported none.
	Lines []PV
}

// PV is one of an engine's MultiPV lines as it last reported it.
type PV struct {
	Move  string // the line's first move
	Score string // "cp 35", "mate -3"
	Depth int
}

// Centipawns reads a score as centipawns from the mover's view: a mate in
// n is 100000−n (mated in n: −100000+n), so that any mate outranks any
// material; ok is false for a score it cannot read.
func Centipawns(score string) (cp int, ok bool) {
	kind, val, found := strings.Cut(score, " ")
	n, err := strconv.Atoi(val)
	if !found || err != nil {
		return 0, false
	}
	switch kind {
	case "cp":
		return n, true
	case "mate":
		if n > 0 {
			return 100000 - n, true
		}
		return -100000 - n, true
	}
	return 0, false
}

// Go sets the position (the start, or fen, then the moves) and asks for a
// move within the limit. The engine gets the limit plus a grace period to
// answer; ctx ends the wait early (stop is sent, and the move taken).
func (c *Client) Go(ctx context.Context, fen string, moves []string, l Limit, timeout time.Duration) (Answer, error) {
	if l == (Limit{}) {
		return Answer{}, errors.New("go: no limit (nodes, depth or movetime)")
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.broken != nil {
		return Answer{}, c.broken
	}
	if c.xb != nil {
		return c.xboardGo(ctx, fen, moves, l, timeout)
	}
	pos := "position startpos"
	if fen != "" {
		pos = "position fen " + fen
	}
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	for _, line := range []string{pos, "go " + l.String()} {
		if err := c.send(line); err != nil {
			c.broken = err // an engine that does not read its input
			return Answer{}, err
		}
	}
	var a Answer
	deadline := time.NewTimer(timeout + l.MoveTime)
	defer deadline.Stop()
	cancelled := ctx.Done()
	for {
		select {
		case line, ok := <-c.lines:
			if !ok {
				c.broken = c.died()
				return a, c.broken
			}
			f := strings.Fields(line)
			if len(f) == 0 {
				continue
			}
			switch f[0] {
			case "info":
				a.readInfo(f[1:])
			case "bestmove":
				if len(f) < 2 {
					return a, fmt.Errorf("%s: %q: no move", c.id(), line)
				}
				a.Move = f[1]
				return a, nil
			}
		case <-cancelled:
			cancelled = nil // stop once, then wait for the bestmove
			c.send("stop")
		case <-deadline.C:
			c.send("stop")
			c.broken = fmt.Errorf("%s: no bestmove within %v of go %s", c.id(), timeout+l.MoveTime, l)
			return a, c.broken
		}
	}
}

// maxMultiPV bounds the lines an answer keeps, whatever an engine says.
const maxMultiPV = 256

func (a *Answer) readInfo(f []string) {
	rank, score, depth, first := 0, "", 0, ""
	for i := 0; i+1 < len(f); i++ {
		switch f[i] {
		case "depth":
			depth, _ = strconv.Atoi(f[i+1])
			a.Depth = depth
		case "nodes":
			a.Nodes, _ = strconv.ParseInt(f[i+1], 10, 64)
		case "multipv":
			rank, _ = strconv.Atoi(f[i+1])
		case "score":
			if i+2 < len(f) {
				score = f[i+1] + " " + f[i+2]
				a.Score = score
			}
		case "string":
			return // the rest is text
		case "pv":
			first = f[i+1]
			i = len(f) // the rest is moves
		}
	}
	if rank < 1 || rank > maxMultiPV || first == "" || score == "" {
		return
	}
	for len(a.Lines) < rank {
		a.Lines = append(a.Lines, PV{})
	}
	a.Lines[rank-1] = PV{Move: first, Score: score, Depth: depth}
}

// Close asks the engine to quit and waits a little for it; then its
// process group is killed. It returns within a few seconds whatever the
// engine does, and may be called again.
func (c *Client) Close() error {
	var err error
	c.close.Do(func() {
		c.sendWithin("quit", exitGrace)
		if cl, ok := c.in.(io.Closer); ok {
			cl.Close() // an engine that ignores quit still sees the end of its input
		}
		if c.cmd != nil {
			if !c.reap() {
				err = fmt.Errorf("%s: did not quit within %v: killed", c.id(), exitGrace)
			}
			c.outFile.Close() // a child that escaped the group may hold the output open
		}
		close(c.quit)
	})
	return err
}

// reap waits for the engine's process to exit, at most exitGrace, then
// kills its process group: the engine if it is still running, and any
// child of its left behind. It says whether the engine exited by itself.
func (c *Client) reap() bool {
	t := time.NewTimer(exitGrace)
	defer t.Stop()
	byItself := true
	select {
	case <-c.exited:
	case <-t.C:
		byItself = false
	}
	// After the engine is waited for, its id stays its group's while a
	// child is left in the group, so the kill reaches no one else.
	c.kill.Do(func() { killGroup(c.cmd.Process) })
	<-c.exited // at most WaitDelay once the engine is dead
	return byItself
}

func (c *Client) send(line string) error { return c.sendWithin(line, HandshakeTimeout) }

// sendWithin writes a line to the engine; an engine that reads nothing
// fills the pipe, and the write then fails after d.
func (c *Client) sendWithin(line string, d time.Duration) error {
	if c.inFile != nil {
		c.inFile.SetWriteDeadline(time.Now().Add(d))
	}
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		return fmt.Errorf("%s: cannot send %q: %v", c.id(), line, err)
	}
	return nil
}

// await reads lines until done says so, the engine ends, or the time is up.
func (c *Client) await(timeout time.Duration, done func(line string) bool) error {
	t := time.NewTimer(timeout)
	defer t.Stop()
	for {
		select {
		case line, ok := <-c.lines:
			if !ok {
				return c.died()
			}
			if done(strings.TrimSpace(line)) {
				return nil
			}
		case <-t.C:
			return fmt.Errorf("no answer within %v", timeout)
		}
	}
}

// died says why the engine's output ended (it exited; it closed its
// output; a line too long), with what it wrote to stderr. An engine still
// running after exitGrace is killed.
func (c *Client) died() error {
	msg := "the engine's output ended"
	if c.readErr != nil {
		msg = c.readErr.Error()
	}
	if c.cmd != nil {
		switch {
		case !c.reap():
			if c.readErr == nil {
				msg = "the engine closed its output"
			}
			msg += fmt.Sprintf(" and was still running %v later: killed", exitGrace)
		case c.readErr != nil:
			msg += "; the engine exited (" + c.cmd.ProcessState.String() + ")"
		default:
			msg = "the engine exited (" + c.cmd.ProcessState.String() + ")"
		}
	}
	if c.tail != nil {
		if t := strings.TrimSpace(c.tail.String()); t != "" {
			msg += ": " + t
		}
	}
	return fmt.Errorf("%s: %s", c.id(), msg)
}
