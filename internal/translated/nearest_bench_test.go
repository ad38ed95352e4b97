package translated

import (
	"testing"

	"github.com/kim1-archive/microchess/emu"
)

// BenchmarkNearest finds the translation for the original with a code
// byte changed, as every session of such a program does when it is made:
// it must cost little beside a game.
func BenchmarkNearest(b *testing.B) {
	c := emu.New(0)
	for _, s := range Original.Code {
		copy(c.Mem[s.Addr:], s.Bytes)
	}
	c.Mem[0x0201] = 0x0F
	b.ReportAllocs()
	for b.Loop() {
		if Nearest(c) == nil {
			b.Fatal("none")
		}
	}
}
