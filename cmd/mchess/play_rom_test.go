package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/internal/romtest"
)

// mchess play --plain --program teletype --rom: the teletype program
// started from the monitor's prompt and played through the ROM's GETCH
// and OUTCH at --baud 300 answers 1. e4 e5 with Nf3, as with the traps.
// (A Go test, not a testscript: the ROM is the user's, named by the
// environment.)
func TestPlayTeletypeOnROM(t *testing.T) {
	romFile := os.Getenv(romtest.Env)
	if romFile == "" {
		t.Skip(romtest.Skip)
	}
	in := filepath.Join(t.TempDir(), "moves.txt")
	if err := os.WriteFile(in, []byte("e5\nquit\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	saved := os.Stdin
	os.Stdin = f
	defer func() { os.Stdin = saved }()
	var stdout, stderr bytes.Buffer
	args := []string{"--plain", "--program", "teletype", "--level", "super-blitz", "--rom", romFile, "--baud", "300"}
	if code := cmdPlay.exec(args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"the program plays e4 (0F 13 33)", "> you play e5", "the program plays Nf3 (06 01 22)"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in the output:\n%s", want, out)
		}
	}
}
