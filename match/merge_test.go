package match

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestRounds(t *testing.T) {
	for _, c := range []struct {
		indices []int
		runs    int
		want    string
	}{
		{[]int{0, 1, 2, 4, 7, 8}, 12, "1-3, 5, 8-9"},
		{[]int{0, 1, 2, 4, 7, 8}, 2, "1-3, 5, … (3 runs in all)"},
		{[]int{6}, 1, "7"},
		{nil, 1, ""},
	} {
		if got := Rounds(c.indices, c.runs); got != c.want {
			t.Errorf("Rounds(%v, %d) = %q, want %q", c.indices, c.runs, got, c.want)
		}
	}
}

// playShards plays the lopsided match of games in n shards and writes
// each to a file.
func playShards(t *testing.T, games, n int) []string {
	t.Helper()
	dir := t.TempDir()
	var files []string
	for k := 1; k <= n; k++ {
		res, err := Run(context.Background(), Options{Players: lopsided(), Games: games, Lines: twoLines, Jobs: 1, Shard: Shard{k, n}})
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, filepath.Join(dir, "part-"+string(rune('0'+k))+".pgn"))
		writePGN(t, files[k-1], res)
	}
	return files
}

// A part missing is no error: its games are listed, the others counted.
func TestMergeMissingPart(t *testing.T) {
	files := playShards(t, 6, 3)
	m, err := Merge([]string{files[0], files[2]})
	if err != nil {
		t.Fatal(err)
	}
	// 3 pairs in 3 shards: the second holds pair 1, games 2 and 3.
	if Rounds(m.Missing, 10) != "3-4" || len(m.Records) != 4 || m.Total != 6 {
		t.Fatalf("missing %v, %d records of %d", m.Missing, len(m.Records), m.Total)
	}
	s := m.Summarize()
	// The strong player wins all four: the weak resigns each at its first
	// move, so the strong moves only as White, in two of them.
	if p := s.Pairings[0]; s.Games != 4 || s.Scheduled != 6 || p.Wins != 4 || s.Players[1].Resigned != 4 ||
		s.Players[0].Moves != 2 || s.Players[1].Moves != 4 {
		t.Errorf("summary %+v %+v", s.Pairings, s.Players)
	}
}

// What a merge refuses, said where it is.
func TestMergeRefuses(t *testing.T) {
	files := playShards(t, 4, 1)
	b, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	good := string(b)
	for _, c := range []struct{ old, new, want string }{
		{`[Round "1"]`, `[Round "5"]`, `:4:8: Round "5": want a number from 1 to 4`},
		{`[Round "2"]`, `[Round "1"]`, `: game 1 of the schedule is also at `},
		{`[White "strong"]`, `[White "stronger"]`, `:5:8: White is "stronger" where the schedule has strong`},
		{`[WhiteProgram "first legal move"]`, `[WhiteProgram "another"]`, `: strong as White is "first legal move" here and "another" at `},
		{`[MatchEnd "resigned"]`, `[MatchEnd "gave up"]`, `: MatchEnd "gave up": want one of checkmate, stalemate`},
		{`[MatchEndBy "Black"]`, `[MatchEndBy "black"]`, `: MatchEndBy "black": want White or Black`},
		{`[WhiteThought "1"]`, ``, `:1:1: a game without a WhiteThought tag`},
		{`[Result "1-0"]`, `[Result "0-1"]`, `: the moves end in 1-0, the Result tag says 0-1`},
		{` games=4 `, ` games=x `, `: MatchSchedule "players=strong,weak gauntlet=no games=x`},
	} {
		if !strings.Contains(good, c.old) {
			t.Fatalf("no %s in\n%s", c.old, good)
		}
		bad := filepath.Join(t.TempDir(), "bad.pgn")
		if err := os.WriteFile(bad, []byte(strings.Replace(good, c.old, c.new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Merge([]string{bad})
		if err == nil || !regexp.MustCompile(`^\S+bad\.pgn:\d+:\d+: `).MatchString(err.Error()) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s → %s: %v, want %s", c.old, c.new, err, c.want)
		}
	}
}
