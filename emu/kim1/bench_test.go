package kim1

import (
	"testing"
	"time"
)

// trapLoop is emu's benchmark loop on the KIM-1 with its monitor routines
// trapped, as MicroChess runs interpreted: indirect-indexed loads, a
// zero-page read-modify-write, an indexed load and store in the board's
// RAM, immediate logic and a taken branch, and after every 256 passes a
// call of the trapped SCANDS (the program's display).
var trapLoop = []byte{
	0xA0, 0x00, // 0200 LDY #$00
	0x18,       // 0202 CLC
	0xB1, 0x10, // 0203 LDA ($10),Y
	0x65, 0x20, // 0205 ADC $20
	0x85, 0x20, // 0207 STA $20
	0xBD, 0x00, 0x03, // 0209 LDA $0300,X
	0x49, 0xFF, // 020C EOR #$FF
	0x99, 0x00, 0x03, // 020E STA $0300,Y
	0xE8,       // 0211 INX
	0xC8,       // 0212 INY
	0xD0, 0xED, // 0213 BNE $0202
	0x20, 0x1F, 0x1F, // 0215 JSR SCANDS
	0x4C, 0x00, 0x02, // 0218 JMP $0200
}

func newTrapBench(tb testing.TB) *Machine {
	m := New()
	if err := m.Load(Image{Name: "bench", Addr: 0x0200, Data: trapLoop}); err != nil {
		tb.Fatal(err)
	}
	m.CPU.Mem[0x10], m.CPU.Mem[0x11] = 0x00, 0x03
	m.CPU.PC = 0x0200
	return m
}

// The loop never stops and never leaves RAM: a run uses its budget, and
// SCANDS is called once every 256 passes.
func TestTrapLoopRunsToBudget(t *testing.T) {
	m := newTrapBench(t)
	if r, err := m.Run(1_000_000); err != nil || r != Budget {
		t.Fatalf("stopped for %v (%v) at %04X", r, err, m.CPU.PC)
	}
	if m.CPU.Cycles < 1_000_000 || m.CPU.Cycles > 1_000_000+6 {
		t.Fatalf("%d cycles", m.CPU.Cycles)
	}
	if len(m.Shown) == 0 {
		t.Fatal("SCANDS was never called")
	}
}

// BenchmarkTrapMachine runs the loop through Machine.Run, a million
// cycles an op: the interpreter as the trap machine drives it.
func BenchmarkTrapMachine(b *testing.B) {
	m := newTrapBench(b)
	b.ReportAllocs()
	b.ResetTimer()
	start := time.Now()
	c0 := m.CPU.Cycles
	for i := 0; i < b.N; i++ {
		if _, err := m.Run(1_000_000); err != nil {
			b.Fatal(err)
		}
	}
	el := time.Since(start).Seconds()
	b.ReportMetric(float64(m.CPU.Cycles-c0)/el/1e6, "emulated-MHz")
	b.ReportMetric(float64(m.CPU.Cycles-c0)/float64(b.N), "cycles/op")
}
