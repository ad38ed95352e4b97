package kim1

import "github.com/kim1-archive/microchess/emu"

// Entry points of the emulated monitor routines (KIM-1 monitor listing).
const (
	AddrSCANDS = 0x1F1F
	AddrGETKEY = 0x1F6A
	AddrGETCH  = 0x1E5A
	AddrOUTCH  = 0x1EA0
	AddrOUTSP  = 0x1E9E // LDA #$20, then OUTCH
	AddrCRLF   = 0x1E2F // CR, LF and six NULs (the string at TOP)
	AddrPRTBYT = 0x1E3B // A as two hex digits
)

// The monitor's page-zero variables its teletype routines write.
const (
	addrTEMP = 0x00FC // PRTBYT keeps the byte here
	addrTMPX = 0x00FD // GETCH and OUTCH save X here
	addrCHAR = 0x00FE // the character being shifted in or out
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
	{"OUTSP", AddrOUTSP, (*Machine).outsp},
	{"CRLF", AddrCRLF, (*Machine).crlf},
	{"PRTBYT", AddrPRTBYT, (*Machine).prtbyt},
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
	if m.OnScan != nil {
		m.OnScan(m)
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

// bitCycles is one bit time at TTYBaud (110 baud when unset).
func (m *Machine) bitCycles() int {
	baud := m.TTYBaud
	if baud <= 0 {
		baud = 110
	}
	return 1000000 / baud
}

// getchCycles is GETCH's cost, JSR included: from the start bit, a bit
// and a half to the middle of the first data bit, eight bits, and half a
// bit to leave in the stop bit (the wait for the start bit, the user's
// typing, is not counted).
func (m *Machine) getchCycles() int { return jsrCycles + 10*m.bitCycles() }

// outchCycles is OUTCH's cost, JSR included: eleven bit delays (one before
// the start bit, the ROM's "10/11 bit code sync", then start, eight data
// bits and stop).
func (m *Machine) outchCycles() int { return jsrCycles + 11*m.bitCycles() }

// getch reads one character from TTYIn into A, parity bit cleared (ROL A,
// LSR A), and echoes it, as the KIM-1 does; X is kept (saved in TMPX),
// Y is FF, CHAR holds the character as received, C is clear. It charges
// getchCycles.
func (m *Machine) getch() bool {
	if len(m.TTYIn) == 0 {
		return false
	}
	c := m.CPU
	ch := m.TTYIn[0]
	m.TTYIn = m.TTYIn[1:]
	if !m.TTYNoEcho {
		m.TTYOut = append(m.TTYOut, ch)
	}
	c.Mem[addrTMPX], c.Mem[addrCHAR] = c.X, ch
	c.A, c.Y = ch&0x7F, 0xFF
	setNZ(c, c.A)
	c.P &^= emu.FlagC
	m.finish(m.getchCycles())
	return true
}

// send is OUTCH's effect: A goes out; X is kept (TMPX), Y and A are FF
// (left by the bit delay), CHAR is shifted out to 00, N and Z are X's
// (the ROM ends in LDX TMPX), C and V are clear.
func (m *Machine) send() {
	c := m.CPU
	m.TTYOut = append(m.TTYOut, c.A)
	c.Mem[addrTMPX], c.Mem[addrCHAR] = c.X, 0
	c.A, c.Y = 0xFF, 0xFF
	setNZ(c, c.X)
	c.P &^= emu.FlagC | emu.FlagV
}

// outch sends A to TTYOut (see send).
func (m *Machine) outch() bool {
	m.send()
	m.finish(m.outchCycles())
	return true
}

// outsp sends a space: LDA #$20 (2 cycles) falls into OUTCH.
func (m *Machine) outsp() bool {
	m.CPU.A = ' '
	m.send()
	m.finish(m.outchCycles() + 2)
	return true
}

// crlf sends the eight characters at TOP, last first: CR, LF and six NULs
// (time for a teletype's carriage to return), through OUTCH. It returns
// with X = FF (the loop counts down through zero) and A = FF. Cycles: LDX
// (2), eight passes of LDA TOP,X (4), the OUTCH call, DEX (2) and BPL (3,
// 2 the last time), the RTS (6) and the caller's JSR (6).
func (m *Machine) crlf() bool {
	c := m.CPU
	for _, ch := range []byte{'\r', '\n', 0, 0, 0, 0, 0, 0} {
		c.A = ch
		m.send()
	}
	c.X = 0xFF
	setNZ(c, c.X)
	m.finish(jsrCycles + 2 + 8*(4+m.outchCycles()+2+3) - 1 + 6)
	return true
}

// prtbyt sends A as two hex digits (0-9, A-F) through HEXTA and OUTCH and
// returns with A as it was (from TEMP, which keeps it; N and Z are A's),
// X kept, Y = FF, C clear. Cycles: STA TEMP (3), four LSR A (8), each
// digit's JSR HEXTA (6), AND, CMP, CLC (6), BMI (3 taken for 0-9; 2 and
// ADC #$07 for A-F: 4), ADC (2), JMP OUTCH (3) and OUTCH less its JSR;
// two LDA TEMP (6), the RTS (6) and the caller's JSR (6).
func (m *Machine) prtbyt() bool {
	c := m.CPU
	b := c.A
	c.Mem[addrTEMP] = b
	cycles := jsrCycles + 3 + 8 + 6 + 6
	for _, d := range []byte{b >> 4, b & 0x0F} {
		ch, branch := '0'+d, 3
		if d >= 10 {
			ch, branch = 'A'+d-10, 4
		}
		c.A = ch
		m.send()
		cycles += 6 + 6 + branch + 2 + 3 + m.outchCycles() - jsrCycles
	}
	c.A = b
	setNZ(c, b)
	m.finish(cycles)
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
