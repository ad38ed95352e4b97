package dump

import (
	"fmt"
)

// TapeRecordBytes is how many data bytes a paper-tape record holds at most
// when written: 24, as the KIM-1 monitor's own Q dump punches them.
const TapeRecordBytes = 24

// The MOS Technology paper-tape format, which the KIM-1 monitor's TTY
// loader (L) reads and its dump (Q) punches:
//
//	;CCAAAADD...DDSSSS   a data record: CC data bytes at AAAA, then SSSS,
//	                     the 16-bit sum of CC, the two address bytes and
//	                     the data bytes
//	;00NNNNSSSS          the end record: NNNN data records, SSSS the sum
//	                     of NNNN's two bytes (the same rule, with CC = 00)
//
// Records end in CR LF; a punch adds NULs (and an XOFF) after each so that
// the machine has time to act, and the loader skips everything that is not
// a record.

// tapeFiller is what may stand between records: line ends, the NULs, XON
// and XOFF a punch or a terminal adds, rubouts (a punched tape's leader)
// and blanks.
func tapeFiller(c byte) bool {
	switch c {
	case '\r', '\n', 0, 0x11, 0x13, 0x7F, ' ', '\t':
		return true
	}
	return false
}

// ReadPaperTape reads a MOS Technology paper tape. Every record's checksum
// is checked, and the end record's count of data records; the end record
// must be there, and nothing but filler may follow it.
func ReadPaperTape(name string, data []byte) (*Dump, error) {
	t := newText(name, data)
	var ps []piece
	records := 0 // data records seen, good or bad, for the end record's count
	ended := false
	for i := 0; i < len(data); {
		c := data[i]
		if tapeFiller(c) {
			i++
			continue
		}
		if ended {
			t.errorf(i, "%s after the end record: a tape ends with its ;00 record", show(c))
			break
		}
		if c != ';' {
			t.errorf(i, "unexpected %s between records: a record starts with ;", show(c))
			i = skipTapeRecord(data, i)
			continue
		}
		var p *piece
		var kind recordKind
		p, kind, i = t.tapeRecord(i, records)
		switch kind {
		case endRecord:
			ended = true
		case dataRecord:
			records++
			if p != nil {
				ps = append(ps, *p)
			}
		}
	}
	switch {
	case ended || t.cut: // a truncated record is error enough
	case records == 0 && len(t.errs) == 0:
		t.errorf(len(data), "no paper-tape records: a record starts with ;")
	default:
		t.errorf(len(data), "no end record: the tape stops after %s without the ;00 record that counts them (truncated?)", plural(records, "data record"))
	}
	return t.finish(&Dump{Format: PaperTape}, ps)
}

// plural is n things, with the noun in the plural unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// skipTapeRecord is where reading resumes after a damaged record at i: the
// next ; or line end.
func skipTapeRecord(data []byte, i int) int {
	for i++; i < len(data) && data[i] != ';' && data[i] != '\n' && data[i] != '\r'; i++ {
	}
	return i
}

// recordKind is what a paper-tape record is, as far as it can be read.
type recordKind int

const (
	unknownRecord recordKind = iota // too short to have a byte count
	dataRecord
	endRecord
)

// tapeRecord reads the record whose ; is at start: its kind, a data
// record's piece (nil when the record is damaged, which is reported; the
// end record's count is checked against records), and where reading goes
// on.
func (t *text) tapeRecord(start, records int) (p *piece, kind recordKind, next int) {
	data := t.data
	i := start + 1
	run := hexRun(data[i:])
	j := i + run // the first byte that is not a hex digit
	need := 10   // count, address, checksum
	if run >= 2 {
		need += 2 * int(hexBytes(data[i : i+2])[0])
	}
	n := (need - 10) / 2
	switch {
	case run >= 2 && n == 0:
		kind = endRecord
	case run >= 2:
		kind = dataRecord
	}
	switch {
	case run < need && j == len(data):
		t.errorf(j, "truncated record: the file ends after %s, where %s %d", plural(run, "hex digit"), tapeWhat(run, n), need)
		t.cut = true
		return nil, kind, j
	case run < need && !tapeFiller(data[j]) && data[j] != ';':
		t.errorf(j, "bad hex digit %s in a record", show(data[j]))
		return nil, kind, skipTapeRecord(data, j)
	case run < need:
		t.errorf(start, "short record: %s after ;, where %s %d", plural(run, "hex digit"), tapeWhat(run, n), need)
		return nil, kind, j
	case run > need:
		t.errorf(i+need, "long record: %d hex digits after ;, where %s %d", run, tapeWhat(run, n), need)
		return nil, kind, j
	case j < len(data) && !tapeFiller(data[j]) && data[j] != ';':
		t.errorf(j, "unexpected %s after the record's checksum", show(data[j]))
		return nil, kind, skipTapeRecord(data, j)
	}
	b := hexBytes(data[i:j])
	addr := int(b[1])<<8 | int(b[2])
	got := int(b[3+n])<<8 | int(b[4+n])
	if want := tapeSum(n, addr, b[3:3+n]); got != want {
		t.errorf(i+6+2*n, "checksum %04X, but the record's bytes add up to %04X", got, want)
		return nil, kind, j
	}
	if kind == endRecord {
		if addr != records {
			t.errorf(i+2, "the end record counts %s (%04X), but the tape holds %d", plural(addr, "data record"), addr, records)
		}
		return nil, endRecord, j
	}
	if addr+n > 0x10000 {
		t.errorf(i+2, "record of %s at %04X runs past FFFF", plural(n, "byte"), addr)
		return nil, dataRecord, j
	}
	return &piece{addr: addr, data: b[3 : 3+n], pos: t.where(start)}, dataRecord, j
}

// tapeWhat names the record being read, for a message about its length.
func tapeWhat(run, n int) string {
	switch {
	case run < 2:
		return "a record has at least"
	case n == 0:
		return "the end record (;00) has"
	}
	return fmt.Sprintf("a record of %d data bytes (count %02X) has", n, n)
}

// tapeSum is a record's checksum: the 16-bit sum of its count, its two
// address bytes and its data. For the end record (n 0) addr is the count
// of data records.
func tapeSum(n, addr int, data []byte) int {
	sum := n + addr>>8 + addr&0xFF
	for _, x := range data {
		sum += int(x)
	}
	return sum & 0xFFFF
}

// WritePaperTape writes segments, in the order given, as a MOS Technology
// paper tape: records of up to TapeRecordBytes data bytes, then the end
// record, each ending in CR LF. The NULs a real punch adds after each
// record are left out, so that a terminal program can send the file.
func WritePaperTape(segs []Segment) ([]byte, error) {
	if err := Check(segs); err != nil {
		return nil, err
	}
	var b []byte
	records := 0
	for _, s := range segs {
		for off := 0; off < len(s.Data); off += TapeRecordBytes {
			data := s.Data[off:min(off+TapeRecordBytes, len(s.Data))]
			b = appendTapeRecord(b, int(s.Addr)+off, data)
			records++
		}
	}
	if records > 0xFFFF {
		return nil, fmt.Errorf("paper tape: %d records, more than the end record's count (4 hex digits) can hold", records)
	}
	// The end record is a record of no data whose address is the count.
	return appendTapeRecord(b, records, nil), nil
}

func appendTapeRecord(b []byte, addr int, data []byte) []byte {
	b = append(b, ';')
	b = appendHex(b, len(data), 2)
	b = appendHex(b, addr, 4)
	for _, x := range data {
		b = appendHex(b, int(x), 2)
	}
	b = appendHex(b, tapeSum(len(data), addr, data), 4)
	return append(b, '\r', '\n')
}

// appendHex appends v as digits upper-case hex digits.
func appendHex(b []byte, v, digits int) []byte {
	const hex = "0123456789ABCDEF"
	for i := digits - 1; i >= 0; i-- {
		b = append(b, hex[v>>(4*i)&0xF])
	}
	return b
}
