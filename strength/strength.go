// Package strength is the strength study (mchess strength,
// docs/strength.md): its plan of matches, the state that lets a study
// stopped part way go on where it stopped, and the document written from
// the matches played. Playing the matches is the command's: each is an
// mchess match command line.
package strength

import (
	"strings"
	"time"

	"github.com/kim1-archive/microchess/match"
)

// Part is one question of the study and the matches that answer it,
// each an mchess match command line.
type Part struct {
	Title, Question, Note string
	Matches               [][]string
	Kind                  Kind // how its results are summed up beyond each pairing's verdict
}

// Kind is how a part's results are summed up.
type Kind int

const (
	Plain      Kind = iota
	Variants        // a gauntlet of variants: their spread
	Library         // two programs against one opponent: the difference of their scores
	RoundRobin      // all against all in several matches: the pairings summed, the players rated on one scale
)

// Match is a match of the study as it was played.
type Match struct {
	Args    []string
	Summary *match.Summary
	Elapsed time.Duration
	// Who played it: the mchess revision, the machine, the one-minute
	// load average when it finished (a match may be kept from an earlier
	// sitting: State).
	Version, Machine, Load string
}

// ShellJoin writes a command line a shell reads back as it was.
func ShellJoin(args []string) string {
	var f []string
	for _, a := range args {
		if a == "" || strings.ContainsAny(a, " '\"\\$`!*?&;|<>()[]{}#~") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		f = append(f, a)
	}
	return strings.Join(f, " ")
}
