package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// README's play example can be typed into a new game: its moves, from the
// first, are played line by line and each is taken, and the program
// answers each as the example shows.
func TestReadmePlayExample(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(repoRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(readme), "$ bin/mchess play --ascii\n")
	block, _, _ = strings.Cut(block, "```")
	typed := regexp.MustCompile(`(?m)^> ([^_\s]\S*)$`).FindAllStringSubmatch(block, -1)
	replies := regexp.MustCompile(`(?m)^the program plays .*$`).FindAllString(block, -1)
	if !ok || len(typed) == 0 || len(typed) != len(replies) {
		t.Fatalf("README's play example: %d moves typed, %d replies", len(typed), len(replies))
	}
	var in strings.Builder
	for _, m := range typed {
		in.WriteString(m[1] + "\n")
	}
	cmd := exec.Command(mchessCommand(t), "play", "--plain")
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for i, m := range typed {
		if !strings.Contains(string(out), "> you play "+m[1]+"\n") {
			t.Errorf("move %d, %s, not taken:\n%s", i+1, m[1], out)
		}
		if !strings.Contains(string(out), replies[i]+"\n") {
			t.Errorf("no reply %q to %s:\n%s", replies[i], m[1], out)
		}
	}
}
