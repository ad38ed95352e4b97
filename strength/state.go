package strength

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/internal/bounded"
	"github.com/kim1-archive/microchess/match"
	"github.com/kim1-archive/microchess/suite"
)

// State keeps each finished match of the study as a small JSON file,
// so that a study longer than a sitting goes on where it stopped: a
// match whose file is there, made by the same command line and the same
// mchess, is not played again. The files are small (a summary each) and
// are committed with the document, so that a later session, or another
// machine, goes on too.
type State struct {
	dir string
	// salt is what decides the games besides the command line: the
	// study suite's lines (a regenerated suite is another study).
	salt string
}

// NewState keeps the study's matches in dir; "" keeps none.
func NewState(dir string) State {
	return State{dir: dir, salt: suiteSalt(Suite) + "; " + fileSalt(RoundRobinSuite)}
}

// Saved is one finished match as the state keeps it.
type Saved struct {
	Args     []string       `json:"args"`
	Version  string         `json:"version"`
	Machine  string         `json:"machine"`
	Finished time.Time      `json:"finished"`
	Seconds  float64        `json:"seconds"`
	Load     string         `json:"load_average"` // one-minute, when it finished
	Summary  *match.Summary `json:"summary"`
}

// File is where a command line's match is kept: named by a hash of the
// arguments, so that any change to the command makes a new match.
func (s State) File(args []string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n", s.salt)
	for _, a := range gameArgs(args) {
		fmt.Fprintf(h, "%q ", a)
	}
	return filepath.Join(s.dir, fmt.Sprintf("match-%x.json", h.Sum(nil)[:8]))
}

// Load gives the match kept for a command line, if any. A match kept by
// another revision of mchess is taken as it is: the document names the
// revision of every match, and --fresh plays them all again.
func (s State) Load(args []string) (*Saved, error) {
	if s.dir == "" {
		return nil, nil
	}
	data, err := bounded.ReadFile(s.File(args), bounded.Limit{What: "a saved match of the study", Bytes: 1 << 20})
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var m Saved
	if err := json.Unmarshal(data, &m); err != nil || m.Summary == nil {
		return nil, fmt.Errorf("%s: not a saved match (%v): remove it, or run with --fresh", s.File(args), err)
	}
	if !slices.Equal(gameArgs(m.Args), gameArgs(args)) {
		return nil, fmt.Errorf("%s: saved for another command line: remove it, or run with --fresh", s.File(args))
	}
	return &m, nil
}

// Save keeps a finished match; with no directory, nowhere.
func (s State) Save(m *Saved) error {
	if s.dir == "" {
		return nil
	}
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		return err
	}
	data, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		return err
	}
	return atomicfile.Write(s.File(m.Args), append(data, '\n'))
}

// gameArgs are the arguments that decide a match's games: all but where
// its PGN is written.
func gameArgs(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		if args[i] == "--pgn" {
			i++
			continue
		}
		out = append(out, args[i])
	}
	return out
}

// suiteSalt is a fingerprint of a built-in suite's lines.
func suiteSalt(name string) string {
	lines, _ := suite.Builtin(name)
	h := sha256.New()
	for _, l := range lines {
		fmt.Fprintf(h, "%q %q\n", l.Start, l.Moves)
	}
	return fmt.Sprintf("suite %s %x", name, h.Sum(nil)[:8])
}

// fileSalt is a fingerprint of a suite file's bytes (the round robin's,
// read where the study runs: the repository's root).
func fileSalt(path string) string {
	data, err := os.ReadFile(path)
	if err != nil {
		return path + " unread"
	}
	return fmt.Sprintf("%s %x", path, sha256.Sum256(data))
}

// Prune removes the kept matches no command of the plan names any more.
func (s State) Prune(parts []Part) error {
	if s.dir == "" {
		return nil
	}
	keep := map[string]bool{}
	for _, p := range parts {
		for _, a := range p.Matches {
			keep[s.File(a)] = true
		}
	}
	found, err := filepath.Glob(filepath.Join(s.dir, "match-*.json"))
	if err != nil {
		return err
	}
	for _, f := range found {
		if !keep[f] {
			if err := os.Remove(f); err != nil {
				return err
			}
		}
	}
	return nil
}
