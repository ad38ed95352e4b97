package microchess

import (
	"fmt"

	"github.com/kim1-archive/microchess/emu/kim1"
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
	return []byte{kim1.KeyAD, byte(a >> 12), byte(a >> 8 & 15), byte(a >> 4 & 15), byte(a & 15)}
}

// keyByte is DA (or +, when next) and the two digits of a byte.
func keyByte(first byte, b byte) []byte { return []byte{first, b >> 4, b & 15} }

// toMonitor presses RS and runs the monitor until it waits at the keypad.
func toMonitor(m *kim1.Machine) error {
	m.SetTTY(false)
	m.PressRS()
	m.StopAtScan(true)
	if r, err := m.Run(bootBudget); err != nil || r != kim1.WaitingKey {
		return fmt.Errorf("the monitor did not come up at the keypad after RS (%v, %v, PC %04X)", r, err, m.CPU.PC)
	}
	return nil
}

// keyIn presses keys and runs the monitor until it waits for more.
func keyIn(m *kim1.Machine, keys []byte) error {
	m.Press(keys...)
	if r, err := m.Run(uint64(len(keys)+2) * 2 * kim1.KeyHoldCycles); err != nil || r != kim1.WaitingKey {
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
func LoadTapeOnROM(m *kim1.Machine, tape *kim1.TapeIn, ids ...byte) ([]LoadedRecord, error) {
	return loadT(m, tape, ids)
}

// ContinueTapeOnROM is LoadTapeOnROM with the recording already playing:
// the next records, keyed during the silence between them.
func ContinueTapeOnROM(m *kim1.Machine, ids ...byte) ([]LoadedRecord, error) {
	return loadT(m, nil, ids)
}

func loadT(m *kim1.Machine, tape *kim1.TapeIn, ids []byte) ([]LoadedRecord, error) {
	var out []LoadedRecord
	for i, id := range ids {
		if err := toMonitor(m); err != nil {
			return out, err
		}
		keys := append(keyAddr(cellPREG), keyByte(kim1.KeyDA, 0)...)
		keys = append(append(keys, keyAddr(cellID)...), keyByte(kim1.KeyDA, id)...)
		keys = append(keys, keyAddr(AddrLOADT)...)
		if err := keyIn(m, keys); err != nil {
			return out, err
		}
		if i == 0 && tape != nil {
			m.PlayTape(tape)
		}
		m.Press(kim1.KeyGO)
		left := int64(m.TapeEnd()) - int64(m.CPU.Cycles)
		if left <= 0 {
			return out, fmt.Errorf("record %02X: the recording has ended before LOADT started", id)
		}
		r, err := m.Run(uint64(left) + bootBudget)
		if err != nil {
			return out, fmt.Errorf("record %02X: %v", id, err)
		}
		if r != kim1.WaitingKey {
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
func DumpTapeOnROM(m *kim1.Machine, id byte, addr uint16, end uint16) (kim1.TapeOut, error) {
	if err := toMonitor(m); err != nil {
		return kim1.TapeOut{}, err
	}
	keys := append(keyAddr(cellSAL), keyByte(kim1.KeyDA, byte(addr))...)
	for _, b := range []byte{byte(addr >> 8), byte(end), byte(end >> 8), id} {
		keys = append(keys, keyByte(kim1.KeyPlus, b)[:]...)
	}
	keys = append(keys, keyAddr(AddrDUMPT)...)
	if err := keyIn(m, keys); err != nil {
		return kim1.TapeOut{}, err
	}
	m.RecordTape(true)
	m.Press(kim1.KeyGO)
	// 8 bits a character, 7.452 ms a bit, two characters a byte, and the
	// 100 SYN, the header and the trailer.
	budget := uint64(int(end)-int(addr)+120) * 2 * 8 * 7_500
	r, err := m.Run(budget)
	m.RecordTape(false)
	if err != nil || r != kim1.WaitingKey {
		return kim1.TapeOut{}, fmt.Errorf("DUMPT did not return to the monitor (%v, %v, PC %04X)", r, err, m.CPU.PC)
	}
	return m.Recorded(), nil
}
