package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A repository with one file of each kind: the check names the build
// products and the big file outside testdata, and only them.
func TestCheckFindsBuildProductsAndBigFiles(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	files := map[string][]byte{
		"README.md":             []byte("# a readme\n"),
		"cmd/tool/main.go":      []byte("package main\n"),
		"asm.test":              []byte("anything: the name is enough\n"),
		"coverage.out":          []byte("mode: set\n"),
		"bin/mchess":            append([]byte("\x7fELF\x02\x01\x01"), make([]byte, 100)...),
		"tool.exe":              []byte("MZ\x90\x00"),
		"docs/big.json":         make([]byte, MaxSize+1),
		"docs/just-fits.json":   make([]byte, MaxSize),
		"pkg/testdata/big.bin":  make([]byte, MaxSize+1),
		"testdata/corpus/x.wav": make([]byte, MaxSize+1),
		"scripts/run":           []byte("#!/bin/sh\necho hi\n"),
	}
	for name, data := range files {
		full := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"init", "-q"}, {"add", "-A", "-f"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	tracked, err := Tracked(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(tracked) != len(files) {
		t.Fatalf("git tracks %d files, want %d: %v", len(tracked), len(files), tracked)
	}
	problems, err := Check(dir, tracked)
	if err != nil {
		t.Fatal(err)
	}
	var named []string
	for _, p := range problems {
		named = append(named, p[:strings.Index(p, ":")])
	}
	slices.Sort(named)
	want := []string{"asm.test", "bin/mchess", "coverage.out", "docs/big.json", "tool.exe"}
	if !slices.Equal(named, want) {
		t.Errorf("problems name %v, want %v:\n%s", named, want, strings.Join(problems, "\n"))
	}
}

// This repository passes its own check (make check runs it too).
func TestRepositoryTracksNoBuildProduct(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	tracked, err := Tracked(root)
	if err != nil {
		t.Skip("not a git work tree:", err)
	}
	problems, err := Check(root, tracked)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}
