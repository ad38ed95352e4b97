package cassette

import (
	"fmt"
	"math"
	"time"
)

// MinSync is how many SYN characters in a row start a record. LOADT wants
// one found bit by bit and ten more (SYNC, SYNC2); the reader is a little
// more lenient, and a preamble of 100 leaves room for both.
const MinSync = 8

// maxData bounds a record whose end mark never comes.
const maxData = 0x10000

// readRecords frames the bits into characters and reads every record.
func readRecords(bits []tbit) []Found {
	var out []Found
	var reg byte
	valid := 0
	for i := 0; i < len(bits); i++ {
		b := bits[i]
		if b.v < 0 {
			reg, valid = 0, 0
			continue
		}
		// As LOADT's SYNC does: shift each bit in from the top, and look
		// for SYN at every bit position.
		reg = reg>>1 | byte(b.v)<<7
		if valid++; valid < 8 || reg != SYN {
			continue
		}
		f, next, ok := readRecord(bits, i-7)
		if !ok {
			// The run of SYN leads to no record, and neither does any
			// later start inside it (the same run, shorter, to the same
			// character; and SYN read from any other bit of a run of SYN is
			// not SYN): go on from its last SYN, whose bits are in reg, so
			// that a long run is read once, not once a character.
			i = next - 1
			continue
		}
		out = append(out, f)
		i = next - 1
		reg, valid = 0, 0
	}
	return out
}

// reader reads characters from the bits, checking that each bit lasts
// about as long as the preamble's did.
type reader struct {
	bits   []tbit
	pos    int
	period float64 // the bit time, followed as the tape drifts
}

// char reads the next 8 bits, least significant first. ok is false at
// the end of the bits, at a break, or at a bit whose length is out of
// all proportion: the tone was lost there.
func (r *reader) char() (c byte, ok bool) {
	if r.pos+8 > len(r.bits) {
		return 0, false
	}
	for i := range 8 {
		b := r.bits[r.pos+i]
		d := b.t1 - b.t0
		if b.v < 0 || d < 0.6*r.period || d > 1.5*r.period {
			return 0, false
		}
		c |= byte(b.v) << i
	}
	for i := range 8 {
		b := r.bits[r.pos+i]
		r.period += 0.05 * (b.t1 - b.t0 - r.period)
	}
	r.pos += 8
	return c, true
}

// at is the time of the next bit, or of the end of the last one.
func (r *reader) at() time.Duration {
	if r.pos < len(r.bits) {
		return seconds(r.bits[r.pos].t0)
	}
	return seconds(r.bits[len(r.bits)-1].t1)
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// readRecord reads a record whose first SYN starts at bit start. ok is
// false when there is no record there (too few SYN, no '*'); next is the
// bit to go on from: after the record, or after the run of SYN.
func readRecord(bits []tbit, start int) (f Found, next int, ok bool) {
	// The preamble: its bit time tells the speed.
	var times []float64
	n := 0
	for p := start; p+8 <= len(bits); p += 8 {
		var c byte
		good := true
		for i := range 8 {
			b := bits[p+i]
			if b.v < 0 {
				good = false
				break
			}
			c |= byte(b.v) << i
		}
		if !good || c != SYN {
			break
		}
		for i := range 8 {
			times = append(times, bits[p+i].t1-bits[p+i].t0)
		}
		n++
	}
	if n < MinSync {
		return f, start + 8*n, false
	}
	period := median(times)
	r := &reader{bits: bits, pos: start + 8*n, period: period}
	if c, ok := r.char(); !ok || c&0x7F != STX {
		return f, start + 8*n, false
	}
	nominal := Normal.BitTime().Seconds()
	f.Speed = Normal
	if period < nominal/math.Sqrt(6) { // midway (in log time) between 7.452 ms and 1.242 ms
		f.Speed, nominal = Hyper, Hyper.BitTime().Seconds()
	}
	f.Pace = nominal / period
	f.Start = seconds(bits[start].t0)

	fail := func(format string, args ...any) (Found, int, bool) {
		f.Problem = fmt.Sprintf(format, args...)
		f.End = r.at()
		f.Sum = f.Checksum()
		return f, r.pos, true
	}
	// byte reads two ASCII hex digits, as RDBYT does (bit 7, LOADT's
	// "parity", is dropped).
	readByte := func(what string) (byte, bool, string) {
		at := r.at()
		var v byte
		for range 2 {
			c, ok := r.char()
			if !ok {
				return 0, false, fmt.Sprintf("the tone is lost in the %s at %s", what, clock(at))
			}
			d, ok := hexValue(c & 0x7F)
			if !ok {
				return 0, false, fmt.Sprintf("%s at %s where a hex digit of the %s should be", charName(c), clock(at), what)
			}
			v = v<<4 | d
		}
		return v, true, ""
	}
	var ok2 bool
	var why string
	if f.ID, ok2, why = readByte("ID"); !ok2 {
		return fail("%s", why)
	}
	var lo, hi byte
	if lo, ok2, why = readByte("start address"); !ok2 {
		return fail("%s", why)
	}
	if hi, ok2, why = readByte("start address"); !ok2 {
		return fail("%s", why)
	}
	f.Addr = uint16(hi)<<8 | uint16(lo)
	f.HeaderRead = true
	f.Data = []byte{}
	for {
		at, save := r.at(), r.pos
		c, ok := r.char()
		if !ok {
			return fail("the tone is lost after %d data bytes, at %s", len(f.Data), clock(at))
		}
		if c&0x7F == EOD {
			break
		}
		if len(f.Data) == maxData {
			return fail("no end mark after %d data bytes", maxData)
		}
		r.pos = save
		b, ok, why := readByte("data")
		if !ok {
			return fail("%s (after %d data bytes)", why, len(f.Data))
		}
		f.Data = append(f.Data, b)
	}
	f.Sum = f.Checksum()
	if lo, ok2, why = readByte("checksum"); !ok2 {
		return fail("%s", why)
	}
	if hi, ok2, why = readByte("checksum"); !ok2 {
		return fail("%s", why)
	}
	f.TapeSum, f.SumRead = uint16(hi)<<8|uint16(lo), true
	f.End = r.at()
	// LOADT stops after the checksum; the two EOTs only belong to the
	// record's time when they are there.
	for range 2 {
		save := r.pos
		if c, ok := r.char(); !ok || c&0x7F != EOT {
			r.pos = save
			break
		}
		f.End = seconds(r.bits[r.pos-1].t1)
	}
	if f.TapeSum != f.Sum {
		f.Problem = fmt.Sprintf("checksum bad: the tape says %04X, the bytes read sum to %04X", f.TapeSum, f.Sum)
		return f, r.pos, true
	}
	f.OK = true
	return f, r.pos, true
}

// charName shows a character read where another was wanted.
func charName(c byte) string {
	c &= 0x7F
	if c >= 0x20 && c < 0x7F {
		return fmt.Sprintf("character %02X (%q)", c, rune(c))
	}
	return fmt.Sprintf("character %02X", c)
}

// clock shows a time in a recording as m:ss.ss.
func clock(d time.Duration) string {
	s := d.Seconds()
	m := int(s / 60)
	return fmt.Sprintf("%d:%05.2f", m, s-float64(60*m))
}

// Clock shows a time in a recording as m:ss.ss.
func Clock(d time.Duration) string { return clock(d) }
