package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kim1-archive/microchess/internal/benchdoc"
)

// fakeMchess writes a script that answers mchess match --json with the
// counts given after spinning loops (CPU time), or fails.
func fakeMchess(t *testing.T, name string, loops int, summary string, fail bool) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	script := "#!/bin/sh\ni=0; while [ $i -lt " + strconv.Itoa(loops) + " ]; do i=$((i+1)); done\necho '" + summary + "'\n"
	if fail {
		script = "#!/bin/sh\necho 'mchess match: original: the program lost its way' >&2\nexit 1\n"
	}
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

const tenGames = `{"games":10,"interrupted":false,"pairings":[{"games":10,"wins":4,"draws":3,"losses":3}]}`

func TestRunWritesSection(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh for the stand-in builds")
	}
	m := markers("bench-match")
	doc := filepath.Join(t.TempDir(), "benchmarks.md")
	if err := os.WriteFile(doc, []byte("intro\n\n"+m.Begin+"\nold figures\n"+m.End+"\n\nrest\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	o := &options{
		bins: benchdoc.BinFlag{{Label: "slow", Path: fakeMchess(t, "slow", 200000, tenGames, false)},
			{Label: "fast", Path: fakeMchess(t, "fast", 20000, tenGames, false)}},
		players: "original@normal stone@normal", openings: "balanced-10k", games: 10, jobs: 2, runs: 2,
		section: "bench-match", out: doc, command: "make bench-match",
	}
	if err := run(o); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	got := string(data)
	for _, want := range []string{
		"intro\n\n" + m.Begin + "\n",
		"`mchess match original@normal stone@normal --openings balanced-10k --games 10 -j 2 --quiet --json` twice",
		"(10 games: 4 wins, 3 draws, 3 losses for the first player)",
		"| speed against slow by CPU time: median of the rounds (range) |",
		"| slow | ",
		"| 1.00× (1.00–1.00) |",
		"\nThe command: `make bench-match`.\n" + m.End + "\n\nrest\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the section lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "old figures") {
		t.Errorf("the old section is still there:\n%s", got)
	}
	// The fast stand-in spins a tenth as long: more than twice as fast.
	line := got[strings.Index(got, "| fast | "):]
	line = line[:strings.Index(line, "\n")]
	cells := strings.Split(line, "|")
	ratio := strings.TrimSpace(cells[len(cells)-2])
	if ratio[0] < '2' || ratio[0] > '9' || ratio[1] != '.' {
		t.Errorf("fast against slow: %q, want between 2× and 10×", ratio)
	}
}

func TestRunRefuses(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh for the stand-in builds")
	}
	good := fakeMchess(t, "good", 10, tenGames, false)
	for name, other := range map[string]string{
		"a failed match":     fakeMchess(t, "failing", 0, "", true),
		"other games":        fakeMchess(t, "other", 10, `{"games":10,"pairings":[{"wins":5,"draws":2,"losses":3}]}`, false),
		"fewer games":        fakeMchess(t, "fewer", 10, `{"games":9,"pairings":[{"wins":4,"draws":2,"losses":3}]}`, false),
		"an interrupted one": fakeMchess(t, "stopped", 10, `{"games":10,"interrupted":true,"pairings":[{"wins":4,"draws":3,"losses":3}]}`, false),
		"no summary":         fakeMchess(t, "garbled", 10, "1 of 10 games", false),
		"a missing file":     filepath.Join(t.TempDir(), "absent"),
	} {
		doc := filepath.Join(t.TempDir(), "benchmarks.md")
		m := markers("bench-match")
		before := "x\n" + m.Begin + "\nkept\n" + m.End + "\n"
		if err := os.WriteFile(doc, []byte(before), 0o644); err != nil {
			t.Fatal(err)
		}
		o := &options{bins: benchdoc.BinFlag{{Label: "a", Path: good}, {Label: "b", Path: other}},
			players: "a@normal b@normal", openings: "balanced-10k", games: 10, jobs: 1, runs: 1, section: "bench-match", out: doc}
		if err := run(o); err == nil {
			t.Errorf("%s: no error", name)
		}
		if data, _ := os.ReadFile(doc); string(data) != before {
			t.Errorf("%s: the document was changed:\n%s", name, data)
		}
	}
}

func TestClock(t *testing.T) {
	for d, want := range map[time.Duration]string{
		1500 * time.Millisecond:                "1.5 s",
		12*time.Minute + 3260*time.Millisecond: "12 min 03.3 s",
		2 * time.Hour:                          "120 min 00.0 s",
	} {
		if got := clock(d); got != want {
			t.Errorf("clock(%v) = %q, want %q", d, got, want)
		}
	}
}
