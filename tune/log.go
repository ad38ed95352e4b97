package tune

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/internal/bounded"
)

// Log is what a run keeps beside its SPSA state: the time its sessions
// spent, the commands that ran it, and the checkpoints measured. It is
// written after every step with the state, so that a run stopped at any
// moment has its record.
type Log struct {
	Sessions    []Session    `json:"sessions"`
	Checkpoints []Checkpoint `json:"checkpoints"`
}

// Session is one run of the command on a state.
type Session struct {
	Command  string  `json:"command"`
	Machine  string  `json:"machine"`
	Started  string  `json:"started"` // RFC 3339
	Seconds  float64 `json:"seconds"`
	Steps    int     `json:"steps"` // steps finished in the session
	Games    int     `json:"games"`
	FirstRun bool    `json:"first,omitempty"`
}

// Seconds is the time all sessions spent.
func (l *Log) Seconds() float64 {
	s := 0.0
	for _, x := range l.Sessions {
		s += x.Seconds
	}
	return s
}

// LogFile is where a state's log is kept: beside it.
func LogFile(state string) string { return state + ".log.json" }

// maxLog caps what ReadLog reads: a log is a few KB a session.
const maxLog = 16 << 20

// ReadLog reads a log; a missing file is an empty log.
func ReadLog(file string) (*Log, error) {
	data, err := bounded.ReadFile(file, bounded.Limit{What: "a tuning log", Bytes: maxLog})
	if os.IsNotExist(err) {
		return &Log{}, nil
	}
	if err != nil {
		return nil, err
	}
	var l Log
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	return &l, nil
}

// Write writes the log atomically.
func (l *Log) Write(file string) error {
	data, err := json.MarshalIndent(l, "", "\t")
	if err != nil {
		return err
	}
	return atomicfile.Write(file, append(data, '\n'))
}

// Start adds a session begun now.
func (l *Log) Start(command, machine string, now time.Time) *Session {
	l.Sessions = append(l.Sessions, Session{Command: command, Machine: machine, Started: now.UTC().Format(time.RFC3339), FirstRun: len(l.Sessions) == 0})
	return &l.Sessions[len(l.Sessions)-1]
}
