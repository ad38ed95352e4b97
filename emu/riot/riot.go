// Package riot is the MOS 6530 RRIOT (ROM, RAM, I/O, timer) as its
// datasheet gives its I/O and timer side: two 8-bit ports with their
// data-direction registers and the programmable interval timer with its
// interrupt flag and enable. The chip's ROM and 64 bytes of RAM are plain
// memory to the processor, so the machine holding the chip keeps them
// (emu/kim1 maps them); this package is what makes the chip more than
// memory.
//
// Time is the processor's cycle count: every access names the cycle it
// happens on, and the timer is computed from the cycle of the last write,
// never ticked, so an idle chip costs nothing.
//
// The sixteen I/O registers, selected by A3–A0 (A5 and A4 are not decoded,
// so the block of 16 repeats four times in the chip's 64 I/O addresses):
//
//	A2 = 0: A1 A0 = 00 port A data, 01 port A direction, 10 port B data,
//	        11 port B direction (A3 not decoded)
//	A2 = 1, write: load the timer; A1 A0 select the divider (÷1, ÷8, ÷64,
//	        ÷1024) and A3 the interrupt enable
//	A2 = 1, read, A0 = 0: the timer (A3 sets the interrupt enable; A1 is
//	        not decoded)
//	A2 = 1, read, A0 = 1: the interrupt flag in bit 7 (A3 and A1 not
//	        decoded)
package riot

// Register offsets within the chip's 16 I/O registers.
const (
	RegPA    = 0x0 // port A data
	RegPADD  = 0x1 // port A data direction (1 = output)
	RegPB    = 0x2 // port B data
	RegPBDD  = 0x3 // port B data direction
	RegTimer = 0x4 // A2: the timer (write: A1 A0 divider, A3 interrupt enable)
	RegIE    = 0x8 // A3: interrupt enable, on a timer read or write
	RegFlag  = 0x5 // A2 A0 on a read: the interrupt flag
)

// Dividers are the timer's four prescale ratios, by A1 A0 of the write.
var Dividers = [4]uint64{1, 8, 64, 1024}

// Pins reads the levels the board drives on a port's pins; a pin whose
// direction bit is 1 reads the chip's own output instead.
type Pins func(cycle uint64) byte

// Output is told the port's pin levels whenever the program changes the
// data or the direction register: out holds the output latch where the
// direction bit is 1 and 1 (a pulled-up input) elsewhere.
type Output func(out, ddr byte, cycle uint64)

// RRIOT is one 6530.
type RRIOT struct {
	Name string

	paOut, paDDR byte
	pbOut, pbDDR byte
	InA, InB     Pins   // nil: the pins float high
	OutA, OutB   Output // nil: nobody listens

	// The timer: loaded with count at cycle written, counting down every
	// divider cycles from the cycle after, then at ÷1 once it has passed
	// through zero (timeout is that cycle).
	count     byte
	written   uint64
	divider   uint64
	timeout   uint64
	clearedAt uint64 // a flag set before this cycle has been cleared
	ie        bool

	// keepDividerAfterTimeout is a deliberate fault for the tests: a
	// timer that goes on at its divider after the time-out, as the
	// datasheet says it does not. It proves the test programs notice.
	keepDividerAfterTimeout bool
}

// New returns a chip as after RES: both ports inputs with their latches
// clear, the interrupt disabled. The timer is not reset by RES; it starts
// as if FF had been written at ÷1024 at cycle 0.
func New(name string) *RRIOT {
	r := &RRIOT{Name: name}
	r.load(0xFF, 1024, 0)
	return r
}

// Reset is the RES line: port registers and direction registers cleared,
// the interrupt disabled (the timer runs on).
func (r *RRIOT) Reset(cycle uint64) {
	r.paOut, r.paDDR, r.pbOut, r.pbDDR, r.ie = 0, 0, 0, 0, false
	r.driveA(cycle)
	r.driveB(cycle)
}

func (r *RRIOT) load(n byte, divider, cycle uint64) {
	r.count, r.divider, r.written = n, divider, cycle
	// Decrements fall on cycle+1, cycle+1+d, …; the (n+1)th takes the count
	// from 00 to FF: that is the time-out.
	r.timeout = cycle + 1 + uint64(n)*divider
	r.clearedAt = cycle + 1
}

// Timer is the count a read on cycle would return.
func (r *RRIOT) Timer(cycle uint64) byte {
	if cycle <= r.written {
		return r.count
	}
	if cycle < r.timeout || r.keepDividerAfterTimeout {
		return r.count - byte(1+(cycle-r.written-1)/r.divider)
	}
	// At the time-out the count is FF; after it, one less each cycle.
	return 0xFF - byte(cycle-r.timeout)
}

// lastWrap is the latest cycle ≤ cycle at which the count went from 00 to
// FF, and false if it has not since the write.
func (r *RRIOT) lastWrap(cycle uint64) (uint64, bool) {
	if cycle < r.timeout {
		return 0, false
	}
	if r.keepDividerAfterTimeout {
		period := 256 * r.divider
		return r.timeout + (cycle-r.timeout)/period*period, true
	}
	return r.timeout + (cycle-r.timeout)/256*256, true
}

// Flag reports the interrupt flag on cycle: set at every pass of the count
// through zero, cleared by a timer write or read after it.
func (r *RRIOT) Flag(cycle uint64) bool {
	w, ok := r.lastWrap(cycle)
	return ok && w >= r.clearedAt
}

// IRQ reports whether the chip pulls its IRQ output (PB7) low on cycle.
func (r *RRIOT) IRQ(cycle uint64) bool { return r.ie && r.Flag(cycle) }

// Read returns the register at offset reg (A3–A0; higher bits ignored) as
// a read on cycle sees it, with the read's side effects.
func (r *RRIOT) Read(reg byte, cycle uint64) byte {
	switch {
	case reg&0x4 == 0:
		switch reg & 0x3 {
		case RegPA:
			return r.PortA(cycle)
		case RegPADD:
			return r.paDDR
		case RegPB:
			return r.PortB(cycle)
		default:
			return r.pbDDR
		}
	case reg&0x1 == 0:
		// Reading the timer clears a flag set before this cycle; one set
		// on this very cycle survives the read (the read sees FF).
		r.ie = reg&RegIE != 0
		r.clearedAt = cycle
		return r.Timer(cycle)
	default:
		if r.Flag(cycle) {
			return 0x80
		}
		return 0
	}
}

// Peek is Read without side effects (for debuggers and tests).
func (r *RRIOT) Peek(reg byte, cycle uint64) byte {
	ie, cleared := r.ie, r.clearedAt
	v := r.Read(reg, cycle)
	r.ie, r.clearedAt = ie, cleared
	return v
}

// Write stores val in the register at offset reg on cycle.
func (r *RRIOT) Write(reg, val byte, cycle uint64) {
	if reg&0x4 != 0 {
		r.ie = reg&RegIE != 0
		r.load(val, Dividers[reg&0x3], cycle)
		r.driveB(cycle) // PB7 follows the interrupt
		return
	}
	switch reg & 0x3 {
	case RegPA:
		r.paOut = val
		r.driveA(cycle)
	case RegPADD:
		r.paDDR = val
		r.driveA(cycle)
	case RegPB:
		r.pbOut = val
		r.driveB(cycle)
	default:
		r.pbDDR = val
		r.driveB(cycle)
	}
}

// PortA is what a read of port A returns: the latch on output bits, the
// pins on input bits.
func (r *RRIOT) PortA(cycle uint64) byte {
	in := byte(0xFF)
	if r.InA != nil {
		in = r.InA(cycle)
	}
	return r.paOut&r.paDDR | in&^r.paDDR
}

// PortB is port A's counterpart; PB7, when an input, also reads low while
// the chip's interrupt pulls it (it is the IRQ output).
func (r *RRIOT) PortB(cycle uint64) byte {
	in := byte(0xFF)
	if r.InB != nil {
		in = r.InB(cycle)
	}
	if r.IRQ(cycle) {
		in &^= 0x80
	}
	return r.pbOut&r.pbDDR | in&^r.pbDDR
}

// OutputA is port A's pin levels as the chip drives them: the latch where
// the direction is out, high (pulled up) elsewhere.
func (r *RRIOT) OutputA() byte { return r.paOut&r.paDDR | ^r.paDDR }

// OutputB is port B's.
func (r *RRIOT) OutputB() byte { return r.pbOut&r.pbDDR | ^r.pbDDR }

// DDRA and DDRB are the direction registers.
func (r *RRIOT) DDRA() byte { return r.paDDR }
func (r *RRIOT) DDRB() byte { return r.pbDDR }

func (r *RRIOT) driveA(cycle uint64) {
	if r.OutA != nil {
		r.OutA(r.OutputA(), r.paDDR, cycle)
	}
}

func (r *RRIOT) driveB(cycle uint64) {
	if r.OutB != nil {
		r.OutB(r.OutputB(), r.pbDDR, cycle)
	}
}
