// Package kim1 is a KIM-1 as a program sees it: 1 KB of RAM at 0000–03FF,
// the 6530s' RAM at 1780–17FF, and the monitor ROM at 1800–1FFF replaced
// by emulations of the routines programs call (SCANDS, GETKEY, GETCH,
// OUTCH), each charging the real routine's cycles. The keyboard is a
// script, the display is what SCANDS last showed, the teletype is a pair
// of byte buffers.
package kim1

import (
	"fmt"

	"github.com/kim1-archive/microchess/emu"
)

// Address map of the stock board.
const (
	WorkspaceStart = 0x17E7 // monitor variables up to 17FF: loading here is refused
	romStart       = 0x1800
	romEnd         = 0x1FFF
	// absent is what the ROM area reads as: a byte no documented
	// instruction uses, so any jump, call, return or fall into the ROM
	// stops the core's loop and lands in Machine.dispatch.
	absent = 0x02
)

// Image is a block of bytes to load at Addr.
type Image struct {
	Addr uint16
	Data []byte
}

// Machine is an emulated KIM-1.
type Machine struct {
	CPU *emu.CPU

	ram     [8192]byte // one bit per address: RAM present
	watch   [8192]byte // one bit per address: report writes
	Writes  []CodeWrite
	traps   map[uint16]func(*Machine) bool
	Display [3]byte // digits as bytes FB FA F9 at the last SCANDS call
	Scans   uint64  // SCANDS calls

	keys     []byte // script still to press
	held     int    // polls the current key has been down
	Readings []Reading
	Polls    []Poll // every GETKEY call that returned
	// Trace, when set, is called before every instruction (slow).
	Trace func(m *Machine)

	TTYIn   []byte // characters GETCH will read
	TTYOut  []byte // characters OUTCH wrote (and GETCH echoed)
	TTYBaud int    // for the GETCH/OUTCH cycle cost; 0 means 110
}

// CodeWrite is a write into a watched range.
type CodeWrite struct {
	PC, Addr uint16
	Old, New byte
	Cycle    uint64
}

// Poll is one GETKEY call: the key it returned and the cycle count when
// the program called it (the JSR already counted).
type Poll struct {
	Key   byte
	Cycle uint64
}

// Reading is the display as the program showed it when it next looked at
// the keyboard, recorded only when it changed.
type Reading struct {
	Digits [3]byte
	Cycle  uint64
}

func (r Reading) String() string {
	return fmt.Sprintf("%02X %02X %02X", r.Digits[0], r.Digits[1], r.Digits[2])
}

// New returns a stock KIM-1 with PC at 0000.
func New() *Machine {
	m := &Machine{CPU: emu.New(0)}
	m.CPU.S = 0xFF
	m.addRAM(0x0000, 0x03FF)
	m.addRAM(0x1780, 0x17FF)
	for a := romStart; a <= romEnd; a++ {
		m.CPU.Mem[a] = absent
	}
	// The top of memory mirrors the ROM's vectors (the board does not
	// decode A13–A15): NMI 1C1C, RESET 1C22, IRQ/BRK 1C1F.
	copy(m.CPU.Mem[0xFFFA:], []byte{0x1C, 0x1C, 0x22, 0x1C, 0x1F, 0x1C})
	m.CPU.WriteHook = m.write
	m.rehook()
	m.traps = map[uint16]func(*Machine) bool{
		AddrSCANDS: (*Machine).scands,
		AddrGETKEY: (*Machine).getkey,
		AddrGETCH:  (*Machine).getch,
		AddrOUTCH:  (*Machine).outch,
	}
	return m
}

func (m *Machine) addRAM(lo, hi uint16) {
	for a := int(lo); a <= int(hi); a++ {
		m.ram[a>>3] |= 1 << (a & 7)
	}
}

func bit(set *[8192]byte, a uint16) bool { return set[a>>3]&(1<<(a&7)) != 0 }

// IsRAM reports whether addr holds RAM.
func (m *Machine) IsRAM(addr uint16) bool { return bit(&m.ram, addr) }

// AddRAM adds expansion RAM at lo..hi. The I/O and ROM area 1700–1FFF
// cannot be RAM.
func (m *Machine) AddRAM(lo, hi uint16) error {
	if hi < lo {
		return fmt.Errorf("expansion RAM %04X-%04X: end before start", lo, hi)
	}
	if lo <= romEnd && hi >= 0x1700 && !(lo >= 0x1780 && hi <= 0x17FF) {
		return fmt.Errorf("expansion RAM %04X-%04X overlaps the KIM-1's I/O and monitor ROM at 1700-1FFF", lo, hi)
	}
	m.addRAM(lo, hi)
	m.rehook()
	return nil
}

// Watch reports every write into lo..hi in Writes (the write still
// happens, as on the real board).
func (m *Machine) Watch(lo, hi uint16) {
	for a := int(lo); a <= int(hi); a++ {
		m.watch[a>>3] |= 1 << (a & 7)
	}
	m.rehook()
}

// rehook sends a page's writes through the hook unless it is all RAM and
// not watched, so plain RAM costs nothing extra.
func (m *Machine) rehook() {
	for p := 0; p < 256; p++ {
		plain := true
		for a := p << 8; a < (p+1)<<8; a++ {
			if !bit(&m.ram, uint16(a)) || bit(&m.watch, uint16(a)) {
				plain = false
				break
			}
		}
		m.CPU.HookWrites(byte(p), byte(p), !plain)
	}
}

func (m *Machine) write(c *emu.CPU, pc, addr uint16, val byte, cyc uint64) bool {
	if bit(&m.watch, addr) {
		m.Writes = append(m.Writes, CodeWrite{PC: pc, Addr: addr, Old: c.Mem[addr], New: val, Cycle: cyc})
	}
	if bit(&m.ram, addr) {
		c.Mem[addr] = val
	}
	// Writes to the 6530 I/O registers, the ROM or empty space go nowhere.
	return false
}

// Load copies images into RAM. Every byte must land in RAM, and nothing
// may land in the monitor's workspace 17E7–17FF.
func (m *Machine) Load(images ...Image) error {
	for _, im := range images {
		if len(im.Data) == 0 {
			continue
		}
		end := int(im.Addr) + len(im.Data) - 1
		if end > 0xFFFF {
			return fmt.Errorf("image at %04X: %d bytes run past FFFF", im.Addr, len(im.Data))
		}
		if int(im.Addr) <= 0x17FF && end >= WorkspaceStart {
			return fmt.Errorf("image %04X-%04X overlaps the monitor workspace 17E7-17FF", im.Addr, end)
		}
		for a := int(im.Addr); a <= end; a++ {
			if !m.IsRAM(uint16(a)) {
				return fmt.Errorf("image %04X-%04X: address %04X is not RAM on this KIM-1 (RAM is 0000-03FF and 1780-17E6 unless expansion RAM is added)", im.Addr, end, a)
			}
		}
		m.CPU.Load(im.Addr, im.Data)
	}
	return nil
}

// Peek reads memory; Poke writes it directly, bypassing watch and hooks
// (for settings such as the level bytes, as a user does from the monitor).
func (m *Machine) Peek(addr uint16) byte { return m.CPU.Mem[addr] }

// Poke stores a byte in RAM; it reports an error for a non-RAM address.
func (m *Machine) Poke(addr uint16, val byte) error {
	if !m.IsRAM(addr) {
		return fmt.Errorf("%04X is not RAM", addr)
	}
	m.CPU.Mem[addr] = val
	return nil
}
