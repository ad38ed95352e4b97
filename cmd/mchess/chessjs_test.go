package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/internal/chessjs"
)

// checkChessJS has chess.js (npm), the parser of most web chess apps, load
// every game of a PGN file, and holds its verdict to the file's: a game
// whose Termination is normal and that mchess ended in checkmate or
// stalemate ends so in chess.js, with the Result the rules give.
func checkChessJS(t *testing.T, file string) {
	t.Helper()
	for i, g := range chessjs.Load(t, file) {
		if g.Moves == 0 {
			t.Errorf("game %d: no moves in chess.js", i+1)
		}
		mated := "1-0"
		if g.Turn == "w" {
			mated = "0-1"
		}
		switch {
		case g.Checkmate != (g.End == "checkmate") && g.End != "":
			t.Errorf("game %d: MatchEnd %q, chess.js checkmate %v", i+1, g.End, g.Checkmate)
		case g.Stalemate != (g.End == "stalemate") && g.End != "":
			t.Errorf("game %d: MatchEnd %q, chess.js stalemate %v", i+1, g.End, g.Stalemate)
		case g.Checkmate && g.Result != mated, g.Stalemate && g.Result != "1/2-1/2":
			t.Errorf("game %d: Result %s where chess.js ends the game (mate %v, to move %s)", i+1, g.Result, g.Checkmate, g.Turn)
		}
	}
}

// The game mchess play saves loads in chess.js: the library program's
// moves carry a note and their cycles, in one comment a move.
func TestPlayPGNInChessJS(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cmd := exec.Command("mchess", "play", "--program", "library", "--level", "super-blitz", "--plain", "--pgn", "game.pgn")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader("e5\nNc6\nquit\n")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mchess play: %v\n%s", err, out)
	}
	file := filepath.Join(dir, "game.pgn")
	pgn, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(pgn), "1. e4 {from the library [%cycles ") {
		t.Errorf("no note with its cycles in one comment:\n%s", pgn)
	}
	if games := chessjs.Load(t, file); len(games) != 1 || games[0].Moves != 5 {
		t.Errorf("chess.js read %+v", games)
	}
}
