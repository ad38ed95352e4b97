package kim1

// The keypad and the display as the ROM drives them (board mode).

// A finger presses each key of the script as a person would: when the
// program next scans the keypad after the last key was let go for
// KeyGapCycles, and holds it KeyHoldCycles (at 1 MHz, 50 ms each: the
// monitor's GETKEY needs three scans of a key to take it, MicroChess one
// poll, and both see it let go).
const (
	KeyHoldCycles = 50_000
	KeyGapCycles  = 50_000
)

type finger struct {
	down      bool
	pressedAt uint64
	liftedAt  uint64
}

// at brings the finger up to cycle and returns the key it holds.
func (f *finger) at(cycle uint64, m *Machine) (byte, bool) {
	if f.down && cycle >= f.pressedAt+KeyHoldCycles {
		f.down = false
		f.liftedAt = f.pressedAt + KeyHoldCycles
		m.keys = m.keys[1:]
	}
	if !f.down && len(m.keys) > 0 && cycle >= f.liftedAt+KeyGapCycles {
		f.down, f.pressedAt = true, cycle
	}
	if f.down {
		return m.keys[0], true
	}
	return NoKey, false
}

// idle reports that the finger is up with nothing left to press and has
// been up long enough for the program to have seen it let go.
func (f *finger) idle(cycle uint64, m *Machine) bool {
	f.at(cycle, m)
	return !f.down && len(m.keys) == 0 && cycle >= f.liftedAt+KeyGapCycles
}

// A digit is seen lit when its segments were driven for at least
// minLitCycles (the ROM's own switching between digits lasts a few
// cycles and shows nothing) within the last PersistCycles, 20 ms: what an
// eye sees of a multiplexed display (MicroChess lights each digit for
// about 0.7 ms of each 4.3 ms pass).
const (
	PersistCycles = 20_000
	minLitCycles  = 100
)

// SegmentCodes are the segments (bit 0 = a … bit 6 = g) that show each
// hex digit; the monitor's table (1FE7) adds bit 7, which is not a
// segment.
var SegmentCodes = [16]byte{0x3F, 0x06, 0x5B, 0x4F, 0x66, 0x6D, 0x7D, 0x07, 0x7F, 0x6F, 0x77, 0x7C, 0x39, 0x5E, 0x79, 0x71}

type leds struct {
	sel, segs byte
	since     uint64
	pattern   [6]byte
	litAt     [6]uint64
	seen      [6]bool
}

func (l *leds) reset() { l.sel = 0x0F }

// drive records a change of the digit select or the segment lines.
func (l *leds) drive(sel, segs byte, cycle uint64) {
	if sel == l.sel && segs == l.segs {
		return
	}
	l.close(cycle)
	l.sel, l.segs, l.since = sel, segs, cycle
}

func (l *leds) close(cycle uint64) {
	if l.sel >= 4 && l.sel <= 9 && l.segs != 0 && cycle-l.since >= minLitCycles {
		d := l.sel - 4
		l.pattern[d], l.litAt[d], l.seen[d] = l.segs, cycle, true
	}
}

// digits is the six digits' segments as seen at cycle (0: dark).
func (l *leds) digits(cycle uint64) [6]byte {
	v := *l
	v.close(cycle)
	var d [6]byte
	for i := range d {
		if v.seen[i] && cycle-v.litAt[i] <= PersistCycles {
			d[i] = v.pattern[i]
		}
	}
	return d
}

// Segments is what the six digits show now, left to right, as segment
// bits (0 for a dark digit). Board mode only.
func (m *Machine) Segments() [6]byte { return m.hw.leds.digits(m.CPU.Cycles) }

// shownDigits reads the display as three bytes, each digit by its segments
// (a dark or unreadable digit reads 0).
func (m *Machine) shownDigits() [3]byte {
	segs := m.Segments()
	var d [3]byte
	for i, s := range segs {
		n := byte(0)
		for v, code := range SegmentCodes {
			if code == s {
				n = byte(v)
			}
		}
		d[i/2] |= n << (4 * (1 - i%2))
	}
	return d
}
