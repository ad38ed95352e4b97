package kim1

import (
	"fmt"
	"strings"
)

// The cassette through the monitor ROM, keyed as the KIM-1 User Manual
// and the MicroChess manual say: RS before each load (it resets the stack
// pointer the monitor's GO restores, so LOADT's stack does not run into
// page one), AD 00F1 DA 00 (decimal mode off), AD 17F9 DA ID, AD 1873 GO.

// Monitor entry points and cells the cassette uses.
const (
	AddrDUMPT = 0x1800
	AddrLOADT = 0x1873
	cellPREG  = 0x00F1
	cellSAL   = 0x17F5
	cellID    = 0x17F9
)

// keyAddr is AD and the four digits of an address.
func keyAddr(a uint16) []byte {
	return []byte{KeyAD, byte(a >> 12), byte(a >> 8 & 15), byte(a >> 4 & 15), byte(a & 15)}
}

// keyByte is DA (or +, when next) and the two digits of a byte.
func keyByte(first byte, b byte) []byte { return []byte{first, b >> 4, b & 15} }

// toMonitor presses RS and runs the monitor until it waits at the keypad.
func toMonitor(m *Machine) error {
	m.SetTTY(false)
	m.PressRS()
	m.StopAtScan(true)
	if r, err := m.Run(bootBudget); err != nil || r != WaitingKey {
		return fmt.Errorf("the monitor did not come up at the keypad after RS (%v, %v, PC %04X)", r, err, m.CPU.PC)
	}
	return nil
}

// keyIn presses keys and runs the monitor until it waits for more.
func keyIn(m *Machine, keys []byte) error {
	m.Press(keys...)
	if r, err := m.Run(uint64(len(keys)+2) * 2 * KeyHoldCycles); err != nil || r != WaitingKey {
		return fmt.Errorf("the monitor did not take the keys (%v, %v, PC %04X)", r, err, m.CPU.PC)
	}
	return nil
}

// LoadedRecord is what LOADT did with one record.
type LoadedRecord struct {
	ID   byte
	Good bool   // LOADT ended with POINT 0000, not FFFF (checksum)
	At   uint64 // the cycle it returned to the monitor
}

// LoadTapeOnROM plays the recording into the monitor's LOADT, once for
// each ID in turn: RS, the keys above (the first time before the tape
// starts, as a person presses play after GO), and LOADT run until it
// returns to the monitor. It fails if LOADT has not returned by the time
// the recording ends.
func LoadTapeOnROM(m *Machine, tape *TapeIn, ids ...byte) ([]LoadedRecord, error) {
	return loadT(m, tape, ids)
}

// ContinueTapeOnROM is LoadTapeOnROM with the recording already playing:
// the next records, keyed during the silence between them.
func ContinueTapeOnROM(m *Machine, ids ...byte) ([]LoadedRecord, error) {
	return loadT(m, nil, ids)
}

func loadT(m *Machine, tape *TapeIn, ids []byte) ([]LoadedRecord, error) {
	var out []LoadedRecord
	for i, id := range ids {
		if err := toMonitor(m); err != nil {
			return out, err
		}
		keys := append(keyAddr(cellPREG), keyByte(KeyDA, 0)...)
		keys = append(append(keys, keyAddr(cellID)...), keyByte(KeyDA, id)...)
		keys = append(keys, keyAddr(AddrLOADT)...)
		if err := keyIn(m, keys); err != nil {
			return out, err
		}
		if i == 0 && tape != nil {
			m.PlayTape(tape)
		}
		m.Press(KeyGO)
		left := int64(m.TapeEnd()) - int64(m.CPU.Cycles)
		if left <= 0 {
			return out, fmt.Errorf("record %02X: the recording has ended before LOADT started", id)
		}
		r, err := m.Run(uint64(left) + bootBudget)
		if err != nil {
			return out, fmt.Errorf("record %02X: %v", id, err)
		}
		if r != WaitingKey {
			return out, fmt.Errorf("record %02X: LOADT had not returned to the monitor when the recording ended (%v, PC %04X): no such record, or the tape did not read", id, r, m.CPU.PC)
		}
		point := uint16(m.CPU.Mem[0xFA]) | uint16(m.CPU.Mem[0xFB])<<8
		out = append(out, LoadedRecord{ID: id, Good: point == 0x0000, At: m.CPU.Cycles})
	}
	return out, nil
}

// DumpTapeOnROM records the monitor's DUMPT writing addr up to end (the
// address after the last byte) with the ID, keyed as the manual says (AD
// 17F5 DA SAL + SAH + EAL + EAH + ID, AD 1800 GO), from RS to its return
// to the monitor: PB7's edges, the board's audio output.
func DumpTapeOnROM(m *Machine, id byte, addr uint16, end uint16) (TapeOut, error) {
	if err := toMonitor(m); err != nil {
		return TapeOut{}, err
	}
	keys := append(keyAddr(cellSAL), keyByte(KeyDA, byte(addr))...)
	for _, b := range []byte{byte(addr >> 8), byte(end), byte(end >> 8), id} {
		keys = append(keys, keyByte(KeyPlus, b)[:]...)
	}
	keys = append(keys, keyAddr(AddrDUMPT)...)
	if err := keyIn(m, keys); err != nil {
		return TapeOut{}, err
	}
	m.RecordTape(true)
	m.Press(KeyGO)
	// 8 bits a character, 7.452 ms a bit, two characters a byte, and the
	// 100 SYN, the header and the trailer.
	budget := uint64(int(end)-int(addr)+120) * 2 * 8 * 7_500
	r, err := m.Run(budget)
	m.RecordTape(false)
	if err != nil || r != WaitingKey {
		return TapeOut{}, fmt.Errorf("DUMPT did not return to the monitor (%v, %v, PC %04X)", r, err, m.CPU.PC)
	}
	return m.Recorded(), nil
}

// inMonitor reports whether the GETCH the machine waits in was called by
// the monitor (its return address in 1800–1FFF) rather than the program.
func inMonitor(m *Machine) bool {
	hi := m.CPU.Mem[0x0100|uint16(m.CPU.S+2)]
	return hi >= 0x18 && hi <= 0x1F
}

// bootBudget bounds each step of starting a program through the monitor:
// the reset, and keying a few keys (each held and let go in 0.1 s).
const bootBudget = 5_000_000

// StartFromMonitor runs the monitor from RS until it waits at the keypad,
// keys AD, the address and GO, and runs the program until it waits for a
// key.
func StartFromMonitor(m *Machine, entry uint16) error {
	m.StopAtScan(true)
	if r, err := m.Run(bootBudget); err != nil || r != WaitingKey {
		return fmt.Errorf("the monitor ROM did not come up at the keypad after RS (%v, %v, PC %04X): is it the KIM-1 monitor?", r, err, m.CPU.PC)
	}
	m.Press(KeyAD, byte(entry>>12), byte(entry>>8&15), byte(entry>>4&15), byte(entry&15))
	if r, err := m.Run(bootBudget); err != nil || r != WaitingKey {
		return fmt.Errorf("the monitor did not take the address %04X (%v, %v)", entry, r, err)
	}
	m.StopAtScan(false)
	m.Press(KeyGO)
	return m.RunToKey(bootBudget)
}

// BootTTY resets the monitor with the TTY jumper in and the teletype at
// baud: the monitor measures the RUBOUT typed after RS and prints its
// prompt. It returns at the prompt.
func (m *Machine) BootTTY(baud int) error {
	m.TTYBaud = baud
	m.SetTTY(true)
	m.PressRS()
	if r, err := m.Run(10 * bootBudget); err != nil || r != WaitingTTY {
		return fmt.Errorf("the monitor ROM did not print its prompt after RS and RUBOUT (%v, %v, PC %04X): is it the KIM-1 monitor?", r, err, m.CPU.PC)
	}
	return nil
}

// GoFromTTY starts the program at start as at a board's teletype: its
// address, a space (the monitor opens the cell) and G, typed at the
// monitor's prompt. It returns with the program waiting for its first
// line, read through the ROM's GETCH, within budget cycles; what the
// monitor printed is dropped.
func (m *Machine) GoFromTTY(start uint16, budget uint64) error {
	m.TTYIn = fmt.Appendf(m.TTYIn, "%04X G", start)
	r, err := m.Run(budget)
	if err == nil && r != WaitingTTY {
		err = fmt.Errorf("stopped (%v) at %04X", r, m.CPU.PC)
	}
	if err == nil && inMonitor(m) {
		err = fmt.Errorf("the monitor is still reading (it printed %q)", Printed(m.TTYOut))
	}
	if err != nil {
		return fmt.Errorf("the program at %04X, started with G at the monitor's prompt, did not come to read a line: %w", start, err)
	}
	m.TTYOut = nil
	return nil
}

// Printed is teletype output as text: NULs (the monitor's CRLF sends six,
// time for the carriage) dropped, CR LF and lone CRs as newlines.
func Printed(b []byte) string {
	s := strings.ReplaceAll(string(b), "\x00", "")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
}
