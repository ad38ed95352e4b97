package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/rules"
)

// tool finds a Debian program, which may be in /usr/games (not on every
// PATH), or skips the test saying what to install.
func tool(t *testing.T, name, pkg string) string {
	t.Helper()
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	if p := filepath.Join("/usr/games", name); fileExists(p) {
		return p
	}
	t.Skipf("%s not found: install Debian's %s (.ci/run does) to run this test", name, pkg)
	return ""
}

func fileExists(p string) bool { _, err := os.Stat(p); return err == nil }

// mchessCommand is a path that runs this test binary as mchess (TestMain).
func mchessCommand(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(t.TempDir(), "mchess")
	if err := os.Symlink(exe, link); err != nil {
		t.Fatal(err)
	}
	return link
}

// Polyglot, which adapts a UCI engine to the xboard protocol, plays
// MicroChess: driven with xboard commands, it answers with the program's
// moves, the book first.
func TestPolyglotDrivesTheEngine(t *testing.T) {
	t.Parallel()
	polyglot := tool(t, "polyglot", "polyglot")
	mchess := mchessCommand(t)
	cmd := exec.Command(polyglot, "-noini", "-ec", mchess+" uci", "-ed", filepath.Dir(mchess))
	cmd.Dir = t.TempDir()
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	lines := make(chan string, 1000)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	send := func(s string) {
		if _, err := io.WriteString(in, s+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	moveLine := func() string {
		t.Helper()
		timeout := time.After(30 * time.Second)
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatal("polyglot ended")
				}
				if strings.HasPrefix(l, "move ") {
					return strings.TrimPrefix(l, "move ")
				}
			case <-timeout:
				t.Fatal("no move from polyglot in 30 s")
			}
		}
	}
	send("xboard")
	send("protover 2")
	send("new")
	send("level 40 5 0")
	send("go")
	if m := moveLine(); m != "e2e4" {
		t.Errorf("first move %s, want the book's e2e4", m)
	}
	send("usermove e7e5")
	if m := moveLine(); m != "g1f3" {
		t.Errorf("second move %s, want the book's g1f3", m)
	}
	// A position of its own, with the program as Black.
	const fen = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3"
	send("new")
	send("force")
	send("setboard " + fen)
	send("go")
	m := moveLine()
	opt, _ := rules.FEN(fen)
	if err := rules.NewGame(opt).PushNotationMove(m, chess.UCINotation{}, nil); err != nil {
		t.Errorf("after setboard: %s is not legal: %v", m, err)
	}
	send("quit")
}

// A match in xboard (under a virtual X server) between Fairy-Max and
// MicroChess through polyglot: both games end, and xboard's PGN reads in
// the chess library and in pgn-extract.
func TestXboardMatchAgainstFairymax(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (-short skips it): a two-game match in xboard, about 10 s")
	}
	t.Parallel()
	xvfb := tool(t, "Xvfb", "xvfb")
	xboard := tool(t, "xboard", "xboard")
	fairymax := tool(t, "fairymax", "fairymax")
	polyglot := tool(t, "polyglot", "polyglot")
	mchess := mchessCommand(t)
	dir := t.TempDir()
	pgn := filepath.Join(dir, "match.pgn")
	display := startXvfb(t, xvfb)
	// Fairy-Max 5.0b crashes (SIGSEGV) in a third to two thirds of its
	// starts when it is sent a command it does not know: it reads it as a
	// move with sscanf, which leaves the square variables unset, and
	// indexes a table with them; whether that lands outside the program
	// depends on address-space randomization (never with it off), and the
	// odds on the environment's size. xboard then spins until killed, or
	// stops on a broken pipe.
	// xboard sends it two such commands: "computer" before each game
	// (-firstComputerString "" leaves it out) and "result" after each;
	// with -xreuse that comes just before "quit", and each game starts a
	// fresh Fairy-Max.
	// xboard runs a UCI engine (-sUCI) through polyglot, found on PATH.
	cmd := exec.Command(xboard, "-fcp", fairymax, "-firstComputerString", "", "-xreuse",
		"-scp", mchess+" uci", "-sUCI",
		"-matchGames", "2", "-matchPause", "100", "-depth", "2", "-st", "1", "-saveGameFile", pgn, "-popupExitMessage", "false",
		"-xclock", "-soundMove", "", "-autoCallFlag", "true")
	cmd.Dir = dir
	// HOME: xboard reads ~/.xboardrc and writes its settings there on
	// exit, polyglot ~/.polyglot; each run has its own.
	cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(polyglot)+":"+os.Getenv("PATH"),
		"DISPLAY="+display, "HOME="+dir)
	out := &strings.Builder{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := runGroup(t, cmd, 2*time.Minute); err != nil {
		t.Fatalf("xboard: %v\n%s", err, out)
	}
	data, err := os.ReadFile(pgn)
	if err != nil {
		t.Fatalf("no PGN: %v\n%s", err, out)
	}
	games, err := rules.ReadGames(strings.NewReader(string(data)))
	if err != nil || len(games) != 2 {
		t.Fatalf("the match PGN: %d games, %v\n%s", len(games), err, data)
	}
	for i, g := range games {
		if g.GetTagPair("Result") == "*" || len(g.Moves()) == 0 {
			t.Errorf("game %d: result %s after %d moves", i+1, g.GetTagPair("Result"), len(g.Moves()))
		}
		if !strings.Contains(g.GetTagPair("White")+g.GetTagPair("Black"), "MicroChess") {
			t.Errorf("game %d: %s vs %s", i+1, g.GetTagPair("White"), g.GetTagPair("Black"))
		}
	}
	checkPGNExtract(t, pgn)
}
