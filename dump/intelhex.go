package dump

import (
	"fmt"
)

// Intel HEX records: ":LLAAAATT" + LL data bytes + a checksum byte that
// makes the sum of all the record's bytes 00. Types read: 00 data, 01 end
// of file, 02 extended segment address (base = value × 16), 04 extended
// linear address (base = value × 65536), 03 start segment address (CS:IP)
// and 05 start linear address. A KIM-1 has 16-bit addresses, so the
// extended records are accepted only while every data byte still lands at
// or below FFFF.

// intelLen is the data length of the record types that have a fixed one.
var intelLen = map[byte]int{1: 0, 2: 2, 3: 4, 4: 2, 5: 4}

// ReadIntelHex reads an Intel HEX file. Blank lines are skipped; the end of
// file record must be there, and only blank lines may follow it.
func ReadIntelHex(name string, data []byte) (*Dump, error) {
	t := newText(name, data)
	d := &Dump{Format: IntelHex}
	var ps []piece
	base, baseFrom := 0, -1 // the extended address in force and its record's offset
	ended, endOff, records := false, -1, 0
	t.lines(func(off int, line []byte) {
		line, lead := trimBlank(line)
		off += lead
		if len(line) == 0 {
			return
		}
		if ended {
			if endOff >= 0 {
				t.errorf(off, "%s after the end-of-file record (line %d)", show(line[0]), t.pos(endOff).Line)
				endOff = -1 // said once
			}
			return
		}
		if line[0] != ':' {
			t.errorf(off, "unexpected %s: an Intel HEX record starts with :", show(line[0]))
			return
		}
		records++
		b, ok := t.hexRecord(off, line, 1, false)
		if !ok {
			return
		}
		n, addr, typ := int(b[0]), int(b[1])<<8|int(b[2]), b[3]
		payload := b[4 : 4+n]
		sum := 0
		for _, x := range b {
			sum += int(x)
		}
		if sum&0xFF != 0 {
			t.errorf(off+1+2*(4+n), "checksum %02X, but the record's bytes call for %02X", b[4+n], (b[4+n]-byte(sum))&0xFF)
			if typ == 1 {
				ended, endOff = true, off // damaged, but the end all the same
			}
			return
		}
		if w, fixed := intelLen[typ]; fixed && n != w {
			t.errorf(off+1, "a type %02X record holds %s, not %d", typ, plural(w, "data byte"), n)
			return
		}
		switch typ {
		case 0:
			at := base + addr
			if at+n > 0x10000 {
				why := ""
				if baseFrom >= 0 {
					why = fmt.Sprintf(" (the extended address from %s puts it at %X)", t.where(baseFrom), at)
				}
				t.errorf(off+3, "record of %s at %04X runs past FFFF%s: a KIM-1 dump has 16-bit addresses", plural(n, "byte"), addr, why)
				return
			}
			if n > 0 {
				ps = append(ps, piece{addr: at, data: payload, pos: t.where(off)})
			}
		case 1:
			ended, endOff = true, off
			// srec_cat (with -address-length=2) puts the start address in
			// the end record's address field; 0000 says nothing.
			if addr != 0 && !d.HasStart {
				d.Start, d.HasStart = uint16(addr), true
			}
		case 2:
			base, baseFrom = (int(payload[0])<<8|int(payload[1]))<<4, off
		case 4:
			base, baseFrom = (int(payload[0])<<8|int(payload[1]))<<16, off
		case 3, 5:
			v := int(payload[0])<<24 | int(payload[1])<<16 | int(payload[2])<<8 | int(payload[3])
			if typ == 3 {
				v = (v>>16)<<4 + v&0xFFFF // CS:IP
			}
			if v > 0xFFFF {
				t.errorf(off+9, "start address %X is past FFFF: a KIM-1 dump has 16-bit addresses", v)
				return
			}
			d.Start, d.HasStart = uint16(v), true
		default:
			t.errorf(off+7, "unknown record type %02X (Intel HEX has 00 to 05)", typ)
		}
	})
	if !ended {
		if records == 0 && len(t.errs) == 0 {
			t.errorf(len(data), "no Intel HEX records: a record starts with :")
		} else {
			t.errorf(len(data), "no end-of-file record (:00000001FF): the file stops after %s (truncated?)", plural(records, "record"))
		}
	}
	return t.finish(d, ps)
}

// hexRecord decodes the hex digits of a line that starts with a record
// mark of mark characters (":" or "S1"), the first pair a byte count. An
// Intel HEX count is of the data bytes alone, which four bytes precede
// (count, address, type) and a checksum follows; an S-record's (all true)
// is of every byte after the count. It reports bad digits and a wrong
// length.
func (t *text) hexRecord(off int, line []byte, mark int, all bool) ([]byte, bool) {
	digits := line[mark:]
	run := hexRun(digits)
	if run < len(digits) {
		t.errorf(off+mark+run, "bad hex digit %s in a record", show(digits[run]))
		return nil, false
	}
	if run < 2 {
		t.errorf(off, "short record: %d hex digits after %s, where the record starts with its byte count", run, line[:mark])
		return nil, false
	}
	count := int(hexBytes(digits[:2])[0])
	need := 2 * (1 + count)
	if !all {
		need = 2 * (4 + count + 1)
	}
	what := fmt.Sprintf("%d hex digits after %s, where a record with byte count %02X has %d", run, line[:mark], count, need)
	switch {
	case run < need:
		t.errorf(off, "short record: %s", what)
		return nil, false
	case run > need:
		t.errorf(off+mark+need, "long record: %s", what)
		return nil, false
	}
	return hexBytes(digits), true
}

// WriteIntelHex writes segments, in the order given, as Intel HEX: data
// records (type 00) of recordBytes bytes (16 or 32), then the end-of-file
// record, each line ending in LF. No extended or start address records: a
// KIM-1 needs none.
func WriteIntelHex(segs []Segment, recordBytes int) ([]byte, error) {
	if err := checkRecordBytes(recordBytes); err != nil {
		return nil, err
	}
	if err := Check(segs); err != nil {
		return nil, err
	}
	var b []byte
	for _, s := range segs {
		for off := 0; off < len(s.Data); off += recordBytes {
			b = appendIntelRecord(b, int(s.Addr)+off, 0, s.Data[off:min(off+recordBytes, len(s.Data))])
		}
	}
	return appendIntelRecord(b, 0, 1, nil), nil
}

func appendIntelRecord(b []byte, addr int, typ byte, data []byte) []byte {
	sum := len(data) + addr>>8 + addr&0xFF + int(typ)
	b = append(b, ':')
	b = appendHex(b, len(data), 2)
	b = appendHex(b, addr, 4)
	b = appendHex(b, int(typ), 2)
	for _, x := range data {
		b = appendHex(b, int(x), 2)
		sum += int(x)
	}
	b = appendHex(b, -sum&0xFF, 2)
	return append(b, '\n')
}

// checkRecordBytes allows the two record lengths tools commonly write.
func checkRecordBytes(n int) error {
	if n != 16 && n != 32 {
		return fmt.Errorf("%d data bytes a record: want 16 or 32", n)
	}
	return nil
}
