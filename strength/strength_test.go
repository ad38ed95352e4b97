package strength

import (
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/match"
)

// shellSplit reads back what ShellJoin wrote: words, and words in single
// quotes with '\” for a quote.
func shellSplit(t *testing.T, s string) []string {
	t.Helper()
	var out []string
	var cur strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quoted && c == '\'':
			quoted = false
		case quoted:
			cur.WriteByte(c)
		case c == '\'':
			quoted, inWord = true, true
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inWord = true
		case c == ' ':
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if quoted {
		t.Fatalf("unbalanced quote in %s", s)
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out
}

func TestShellJoinReadsBack(t *testing.T) {
	args := []string{"--engine", "name=sf,option.Skill Level=0", "it's", "plain", "a$b", ""}
	got := shellSplit(t, ShellJoin(args))
	if strings.Join(got, "|") != strings.Join(args, "|") || len(got) != len(args) {
		t.Errorf("%q became %q via %s", args, got, ShellJoin(args))
	}
	if ShellJoin([]string{"original@blitz", "--games", "500"}) != "original@blitz --games 500" {
		t.Error("plain words are quoted")
	}
}

// The verdict says what the numbers show at 95%, including the ends where
// the Elo formula has no value: a pairing with no point bounds the score
// by the rule of three (under 3/N), and too few games bound nothing.
func TestStrengthVerdict(t *testing.T) {
	f := func(x float64) *float64 { return &x }
	for _, c := range []struct {
		p    match.PairingSummary
		want string
	}{
		{match.PairingSummary{A: "a", B: "b", Games: 100, Losses: 100, EloText: "-inf"},
			"no point, so below -604 Elo at 95% (the rule of three: a score under 3/100)."}, // -400·log10(1/0.03-1) = -603.8
		{match.PairingSummary{A: "a", B: "b", Games: 2, Losses: 2, EloText: "-inf"}, "too few games to bound the difference."},
		{match.PairingSummary{A: "a", B: "b", Games: 6, Wins: 3, Losses: 3, Distinct: 2, EloText: "withheld", EloWithheld: "2 distinct games of 6 (why)"},
			": no Elo: 2 distinct games of 6 (why)."},
		{match.PairingSummary{A: "a", B: "b", Games: 100, Wins: 60, Draws: 20, Losses: 20, Elo: f(147.2), Margin: f(66.0), EloText: "+147.2 ± 66.0"},
			"stronger at 95% confidence (the interval is +81 to +213)."},
		{match.PairingSummary{A: "a", B: "b", Games: 100, Wins: 20, Draws: 20, Losses: 60, Elo: f(-147.2), Margin: f(66.0), EloText: "-147.2 ± 66.0"},
			"weaker at 95% confidence (the interval is -213 to -81)."},
		{match.PairingSummary{A: "a", B: "b", Games: 100, Wins: 30, Draws: 40, Losses: 30, Elo: f(0), Margin: f(45), EloText: "+0.0 ± 45.0"},
			"not told apart from equal strength (the interval -45 to +45 holds 0)."},
	} {
		if got := Verdict(c.p); !strings.HasSuffix(got, c.want) {
			t.Errorf("%+v:\n got %s\nwant …%s", c.p, got, c.want)
		}
	}
}

// A kept match is found again by its command line, whatever its PGN
// file; another command line finds none, and Prune removes the files no
// part of the plan names.
func TestStateKeepsMatches(t *testing.T) {
	s := State{dir: t.TempDir(), salt: "a suite"} // NewState's salt reads the 10,000 lines: slow
	args := []string{"original@blitz", "stone@blitz", "--games", "2", "--pgn", "a.pgn"}
	if m, err := s.Load(args); m != nil || err != nil {
		t.Fatalf("an empty state gave %v, %v", m, err)
	}
	if err := s.Save(&Saved{Args: args, Version: "v", Summary: &match.Summary{Games: 2}}); err != nil {
		t.Fatal(err)
	}
	other := append(append([]string(nil), args[:5]...), "b.pgn")
	if m, err := s.Load(other); err != nil || m == nil || m.Summary.Games != 2 || m.Version != "v" {
		t.Errorf("the match kept, under another PGN file: %+v, %v", m, err)
	}
	more := []string{"original@blitz", "stone@blitz", "--games", "4"}
	if m, err := s.Load(more); m != nil || err != nil {
		t.Errorf("another command line: %v, %v", m, err)
	}
	if m, _ := (State{dir: s.dir, salt: "another suite"}).Load(args); m != nil {
		t.Error("the match kept, with another suite")
	}
	if err := s.Prune([]Part{{Matches: [][]string{more}}}); err != nil {
		t.Fatal(err)
	}
	if m, _ := s.Load(args); m != nil {
		t.Error("Prune kept a match no part names")
	}
}
