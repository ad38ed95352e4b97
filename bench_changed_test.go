package microchess

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kim1-archive/microchess/internal/translated"
)

// changedCode are programs with one code byte of the original changed, in
// blocks a Normal move runs often: CMOVE's LDXIM 20 before the table scan
// (the block run most often that is not the scan; the program then sees
// a piece above the board), GNM's LDXIM 10 (the counters cleared, once a
// move generated), STRATGY's LDAIM 00 (the evaluation, on an underflow).
var changedCode = []struct {
	name string
	addr uint16
	val  byte
}{
	{"CMOVE", 0x02DA, 0x21},
	{"GNM", 0x0201, 0x0F},
	{"STRATGY", 0x179F, 0x01},
}

// changedMove is the first Normal move of the original with a code byte
// changed, on the translation in part (translated.Nearest) or on the
// interpreter.
func changedMove(b *testing.B, addr uint16, val byte, translation bool) *firstMove {
	f := newFirstMove(b, "normal", true)
	m := f.s.M
	m.CPU.Mem[addr] = val
	m.Native = nil
	if translation {
		m.Native = translated.Nearest(m.CPU)
		if m.Native == nil || !strings.Contains(m.Native.Name, "blocks") {
			b.Fatalf("%04X=%02X: not the translation in part", addr, val)
		}
	}
	f.start = *m.CPU
	return f
}

// BenchmarkChangedNormalMove times the first Normal move of the original
// with one code byte changed (changedCode) on the original's translation
// in part, the core running the changed block (emu.Native.Partial), and
// on the interpreter; "ratio" plays the original's move and the changed
// program's in turn and reports the median of the changed program's speed
// (emulated cycles per second of thread CPU time) over the original's:
// the goal of issue 40 is at least 0.5.
func BenchmarkChangedNormalMove(b *testing.B) {
	for _, ch := range changedCode {
		name := fmt.Sprintf("%s-%04X=%02X", ch.name, ch.addr, ch.val)
		for _, e := range engines {
			b.Run(name+"/"+e.name, func(b *testing.B) {
				f := changedMove(b, ch.addr, ch.val, e.native)
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				b.ReportAllocs()
				b.ResetTimer()
				var cpu time.Duration
				for i := 0; i < b.N; i++ {
					_, c := f.run(b)
					cpu += c
				}
				b.StopTimer()
				cycles := float64(f.s.M.CPU.Cycles - f.start.Cycles)
				b.ReportMetric(cycles, "cycles/op")
				b.ReportMetric(cycles*float64(b.N)/cpu.Seconds()/1e6, "emulated-MHz")
			})
		}
		b.Run(name+"/ratio", func(b *testing.B) {
			orig, changed := newFirstMove(b, "normal", true), changedMove(b, ch.addr, ch.val, true)
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			b.ResetTimer()
			var ratios []float64
			for i := 0; i < b.N; i++ {
				_, co := orig.run(b)
				_, cc := changed.run(b)
				speed := func(f *firstMove, cpu time.Duration) float64 {
					return float64(f.s.M.CPU.Cycles-f.start.Cycles) / cpu.Seconds()
				}
				ratios = append(ratios, speed(changed, cc)/speed(orig, co))
			}
			b.StopTimer()
			slices.Sort(ratios)
			b.ReportMetric(ratios[len(ratios)/2], "speed-ratio")
		})
	}
}
