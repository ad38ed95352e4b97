// Package cassette writes and reads KIM-1 cassette audio: the records the
// monitor's DUMPT (1800) writes and its LOADT (1873) reads, at the
// monitor's own speed or at Jim Butterfield's Hypertape speed, six times
// faster, which LOADT reads unmodified. docs/cassette.md gives the format,
// the timings and their sources.
//
// A record is a character stream (SYN preamble, '*', ID, address, data as
// ASCII hex, '/', checksum, EOT EOT); each character is 8 bits, least
// significant first; each bit is a high tone then a low tone, the change
// at one third of the bit for a 1 and at two thirds for a 0.
package cassette

import (
	"fmt"
	"strings"
	"time"
)

// The characters DUMPT writes around the data.
const (
	SYN = 0x16 // the preamble: SyncCount of them lead each record
	STX = '*'  // start of the record (2A)
	EOD = '/'  // end of the data, the checksum follows (2F)
	EOT = 0x04 // two of them end the record

	SyncCount = 100 // DUMPT's LDX #$64
)

// The tones, as the monitor's ONE and ZRO routines make them: a half-cycle
// (one timer interval, what the listing calls a 138 or 207 µs "pulse") of
// the high tone and of the low tone. A third of a bit holds a whole number
// of half-cycles of either, the same time for both.
const (
	HighHalf = 138 * time.Microsecond // ≈3623 Hz
	LowHalf  = 207 * time.Microsecond // ≈2415 Hz
)

// Speed is the tape density.
type Speed int

const (
	// Normal is the monitor's DUMPT: 9 cycles of the high tone or 6 of the
	// low tone in each third of a bit, 7.452 ms a bit.
	Normal Speed = iota
	// Hyper is Butterfield's Hypertape: 1½ cycles or 1 cycle a third, six
	// times faster (1.242 ms a bit), still read by the monitor's LOADT.
	Hyper
)

func (s Speed) String() string {
	if s == Hyper {
		return "hyper"
	}
	return "normal"
}

// Name is the speed as a person says it.
func (s Speed) Name() string {
	if s == Hyper {
		return "Hypertape"
	}
	return "normal speed"
}

// ParseSpeed reads "normal" or "hyper" (also "hypertape").
func ParseSpeed(text string) (Speed, error) {
	switch strings.ToLower(text) {
	case "normal", "kim", "kim-1":
		return Normal, nil
	case "hyper", "hypertape":
		return Hyper, nil
	}
	return Normal, fmt.Errorf("unknown tape speed %q: want normal or hyper", text)
}

// halves is the number of half-cycles of the high and of the low tone in
// a third of a bit: Super-Dupe's density 6 (normal) or 1 (Hypertape) times
// three and two.
func (s Speed) halves() (high, low int) {
	if s == Hyper {
		return 3, 2
	}
	return 18, 12
}

// Third is the time of a third of a bit.
func (s Speed) Third() time.Duration {
	h, _ := s.halves()
	return time.Duration(h) * HighHalf
}

// BitTime is the time of one bit.
func (s Speed) BitTime() time.Duration { return 3 * s.Third() }

// Record is one program image as the tape holds it.
type Record struct {
	ID   byte   // the tape ID, matched against 17F9 by LOADT
	Addr uint16 // where LOADT stores the first byte (SAL, SAH)
	Data []byte
}

// End is the address after the last byte: what DUMPT takes in EAL, EAH.
func (r Record) End() int { return int(r.Addr) + len(r.Data) }

// Last is the last address the record writes (Addr when it is empty).
func (r Record) Last() uint16 {
	if len(r.Data) == 0 {
		return r.Addr
	}
	return uint16(r.End() - 1)
}

// Checksum is DUMPT's: the 16-bit sum of SAL, SAH and the data bytes (the
// ID is not counted).
func (r Record) Checksum() uint16 {
	sum := uint16(r.Addr&0xFF) + r.Addr>>8
	for _, b := range r.Data {
		sum += uint16(b)
	}
	return sum
}

// loadtWork are the bytes LOADT itself uses while it loads: a record that
// writes there breaks the load on a KIM-1.
var loadtWork = []struct {
	lo, hi uint16
	what   string
}{
	{0x1740, 0x1747, "the 6530-002's ports and timer, through which LOADT reads the tape"},
	{0x17E7, 0x17F1, "LOADT's checksum (CHKL, CHKH), SAVX and the code it stores each byte with (VEB)"},
}

// CheckID tells whether a record may be written with the ID.
func CheckID(id byte) error {
	if id == 0x00 || id == 0xFF {
		return fmt.Errorf("tape ID %02X: IDs 00 and FF are LOADT's \"load any record\" settings and must not be written (DUMPT: \"SHOULD NOT BE USED\"); use 01–FE", id)
	}
	return nil
}

// Validate tells whether a record can be written to tape and loaded back
// by the monitor.
func (r Record) Validate() error {
	if err := CheckID(r.ID); err != nil {
		return err
	}
	if r.End() > 0x10000 {
		return fmt.Errorf("%d bytes at %04X run past FFFF", len(r.Data), r.Addr)
	}
	for _, w := range loadtWork {
		if len(r.Data) > 0 && int(r.Addr) <= int(w.hi) && r.End() > int(w.lo) {
			return fmt.Errorf("%04X–%04X overlaps %04X–%04X, %s: the monitor cannot load it", r.Addr, r.Last(), w.lo, w.hi, w.what)
		}
	}
	return nil
}

// Chars is the character stream DUMPT writes for the record.
func (r Record) Chars() []byte {
	out := make([]byte, 0, SyncCount+1+6+2*len(r.Data)+1+4+2)
	for range SyncCount {
		out = append(out, SYN)
	}
	out = append(out, STX)
	out = appendHex(out, r.ID)
	out = appendHex(out, byte(r.Addr))
	out = appendHex(out, byte(r.Addr>>8))
	for _, b := range r.Data {
		out = appendHex(out, b)
	}
	out = append(out, EOD)
	sum := r.Checksum()
	out = appendHex(out, byte(sum))
	out = appendHex(out, byte(sum>>8))
	return append(out, EOT, EOT)
}

// appendHex writes a byte as DUMPT's OUTBT does: the high digit first, in
// upper-case ASCII.
func appendHex(out []byte, b byte) []byte {
	const digits = "0123456789ABCDEF"
	return append(out, digits[b>>4], digits[b&15])
}

// hexValue is a hex digit's value; ok is false for anything else. LOADT's
// PACKT also takes 3A–3F and 40 as digits; no DUMPT writes them, so a
// reader that meets them has met damage.
func hexValue(c byte) (v byte, ok bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'A' && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// Bits is the bit stream of characters as OUTCHT sends them: 8 bits each,
// least significant first; each element is 0 or 1.
func Bits(chars []byte) []byte {
	out := make([]byte, 0, 8*len(chars))
	for _, c := range chars {
		for i := range 8 {
			out = append(out, c>>i&1)
		}
	}
	return out
}
