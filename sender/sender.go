// Package sender sends programs to a real KIM-1 over its teletype line:
// as a paper tape for the monitor's L command, or typed in through the
// monitor's own commands (address SPACE, byte '.', the teletype's AD, DA
// and +), paced so that the monitor's bit-banged GETCH catches every
// character (docs/kim1.md "Sending to a board").
package sender

import (
	"fmt"
	"io"
	"time"

	"github.com/kim1-archive/microchess/dump"
)

// Pacing is how a sender waits for the board: after each character, after
// each line end, and the NULs sent after each record's line end.
type Pacing struct {
	CharDelay time.Duration
	LineDelay time.Duration
	NULs      int
}

// DefaultPacing: 5 ms after each character and 100 ms after each line,
// the figures Hans Otten gives for sending paper tape to a KIM-1 (and its
// clones) from a terminal program at 9600 baud; six NULs after each
// record, as the monitor's own punch sends them (its CRLF routine writes
// CR, LF and six NULs).
var DefaultPacing = Pacing{CharDelay: 5 * time.Millisecond, LineDelay: 100 * time.Millisecond, NULs: 6}

// Chunk is bytes to write and the time to wait after them.
type Chunk struct {
	Data  []byte
	After time.Duration
}

// PaperTape paces a paper tape: each character, then the delay; after a
// line's LF, the NULs and the line delay.
func PaperTape(tape []byte, p Pacing) []Chunk {
	var out []Chunk
	for _, c := range tape {
		ch := Chunk{Data: []byte{c}, After: p.CharDelay}
		if c == '\n' {
			for range p.NULs {
				ch.Data = append(ch.Data, 0)
			}
			ch.After = p.LineDelay
		}
		out = append(out, ch)
	}
	return out
}

// charTime is one character's time on the line at baud: a start bit,
// eight data bits and a stop bit.
func charTime(baud int) time.Duration {
	return time.Duration(10 * int64(time.Second) / int64(baud))
}

// Keys types segments through the monitor's commands: "AAAA " opens an
// address (AD), "DD." stores a byte and opens the next (DA, +). After each
// '.' the monitor prints the next cell (CR, LF, six NULs, "AAAA DD ": 16
// characters), so the sender waits that long and 4 characters more, on
// top of the character delay; after the address, the same. RUBOUT first,
// which (after RS) makes the monitor measure the baud rate, then a wait
// for its prompt.
func Keys(segs []dump.Segment, baud int, p Pacing) []Chunk {
	show := 20 * charTime(baud)
	out := []Chunk{{Data: []byte{0x7F}, After: 30*charTime(baud) + p.LineDelay}}
	for _, s := range segs {
		out = append(out, Chunk{Data: fmt.Appendf(nil, "%04X ", s.Addr), After: show + p.CharDelay})
		for _, b := range s.Data {
			out = append(out, Chunk{Data: fmt.Appendf(nil, "%02X.", b), After: show + p.CharDelay})
		}
	}
	return out
}

// Write writes the chunks, one character at a time with the character
// delay between the characters of a chunk, sleeping after each chunk.
func Write(w io.Writer, chunks []Chunk, charDelay time.Duration, sleep func(time.Duration)) error {
	for _, c := range chunks {
		for i, b := range c.Data {
			if _, err := w.Write([]byte{b}); err != nil {
				return err
			}
			if i < len(c.Data)-1 {
				sleep(charDelay)
			}
		}
		sleep(c.After)
	}
	return nil
}

// Duration is how long sending the chunks takes (the waits; the line's
// own time at baud is under them when the delays are at least a
// character's time).
func Duration(chunks []Chunk, charDelay time.Duration) time.Duration {
	var d time.Duration
	for _, c := range chunks {
		d += c.After + time.Duration(max(0, len(c.Data)-1))*charDelay
	}
	return d
}

// Reserved is a range the monitor's loader uses itself, which a tape or
// typing must not write (microchess.LoaderWorkspace).
type Reserved struct {
	What       string
	Start, End uint16
}

// LeaveOut splits the segments around the reserved ranges, and says what
// it left out.
func LeaveOut(segs []dump.Segment, res []Reserved) (kept []dump.Segment, left []string) {
	for _, s := range segs {
		start := -1
		flush := func(end int) {
			if start >= 0 {
				kept = append(kept, dump.Segment{Addr: uint16(start), Data: s.Data[start-int(s.Addr) : end-int(s.Addr)]})
				start = -1
			}
		}
		for i := range s.Data {
			a := int(s.Addr) + i
			in := false
			for _, r := range res {
				if a >= int(r.Start) && a <= int(r.End) {
					in = true
					if a == int(r.Start) || i == 0 {
						hi := min(int(r.End), int(s.Addr)+len(s.Data)-1)
						left = append(left, fmt.Sprintf("%04X–%04X (%s)", a, hi, r.What))
					}
				}
			}
			switch {
			case in:
				flush(a)
			case start < 0:
				start = a
			}
		}
		flush(int(s.Addr) + len(s.Data))
	}
	return kept, left
}
