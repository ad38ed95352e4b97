package emu

import (
	"testing"
	"time"
)

// benchLoop is a CPU-bound loop mixing the common addressing modes:
// indirect-indexed loads, zero-page read-modify-write, indexed stores,
// immediate logic and a taken branch.
var benchLoop = []byte{
	0xA0, 0x00, // 0200 LDY #$00
	0x18,       // 0202 CLC
	0xB1, 0x10, // 0203 LDA ($10),Y
	0x65, 0x20, // 0205 ADC $20
	0x85, 0x20, // 0207 STA $20
	0xBD, 0x00, 0x03, // 0209 LDA $0300,X
	0x49, 0xFF, // 020C EOR #$FF
	0x99, 0x00, 0x04, // 020E STA $0400,Y
	0xE8,       // 0211 INX
	0xC8,       // 0212 INY
	0xD0, 0xED, // 0213 BNE $0202
	0x4C, 0x00, 0x02, // 0215 JMP $0200
}

func newBenchCPU() *CPU {
	c := New(0x0200)
	c.Load(0x0200, benchLoop)
	c.Mem[0x10], c.Mem[0x11] = 0x00, 0x05
	return c
}

// The loop never stops on its own, so a budget run uses all its cycles.
func TestBenchLoopRunsToBudget(t *testing.T) {
	c := newBenchCPU()
	if stop := c.Run(100000); stop != StopBudget {
		t.Fatalf("stop %v at %04X", stop, c.PC)
	}
	if c.Cycles < 100000 || c.Cycles > 100006 {
		t.Fatalf("cycles %d", c.Cycles)
	}
	// One pass of the inner loop is 2+5+3+3+4+2+5+2+2+3 = 31 cycles.
	c = newBenchCPU()
	c.Run(2) // LDY
	before := c.Cycles
	for c.PC != 0x0202 || c.Cycles == before {
		c.Step()
	}
	if got := c.Cycles - before; got != 31 {
		t.Fatalf("inner loop pass %d cycles, want 31", got)
	}
}

func TestRunDoesNotAllocate(t *testing.T) {
	c := newBenchCPU()
	if n := testing.AllocsPerRun(10, func() { c.Run(100000) }); n != 0 {
		t.Fatalf("%v allocations per run", n)
	}
}

func BenchmarkCPULoop(b *testing.B) {
	c := newBenchCPU()
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	c0 := c.Cycles
	for i := 0; i < b.N; i++ {
		c.Run(1_000_000)
	}
	el := time.Since(start).Seconds()
	b.ReportMetric(float64(c.Cycles-c0)/el/1e6, "emulated-MHz")
	b.ReportMetric(float64(c.Cycles-c0)/float64(b.N), "cycles/op")
}
