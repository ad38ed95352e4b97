package match

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kim1-archive/microchess/suite"
)

// BenchmarkMatch plays a fixed match, original against stone from the
// first lines of balanced-50 with colours reversed, one game at a time,
// and reports games an hour: the figure a match's speed is judged by
// (docs/benchmarks.md), by the clock and by the CPU time the process used
// (on a shared machine the clock counts others' work too). The games are
// the same at every commit that keeps the rules and the programs, so two
// commits' binaries can be timed side by side. MCHESS_BENCH_GAMES
// overrides the number of games at every level.
func BenchmarkMatch(b *testing.B) {
	for _, c := range []struct {
		level string
		games int
	}{{"super-blitz", 40}, {"blitz", 20}, {"normal", 10}} {
		b.Run(c.level, func(b *testing.B) {
			games := c.games
			if v := os.Getenv("MCHESS_BENCH_GAMES"); v != "" {
				n, err := strconv.Atoi(v)
				if err != nil || n < 1 {
					b.Fatalf("MCHESS_BENCH_GAMES=%q: want a positive number", v)
				}
				games = n
			}
			r := NewRoster()
			var players []*Player
			for _, name := range []string{"original", "stone"} {
				p, err := r.Player(name + "@" + c.level)
				if err != nil {
					b.Fatal(err)
				}
				players = append(players, p)
			}
			opt := Options{Players: players, Games: games, Lines: suite.Default(), Jobs: 1,
				Date: time.Date(2026, 11, 24, 0, 0, 0, 0, time.UTC)}
			b.ResetTimer()
			var busy, cpu time.Duration
			var plies int
			for i := 0; i < b.N; i++ {
				t0, c0 := time.Now(), cpuTime()
				res, err := Run(context.Background(), opt)
				busy += time.Since(t0)
				cpu += cpuTime() - c0
				if err != nil {
					b.Fatal(err)
				}
				if len(res.Records) != games {
					b.Fatalf("%d games played of %d", len(res.Records), games)
				}
				for _, rec := range res.Records {
					plies += len(strings.Fields(rec.Moves))
				}
			}
			b.ReportMetric(float64(games*b.N)/busy.Hours(), "games/h")
			if cpu > 0 {
				b.ReportMetric(float64(games*b.N)/cpu.Hours(), "games/cpu-h")
			}
			b.ReportMetric(float64(plies)/float64(games*b.N), "plies/game")
		})
	}
}
