package emu

import (
	"strings"
	"testing"
)

// loopProgram adds 3 to A five times, then jumps to itself.
var loopProgram = []byte{
	0xA2, 0x05, // 0200 LDX #$05
	0xA9, 0x00, // 0202 LDA #$00
	0x18,       // 0204 CLC
	0x69, 0x03, // 0205 ADC #$03
	0xCA,       // 0207 DEX
	0xD0, 0xFA, // 0208 BNE $0204
	0x4C, 0x0A, 0x02, // 020A JMP $020A
}

// stepper is a stand-in for a translation: it steps the core, and, when
// wrongAt is not 0, changes A whenever it starts the block there.
func stepper(wrongAt uint16) *Native {
	return &Native{
		Name:   "stepper",
		Code:   []Span{{0x0200, string(loopProgram)}},
		Blocks: []uint16{0x0200, 0x0204, 0x020A},
		Enter: func(c *CPU, budget uint64) (Stop, uint64) {
			end := c.Cycles + budget
			for c.Cycles < end {
				if wrongAt != 0 && c.PC == wrongAt {
					c.A ^= 0x40
				}
				if stop := c.Step(); stop != StopBudget {
					return stop, 0
				}
			}
			return StopBudget, 0
		},
	}
}

// The lock-step mode says nothing of a translation that runs as the core
// does, and names the block where one that does not goes wrong, however
// far before it the run began.
func TestCheckedNamesTheDivergingBlock(t *testing.T) {
	for _, tc := range []struct {
		wrongAt uint16
		want    string
	}{
		{0, ""},
		{0x020A, "the block at 020A"},
		{0x0204, "the block at 0204"},
	} {
		c := New(0x0200)
		c.Load(0x0200, loopProgram)
		var reports []string
		n := stepper(tc.wrongAt).Checked(func(r string) { reports = append(reports, r) })
		if !n.Applies(c) {
			t.Fatal("the code is in memory, yet the translation does not apply")
		}
		stop, core := n.Run(c, 1000)
		if stop != StopSelfJump || core != 0 || c.PC != 0x020A {
			t.Fatalf("wrong at %04X: stop %v, core %d, PC %04X", tc.wrongAt, stop, core, c.PC)
		}
		t.Logf("wrong at %04X: %q", tc.wrongAt, reports)
		switch {
		case tc.want == "" && len(reports) > 0:
			t.Errorf("a faithful translation reported: %v", reports)
		case tc.want != "" && (len(reports) != 1 || !strings.Contains(reports[0], tc.want)):
			t.Errorf("wrong at %04X: reports %q, want one naming %q", tc.wrongAt, reports, tc.want)
		}
	}
}

// A translation applies only while memory holds its code and none of the
// addresses it stores to unchecked is hooked.
func TestNativeApplies(t *testing.T) {
	c := New(0x0200)
	c.Load(0x0200, loopProgram)
	n := stepper(0)
	n.Unhooked = []Range{{0x0040, 0x0041}}
	if !n.Applies(c) {
		t.Fatal("does not apply to its own code")
	}
	c.HookBytes(0x0041, 0x0041, true)
	if n.Applies(c) {
		t.Error("applies with an address it stores to hooked")
	}
	c.HookBytes(0x0041, 0x0041, false)
	c.Mem[0x0205] = 0xE9 // SBC for ADC
	if n.Applies(c) {
		t.Error("applies to changed code")
	}
	if stop, core := n.Run(c, 500); stop != StopBudget || core != 500 {
		t.Errorf("run where it does not apply: stop %v, core %d; want the whole budget left to the core", stop, core)
	}
}
