package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/match"
)

// shellSplit reads back what shellJoin wrote: words, and words in single
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
	got := shellSplit(t, shellJoin(args))
	if strings.Join(got, "|") != strings.Join(args, "|") || len(got) != len(args) {
		t.Errorf("%q became %q via %s", args, got, shellJoin(args))
	}
	if shellJoin([]string{"original@blitz", "--games", "500"}) != "original@blitz --games 500" {
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
		if got := verdict(c.p); !strings.HasSuffix(got, c.want) {
			t.Errorf("%+v:\n got %s\nwant …%s", c.p, got, c.want)
		}
	}
}

// The study runs end to end in its quick form. A study stopped part way goes on where it stopped: each finished match
// is kept under --state, and a second run takes them instead of playing
// them again, writing the same tables; a file no command of the plan names
// is removed, and a damaged one stops the study with its name.
func TestStrengthResumes(t *testing.T) {
	sf, err := findEngine("", "stockfish")
	if err != nil {
		t.Skipf("%v (.ci/run installs it)", err)
	}
	t.Parallel()
	dir := t.TempDir()
	state := filepath.Join(dir, "state")
	mchess := mchessCommand(t)
	run := func() (string, string, int) {
		out := filepath.Join(dir, "strength.md")
		var stdout, stderr bytes.Buffer
		// In a process of its own, as it is run: while it plays, the study
		// catches Ctrl-C, SIGTERM and SIGHUP, which belong to the test
		// process's own handling.
		cmd := exec.Command(mchess, "strength", "--quick", "-j", "2", "--stockfish", sf, "--state", state, "-o", out)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		status := 0
		if err := cmd.Run(); err != nil {
			var exit *exec.ExitError
			if !errors.As(err, &exit) {
				t.Fatal(err)
			}
			status = exit.ExitCode()
		}
		data, _ := os.ReadFile(out)
		return string(data), stderr.String(), status
	}
	first, log1, status := run()
	if status != 0 {
		t.Fatalf("exit %d\n%s", status, log1)
	}
	// The document has every part, and command lines that mchess match
	// reads back as they stand.
	for _, want := range []string{
		"## 1. Stone's upgrade against the original, under both rules",
		"## 2. What rests on the reconstructed bytes",
		"## 3. The special-moves program against the original",
		"## 4. The opening library, where a library matters",
		"## 5. The original's levels against each other",
		"## 6. Against Stockfish at fixed weak settings",
		"## 7. Illegal moves, resignations, the ply cap",
		"## Speed",
		"| stone@super-blitz vs original@super-blitz | 2 |",
		"| original@super-blitz vs stone-wmaxc@super-blitz | 2 |",
		"| sf-varied vs library@blitz | 2 |",
		"| original@blitz vs original@normal | 2 |",
		"- sf-elo1350: Stockfish",
		"This is a --quick run",
	} {
		if !strings.Contains(first, want) {
			t.Errorf("no %q in the document:\n%s", want, first)
		}
	}
	commands := regexp.MustCompile(`(?m)^bin/mchess match (.*)$`).FindAllStringSubmatch(first, -1)
	if len(commands) != 15 {
		t.Fatalf("%d commands in the document", len(commands))
	}
	for _, c := range commands {
		args := shellSplit(t, c[1])
		if m, status := parseMatch(args, io.Discard); m == nil {
			t.Errorf("%s: exit %d", c[1], status)
		}
	}
	kept, _ := filepath.Glob(filepath.Join(state, "match-*.json"))
	if len(kept) != 15 || strings.Contains(log1, "kept from") {
		t.Fatalf("%d matches kept after the first run; log:\n%s", len(kept), log1)
	}
	stale := filepath.Join(state, "match-0000000000000000.json")
	if err := os.WriteFile(stale, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	second, log2, status := run()
	if status != 0 {
		t.Fatalf("exit %d\n%s", status, log2)
	}
	if n := strings.Count(log2, ": kept from "); n != 15 {
		t.Errorf("%d matches taken from the state of 15:\n%s", n, log2)
	}
	if _, err := os.Stat(stale); err == nil {
		t.Error("a file no command names was kept")
	}
	tables := func(doc string) string {
		var keep []string
		for _, l := range strings.Split(doc, "\n") {
			if strings.HasPrefix(l, "|") {
				keep = append(keep, l)
			}
		}
		return strings.Join(keep, "\n")
	}
	if tables(first) == "" || tables(first) != tables(second) {
		t.Errorf("the tables differ between the run and the resumed one:\n%s\n---\n%s", tables(first), tables(second))
	}
	if err := os.WriteFile(kept[0], []byte("not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, log3, status := run(); status != 1 || !strings.Contains(log3, kept[0]+": not a saved match") {
		t.Errorf("a damaged state file: exit %d\n%s", status, log3)
	}
}
