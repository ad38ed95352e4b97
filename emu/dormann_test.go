package emu

import (
	"os"
	"strconv"
	"testing"
	"time"
)

// Klaus Dormann's 6502 functional test is GPL code that this repository
// must not contain, so these run only on a binary the user supplies:
// bin_files/6502_functional_test.bin from the public repository
// Klaus2m5/6502_65C02_functional_tests (or one assembled from its source
// with the defaults; docs/dormann.md says how). The image is 64 KiB,
// loaded at 0000 and started at 0400; the test ends in a JMP to itself,
// at the success address (3469 in the published build; set
// MCHESS_DORMANN_SUCCESS to the hex address your listing gives) when
// every check passed, anywhere else on the first failure.
const (
	dormannEnv        = "MCHESS_DORMANN_BIN"
	dormannSuccessEnv = "MCHESS_DORMANN_SUCCESS"
	dormannStart      = 0x0400
	// The published image reaches 3469 after exactly these many cycles
	// and instructions (other emulators report the same figures).
	dormannCycles       = 96241367
	dormannInstructions = 30646177
)

func dormannImage(tb testing.TB) (img []byte, success uint16) {
	tb.Helper()
	path := os.Getenv(dormannEnv)
	if path == "" {
		tb.Skipf("set %s=/path/to/6502_functional_test.bin (from Klaus2m5/6502_65C02_functional_tests, bin_files/; not shipped here: it is GPL)", dormannEnv)
	}
	img, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	if len(img) != 65536 {
		tb.Fatalf("%s: %d bytes, want a 64 KiB image loaded at 0000", path, len(img))
	}
	success = 0x3469
	if s := os.Getenv(dormannSuccessEnv); s != "" {
		v, err := strconv.ParseUint(s, 16, 16)
		if err != nil {
			tb.Fatalf("%s: %v", dormannSuccessEnv, err)
		}
		success = uint16(v)
	}
	return img, success
}

func runDormann(tb testing.TB, c *CPU, img []byte, success uint16) {
	tb.Helper()
	*c = CPU{S: 0xFD, P: FlagU | FlagI, PC: dormannStart}
	c.Load(0, img)
	if stop := c.Run(200_000_000); stop != StopSelfJump || c.PC != success {
		tb.Fatalf("stopped (%v) at %04X after %d cycles, want a jump to self at %04X", stop, c.PC, c.Cycles, success)
	}
}

func TestDormannFunctional(t *testing.T) {
	img, success := dormannImage(t)
	c := new(CPU)
	runDormann(t, c, img, success)
	t.Logf("%d instructions, %d cycles", c.Instructions, c.Cycles)
	if success == 0x3469 && (c.Cycles != dormannCycles || c.Instructions != dormannInstructions) {
		t.Errorf("%d cycles and %d instructions, want %d and %d", c.Cycles, c.Instructions, dormannCycles, dormannInstructions)
	}
}

// BenchmarkDormann runs the whole functional test per op.
func BenchmarkDormann(b *testing.B) {
	img, success := dormannImage(b)
	c := new(CPU)
	b.ReportAllocs()
	b.ResetTimer()
	var cycles uint64
	var busy time.Duration
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		runDormann(b, c, img, success)
		busy += time.Since(t0)
		cycles += c.Cycles
	}
	b.ReportMetric(float64(cycles)/float64(b.N), "cycles/op")
	b.ReportMetric(float64(cycles)/busy.Seconds()/1e6, "emulated-MHz")
}
