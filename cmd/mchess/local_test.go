package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/rules"
)

// cloneSources writes the repository's src/microchess.asm and
// src/residue.asm into a new directory, POSN's bonus (ADCIM 02 after POSN
// CLC) made 04 when modify is set.
func cloneSources(t *testing.T, modify bool) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{microchess.ProgramSource, microchess.ResidueSource} {
		b, err := os.ReadFile(filepath.Join("..", "..", f))
		if err != nil {
			t.Fatal(err)
		}
		if modify && f == microchess.ProgramSource {
			const bonus = "POSN\tCLC\n\tADCIM\t02\n"
			if !bytes.Contains(b, []byte(bonus)) {
				t.Fatalf("%s has no %q", f, bonus)
			}
			b = bytes.Replace(b, []byte(bonus), []byte("POSN\tCLC\n\tADCIM\t04\n"), 1)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// mchess match original@super-blitz local@super-blitz in a clone: with
// POSN's bonus changed, two programs, each named as it is, whose games
// from one line with colours reversed differ (one program would play them
// alike); unchanged, one program, said to measure nothing.
func TestMatchLocalAgainstOriginal(t *testing.T) {
	const line = "B01 Scandinavian Defence | 1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5\n"
	for _, modify := range []bool{true, false} {
		dir := cloneSources(t, modify)
		if err := os.WriteFile(filepath.Join(dir, "lines.txt"), []byte(line), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Run(map[bool]string{true: "modified", false: "unchanged"}[modify], func(t *testing.T) {
			t.Chdir(dir)
			var stdout, stderr bytes.Buffer
			args := []string{"match", "original@super-blitz", "local@super-blitz", "--openings", "lines.txt", "--max-plies", "20", "--pgn", "games.pgn", "--quiet", "--json"}
			if status := mainExit(args, &stdout, &stderr); status != 0 {
				t.Fatalf("exit %d\n%s%s", status, stdout.String(), stderr.String())
			}
			var sum struct {
				Pairings []struct {
					Identical bool `json:"identical_players"`
				}
				Players []struct{ Name, Plays string }
			}
			if err := json.Unmarshal(stdout.Bytes(), &sum); err != nil {
				t.Fatal(err)
			}
			if sum.Pairings[0].Identical == modify {
				t.Errorf("identical_players %v", sum.Pairings[0].Identical)
			}
			if noted := strings.Contains(stderr.String(), "measure nothing"); noted == modify {
				t.Errorf("stderr: %q", stderr.String())
			}
			localName := microchess.OriginalName + ", built from ./src/microchess.asm"
			if modify {
				localName = microchess.OriginalName + ", modified: 1 byte (17E2 POSN+2), built from ./src/microchess.asm"
			}
			want := map[string]string{"original@super-blitz": microchess.OriginalName, "local@super-blitz": localName}
			for _, p := range sum.Players {
				if p.Plays != want[p.Name] {
					t.Errorf("%s plays %q, want %q", p.Name, p.Plays, want[p.Name])
				}
			}
			games := readGames(t, "games.pgn")
			if len(games) != 2 {
				t.Fatalf("%d games", len(games))
			}
			var moves [2]string
			for i, g := range games {
				for _, c := range []string{"White", "Black"} {
					if got := g.GetTagPair(c + "Program"); got != want[g.GetTagPair(c)] {
						t.Errorf("game %d: %sProgram %q for %s", i+1, c, got, g.GetTagPair(c))
					}
				}
				for _, m := range g.Moves() {
					moves[i] += m.String() + " "
				}
			}
			if same := moves[0] == moves[1]; same == modify {
				t.Errorf("the games with colours reversed alike: %v\n%s\n%s", same, moves[0], moves[1])
			}
		})
	}
}

func readGames(t *testing.T, file string) []*chess.Game {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out, err := rules.ReadGames(f)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
