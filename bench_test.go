package microchess

import (
	"testing"
	"time"

	"github.com/kim1-archive/microchess/emu/kim1"
)

// BenchmarkNormalMove times the first Normal-level move from the start
// with the book off (about 21 million emulated cycles) and reports the
// emulated clock rate. The code watch is on (s.WatchCode, as mchess run
// and the timing games have it), so writes into zero page and the stack
// page, where MicroChess keeps code too, are checked byte by byte.
func BenchmarkNormalMove(b *testing.B) {
	s := newSession(b)
	s.WatchCode()
	l, _ := LevelByName("normal")
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
	if s.M.Display != [3]byte{0x0F, 0x13, 0x33} {
		b.Fatalf("move % X", s.M.Display)
	}
	if len(s.M.Writes) != 0 {
		b.Fatalf("%d writes into the code, first %+v", len(s.M.Writes), s.M.Writes[0])
	}
	b.ReportMetric(float64(cycles)/float64(b.N), "cycles/op")
	b.ReportMetric(float64(cycles)/busy.Seconds()/1e6, "emulated-MHz")
}
