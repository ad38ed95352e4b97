package dump

import (
	"bytes"
	"strings"
	"testing"
)

// fbokTape is a paper tape a KIM-1 punched with its Q command: the memory
// test from The First Book of KIM, as Hans Otten's KIM-1 pages show it
// (retro.hansotten.nl, "papertape"). Its checksums are the KIM-1's own.
const fbokTape = ";1800000000A900A885FA8570A2028672A50085FBA601A57049FF850B27\r\n" +
	";1800187191FAC8D0FBE6FBE4FBB0F5A672A50085FBA570CA1004A20FF6\r\n" +
	";1800300291FAC8D0F6E6FBA501C5FBB0ECA50085FBA672A571CA100F73\r\n" +
	";18004804A202A570D1FAD015C8D0F0E6FBA501C5FBB0E8C67210AD0F29\r\n" +
	";0B0060A57049FF30A184FA4C4F1C05CE\r\n" +
	";0000050005\r\n"

// fbokBytes are the program's 107 bytes, 0000–006A, as the tape's data
// fields spell them.
func fbokBytes() []byte {
	var b []byte
	for _, line := range strings.Split(strings.TrimSpace(fbokTape), "\r\n") {
		if line[1:3] == "00" {
			break
		}
		n := int(hexBytes([]byte(line[1:3]))[0])
		b = append(b, hexBytes([]byte(line[7:7+2*n]))...)
	}
	return b
}

func TestReadPaperTapeKIMPunched(t *testing.T) {
	want := fbokBytes()
	if len(want) != 107 || want[2] != 0xA9 || want[106] != 0x1C {
		t.Fatalf("test data: %d bytes % X", len(want), want)
	}
	padded := strings.ReplaceAll(fbokTape, "\r\n", "\r\n\x00\x00\x00\x00\x00\x00\x13")
	for name, tape := range map[string]string{
		"as punched":       fbokTape,
		"punch padding":    "\x7F\x7F\x7F" + padded,
		"LF":               strings.ReplaceAll(fbokTape, "\r\n", "\n"),
		"CR":               strings.ReplaceAll(fbokTape, "\r\n", "\r"),
		"lower case":       strings.ToLower(fbokTape),
		"one line, spaces": strings.ReplaceAll(fbokTape, "\r\n", " "),
	} {
		d, err := ReadPaperTape("fbok.ptp", []byte(tape))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(d.Segments) != 1 || d.Segments[0].Addr != 0 || !bytes.Equal(d.Segments[0].Data, want) {
			t.Errorf("%s: segments %v", name, d.Segments)
		}
	}
}

// The KIM-1's Q dump starts a record every 24 bytes from the first
// address: our tape of the same bytes is the punched one.
func TestWritePaperTapeAsTheKIMPunches(t *testing.T) {
	got, err := WritePaperTape([]Segment{{0, fbokBytes()}})
	if err != nil || string(got) != fbokTape {
		t.Errorf("got %q, %v\nwant %q", got, err, fbokTape)
	}
	// Segments are written in the order given; none gives the end record.
	got, err = WritePaperTape([]Segment{{0x0200, []byte{0xEA}}, {0x0100, []byte{0x60}}, {0x0300, nil}})
	want := ";010200EA00ED\r\n;010100600062\r\n;0000020002\r\n"
	if err != nil || string(got) != want {
		t.Errorf("got %q, %v\nwant %q", got, err, want)
	}
	if got, err := WritePaperTape(nil); err != nil || string(got) != ";0000000000\r\n" {
		t.Errorf("empty: %q, %v", got, err)
	}
}

func TestWritePaperTapeRefuses(t *testing.T) {
	for _, c := range []struct {
		segs []Segment
		want string
	}{
		{[]Segment{{0xFFFF, []byte{1, 2}}}, "segment of 2 bytes at FFFF runs past FFFF"},
		{[]Segment{{0x10, make([]byte, 4)}, {0x12, []byte{1}}}, "segment 0010–0013 overlaps segment 0012"},
	} {
		if _, err := WritePaperTape(c.segs); err == nil || err.Error() != c.want {
			t.Errorf("%v: got %v, want %q", c.segs, err, c.want)
		}
	}
	many := make([]Segment, 0x10000)
	for i := range many {
		many[i] = Segment{uint16(i), []byte{0}}
	}
	if _, err := WritePaperTape(many); err == nil || !strings.Contains(err.Error(), "65536 records") {
		t.Errorf("65536 records: %v", err)
	}
}

// Records whose checksums were added up by hand:
//
//	;02 0010 0102 -> 02+00+10+01+02 = 0015
//	;02 0011 0304 -> 02+00+11+03+04 = 001A
//	;02 FFFF 0102 -> 02+FF+FF+01+02 = 0203
const (
	rec0010 = ";02001001020015"
	rec0011 = ";0200110304001A"
	recFFFF = ";02FFFF01020203"
)

func TestReadPaperTapeErrors(t *testing.T) {
	good24 := strings.SplitAfter(fbokTape, "\r\n")[0] // 0000, 24 bytes, sum 0B27
	for _, c := range []struct{ tape, want string }{
		{strings.Replace(good24, "0B27", "0B28", 1) + ";0000010001\r\n",
			"t.ptp:1:56: checksum 0B28, but the record's bytes add up to 0B27"},
		{";18000000FF\r\n;0000010001\r\n",
			"t.ptp:1:1: short record: 10 hex digits after ;, where a record of 24 data bytes (count 18) has 58"},
		{";1800000000A900",
			"t.ptp:1:16: truncated record: the file ends after 14 hex digits, where a record of 24 data bytes (count 18) has 58"},
		{";00000100",
			"t.ptp:1:10: truncated record: the file ends after 8 hex digits, where the end record (;00) has 10"},
		{";1\r\n;0000000000\r\n",
			"t.ptp:1:1: short record: 1 hex digit after ;, where a record has at least 10"},
		{";02001G01020015\r\n;0000010001\r\n", "t.ptp:1:7: bad hex digit 'G' in a record"},
		{rec0010 + "00\r\n;0000010001\r\n",
			"t.ptp:1:16: long record: 16 hex digits after ;, where a record of 2 data bytes (count 02) has 14"},
		{rec0010 + "X\r\n;0000010001\r\n", "t.ptp:1:16: unexpected 'X' after the record's checksum"},
		{rec0010 + "\r\n" + rec0011 + "\r\n;0000020002\r\n", "t.ptp:2:1: 0011–0012 overlaps 0010–0011 from t.ptp:1:1"},
		{recFFFF + "\r\n;0000010001\r\n", "t.ptp:1:4: record of 2 bytes at FFFF runs past FFFF"},
		{rec0010 + "\r\n", "t.ptp:2:1: no end record: the tape stops after 1 data record without the ;00 record that counts them (truncated?)"},
		{rec0010 + "\r\n;0000020002\r\n", "t.ptp:2:4: the end record counts 2 data records (0002), but the tape holds 1"},
		{";0000000001\r\n", "t.ptp:1:8: checksum 0001, but the record's bytes add up to 0000"},
		{";0000000000\r\nKIM\r\n", "t.ptp:2:1: 'K' after the end record: a tape ends with its ;00 record"},
		{"LOAD\r\n" + rec0010 + "\r\n;0000010001\r\n", "t.ptp:1:1: unexpected 'L' between records: a record starts with ;"},
		{"\x00\x00\r\n", "t.ptp:2:1: no paper-tape records: a record starts with ;"},
		{"\x1b;0000000000", `t.ptp:1:1: unexpected byte 1B between records: a record starts with ;`},
	} {
		_, err := ReadPaperTape("t.ptp", []byte(c.tape))
		if err == nil || err.Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.tape, err, c.want)
		}
	}
}

// Every damaged record is reported, each once, and reading goes on after it.
func TestReadPaperTapeReportsEveryRecord(t *testing.T) {
	tape := ";02001001020016\r\n;0200110304001B\r\n;0000020002\r\n"
	_, err := ReadPaperTape("t.ptp", []byte(tape))
	want := "t.ptp:1:12: checksum 0016, but the record's bytes add up to 0015\n" +
		"t.ptp:2:12: checksum 001B, but the record's bytes add up to 001A"
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}
