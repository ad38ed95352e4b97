package microchess

import (
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/kim1-archive/microchess/emu"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/internal/translated"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
)

// engines are the two ways a session runs the program: the interpreter
// (emu's core) and the program's translation (package translated).
var engines = []struct {
	name   string
	native bool
}{{"interpreter", false}, {"translated", true}}

// useEngine puts the session on the interpreter or the translation.
func useEngine(tb testing.TB, s *session.Session, translation bool) {
	tb.Helper()
	saved := s.M.Native
	if s.M.Native == nil {
		s.M.Native = translated.For(s.M.CPU)
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

// firstMove is a session ready to play the first move from the start at
// a level, book off, on one engine, with the code watch on (s.WatchCode,
// as mchess run and the timing games have it), so that writes into zero
// page and the stack page, where MicroChess keeps code too, are checked.
type firstMove struct {
	s     *session.Session
	start emu.CPU
}

func newFirstMove(b *testing.B, level string, translation bool) *firstMove {
	s := newSession(b)
	useEngine(b, s, translation)
	s.WatchCode()
	l, _ := memmap.LevelByName(level)
	s.SetLevel(l)
	if err := s.Keys("C"); err != nil {
		b.Fatal(err)
	}
	s.BookOff()
	return &firstMove{s: s, start: *s.M.CPU}
}

// run plays the move and returns its wall-clock and thread CPU times.
func (f *firstMove) run(b *testing.B) (wall, cpu time.Duration) {
	b.StopTimer()
	m := f.s.M
	*m.CPU = f.start
	m.Polls, m.Readings, m.Shown, m.Writes = m.Polls[:0], m.Readings[:0], m.Shown[:0], m.Writes[:0]
	m.Press(kim1.KeyPC)
	b.StartTimer()
	t0, c0 := time.Now(), threadCPU()
	if err := m.RunToKey(session.DefaultBudget); err != nil {
		b.Fatal(err)
	}
	return time.Since(t0), threadCPU() - c0
}

func (f *firstMove) check(b *testing.B, want [3]byte) {
	if m := f.s.M; m.Display != want || len(m.Writes) != 0 {
		b.Fatalf("move % X (want % X), %d writes into the code", m.Display, want, len(m.Writes))
	}
}

// benchFirstMove times the first move from the start at a level, book off,
// on each engine, and reports the emulated clock rate; then both in turn
// (the sub-benchmark "ratio"), a move on each an iteration, reporting the
// median of the interpreter's thread CPU time over the translation's: the
// speed-up, measured so that a load that comes and goes on a shared
// machine weighs on both alike.
func benchFirstMove(b *testing.B, level string, want [3]byte) {
	for _, e := range engines {
		b.Run(e.name, func(b *testing.B) {
			f := newFirstMove(b, level, e.native)
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			b.ReportAllocs()
			b.ResetTimer()
			var busy, cpu time.Duration
			for i := 0; i < b.N; i++ {
				w, c := f.run(b)
				busy, cpu = busy+w, cpu+c
			}
			b.StopTimer()
			f.check(b, want)
			cycles := float64(f.s.M.CPU.Cycles - f.start.Cycles)
			b.ReportMetric(cycles, "cycles/op")
			b.ReportMetric(cycles*float64(b.N)/busy.Seconds()/1e6, "emulated-MHz")
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
	b.Run("ratio", func(b *testing.B) {
		interp, trans := newFirstMove(b, level, false), newFirstMove(b, level, true)
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		b.ResetTimer()
		var ratios []float64
		for i := 0; i < b.N; i++ {
			_, ci := interp.run(b)
			_, ct := trans.run(b)
			ratios = append(ratios, float64(ci)/float64(ct))
		}
		b.StopTimer()
		interp.check(b, want)
		trans.check(b, want)
		slices.Sort(ratios)
		b.ReportMetric(ratios[len(ratios)/2], "speed-up")
	})
}

// BenchmarkNormalMove times the first Normal-level move (about 21 million
// emulated cycles) on each engine.
func BenchmarkNormalMove(b *testing.B) { benchFirstMove(b, "normal", [3]byte{0x0F, 0x13, 0x33}) }

// BenchmarkSuperBlitzMove times the first Super Blitz move on each engine.
func BenchmarkSuperBlitzMove(b *testing.B) {
	benchFirstMove(b, "super-blitz", [3]byte{0x0F, 0x13, 0x33})
}

// BenchmarkNormalGame times a whole self-play game at Normal level, book
// off, White's first move d2d4 by the player (the program then plays both
// sides, 73 moves, to mate), on each engine: the chess library's checks
// of every move included, as a match has them.
func BenchmarkNormalGame(b *testing.B) {
	l, _ := memmap.LevelByName("normal")
	for _, e := range engines {
		b.Run(e.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var cycles uint64
			var moves int
			var cpu time.Duration
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				s := newSession(b)
				useEngine(b, s, e.native)
				s.SetLevel(l)
				b.StartTimer()
				c0 := threadCPU()
				g, err := s.SelfPlay(40, true, "d2d4")
				if err != nil {
					b.Fatal(err)
				}
				cpu += threadCPU() - c0
				for _, m := range g.Moves {
					cycles += m.Cycles
				}
				moves += len(g.Moves)
			}
			b.ReportMetric(float64(moves)/float64(b.N), "moves/op")
			b.ReportMetric(float64(cycles)/float64(b.N), "cycles/op")
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
}
