// Package kim1 is a KIM-1 as a program sees it: 1 KB of RAM at 0000–03FF,
// the 6530s' RAM at 1780–17FF, and the monitor ROM at 1800–1FFF replaced
// by emulations of the routines programs call (SCANDS, GETKEY, and the
// teletype's GETCH, OUTCH, OUTSP, CRLF, PRTBYT), each charging the real routine's cycles. The keyboard is a
// script, the display is what SCANDS last showed, the teletype is a pair
// of byte buffers.
package kim1

import (
	"fmt"

	"github.com/kim1-archive/microchess/emu"
)

// Block is a named part of the address space.
type Block struct {
	Name       string
	Start, End uint16
}

func (b Block) String() string { return fmt.Sprintf("%s %04X–%04X", b.Name, b.Start, b.End) }

func (b Block) overlaps(lo, hi uint16) bool { return lo <= b.End && b.Start <= hi }

// The stock board's memory map, from the KIM-1 User Manual: 1K of RAM, the
// two 6530s' I/O and timers and their 128 bytes of RAM, whose top the
// monitor keeps its variables in, and the monitor ROM.
var (
	RAM       = Block{"KIM-1 RAM", 0x0000, 0x03FF}
	RIOT      = Block{"6530 I/O and timers", 0x1700, 0x177F}
	RIOTRAM   = Block{"6530 RAM", 0x1780, 0x17E6} // below the monitor's workspace
	Workspace = Block{"KIM-1 monitor workspace", 0x17E7, 0x17FF}
	ROM       = Block{"KIM-1 monitor ROM", 0x1800, 0x1FFF}
)

// What the monitor's teletype loader (the L command, LOAD in its listing)
// uses while it reads a paper tape, after RST: its variables in page zero
// (among them the checksum at 00F6–00F7, the hex digit buffer at
// 00F8–00F9 and the pointer at 00FA–00FB it stores every byte through), and
// the top of the stack, where RST puts the stack pointer (FF) and the
// loader's calls nest three deep (LOAD, GETBYT, GETCH, the bit delay: six
// bytes of return addresses). A record that wrote there would break the
// load or be overwritten by it. Entered by ST (NMI) instead, the monitor
// runs on the interrupted program's stack, wherever that is.
var (
	MonitorPageZero = Block{"the KIM-1 monitor's page-zero variables", 0x00EF, 0x00FF}
	LoaderStack     = Block{"the stack of the monitor's L command (after RST)", 0x01FA, 0x01FF}
)

// absent is what the ROM area reads as: a byte no documented instruction
// uses, so any jump, call, return or fall into the ROM stops the core's
// loop and lands in Machine.Run, which runs the emulated routine.
const absent = 0x02

// Image is a block of bytes to load at Addr; Name (a file name, say)
// identifies it in errors.
type Image struct {
	Name string
	Addr uint16
	Data []byte
}

func (im Image) String() string {
	name := im.Name
	if name == "" {
		name = "image"
	}
	return fmt.Sprintf("%s (%04X–%04X)", name, im.Addr, int(im.Addr)+len(im.Data)-1)
}

// Machine is an emulated KIM-1.
type Machine struct {
	CPU *emu.CPU

	ram       [8192]byte // one bit per address: RAM present
	expansion []Block    // RAM added with AddRAM
	watch     [8192]byte // one bit per address: report writes
	Writes    []CodeWrite
	traps     map[uint16]func(*Machine) bool
	Display   [3]byte // digits as bytes FB FA F9 at the last SCANDS call
	Scans     uint64  // SCANDS calls
	// Shown is every display SCANDS showed that differed from the one
	// before, with the cycle: what the digits flashed.
	Shown []Reading
	// OnScan, when set, is called at every SCANDS call, after the display
	// is read and before the routine returns: how a program's caller
	// watches what it shows without tracing it.
	OnScan func(m *Machine)

	keys     []byte // script still to press
	held     int    // polls the current key has been down
	Readings []Reading
	Polls    []Poll // every GETKEY call that returned
	// Trace, when set, is called before every instruction (slow).
	Trace func(m *Machine)
	// Native, when set, is the program translated ahead of time, which
	// Run runs where it applies (not while Trace is set).
	Native *emu.Native

	TTYIn   []byte // characters GETCH will read
	TTYOut  []byte // characters OUTCH wrote (and GETCH echoed)
	TTYBaud int    // for the GETCH/OUTCH cycle cost; 0 means 110
	// TTYNoEcho leaves GETCH's echo out of TTYOut, for a terminal that
	// shows what the user types itself.
	TTYNoEcho bool

	// hw is the board's hardware when the machine runs a monitor ROM
	// (NewWithROM, NewBoard); nil when the ROM's routines are trapped.
	hw *board
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
	m.addRAM(RAM.Start, RAM.End)
	m.addRAM(RIOTRAM.Start, Workspace.End)
	for a := int(ROM.Start); a <= int(ROM.End); a++ {
		m.CPU.Mem[a] = absent
	}
	// The top of memory mirrors the ROM's vectors (the board does not
	// decode A13–A15): NMI 1C1C, RESET 1C22, IRQ/BRK 1C1F.
	copy(m.CPU.Mem[0xFFFA:], []byte{0x1C, 0x1C, 0x22, 0x1C, 0x1F, 0x1C})
	m.CPU.WriteHook = m.write
	m.rehook()
	m.traps = map[uint16]func(*Machine) bool{}
	for _, r := range Routines {
		m.traps[r.Addr] = r.run
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

// AddRAM adds expansion RAM named name at lo..hi. It refuses RAM over the
// board's own RAM, I/O or ROM, or over RAM added before, naming both.
func (m *Machine) AddRAM(name string, lo, hi uint16) error {
	r := Block{"expansion RAM " + name, lo, hi}
	if hi < lo {
		return fmt.Errorf("%s: end before start", r)
	}
	for _, b := range append([]Block{RAM, RIOT, {RIOTRAM.Name, RIOTRAM.Start, Workspace.End}, ROM}, m.expansion...) {
		if b.overlaps(lo, hi) {
			return fmt.Errorf("%s overlaps %s", r, b)
		}
	}
	m.expansion = append(m.expansion, r)
	m.addRAM(lo, hi)
	if m.hw != nil && hi >= 0x2000 {
		// A board with memory above 8 KB decodes A13–A15.
		m.hw.mirror = false
	}
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

// rehook sends writes through the hook except to RAM that is not watched,
// so plain RAM costs nothing extra. It hooks address by address: a page
// hooked whole would send every zero-page and stack write of a watched
// program through the hook.
func (m *Machine) rehook() {
	hooked := func(a int) bool { return !bit(&m.ram, uint16(a)) || bit(&m.watch, uint16(a)) }
	from := 0
	for a := 1; a <= 0x10000; a++ {
		if a == 0x10000 || hooked(a) != hooked(from) {
			m.CPU.HookBytes(uint16(from), uint16(a-1), hooked(from))
			from = a
		}
	}
}

func (m *Machine) write(c *emu.CPU, pc, addr uint16, val byte, cyc uint64) bool {
	if bit(&m.watch, addr) {
		m.Writes = append(m.Writes, CodeWrite{PC: pc, Addr: addr, Old: c.Mem[addr], New: val, Cycle: cyc})
	}
	if bit(&m.ram, addr) {
		c.Mem[addr] = val
	} else if m.hw != nil {
		m.hwWrite(c, pc, addr, val, cyc)
	}
	// Without the board, writes to the 6530 I/O registers, the ROM or
	// empty space go nowhere.
	return false
}

// Load copies images into RAM. Every byte must land in RAM, nothing may
// land in the monitor's workspace, and no two images of one call may
// overlap; nothing is loaded if any image is refused.
func (m *Machine) Load(images ...Image) error {
	for _, im := range images {
		if len(im.Data) == 0 {
			return fmt.Errorf("%s: no bytes to load", im.Name)
		}
		end := int(im.Addr) + len(im.Data) - 1
		if end > 0xFFFF {
			return fmt.Errorf("%s: %d bytes at %04X run past FFFF", im.Name, len(im.Data), im.Addr)
		}
		if Workspace.overlaps(im.Addr, uint16(end)) {
			return fmt.Errorf("%s overlaps %s", im, Workspace)
		}
		for a := int(im.Addr); a <= end; a++ {
			if !m.IsRAM(uint16(a)) {
				return fmt.Errorf("%s: %04X is not RAM on this KIM-1 (%s and %s, and any expansion RAM added)", im, a, RAM, RIOTRAM)
			}
		}
	}
	if err := Overlap(images); err != nil {
		return err
	}
	for _, im := range images {
		m.CPU.Load(im.Addr, im.Data)
	}
	return nil
}

// Overlap refuses images that share an address, naming both.
func Overlap(images []Image) error {
	for i, im := range images {
		end := int(im.Addr) + len(im.Data) - 1
		for _, o := range images[:i] {
			if oEnd := int(o.Addr) + len(o.Data) - 1; int(im.Addr) <= oEnd && int(o.Addr) <= end {
				return fmt.Errorf("%s overlaps %s", im, o)
			}
		}
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

// Clone copies the machine, memory, registers, scripts and records, so
// that a run can be tried and the machine put back as it was.
func (m *Machine) Clone() *Machine {
	c := *m
	cpu := *m.CPU
	c.CPU = &cpu
	c.CPU.WriteHook = c.write
	c.Native = m.Native.Copy()
	c.expansion = append([]Block(nil), m.expansion...)
	c.Writes = append([]CodeWrite(nil), m.Writes...)
	c.keys = append([]byte(nil), m.keys...)
	c.Readings = append([]Reading(nil), m.Readings...)
	c.Shown = append([]Reading(nil), m.Shown...)
	c.Polls = append([]Poll(nil), m.Polls...)
	c.TTYIn = append([]byte(nil), m.TTYIn...)
	c.TTYOut = append([]byte(nil), m.TTYOut...)
	if m.hw != nil {
		hw := *m.hw
		u2, u3 := *m.hw.u2, *m.hw.u3
		hw.u2, hw.u3 = &u2, &u3
		hw.out.edges = append([]edge(nil), m.hw.out.edges...)
		hw.tapeOut.Edges = append([]uint64(nil), m.hw.tapeOut.Edges...)
		hw.in.line = append([]timedChar(nil), m.hw.in.line...)
		c.hw = &hw
		c.wire()
	}
	return &c
}
