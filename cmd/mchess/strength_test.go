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
)

// The study runs end to end in its quick form. A study stopped part way goes on where it stopped: each finished match
// is kept under --state, and a second run takes them instead of playing
// them again, writing the same tables; a file no command of the plan names
// is removed, and a damaged one stops the study with its name.
func TestStrengthResumes(t *testing.T) {
	sf, err := findEngine("", "stockfish")
	if err != nil {
		t.Skipf("%v (.ci/run installs it)", err)
	}
	if _, err := findEngine("", "fairymax"); err != nil {
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
		cmd.Dir = "../.." // the repository's root, which holds the round robin's suite
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
		"## 7. The programs on one scale: a round robin at Normal",
		"## 8. Illegal moves, resignations, the ply cap",
		"## Speed",
		"| stone@super-blitz vs original@super-blitz | 2 |",
		"| original@super-blitz vs stone-wmaxc@super-blitz | 2 |",
		"| sf-varied vs library@blitz | 2 |",
		"| original@blitz vs original@normal | 2 |",
		"- sf-elo1350: Stockfish",
		"| original@normal vs fairy-max-d1 | 12 |", // six matches of 2 games, summed
		"- fairy-max-d1: Fairy-Max 5.0b (depth 1)",
		"| player | rating | 95% interval | games | points | score |",
		"| sf-elo1350 | 1350.0 | anchor |",
		"This is a --quick run",
	} {
		if !strings.Contains(first, want) {
			t.Errorf("no %q in the document:\n%s", want, first)
		}
	}
	commands := regexp.MustCompile(`(?m)^bin/mchess match (.*)$`).FindAllStringSubmatch(first, -1)
	if len(commands) != 21 {
		t.Fatalf("%d commands in the document", len(commands))
	}
	for _, c := range commands {
		// Read back by a shell, as a reader pastes them.
		out, err := exec.Command("sh", "-c", `printf '%s\0' `+c[1]).Output()
		if err != nil {
			t.Fatalf("%s: %v", c[1], err)
		}
		args := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
		for i, a := range args {
			if strings.HasPrefix(a, "suite/") { // a file of the repository's root, as the study runs
				args[i] = "../../" + a
			}
		}
		if m, status := parseMatch(args, io.Discard); m == nil {
			t.Errorf("%s: exit %d", c[1], status)
		}
	}
	kept, _ := filepath.Glob(filepath.Join(state, "match-*.json"))
	if len(kept) != 21 || strings.Contains(log1, "kept from") {
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
	if n := strings.Count(log2, ": kept from "); n != 21 {
		t.Errorf("%d matches taken from the state of 21:\n%s", n, log2)
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
	// Away from the repository's root the round robin's lines are not
	// found: said before any match is played.
	cmd := exec.Command(mchess, "strength", "--quick", "--stockfish", sf, "-o", filepath.Join(dir, "away.md"))
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if code := exitCode(err); code != 1 || !strings.Contains(string(out), "suite/fresh-1k.txt: no such file or directory: the round robin's openings; run mchess strength in the repository's root") ||
		strings.Contains(string(out), "mchess match") {
		t.Errorf("away from the root: exit %d\n%s", code, out)
	}
}

func exitCode(err error) int {
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}
