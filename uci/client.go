package uci

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
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
// match that never ends.
type Client struct {
	Name    string   // the engine's "id name"
	Options []string // the options it declares, by name

	in    io.Writer
	lines chan string
	cmd   *exec.Cmd
	tail  *tailBuffer // the end of the engine's stderr, for errors
	mu    sync.Mutex  // one exchange at a time
	label string
	// broken is why the engine cannot be trusted any more: a go that timed
	// out leaves a bestmove to come that would answer the next one.
	broken error
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

// HandshakeTimeout bounds the engine's answers to uci and isready.
var HandshakeTimeout = 20 * time.Second

// Start runs an engine program and shakes hands: uci, the options set
// (each must be one the engine declares), isready.
func Start(argv []string, options []Option) (*Client, error) {
	if len(argv) == 0 {
		return nil, errors.New("no engine command")
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	tail := &tailBuffer{max: 2048}
	cmd.Stderr = tail
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("engine %s: %v", argv[0], err)
	}
	c := newClient(in, out, argv[0])
	c.cmd, c.tail = cmd, tail
	if err := c.handshake(options); err != nil {
		c.Close()
		return nil, err
	}
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
	c := &Client{in: in, lines: make(chan string, 256), label: label}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
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
	if err := c.send("ucinewgame"); err != nil {
		return err
	}
	return c.ready()
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
	pos := "position startpos"
	if fen != "" {
		pos = "position fen " + fen
	}
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	if err := c.send(pos); err != nil {
		return Answer{}, err
	}
	if err := c.send("go " + l.String()); err != nil {
		return Answer{}, err
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

// Close asks the engine to quit and waits a little for it; then it is
// killed.
func (c *Client) Close() error {
	c.send("quit")
	if cl, ok := c.in.(io.Closer); ok {
		cl.Close() // an engine that ignores quit still sees the end of its input
	}
	if c.cmd == nil {
		return nil
	}
	done := make(chan error, 1)
	go func() { done <- c.cmd.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(2 * time.Second):
		c.cmd.Process.Kill()
		return <-done
	}
}

func (c *Client) send(line string) error {
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

// died says the engine's output ended, with what it wrote to stderr.
func (c *Client) died() error {
	msg := "the engine's output ended"
	if c.cmd != nil {
		c.cmd.Wait()
		if st := c.cmd.ProcessState; st != nil {
			msg = "the engine exited (" + st.String() + ")"
		}
	}
	if c.tail != nil {
		if t := strings.TrimSpace(c.tail.String()); t != "" {
			msg += ": " + t
		}
	}
	return fmt.Errorf("%s: %s", c.id(), msg)
}

// tailBuffer keeps the last bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
	max int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf.Write(p)
	if over := t.buf.Len() - t.max; over > 0 {
		t.buf.Next(over)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.buf.String()
}
