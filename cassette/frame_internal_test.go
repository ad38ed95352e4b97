package cassette

import "testing"

// bitsOf turns fuzz bytes into read bits: bit 0 the value, bit 7 a break,
// bits 1–6 the bit's length around the Hypertape bit time.
func bitsOf(data []byte) []tbit {
	out := make([]tbit, 0, len(data))
	t := 0.0
	for _, b := range data {
		d := Hyper.BitTime().Seconds() * (0.5 + float64(b>>1&0x3F)/32)
		v := int8(b & 1)
		if b&0x80 != 0 {
			v = -1
		}
		out = append(out, tbit{v: v, t0: t, t1: t + d})
		t += d
	}
	return out
}

// recordBits is a record's bits as fuzz bytes, each one bit time long.
func recordBits(r Record) []byte {
	var out []byte
	for _, b := range Bits(r.Chars()) {
		out = append(out, b|16<<1) // 0.5 + 16/32
	}
	return out
}

func TestFrames(t *testing.T) {
	r := Record{ID: 0x42, Addr: 0x0300, Data: []byte{1, 2, 3, 0x16, '*', '/'}}
	got := readRecords(bitsOf(recordBits(r)))
	if len(got) != 1 || !got[0].OK || got[0].ID != 0x42 || got[0].Addr != 0x300 || string(got[0].Data) != string(r.Data) {
		t.Fatalf("read %+v", got)
	}
	// A preamble of fewer than MinSync SYN is no record.
	short := recordBits(r)[8*(SyncCount-MinSync+1):]
	if got := readRecords(bitsOf(short)); len(got) != 0 {
		t.Errorf("%d SYN started a record", MinSync-1)
	}
}

// The framing never fails on any bits.
func FuzzFrames(f *testing.F) {
	r := Record{ID: 0x42, Addr: 0x0300, Data: []byte{1, 2, 3}}
	f.Add(recordBits(r))
	f.Add(recordBits(r)[:900])
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, f := range readRecords(bitsOf(data)) {
			if f.End < f.Start || f.OK && f.Checksum() != f.TapeSum {
				t.Fatalf("record %+v", f)
			}
		}
	})
}
