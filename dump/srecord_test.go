package dump

import (
	"strings"
	"testing"
)

// The First Book of KIM tape as srec_cat 1.64 writes it in S-records with
// an empty header, 16-byte records and start address 0000:
//
//	srec_cat fbok.ptp -MOS_Technologies -o - -Motorola -Output_Block_Size=16 -header="" -execution-start-address=0
const fbokS19 = "S0030000FC\n" +
	"S11300000000A900A885FA8570A2028672A5008561\n" +
	"S1130010FBA601A57049FF857191FAC8D0FBE6FBE8\n" +
	"S1130020E4FBB0F5A672A50085FBA570CA1004A276\n" +
	"S11300300291FAC8D0F6E6FBA501C5FBB0ECA50019\n" +
	"S113004085FBA672A571CA1004A202A570D1FAD0CC\n" +
	"S113005015C8D0F0E6FBA501C5FBB0E8C67210AD2B\n" +
	"S10E0060A57049FF30A184FA4C4F1C2E\n" +
	"S5030007F5\n" +
	"S9030000FC\n"

// ... and with its defaults (its own header, 32-byte records), which end
// in the count record when there is no start address.
const fbokS19Default = "S0220000687474703A2F2F737265636F72642E736F75726365666F7267652E6E65742F1D\n" +
	"S12300000000A900A885FA8570A2028672A50085FBA601A57049FF857191FAC8D0FBE6FB5D\n" +
	"S1230020E4FBB0F5A672A50085FBA570CA1004A20291FAC8D0F6E6FBA501C5FBB0ECA500C3\n" +
	"S123004085FBA672A571CA1004A202A570D1FAD015C8D0F0E6FBA501C5FBB0E8C67210AD4B\n" +
	"S10E0060A57049FF30A184FA4C4F1C2E\n" +
	"S5030004F8\n"

func TestReadSRecord(t *testing.T) {
	want := []Segment{{0, fbokBytes()}}
	for name, c := range map[string]struct {
		text, header string
		start        int
	}{
		"srec_cat, 16":       {fbokS19, "", 0},
		"srec_cat defaults":  {fbokS19Default, "http://srecord.sourceforge.net/", -1},
		"CR LF, lower, HDR":  {"S00600004844521B\r\n" + strings.ToLower(strings.ReplaceAll(fbokS19[11:], "\n", "\r\n")), "HDR", 0},
		"no header, S8":      {fbokS19[11:len(fbokS19)-11] + "S804000200F9\n", "", 0x0200},
		"S7, blanks, ^Z":     {" " + strings.ReplaceAll(fbokS19[:len(fbokS19)-11], "\n", "\t\n") + "S70500000200F8\n\n\x1a", "", 0x0200},
		"S5 then S9, no S0":  {fbokS19[11:], "", 0},
		"data, then S9 only": {fbokS19[11:len(fbokS19)-22] + "S9030000FC\n", "", 0},
	} {
		d, err := ReadSRecord("t.s19", []byte(c.text))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !equalSegs(d.Segments, want) || d.Header != c.header {
			t.Errorf("%s: segments %v, header %q", name, d.Segments, d.Header)
		}
		if d.HasStart != (c.start >= 0) || c.start >= 0 && int(d.Start) != c.start {
			t.Errorf("%s: start %04X (%v), want %X", name, d.Start, d.HasStart, c.start)
		}
	}
	// S2 and S3 data records whose addresses fit 16 bits (checksums by hand:
	// 06+00+02+00+AA+BB = 16D, so 92; 07+00+00+02+00+AA+BB = 16E, so 91).
	for _, rec := range []string{"S206000200AABB92", "S30700000200AABB91"} {
		d, err := ReadSRecord("t.s19", []byte(rec+"\nS9030000FC\n"))
		if err != nil || !equalSegs(d.Segments, []Segment{{0x0200, []byte{0xAA, 0xBB}}}) {
			t.Errorf("%s: %v, %v", rec, d, err)
		}
	}
}

func TestWriteSRecord(t *testing.T) {
	got, err := WriteSRecord(&Dump{Segments: []Segment{{0, fbokBytes()}}}, 16)
	if err != nil || string(got) != fbokS19 {
		t.Errorf("got\n%s%v\nwant\n%s", got, err, fbokS19)
	}
	// A header and a start address; 32-byte records (lines from srec_cat's
	// default output above, then S5 and an S9 0200: 03+02+00 = 05, so FA).
	got, err = WriteSRecord(&Dump{Segments: []Segment{{0, fbokBytes()}}, Header: "http://srecord.sourceforge.net/", Start: 0x0200, HasStart: true}, 32)
	want := fbokS19Default + "S9030200FA\n"
	if err != nil || string(got) != want {
		t.Errorf("got\n%s%v\nwant\n%s", got, err, want)
	}
	if _, err := WriteSRecord(&Dump{Header: strings.Repeat("x", 253)}, 16); err == nil {
		t.Error("a 253-byte header was written")
	}
}

func TestReadSRecordErrors(t *testing.T) {
	const s9 = "S9030000FC\n"
	const data = "S10E0060A57049FF30A184FA4C4F1C2E\n"
	for _, c := range []struct{ text, want string }{
		{"S10E0060A57049FF30A184FA4C4F1C2F\n" + s9, "t.s19:1:31: checksum 2F, but the record's bytes call for 2E"},
		{"S10E0060A570\n" + s9, "t.s19:1:1: short record: 10 hex digits after S1, where a record with byte count 0E has 30"},
		{"S10E0060A57049FF30A184FA4C4F1C2E00\n" + s9, "t.s19:1:33: long record: 32 hex digits after S1, where a record with byte count 0E has 30"},
		{"S10E0060A57049FF30A184FA4C4F1C2X\n" + s9, "t.s19:1:32: bad hex digit 'X' in a record"},
		{data, "t.s19:2:1: no end record: the file stops after 1 data record without a start record (S9) or a count record (S5) (truncated?)"},
		{data + "S5030001FB\n" + data, "t.s19:4:1: no end record: the file stops after 2 data records without a start record (S9) or a count record (S5) (truncated?)"},
		{"", "t.s19:1:1: no S-records: a record starts with S"},
		{data + "S5030002FA\n" + s9, "t.s19:2:5: the S5 record counts 2 data records, but 1 come before it"},
		{"S4030000FC\n" + s9, "t.s19:1:2: unknown record type '4' (S0 to S3, S5 to S9)"},
		{"S\n" + s9, "t.s19:1:1: short record: no type digit after S"},
		{"S30600010000AA4E\n" + s9, "t.s19:1:5: record of 1 byte at 10000 runs past FFFF: a KIM-1 dump has 16-bit addresses"},
		{"S70500010000F9\n", "t.s19:1:5: start address 10000 is past FFFF: a KIM-1 dump has 16-bit addresses"},
		{"S5040001AA50\n" + s9, "t.s19:1:9: an S5 record holds no data, this one 1 byte"},
		{"S1020000\n" + s9, "t.s19:1:3: byte count 02 is too small for an S1 record's 2 address bytes and checksum"},
		{data + s9 + data, "t.s19:3:1: 'S' after the start record that ends the file (line 2)"},
		{":00000001FF\n", "t.s19:1:1: unexpected ':': an S-record starts with S\nt.s19:2:1: no end record: the file stops after 0 data records without a start record (S9) or a count record (S5) (truncated?)"},
		{"S1050010010EDB\nS1050011010DDB\n" + s9, "t.s19:2:1: 0011–0012 overlaps 0010–0011 from t.s19:1:1"},
	} {
		_, err := ReadSRecord("t.s19", []byte(c.text))
		if err == nil || err.Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.text, err, c.want)
		}
	}
}
