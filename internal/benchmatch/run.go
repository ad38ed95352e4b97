package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/kim1-archive/microchess/internal/benchdoc"
)

type build struct {
	benchdoc.Bin
	Wall, CPU []time.Duration // each match's wall time and user and system time
}

type report struct {
	Date, End             time.Time
	Machine               string
	LoadBefore, LoadAfter string
	Runs, Games, Jobs     int
	Args                  []string
	Command               string
	Result                score // every match's, the first one's
	Builds                []build
}

// score is what every build's matches must agree on: the same games.
type score struct {
	Games, Wins, Draws, Losses int
}

func (s score) String() string {
	return fmt.Sprintf("%d games: %d wins, %d draws, %d losses for the first player", s.Games, s.Wins, s.Draws, s.Losses)
}

// summary is the part of mchess match --json this tool reads (the same
// fields in every build since the match command had --json).
type summary struct {
	Games       int  `json:"games"`
	Interrupted bool `json:"interrupted"`
	Pairings    []struct {
		Wins   int `json:"wins"`
		Draws  int `json:"draws"`
		Losses int `json:"losses"`
	} `json:"pairings"`
}

// round plays each build's match once, in turn.
func (r *report) round(n int) error {
	for i := range r.Builds {
		b := &r.Builds[i]
		fmt.Fprintf(os.Stderr, "round %d of %d: %s: %d games…\n", n+1, r.Runs, b.Label, r.Games)
		s, wall, cpu, err := playOnce(b.Path, r.Args)
		if err != nil {
			return fmt.Errorf("%s (%s), round %d: %v", b.Label, b.Path, n+1, err)
		}
		if s.Games != r.Games {
			return fmt.Errorf("%s, round %d: %d games played of %d", b.Label, n+1, s.Games, r.Games)
		}
		if n == 0 && i == 0 {
			r.Result = s
		} else if s != r.Result {
			return fmt.Errorf("%s, round %d: %v; %s's first: %v: not the same games", b.Label, n+1, s, r.Builds[0].Label, r.Result)
		}
		b.Wall, b.CPU = append(b.Wall, wall), append(b.CPU, cpu)
		fmt.Fprintf(os.Stderr, "round %d of %d: %s: %v of wall time, %v of CPU time\n", n+1, r.Runs, b.Label,
			wall.Round(time.Millisecond), cpu.Round(time.Millisecond))
	}
	return nil
}

// playOnce runs one build's match; it must finish (exit 0, not
// interrupted). Its standard error (the match's own messages) is passed
// on, and its last lines kept for the error.
func playOnce(path string, args []string) (score, time.Duration, time.Duration, error) {
	var stdout bytes.Buffer
	tail := &lastBytes{max: 2048}
	cmd := exec.Command(path, args...)
	cmd.Stdout, cmd.Stderr = &stdout, io.MultiWriter(os.Stderr, tail)
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if err != nil {
		return score{}, 0, 0, fmt.Errorf("%v: %s", err, strings.TrimSpace(tail.String()))
	}
	var s summary
	if err := json.Unmarshal(stdout.Bytes(), &s); err != nil {
		return score{}, 0, 0, fmt.Errorf("its summary: %v", err)
	}
	if s.Interrupted || len(s.Pairings) != 1 {
		return score{}, 0, 0, errors.New("its summary is of an interrupted match, or not of one pairing")
	}
	p := s.Pairings[0]
	cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	return score{s.Games, p.Wins, p.Draws, p.Losses}, wall, cpu, nil
}

// lastBytes keeps the last max bytes written to it.
type lastBytes struct {
	max int
	b   []byte
}

func (l *lastBytes) Write(p []byte) (int, error) {
	l.b = append(l.b, p...)
	if len(l.b) > l.max {
		l.b = l.b[len(l.b)-l.max:]
	}
	return len(p), nil
}

func (l *lastBytes) String() string { return string(l.b) }
