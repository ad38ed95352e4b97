package uci

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
)

// xboardGame is what a client of an xboard engine keeps of the game: the
// moves the engine has on its board, so that a go sends only the new ones.
type xboardGame struct {
	moves []string
	ping  int
}

// StartXboard runs an engine that speaks xboard's protocol (the Chess
// Engine Communication Protocol, version 2) rather than UCI, such as
// Fairy-Max, and shakes hands: xboard, protover 2, then a ping answered.
// The client then plays as a UCI one does, at a fixed depth only (sd):
// from the initial position, the moves sent in force mode. It sends no
// command the protocol does not name, and none an engine did not ask for
// by a feature but ping: Fairy-Max 5.0b reads an unknown command as a
// move and may crash on it.
func StartXboard(argv []string) (*Client, error) {
	c, err := spawn(argv)
	if err != nil {
		return nil, err
	}
	if err := c.xboardHandshake(); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// ConnectXboard shakes hands with an xboard engine on a pair of streams
// (for tests).
func ConnectXboard(out io.Reader, in io.Writer, label string) (*Client, error) {
	c := newClient(in, out, label)
	if err := c.xboardHandshake(); err != nil {
		return nil, err
	}
	return c, nil
}

func (c *Client) xboardHandshake() error {
	c.xb = &xboardGame{}
	for _, line := range []string{"xboard", "protover 2"} {
		if err := c.send(line); err != nil {
			return err
		}
	}
	// The features come before the answer to the ping; a version 1
	// engine sends none and is named by its command.
	err := c.xboardSync(HandshakeTimeout, func(line string) {
		if name, ok := feature(line, "myname"); ok {
			c.Name = name
		}
	})
	if err != nil {
		return fmt.Errorf("%s: no pong: %v", c.label, err)
	}
	return nil
}

// feature reads a feature's value from a "feature" line.
func feature(line, name string) (string, bool) {
	rest, ok := strings.CutPrefix(line, "feature ")
	if !ok {
		return "", false
	}
	_, after, ok := strings.Cut(" "+rest, " "+name+"=")
	if !ok {
		return "", false
	}
	if v, ok := strings.CutPrefix(after, `"`); ok {
		v, _, _ = strings.Cut(v, `"`)
		return v, true
	}
	v, _, _ := strings.Cut(after, " ")
	return v, true
}

// xboardSync sends a ping and waits for its pong, each line before it
// given to seen: the engine has then read every command sent before.
func (c *Client) xboardSync(timeout time.Duration, seen func(line string)) error {
	c.xb.ping++
	pong := "pong " + strconv.Itoa(c.xb.ping)
	if err := c.send("ping " + strconv.Itoa(c.xb.ping)); err != nil {
		return err
	}
	return c.await(timeout, func(line string) bool {
		if line == pong {
			return true
		}
		if seen != nil {
			seen(line)
		}
		return false
	})
}

// xboardNewGame starts a new game in force mode (the engine moves only
// when told to go). Called with c.mu held.
func (c *Client) xboardNewGame() error {
	c.xb.moves = nil
	for _, line := range []string{"new", "force"} {
		if err := c.send(line); err != nil {
			c.broken = err
			return err
		}
	}
	if err := c.xboardSync(HandshakeTimeout, nil); err != nil {
		c.broken = fmt.Errorf("%s: no pong after new: %v", c.id(), err)
		return c.broken
	}
	return nil
}

// xboardGo plays Go's part for an xboard engine: the moves it does not
// have yet in force mode (a new game if the moves are not its game's),
// refused if it calls one illegal; then sd and go, and its move. An engine
// that ends the game instead of moving (a result, or resign) answers
// "(none)". Called with c.mu held.
func (c *Client) xboardGo(ctx context.Context, fen string, moves []string, l Limit, timeout time.Duration) (Answer, error) {
	if fen != "" {
		return Answer{}, fmt.Errorf("%s: an xboard engine is played from the initial position only", c.id())
	}
	if err := CheckXboardLimit(l); err != nil {
		return Answer{}, fmt.Errorf("%s: %v, not %s", c.id(), err, l)
	}
	fail := func(err error) (Answer, error) {
		c.broken = err
		return Answer{}, err
	}
	if len(moves) < len(c.xb.moves) || !slices.Equal(moves[:len(c.xb.moves)], c.xb.moves) {
		if err := c.xboardNewGame(); err != nil {
			return Answer{}, err
		}
	}
	for _, m := range moves[len(c.xb.moves):] {
		if err := c.send(m); err != nil {
			return fail(err)
		}
		c.xb.moves = append(c.xb.moves, m)
	}
	var refused string
	err := c.xboardSync(HandshakeTimeout, func(line string) {
		if refused == "" && (strings.HasPrefix(line, "Illegal move") || strings.HasPrefix(line, "Error")) {
			refused = line
		}
	})
	switch {
	case err != nil:
		return fail(fmt.Errorf("%s: no pong after the moves: %v", c.id(), err))
	case refused != "":
		return fail(fmt.Errorf("%s refused the game's moves: %s", c.id(), refused))
	}
	for _, line := range []string{"sd " + strconv.Itoa(l.Depth), "go"} {
		if err := c.send(line); err != nil {
			return fail(err)
		}
	}
	// ctx is not taken early: the protocol's "?" (move now) is a command
	// Fairy-Max does not know, and a move at a fixed depth comes soon.
	a, err := c.xboardMove(l, timeout)
	if err != nil {
		return fail(err)
	}
	// Back to force mode, so that the opponent's move is not answered
	// before it is asked for.
	if err := c.send("force"); err != nil {
		return fail(err)
	}
	if a.Move != "(none)" {
		c.xb.moves = append(c.xb.moves, a.Move)
	}
	return a, nil
}

// xboardMove reads the engine's move.
func (c *Client) xboardMove(l Limit, timeout time.Duration) (Answer, error) {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		select {
		case line, ok := <-c.lines:
			if !ok {
				return Answer{}, c.died()
			}
			f := strings.Fields(line)
			switch {
			case len(f) == 0:
			case f[0] == "move" && len(f) == 2:
				return Answer{Move: f[1]}, nil
			case f[0] == "resign" || f[0] == "1-0" || f[0] == "0-1" || f[0] == "1/2-1/2":
				return Answer{Move: "(none)"}, nil
			case f[0] == "Illegal" || f[0] == "Error":
				return Answer{}, fmt.Errorf("%s: %q", c.id(), line)
			}
		case <-deadline.C:
			return Answer{}, fmt.Errorf("%s: no move within %v of sd %d", c.id(), timeout, l.Depth)
		}
	}
}

// errXboardLimit is for engine definitions: what an xboard engine takes.
var errXboardLimit = errors.New("an xboard engine is played at a fixed depth only (depth=N)")

// CheckXboardLimit says whether an xboard engine can play at l.
func CheckXboardLimit(l Limit) error {
	if l.Nodes > 0 || l.MoveTime > 0 || l.Depth <= 0 {
		return errXboardLimit
	}
	return nil
}
