package match

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/kim1-archive/microchess/elo"
	"github.com/kim1-archive/microchess/suite"
)

func TestParseShard(t *testing.T) {
	if s, err := ParseShard("2/4"); err != nil || s != (Shard{2, 4}) {
		t.Errorf("2/4: %v %v", s, err)
	}
	for _, bad := range []string{"", "2", "0/4", "5/4", "a/4", "2/0", "-1/3", "1/2/3"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// Shards split the schedule into whole pairs of games, in schedule order,
// each game in one shard only.
func TestShardsSplitWholePairs(t *testing.T) {
	// One pairing, 8 games: 4 pairs; 3 shards take pairs [0,1), [1,2)
	// and [2,4) (⌊(K−1)·4/3⌋ to ⌊K·4/3⌋), so games 0-1, 2-3 and 4-7.
	_, jobs := Schedule(2, false, 8, 4)
	for k, want := range [][]int{{0, 1}, {2, 3}, {4, 5, 6, 7}} {
		var got []int
		for _, j := range (Shard{k + 1, 3}).Of(jobs, 1) {
			got = append(got, j.Index)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("shard %d/3: games %v, want %v", k+1, got, want)
		}
	}
	// Three pairings, 5 games each (the last a pair by itself), 1 to 9
	// shards: every game once, pairs whole.
	ps, jobs := Schedule(3, false, 5, 2)
	for n := 1; n <= 9; n++ {
		seen := map[int]int{}
		for k := 1; k <= n; k++ {
			part := (Shard{k, n}).Of(jobs, len(ps))
			in := map[int]bool{}
			for _, j := range part {
				seen[j.Index]++
				in[j.Index] = true
			}
			for _, j := range part {
				g := j.Index / len(ps)
				partner := (g^1)*len(ps) + j.Pairing
				if g^1 < 5 && !in[partner] {
					t.Errorf("shard %d/%d: game %d without its pair, game %d", k, n, j.Index, partner)
				}
			}
		}
		for _, j := range jobs {
			if seen[j.Index] != 1 {
				t.Errorf("%d shards: game %d played %d times", n, j.Index, seen[j.Index])
			}
		}
	}
}

func TestShardRefused(t *testing.T) {
	test, _ := elo.ParseSPRT("0,10,0.05,0.05")
	for _, c := range []struct {
		opt  Options
		want string
	}{
		{Options{Players: lopsided(), Games: 4, Lines: twoLines, SPRT: &test, Shard: Shard{1, 2}}, "an SPRT is sequential"},
		{Options{Players: lopsided(), Games: 4, Lines: twoLines, Shard: Shard{1, 3}}, "shard 1/3: 3 shards of 2 pairs of games: want no more shards than pairs"},
		{Options{Players: lopsided(), Games: 4, Lines: twoLines, Shard: Shard{3, 2}}, "shard 3/2: want 1 ≤ K ≤ N"},
	} {
		if err := c.opt.Check(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("got %v, want %s", err, c.want)
		}
	}
}

// writePGN writes a run's games as mchess match --pgn does.
func writePGN(t *testing.T, path string, res *Result) {
	t.Helper()
	var b strings.Builder
	for _, r := range res.Records {
		b.WriteString(r.PGN + "\n\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// shardedMatchesWhole plays a match whole and in n shards, merges the
// shards' PGN files, and requires the merge to be the whole match: the
// same games, and the same summary but for the time.
func shardedMatchesWhole(t *testing.T, opt Options, n int) {
	t.Helper()
	opt.Date = time.Date(1977, 12, 1, 0, 0, 0, 0, time.UTC)
	whole, err := Run(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(whole.Records) != whole.Total {
		t.Fatalf("%d of %d games", len(whole.Records), whole.Total)
	}
	dir := t.TempDir()
	var files []string
	for k := 1; k <= n; k++ {
		o := opt
		o.Shard = Shard{k, n}
		part, err := Run(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		// A shard's games are whole pairs.
		pairs := map[[2]int]int{}
		for _, r := range part.Records {
			pairs[[2]int{r.Pairing, r.Index / len(part.Pairings) / 2}]++
		}
		for p, c := range pairs {
			if c != 2 && opt.Games%2 == 0 {
				t.Errorf("shard %d/%d: pairing %d, pair %d: %d games", k, n, p[0], p[1], c)
			}
		}
		files = append(files, filepath.Join(dir, fmt.Sprintf("part-%d.pgn", k)))
		writePGN(t, files[k-1], part)
	}
	merged, err := Merge(files)
	if err != nil {
		t.Fatal(err)
	}
	if len(merged.Missing) != 0 {
		t.Errorf("missing %v", merged.Missing)
	}
	if len(merged.Records) != len(whole.Records) {
		t.Fatalf("%d games merged, %d played", len(merged.Records), len(whole.Records))
	}
	for i, w := range whole.Records {
		m := merged.Records[i]
		if m.PGN != w.PGN {
			t.Errorf("game %d differs:\n%s\n---\n%s", i+1, m.PGN, w.PGN)
		}
		// All that the PGN carries: not how it ended in words, nor the time.
		w.Detail, w.Elapsed = "", 0
		if !reflect.DeepEqual(m, w) {
			t.Errorf("game %d: merged %+v\nplayed %+v", i+1, m, w)
		}
	}
	ws, ms := whole.Summarize(), merged.Summarize()
	ws.Seconds = 0
	if !reflect.DeepEqual(ms, ws) {
		var a, b strings.Builder
		ms.Write(&a)
		ws.Write(&b)
		t.Errorf("merged summary\n%s\nwhole\n%s", a.String(), b.String())
	}
}

func superBlitz(t *testing.T, names ...string) []*Player {
	t.Helper()
	r := NewRoster()
	var ps []*Player
	for _, n := range names {
		p, err := r.Player(n + "@super-blitz")
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

// The case: the original against Stone's upgrade, 16 games from 8
// lines, in 4 shards.
func TestShardsMergeToTheWholeMatch(t *testing.T) {
	t.Parallel()
	opt := Options{Players: superBlitz(t, "original", "stone"), Games: 16, Lines: suite.Default()[:8], MaxPlies: 8, Jobs: 2}
	shardedMatchesWhole(t, opt, 4)
}

// The library program picks its book by a seed of the game's own: a shard
// plays it with the seed the whole match gives it.
func TestShardsKeepTheLibrarySeeds(t *testing.T) {
	t.Parallel()
	opt := Options{Players: superBlitz(t, "library", "original"), Games: 12, Book: true, MaxPlies: 12, Jobs: 2}
	shardedMatchesWhole(t, opt, 3)
}
