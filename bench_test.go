package microchess

import (
	"testing"
	"time"

	"github.com/kim1-archive/microchess/emu/kim1"
)

// engines are the two ways a session runs the program: the interpreter
// (emu's core) and the program's translation (package translated).
var engines = []struct {
	name   string
	native bool
}{{"interpreter", false}, {"translated", true}}

// useEngine puts the session on the interpreter or the translation.
func useEngine(tb testing.TB, s *Session, translation bool) {
	tb.Helper()
	saved := s.M.Native
	if s.M.Native == nil {
		native(s.M)
	}
	if translation && s.M.Native == nil {
		tb.Fatal("no translation of the program")
	}
	if !translation {
		s.M.Native = nil
	} else if saved != nil {
		s.M.Native = saved
	}
}

// benchFirstMove times the first move from the start at a level with the
// book off and reports the emulated clock rate. The code watch is on
// (s.WatchCode, as mchess run and the timing games have it), so writes
// into zero page and the stack page, where MicroChess keeps code too, are
// checked byte by byte.
func benchFirstMove(b *testing.B, level string, want [3]byte) {
	for _, e := range engines {
		b.Run(e.name, func(b *testing.B) {
			s := newSession(b)
			useEngine(b, s, e.native)
			s.WatchCode()
			l, _ := LevelByName(level)
			s.SetLevel(l)
			if err := s.Keys("C"); err != nil {
				b.Fatal(err)
			}
			s.BookOff()
			start := *s.M.CPU
			b.ReportAllocs()
			b.ResetTimer()
			var cycles uint64
			var busy time.Duration
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				*s.M.CPU = start
				m := s.M
				m.Polls, m.Readings, m.Shown, m.Writes = m.Polls[:0], m.Readings[:0], m.Shown[:0], m.Writes[:0]
				s.M.Press(kim1.KeyPC)
				b.StartTimer()
				t0 := time.Now()
				if err := s.M.RunToKey(DefaultBudget); err != nil {
					b.Fatal(err)
				}
				busy += time.Since(t0)
				cycles += s.M.CPU.Cycles - start.Cycles
			}
			b.StopTimer()
			if s.M.Display != want {
				b.Fatalf("move % X, want % X", s.M.Display, want)
			}
			if len(s.M.Writes) != 0 {
				b.Fatalf("%d writes into the code, first %+v", len(s.M.Writes), s.M.Writes[0])
			}
			b.ReportMetric(float64(cycles)/float64(b.N), "cycles/op")
			b.ReportMetric(float64(cycles)/busy.Seconds()/1e6, "emulated-MHz")
		})
	}
}

// BenchmarkNormalMove times the first Normal-level move (about 21 million
// emulated cycles) on each engine.
func BenchmarkNormalMove(b *testing.B) { benchFirstMove(b, "normal", [3]byte{0x0F, 0x13, 0x33}) }

// BenchmarkSuperBlitzMove times the first Super Blitz move on each engine.
func BenchmarkSuperBlitzMove(b *testing.B) {
	benchFirstMove(b, "super-blitz", [3]byte{0x0F, 0x13, 0x33})
}

// BenchmarkNormalGame times a self-play game at Normal level, book off,
// to the end or 40 moves a side, on each engine: the chess library's
// checks of every move included, as a match has them.
func BenchmarkNormalGame(b *testing.B) {
	l, _ := LevelByName("normal")
	for _, e := range engines {
		b.Run(e.name, func(b *testing.B) {
			var cycles uint64
			var moves int
			for i := 0; i < b.N; i++ {
				s := newSession(b)
				useEngine(b, s, e.native)
				s.SetLevel(l)
				g, err := s.SelfPlay(40, true, "")
				if err != nil {
					b.Fatal(err)
				}
				for _, m := range g.Moves {
					cycles += m.Cycles
				}
				moves += len(g.Moves)
			}
			b.ReportMetric(float64(moves)/float64(b.N), "moves/op")
			b.ReportMetric(float64(cycles)/float64(b.N), "cycles/op")
		})
	}
}
