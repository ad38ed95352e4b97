package microchess_test

import (
	"testing"

	"github.com/kim1-archive/microchess/emu/kim1"
)

// Zero-page addresses STRATEGY reads (the patch's equates).
const (
	zpOMOVE = 0xDC
	zpWCAP0 = 0xDD
	zpBMOB  = 0xE3
	zpBMAXC = 0xE4
	zpBCC   = 0xE5
	zpWMOB  = 0xEB
	zpWCC   = 0xED
	zpBIAS  = 0xF0
	zpBESTV = 0xFA
	spin    = 0xB8 // unused page-zero bytes (00B7–00BF) hold a jump to self
)

// evaluate runs STRATEGY (1780) on counts poked into page zero, through
// CKMATE and PUSH, and returns the evaluation PUSH stored in BESTV.
func evaluate(t *testing.T, images []kim1.Image, counts map[uint16]byte) byte {
	t.Helper()
	m := kim1.New()
	if err := m.Load(images...); err != nil {
		t.Fatal(err)
	}
	poke := func(a uint16, v byte) {
		if err := m.Poke(a, v); err != nil {
			t.Fatal(err)
		}
	}
	for a, v := range map[uint16]byte{zpOMOVE: 0xFF, zpWCAP0: 0, zpBMAXC: 0, zpBCC: 0, zpWMOB: 0, zpWCC: 0,
		zpBIAS: 0, zpBMOB: 1, zpBESTV: 0} {
		poke(a, v)
	}
	for a, v := range counts {
		poke(a, v)
	}
	// STRATEGY is entered by a JMP from JANUS and leaves by PUSH's JMP to
	// the monitor's display routine, whose RTS returns to JANUS's caller:
	// here, the jump to self.
	poke(spin, 0x4C)
	poke(spin+1, spin)
	poke(spin+2, 0x00)
	poke(0x01FF, 0x00)
	poke(0x01FE, spin-1)
	m.CPU.S = 0xFD
	m.CPU.PC = 0x1780
	r, err := m.Run(1_000_000)
	if err != nil || r != kim1.SelfJump {
		t.Fatalf("STRATEGY did not return: %v %v at %04X", r, err, m.CPU.PC)
	}
	return m.Peek(zpBESTV)
}

// The capture test as the article states it (17B1): a move earns 20 hex
// points only if what it captures (WCAP0) is worth at least the most
// valuable piece the opponent can take in reply (BMAXC); then the capture
// is added and the reply capture subtracted (lines 1010–1030).
func TestCaptureTest(t *testing.T) {
	ps := mustLoad(t)
	base := evaluate(t, ps.white, nil)
	for _, c := range []struct{ wcap, bmaxc byte }{{0, 0}, {4, 2}, {2, 4}, {4, 4}, {0, 2}, {10, 6}, {6, 10}, {2, 0}} {
		got := int(evaluate(t, ps.white, map[uint16]byte{zpWCAP0: c.wcap, zpBMAXC: c.bmaxc})) - int(base)
		want := int(c.wcap) - int(c.bmaxc)
		if c.wcap < c.bmaxc {
			want -= 0x20 // the base case (nothing taken either way) passes
		}
		if got != want {
			t.Errorf("WCAP0 %X, BMAXC %X: evaluation %+d from the base, want %+d", c.wcap, c.bmaxc, got, want)
		}
	}
	// BIAS (FACTOR for the list move) is added as it stands.
	if got := int(evaluate(t, ps.white, map[uint16]byte{zpBIAS: 0x15})) - int(base); got != 0x15 {
		t.Errorf("BIAS 15 adds %X", got)
	}
}
