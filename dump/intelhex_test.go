package dump

import (
	"bytes"
	"strings"
	"testing"
)

// The First Book of KIM tape as srec_cat 1.64 writes it in Intel HEX with
// 16-byte records and 16-bit addresses:
//
//	srec_cat fbok.ptp -MOS_Technologies -o - -Intel -Output_Block_Size=16 -address-length=2
const fbokHex = ":100000000000A900A885FA8570A2028672A5008565\n" +
	":10001000FBA601A57049FF857191FAC8D0FBE6FBEC\n" +
	":10002000E4FBB0F5A672A50085FBA570CA1004A27A\n" +
	":100030000291FAC8D0F6E6FBA501C5FBB0ECA5001D\n" +
	":1000400085FBA672A571CA1004A202A570D1FAD0D0\n" +
	":1000500015C8D0F0E6FBA501C5FBB0E8C67210AD2F\n" +
	":0B006000A57049FF30A184FA4C4F1C32\n" +
	":00000001FF\n"

// ... and with srec_cat's defaults: an extended linear address record,
// 32-byte records aligned to 32, and a start address when there is one
// (-execution-start-address=0x0010).
const fbokHex32 = ":020000040000FA\n" +
	":200000000000A900A885FA8570A2028672A50085FBA601A57049FF857191FAC8D0FBE6FB61\n" +
	":20002000E4FBB0F5A672A50085FBA570CA1004A20291FAC8D0F6E6FBA501C5FBB0ECA500C7\n" +
	":2000400085FBA672A571CA1004A202A570D1FAD015C8D0F0E6FBA501C5FBB0E8C67210AD4F\n" +
	":0B006000A57049FF30A184FA4C4F1C32\n" +
	":0400000500000010E7\n" +
	":00000001FF\n"

func TestReadIntelHex(t *testing.T) {
	want := []Segment{{0, fbokBytes()}}
	for name, c := range map[string]struct {
		text  string
		start int
	}{
		"16":              {fbokHex, -1},
		"32, start":       {fbokHex32, 0x10},
		"CR LF, lower":    {strings.ToLower(strings.ReplaceAll(fbokHex, "\n", "\r\n")), -1},
		"blanks, Ctrl-Z":  {"\n  " + strings.ReplaceAll(fbokHex, "\n", " \t\n") + "\n\x1a", -1},
		"start in EOF":    {strings.Replace(fbokHex, ":00000001FF", ":00020001FD", 1), 0x0200},
		"start CS:IP":     {":0400000300100005E4\n" + fbokHex, 0x0105},
		"segment 0000":    {":020000020000FC\n" + fbokHex, -1},
		"linear 0000 CRs": {strings.ReplaceAll(fbokHex32, "\n", "\r"), 0x10},
	} {
		d, err := ReadIntelHex("t.hex", []byte(c.text))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !equalSegs(d.Segments, want) {
			t.Errorf("%s: segments %v", name, d.Segments)
		}
		if d.HasStart != (c.start >= 0) || c.start >= 0 && int(d.Start) != c.start {
			t.Errorf("%s: start %04X (%v), want %X", name, d.Start, d.HasStart, c.start)
		}
	}
	// An extended segment address moves the data, and may, within 16 bits:
	// segment 0010 is base 0100.
	d, err := ReadIntelHex("t.hex", []byte(":020000020010EC\n:01000000AA55\n:00000001FF\n"))
	if err != nil || !equalSegs(d.Segments, []Segment{{0x0100, []byte{0xAA}}}) {
		t.Errorf("segment 0010: %v, %v", d, err)
	}
}

func TestWriteIntelHex(t *testing.T) {
	got, err := WriteIntelHex([]Segment{{0, fbokBytes()}}, 16)
	if err != nil || string(got) != fbokHex {
		t.Errorf("16: got\n%s%v\nwant\n%s", got, err, fbokHex)
	}
	// The 32-byte records srec_cat writes (without its extended address
	// and start records, which a 16-bit dump needs not).
	want32 := strings.Join(strings.Split(fbokHex32, "\n")[1:], "\n")
	want32 = strings.Replace(want32, ":0400000500000010E7\n", "", 1)
	got, err = WriteIntelHex([]Segment{{0, fbokBytes()}}, 32)
	if err != nil || string(got) != want32 {
		t.Errorf("32: got\n%s%v\nwant\n%s", got, err, want32)
	}
	if _, err := WriteIntelHex(nil, 24); err == nil || err.Error() != "24 data bytes a record: want 16 or 32" {
		t.Errorf("24 a record: %v", err)
	}
	if _, err := WriteIntelHex([]Segment{{0xFFF0, make([]byte, 17)}}, 16); err == nil {
		t.Error("a segment past FFFF was written")
	}
}

func TestReadIntelHexErrors(t *testing.T) {
	const eof = ":00000001FF\n"
	// Checksums added by hand, e.g. :02FFFF000102 -> 02+FF+FF+00+01+02 =
	// 203, so FD; :020000040001 -> 07, so F9.
	for _, c := range []struct{ text, want string }{
		{":0B006000A57049FF30A184FA4C4F1C33\n" + eof, "t.hex:1:32: checksum 33, but the record's bytes call for 32"},
		{":0B006000A570\n" + eof, "t.hex:1:1: short record: 12 hex digits after :, where a record with byte count 0B has 32"},
		{":0B006000A57049FF30A184FA4C4F1C3200\n" + eof, "t.hex:1:34: long record: 34 hex digits after :, where a record with byte count 0B has 32"},
		{":0B00600GA57049FF30A184FA4C4F1C32\n" + eof, "t.hex:1:9: bad hex digit 'G' in a record"},
		{":\n" + eof, "t.hex:1:1: short record: 0 hex digits after :, where the record starts with its byte count"},
		{":0B006000A57049FF30A184FA4C4F1C32\n", "t.hex:2:1: no end-of-file record (:00000001FF): the file stops after 1 record (truncated?)"},
		{":0B006000A57049FF30A184FA4C4F1C32", "t.hex:1:34: no end-of-file record (:00000001FF): the file stops after 1 record (truncated?)"},
		{"", "t.hex:1:1: no Intel HEX records: a record starts with :"},
		{":02FFFF000102FD\n" + eof, "t.hex:1:4: record of 2 bytes at FFFF runs past FFFF: a KIM-1 dump has 16-bit addresses"},
		{":020000040001F9\n:01000000AA55\n" + eof,
			"t.hex:2:4: record of 1 byte at 0000 runs past FFFF (the extended address from t.hex:1:1 puts it at 10000): a KIM-1 dump has 16-bit addresses"},
		{":0400000500010000F6\n" + eof, "t.hex:1:10: start address 10000 is past FFFF: a KIM-1 dump has 16-bit addresses"},
		{":00000006FA\n" + eof, "t.hex:1:8: unknown record type 06 (Intel HEX has 00 to 05)"},
		{":0100000100FE\n", "t.hex:1:2: a type 01 record holds 0 data bytes, not 1\nt.hex:2:1: no end-of-file record (:00000001FF): the file stops after 1 record (truncated?)"},
		{eof + "more\n" + eof, "t.hex:2:1: 'm' after the end-of-file record (line 1)"},
		{"S1130000\n" + eof, "t.hex:1:1: unexpected 'S': an Intel HEX record starts with :"},
		{":02001000010EDF\n:02001100010DDF\n" + eof, "t.hex:2:1: 0011–0012 overlaps 0010–0011 from t.hex:1:1"},
	} {
		_, err := ReadIntelHex("t.hex", []byte(c.text))
		if err == nil || err.Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.text, err, c.want)
		}
	}
}

func equalSegs(a, b []Segment) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Addr != b[i].Addr || !bytes.Equal(a[i].Data, b[i].Data) {
			return false
		}
	}
	return true
}
