package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/internal/playui"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

// tmuxPlay is mchess play running full screen in a tmux session, read and
// typed into as a person would.
type tmuxPlay struct {
	t      *testing.T
	socket string
}

func (tp *tmuxPlay) tmux(args ...string) string {
	tp.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-S", tp.socket}, args...)...).CombinedOutput()
	if err != nil {
		tp.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

func (tp *tmuxPlay) screen() string { return tp.tmux("capture-pane", "-p", "-t", "play") }

// waitFor polls the screen until it shows text.
func (tp *tmuxPlay) waitFor(text string) string {
	tp.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		s := tp.screen()
		if strings.Contains(s, text) {
			return s
		}
		if time.Now().After(deadline) {
			tp.t.Fatalf("the screen never showed %q:\n%s", text, s)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// typeLine types a line and Enter.
func (tp *tmuxPlay) typeLine(line string) {
	tp.tmux("send-keys", "-t", "play", "-l", line)
	tp.tmux("send-keys", "-t", "play", "Enter")
}

// startTmux runs mchess with args full screen in a tmux session of the
// size given (COLSxROWS), in a directory of its own, which it returns; the
// session ends with the test. No tmux: the test is skipped, saying what it
// would have tested.
func startTmux(t *testing.T, what, size string, args ...string) (*tmuxPlay, string) {
	t.Helper()
	return startTmuxEnv(t, what, size, nil, args...)
}

// startTmuxEnv is startTmux with environment variables (NAME=VALUE) for
// mchess; the pane stays when mchess ends, to be read.
func startTmuxEnv(t *testing.T, what, size string, env []string, args ...string) (*tmuxPlay, string) {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux not found: install Debian's tmux (.ci/run does) to test " + what)
	}
	dir := t.TempDir()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// The test binary runs as mchess when called by that name (TestMain).
	if err := os.Symlink(exe, filepath.Join(dir, "mchess")); err != nil {
		t.Fatal(err)
	}
	cols, rows, _ := strings.Cut(size, "x")
	tp := &tmuxPlay{t: t, socket: filepath.Join(dir, "tmux.sock")}
	cmd := append(append([]string{"new-session", "-d", "-s", "play", "-x", cols, "-y", rows, "-c", dir,
		"env", "TERM=xterm-256color"}, env...), "./mchess")
	tp.tmux(append(cmd, args...)...)
	t.Cleanup(func() { exec.Command("tmux", "-S", tp.socket, "kill-server").Run() })
	return tp, dir
}

// A game in a real terminal: the board drawn as the program's memory has
// it after every move, an illegal move refused with the reason, a
// capture, the person castling, the program's replies, the saved PGN.
func TestPlayFullScreenInTmux(t *testing.T) {
	t.Parallel()
	// Letters and no colour: the board on the screen is Board's.
	tp, dir := startTmuxEnv(t, "the full-screen game", "110x45", []string{"NO_COLOR=1"}, "play", "--ascii", "--level", "super-blitz", "--pgn", "game.pgn")

	// The same game in this process, to draw the board the screen must show.
	want, err := session.NewPlay(session.PlayOptions{Player: chess.Black, Level: memmap.Levels[0],
		Images: microchess.KIM(memmap.Published()), Program: "MicroChess 1977"})
	if err != nil {
		t.Fatal(err)
	}
	sameBoard := func(screen string) {
		t.Helper()
		for _, line := range strings.Split(strings.TrimRight(playui.Board(want), "\n"), "\n") {
			if !strings.Contains(screen, strings.TrimRight(line, " ")) {
				t.Fatalf("the screen's board lacks %q:\n%s", line, screen)
			}
		}
	}
	reply := func() string {
		t.Helper()
		ply, err := want.Think()
		if err != nil {
			t.Fatal(err)
		}
		return ply.SAN
	}

	first := reply()
	sameBoard(tp.waitFor("the program plays " + first))
	tp.typeLine("h8h6")
	tp.waitFor("refused: illegal move h8h6: the black rook on h8 cannot go to h6 here")
	// The Giuoco Piano book, a capture on move 5, then castling.
	for _, san := range []string{"e5", "Nc6", "Bc5", "Nf6", "exd4", "Bb4+", "O-O"} {
		if _, err := want.Move(san); err != nil {
			t.Fatalf("%s: %v", san, err)
		}
		tp.typeLine(san)
		tp.waitFor("you play " + san)
		s := tp.waitFor("the program plays " + reply())
		sameBoard(s)
	}
	tp.typeLine("quit")
	deadline := time.Now().Add(10 * time.Second)
	for exec.Command("tmux", "-S", tp.socket, "has-session", "-t", "play").Run() == nil {
		if time.Now().After(deadline) {
			t.Fatalf("mchess play did not quit:\n%s", tp.screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
	pgn, err := os.ReadFile(filepath.Join(dir, "game.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	read, err := rules.PGN(strings.NewReader(string(pgn)))
	if err != nil {
		t.Fatalf("the saved game does not read: %v\n%s", err, pgn)
	}
	g := rules.NewGame(read)
	if g.Position().String() != want.Game.Position().String() {
		t.Errorf("the saved game ends at %s, the game at %s", g.Position(), want.Game.Position())
	}
	if !strings.Contains(string(pgn), "O-O") || !strings.Contains(string(pgn), "exd4") {
		t.Errorf("the saved game lacks the castling or the capture:\n%s", pgn)
	}
	checkPGNExtract(t, filepath.Join(dir, "game.pgn"))
}

// checkPGNExtract has pgn-extract (Debian) read a PGN file: it must find no
// error.
func checkPGNExtract(t *testing.T, file string) {
	t.Helper()
	tool, err := exec.LookPath("pgn-extract")
	if err != nil {
		if tool, err = exec.LookPath("/usr/games/pgn-extract"); err != nil {
			t.Log("pgn-extract not found (Debian's pgn-extract; .ci/run installs it): the PGN is checked by the chess library only")
			return
		}
	}
	// -r checks without extracting; it always exits 0, and says how many
	// games it could read of how many it found, after any complaint.
	out, err := exec.Command(tool, "-r", file).CombinedOutput()
	m := matched.FindStringSubmatch(string(out))
	if err != nil || m == nil || m[1] != m[2] || m[1] == "0" || strings.Contains(string(out), "Failed") || strings.Contains(string(out), "Missing") {
		t.Errorf("pgn-extract -r %s: %v\n%s", file, err, out)
	}
}

var matched = regexp.MustCompile(`(\d+) games? matched out of (\d+)\.`)

// A game in a terminal of 80×24 with Unicode figures and colour: moves
// typed before the screen is ready are played with their Enter, a hint,
// every move of the list and the messages in full, and after quit the
// final position stays on the terminal with where the game is saved.
func TestPlay80x24InTmux(t *testing.T) {
	t.Parallel()
	// remain-on-exit keeps the pane after mchess ends, to read what it left.
	tp, _ := startTmuxEnv(t, "the full-screen game at 80x24", "80x24", []string{"LANG=C.UTF-8", "LC_ALL=", "LC_CTYPE="},
		"play", "--level", "super-blitz", "--pgn", "game.pgn")
	tp.tmux("set-option", "-t", "play", "remain-on-exit", "on")
	// Typed ahead, at once: 1... e5 2... Nc6 against the book's 1. e4 2. Nf3.
	tp.typeLine("e5")
	tp.typeLine("Nc6")

	want, err := session.NewPlay(session.PlayOptions{Player: chess.Black, Level: memmap.Levels[0],
		Images: microchess.KIM(memmap.Published()), Program: "MicroChess 1977"})
	if err != nil {
		t.Fatal(err)
	}
	style := playui.Style{Unicode: true, Color: true}
	sameScreen := func(screen string) {
		t.Helper()
		for _, line := range strings.Split(ansi.Strip(playui.BoardFrom(want, chess.Black, style)), "\n") {
			if !strings.Contains(screen, strings.TrimRight(line, " ")) {
				t.Fatalf("the screen's board lacks %q:\n%s", line, screen)
			}
		}
		moves := playui.Moves(want)
		if last := moves[len(moves)-1]; !strings.Contains(screen, last) {
			t.Fatalf("the screen lacks the move line %q:\n%s", last, screen)
		}
		for _, l := range strings.Split(screen, "\n") {
			if len([]rune(l)) > 80 {
				t.Fatalf("a line of %d columns: %q", len([]rune(l)), l)
			}
		}
	}
	moves := []string{"e5", "Nc6", "Bc5", "Nf6", "exd4", "Bb4+", "O-O", "d6"}
	for i, san := range moves {
		for _, side := range []bool{true, false} {
			if side {
				ply, err := want.Think()
				if err != nil {
					t.Fatal(err)
				}
				tp.waitFor("the program plays " + ply.SAN + " (")
				continue
			}
			if _, err := want.Move(san); err != nil {
				t.Fatalf("%s: %v", san, err)
			}
			if i >= 2 {
				tp.typeLine(san)
			}
			tp.waitFor("you play " + san)
		}
	}
	ply, err := want.Think()
	if err != nil {
		t.Fatal(err)
	}
	sameScreen(tp.waitFor("the program plays " + ply.SAN + " ("))
	if !strings.Contains(tp.screen(), "♚") {
		t.Errorf("no Unicode figures:\n%s", tp.screen())
	}
	if s := tp.tmux("capture-pane", "-p", "-e", "-t", "play"); !strings.Contains(s, "\x1b[") {
		t.Errorf("no colour:\n%s", s)
	}

	hint, err := want.Hint()
	if err != nil {
		t.Fatal(err)
	}
	tp.typeLine("hint")
	tp.waitFor("hint: " + hint.SAN + " (the program's move for you at level super-blitz")

	tp.typeLine("quit")
	deadline := time.Now().Add(10 * time.Second)
	for strings.TrimSpace(tp.tmux("display-message", "-p", "-t", "play", "#{pane_dead}")) != "1" {
		if time.Now().After(deadline) {
			t.Fatalf("mchess play did not quit:\n%s", tp.screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
	final := tp.screen()
	sameScreen(final)
	for _, text := range []string{"you to move (Black)", "the game is saved in game.pgn"} {
		if !strings.Contains(final, text) {
			t.Errorf("after quit the terminal lacks %q:\n%s", text, final)
		}
	}
}
