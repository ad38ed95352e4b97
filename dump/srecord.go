package dump

import (
	"fmt"
)

// Motorola S-records: "S" + type digit + a byte count of the bytes after
// it (address, data, checksum) + the address + data + a checksum, the
// ones' complement of the low byte of the sum of count, address and data.
// Types: S0 header, S1/S2/S3 data with 2-, 3- and 4-byte addresses, S5/S6
// the count of data records so far, S9/S8/S7 the start address (2, 3, 4
// bytes), which ends the file.

// srecAddrBytes is each record type's address length; S4 is reserved.
var srecAddrBytes = [10]int{2, 2, 3, 4, 0, 2, 3, 4, 3, 2}

// ReadSRecord reads a Motorola S-record file. S2 and S3 data records and S7
// and S8 start addresses are read when the address fits 16 bits. A count
// record (S5/S6) must match the data records before it. The file must end
// with a start record (S9/S8/S7) or, as srec_cat writes a file without a
// start address, with a count record; only blank lines may follow.
func ReadSRecord(name string, data []byte) (*Dump, error) {
	t := newText(name, data)
	d := &Dump{Format: SRecord}
	var ps []piece
	records := 0           // data records, good or bad, for the count records
	lines := 0             // lines that are not blank
	lastType := byte(0xFF) // the type of the last good record
	ended, endOff := false, -1
	t.lines(func(off int, line []byte) {
		line, lead := trimBlank(line)
		off += lead
		if len(line) == 0 {
			return
		}
		lines++
		if ended {
			if endOff >= 0 {
				t.errorf(off, "%s after the start record that ends the file (line %d)", show(line[0]), t.pos(endOff).Line)
				endOff = -1
			}
			return
		}
		if line[0] != 'S' && line[0] != 's' {
			t.errorf(off, "unexpected %s: an S-record starts with S", show(line[0]))
			return
		}
		if len(line) < 2 {
			t.errorf(off, "short record: no type digit after S")
			return
		}
		if line[1] < '0' || line[1] > '9' || line[1] == '4' {
			t.errorf(off+1, "unknown record type %s (S0 to S3, S5 to S9)", show(line[1]))
			return
		}
		typ := line[1] - '0'
		if typ >= 1 && typ <= 3 {
			records++
		}
		b, ok := t.hexRecord(off, line, 2, true)
		if !ok {
			return
		}
		an := srecAddrBytes[typ]
		if int(b[0]) < an+1 {
			t.errorf(off+2, "byte count %02X is too small for an S%d record's %d address bytes and checksum", b[0], typ, an)
			return
		}
		sum := 0
		for _, x := range b[:len(b)-1] {
			sum += int(x)
		}
		if got, want := b[len(b)-1], ^byte(sum); got != want {
			t.errorf(off+2*len(b), "checksum %02X, but the record's bytes call for %02X", got, want)
			// A damaged count or start record still ends the file.
			if typ >= 5 {
				lastType = typ
			}
			if typ >= 7 {
				ended, endOff = true, off
			}
			return
		}
		addr := 0
		for _, x := range b[1 : 1+an] {
			addr = addr<<8 | int(x)
		}
		payload := b[1+an : len(b)-1]
		if typ >= 5 && len(payload) > 0 {
			t.errorf(off+4+2*an, "an S%d record holds no data, this one %s", typ, plural(len(payload), "byte"))
			return
		}
		switch typ {
		case 0:
			d.Header = string(payload)
		case 1, 2, 3:
			if addr+len(payload) > 0x10000 {
				t.errorf(off+4, "record of %s at %04X runs past FFFF: a KIM-1 dump has 16-bit addresses", plural(len(payload), "byte"), addr)
				return
			}
			if len(payload) > 0 {
				ps = append(ps, piece{addr: addr, data: payload, pos: t.where(off)})
			}
		case 5, 6:
			if addr != records {
				t.errorf(off+4, "the S%d record counts %s, but %d come before it", typ, plural(addr, "data record"), records)
				return
			}
		case 7, 8, 9:
			if addr > 0xFFFF {
				t.errorf(off+4, "start address %X is past FFFF: a KIM-1 dump has 16-bit addresses", addr)
			}
			d.Start, d.HasStart = uint16(addr), true
			ended, endOff = true, off
		}
		lastType = typ
	})
	if !ended && lastType != 5 && lastType != 6 {
		if lines == 0 {
			t.errorf(len(data), "no S-records: a record starts with S")
		} else {
			t.errorf(len(data), "no end record: the file stops after %s without a start record (S9) or a count record (S5) (truncated?)", plural(records, "data record"))
		}
	}
	return t.finish(d, ps)
}

// WriteSRecord writes a dump, its segments in the order given, as Motorola
// S-records: an S0 header with the dump's header text, S1 data records of
// recordBytes bytes (16 or 32), an S5 count and an S9 with the start
// address (0000 when the dump has none), each line ending in LF.
func WriteSRecord(d *Dump, recordBytes int) ([]byte, error) {
	if err := checkRecordBytes(recordBytes); err != nil {
		return nil, err
	}
	if err := Check(d.Segments); err != nil {
		return nil, err
	}
	if len(d.Header) > 252 {
		return nil, fmt.Errorf("a header of %d bytes: an S0 record holds at most 252", len(d.Header))
	}
	b := appendSRecord(nil, 0, 0, []byte(d.Header))
	records := 0
	for _, s := range d.Segments {
		for off := 0; off < len(s.Data); off += recordBytes {
			b = appendSRecord(b, 1, int(s.Addr)+off, s.Data[off:min(off+recordBytes, len(s.Data))])
			records++
		}
	}
	if records <= 0xFFFF {
		b = appendSRecord(b, 5, records, nil)
	} else {
		b = appendSRecord(b, 6, records, nil)
	}
	start := 0
	if d.HasStart {
		start = int(d.Start)
	}
	return appendSRecord(b, 9, start, nil), nil
}

func appendSRecord(b []byte, typ byte, addr int, data []byte) []byte {
	an := srecAddrBytes[typ]
	count := an + len(data) + 1
	b = append(b, 'S', '0'+typ)
	b = appendHex(b, count, 2)
	b = appendHex(b, addr, 2*an)
	sum := count
	for i := 0; i < an; i++ {
		sum += addr >> (8 * i) & 0xFF
	}
	for _, x := range data {
		b = appendHex(b, int(x), 2)
		sum += int(x)
	}
	b = appendHex(b, ^sum&0xFF, 2)
	return append(b, '\n')
}
