package asm

import (
	"strings"
	"testing"
)

// Large inputs: a megabyte of NOP lines (they run past FFFF, so the run
// also checks that one error is made, not one per line) and a megabyte of
// comment lines. Each line's cost is reported; the two must be of one
// order (a run of equal lines is parsed once).
func BenchmarkAssembleMegabyte(b *testing.B) {
	for _, c := range []struct{ name, line string }{{"nop", "\tNOP\n"}, {"comment", "; A COMMENT\n"}} {
		src := "+++\t0200\n" + strings.Repeat(c.line, 1<<20/len(c.line))
		lines := strings.Count(src, "\n")
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				_, err := Assemble(Source{"big.asm", src})
				if c.name == "nop" && (err == nil || strings.Count(err.Error(), "\n") != 0) {
					b.Fatalf("want one error, got %v", err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(lines), "ns/line")
		})
	}
}
