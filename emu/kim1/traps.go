package kim1

import "github.com/kim1-archive/microchess/emu"

// Entry points of the emulated monitor routines (KIM-1 monitor listing).
const (
	AddrSCANDS = 0x1F1F
	AddrGETKEY = 0x1F6A
	AddrGETCH  = 0x1E5A
	AddrOUTCH  = 0x1EA0
)

// Routine is a monitor ROM routine the machine emulates.
type Routine struct {
	Name string
	Addr uint16
	run  func(*Machine) bool // false: it cannot complete yet (no input)
}

// Routines are the emulated monitor routines; entering the ROM anywhere
// else stops the run with an error.
var Routines = []Routine{
	{"SCANDS", AddrSCANDS, (*Machine).scands},
	{"GETKEY", AddrGETKEY, (*Machine).getkey},
	{"GETCH", AddrGETCH, (*Machine).getch},
	{"OUTCH", AddrOUTCH, (*Machine).outch},
}

// RoutineAt names the emulated routine entered at addr.
func RoutineAt(addr uint16) (string, bool) {
	for _, r := range Routines {
		if r.Addr == addr {
			return r.Name, true
		}
	}
	return "", false
}

// Key codes GETKEY returns.
const (
	KeyAD   = 0x10
	KeyDA   = 0x11
	KeyPlus = 0x12
	KeyGO   = 0x13
	KeyPC   = 0x14
	NoKey   = 0x15
)

// Cycle costs, counted from the ROM's instruction sequences and including
// the caller's 6-cycle JSR (docs/kim1.md shows the sums). A routine entered
// by JMP costs the same minus 3, since the core has already charged the
// caller's jump.
const (
	ScandsCycles      = 4237 // lights each of the six digits for 127 delay loops
	GetkeyNoKeyCycles = 162  // scans the three keyboard rows
	jsrCycles         = 6
)

// GetkeyCycles is GETKEY's cost, JSR included, for a key code (NoKey for
// none). The routine scans row by row (58 cycles a row before the key's
// row), then shifts to the key's column (9 cycles a column).
func GetkeyCycles(key byte) int {
	if key >= NoKey {
		return GetkeyNoKeyCycles
	}
	return 92 + 58*int(key/7) + 9*int(key%7)
}

// Press appends keys (codes 00–14) to the script. Each is pressed, held
// for one more GETKEY poll and released for one poll, which is what a
// program that ignores a repeat of the last key (as MicroChess does) needs
// to see a key, including the same key twice.
func (m *Machine) Press(keys ...byte) { m.keys = append(m.keys, keys...) }

// KeysLeft is how many script keys have not been fully pressed.
func (m *Machine) KeysLeft() int { return len(m.keys) }

// keyDown is the key the board would see now, or NoKey.
func (m *Machine) keyDown() byte {
	if len(m.keys) > 0 && m.held > 0 {
		return m.keys[0]
	}
	return NoKey
}

// poll advances the script by one GETKEY call: ok is false when the script
// is empty and the program is therefore waiting.
func (m *Machine) poll() (key byte, ok bool) {
	if len(m.keys) == 0 {
		return NoKey, false
	}
	if m.held < 2 {
		m.held++
		return m.keys[0], true
	}
	m.held = 0
	m.keys = m.keys[1:]
	return NoKey, true
}

// scands shows 00FB 00FA 00F9 on the six digits. It returns, as the ROM
// does by ending in AK, A = 0 and Z set when no key is down, otherwise a
// bit for the key's column; X and Y are 07 and the monitor's TEMP (00FC)
// holds 01, as the ROM leaves them.
func (m *Machine) scands() bool {
	c := m.CPU
	m.Display = [3]byte{c.Mem[0xFB], c.Mem[0xFA], c.Mem[0xF9]}
	m.Scans++
	if n := len(m.Shown); n == 0 || m.Shown[n-1].Digits != m.Display {
		m.Shown = append(m.Shown, Reading{Digits: m.Display, Cycle: c.Cycles})
	}
	a := byte(0)
	if k := m.keyDown(); k != NoKey {
		a = 1 << (6 - k%7)
	}
	c.A, c.X, c.Y = a, 7, 7
	c.Mem[0xFC] = 1
	setNZ(c, a)
	m.finish(ScandsCycles)
	return true
}

// getkey returns the key in A (NoKey for none). It records a display
// reading when the display changed since the last one.
func (m *Machine) getkey() bool {
	key, ok := m.poll()
	if !ok {
		return false
	}
	c := m.CPU
	m.Polls = append(m.Polls, Poll{Key: key, Cycle: c.Cycles})
	if n := len(m.Readings); n == 0 || m.Readings[n-1].Digits != m.Display {
		m.Readings = append(m.Readings, Reading{Digits: m.Display, Cycle: c.Cycles})
	}
	if key == NoKey {
		// LDA #$15 after the last row compare (CPX #$27: equal, C set).
		c.A, c.X, c.Y = NoKey, 0x27, 7
		c.P |= emu.FlagC
		setNZ(c, c.A)
	} else {
		// The column count is left in Y, X counted down to 0 (Z set);
		// C comes from LSR on row 0 and from the ADCs after it.
		c.A, c.X, c.Y = key, 0, key%7
		c.P = c.P&^(emu.FlagN|emu.FlagZ|emu.FlagC) | emu.FlagZ
		if key < 7 {
			c.P |= emu.FlagC
		} else {
			c.P &^= emu.FlagV
		}
	}
	m.finish(GetkeyCycles(key))
	return true
}

func (m *Machine) ttyCycles() int {
	baud := m.TTYBaud
	if baud <= 0 {
		baud = 110
	}
	return jsrCycles + 10*1000000/baud
}

// getch reads one character from TTYIn into A and echoes it, as the KIM-1
// does; X is kept and Y is FF. It charges ten bit times at TTYBaud (the
// wait for the user to type is not counted).
func (m *Machine) getch() bool {
	if len(m.TTYIn) == 0 {
		return false
	}
	c := m.CPU
	ch := m.TTYIn[0]
	m.TTYIn = m.TTYIn[1:]
	m.TTYOut = append(m.TTYOut, ch)
	c.A, c.Y = ch, 0xFF
	setNZ(c, ch)
	m.finish(m.ttyCycles())
	return true
}

// outch sends A to TTYOut; A and X are kept, Y is FF; ten bit times.
func (m *Machine) outch() bool {
	c := m.CPU
	m.TTYOut = append(m.TTYOut, c.A)
	c.Y = 0xFF
	m.finish(m.ttyCycles())
	return true
}

// finish charges the routine's cycles (total minus the caller's JSR, which
// the core already counted; the RTS is part of the total) and returns.
func (m *Machine) finish(total int) {
	m.CPU.Cycles += uint64(total - jsrCycles - 6)
	m.CPU.RTS()
}

func setNZ(c *emu.CPU, v byte) {
	c.P = c.P&^(emu.FlagN|emu.FlagZ) | v&emu.FlagN
	if v == 0 {
		c.P |= emu.FlagZ
	}
}
