// Package chessjs has tests load PGN with chess.js, the npm package most
// web chess apps parse PGN with: what the project writes must load there
// as it loads in the chess library and in pgn-extract. chess.js is
// installed from the npm registry at test time into build/chessjs (never
// committed); a test skips, saying why, where node or npm is missing or
// the registry cannot be reached.
package chessjs

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// Version is the chess.js the tests load with.
const Version = "1.4.0"

var (
	once    sync.Once
	node    string // the node command
	module  string // the installed package's directory
	missing string // why it could not be had
)

// install finds chess.js in build/chessjs under the module's root, or
// installs it there: into a directory of its own first, renamed into
// place, so that a test binary that stops half-way leaves nothing that
// looks installed.
func install() {
	var err error
	if node, err = exec.LookPath("node"); err != nil {
		missing = "node not found (Debian's nodejs; .ci/run installs it)"
		return
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		missing = "npm not found (Debian's npm; .ci/run installs it)"
		return
	}
	root, err := moduleRoot()
	if err != nil {
		missing = err.Error()
		return
	}
	dir := filepath.Join(root, "build", "chessjs-"+Version)
	module = filepath.Join(dir, "node_modules", "chess.js")
	if _, err := os.Stat(filepath.Join(module, "package.json")); err == nil {
		return
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		missing = err.Error()
		return
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), "chessjs-install-")
	if err != nil {
		missing = err.Error()
		return
	}
	defer os.RemoveAll(tmp)
	cmd := exec.Command(npm, "install", "--no-audit", "--no-fund", "--no-save", "--prefix", tmp, "chess.js@"+Version)
	cmd.Env = append(os.Environ(), "npm_config_update_notifier=false")
	if out, err := cmd.CombinedOutput(); err != nil {
		missing = fmt.Sprintf("npm install chess.js@%s failed (no npm registry to be had?): %v\n%s", Version, err, tail(out))
		return
	}
	if err := os.Rename(tmp, dir); err != nil {
		// Another test binary may have put one there meanwhile.
		if _, serr := os.Stat(filepath.Join(module, "package.json")); serr != nil {
			missing = err.Error()
		}
	}
}

// moduleRoot is the directory of go.mod above the working directory.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = up
	}
}

func tail(b []byte) []byte {
	if len(b) > 2000 {
		b = b[len(b)-2000:]
	}
	return bytes.TrimSpace(b)
}

// script loads every game of a PGN file (games start at an [Event tag)
// with chess.js and prints, a line a game, the number of moves, whether
// the game ends in checkmate or stalemate, and its Result and MatchEnd
// tags; a game chess.js refuses makes the script exit 1 saying why.
const script = `
const { Chess } = require(process.argv[1]);
const text = require('fs').readFileSync(process.argv[2], 'utf8');
const games = text.split(/\n(?=\[Event )/).filter(g => g.trim() !== '');
let bad = 0;
games.forEach((g, i) => {
	const c = new Chess();
	try {
		c.loadPgn(g);
	} catch (e) {
		bad++;
		console.log('game ' + (i + 1) + ': ' + e.message);
		return;
	}
	const h = c.getHeaders();
	console.log(JSON.stringify({moves: c.history().length, checkmate: c.isCheckmate(), stalemate: c.isStalemate(),
		turn: c.turn(), result: h.Result || '', end: h.MatchEnd || ''}));
});
process.exit(bad ? 1 : 0);
`

// Game is what chess.js made of one game.
type Game struct {
	Moves     int    `json:"moves"`
	Checkmate bool   `json:"checkmate"`
	Stalemate bool   `json:"stalemate"`
	Turn      string `json:"turn"` // "w" or "b": the side to move at the end
	Result    string `json:"result"`
	End       string `json:"end"` // the MatchEnd tag
}

// Load has chess.js load every game of a PGN file; the test fails on a
// game it refuses, and skips where chess.js cannot be had.
func Load(t testing.TB, file string) []Game {
	t.Helper()
	once.Do(install)
	if missing != "" {
		t.Skipf("PGN not checked with chess.js: %s", missing)
	}
	out, err := exec.Command(node, "-e", script, module, file).CombinedOutput()
	if err != nil {
		t.Fatalf("chess.js %s: %v\n%s", file, err, out)
	}
	var games []Game
	for _, line := range bytes.Split(bytes.TrimSpace(out), []byte("\n")) {
		var g Game
		if err := json.Unmarshal(line, &g); err != nil {
			t.Fatalf("chess.js %s: %v in %q", file, err, line)
		}
		games = append(games, g)
	}
	return games
}
