package dump

import (
	"errors"
	"testing"
)

func TestSplitName(t *testing.T) {
	for _, c := range []struct {
		name, path string
		addr       uint16
		has        bool
		err        string
	}{
		{"prog.bin@0200", "prog.bin", 0x0200, true, ""},
		{"prog.bin@$17e0", "prog.bin", 0x17E0, true, ""},
		{"a@b@0x0400", "a@b", 0x0400, true, ""},
		{"prog.bin", "prog.bin", 0, false, ""},
		{"@0200", "@0200", 0, false, ""},
		{"v1@home/prog.hex", "v1@home/prog.hex", 0, false, ""},
		{"prog@v2.hex", "prog@v2.hex", 0, false, ""},
		{"prog.bin@02G0", "", 0, false, "prog.bin@02G0: bad hex address 02G0: want up to four hex digits, e.g. 0200"},
		{"prog.bin@10000", "", 0, false, "prog.bin@10000: bad hex address 10000: want up to four hex digits, e.g. 0200"},
		{"prog.bin@", "", 0, false, "prog.bin@: bad hex address : want up to four hex digits, e.g. 0200"},
	} {
		path, addr, has, err := SplitName(c.name)
		if c.err != "" {
			var ne *NameError
			if err == nil || err.Error() != c.err || !errors.As(err, &ne) {
				t.Errorf("%s: error %v, want %s", c.name, err, c.err)
			}
			continue
		}
		if path != c.path || addr != c.addr || has != c.has || err != nil {
			t.Errorf("%s: %q %04X %v %v", c.name, path, addr, has, err)
		}
	}
}

func TestReadByName(t *testing.T) {
	for _, c := range []struct {
		name   string
		data   string
		format string
		addr   uint16
	}{
		{"fbok.ptp", fbokTape, PaperTape, 0},
		{"FBOK.PAP", fbokTape, PaperTape, 0},
		{"fbok.txt", "\x00\x00" + fbokTape, PaperTape, 0}, // sniffed
		{"fbok.ihx", fbokHex, IntelHex, 0},
		{"fbok", fbokHex, IntelHex, 0},
		{"fbok.s19", fbokS19, SRecord, 0},
		{"fbok.mot", fbokS19, SRecord, 0},
		{"fbok.srec", fbokS19, SRecord, 0},
		{"fbok.dat", fbokS19, SRecord, 0},
		{"prog.kim", string(kimFile), KIM, 0x0200},
		{"prog.tape", string(kimFile), KIM, 0x0200},
		{"prog.bin@0300", "\xA9\x00\x60", Raw, 0x0300},
		{"prog.RAW@300", "\xA9\x00\x60", Raw, 0x0300},
		{"prog.c0@0300", ":00000001FF\n", Raw, 0x0300}, // an address says raw
	} {
		d, err := ReadDump(c.name, []byte(c.data))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if d.Format != c.format || len(d.Segments) != 1 || d.Segments[0].Addr != c.addr {
			t.Errorf("%s: %s %v", c.name, d.Format, d.Segments)
		}
	}
	segs, err := Read("fbok.hex", []byte(fbokHex))
	if err != nil || !equalSegs(segs, []Segment{{0, fbokBytes()}}) {
		t.Errorf("Read: %v, %v", segs, err)
	}
}

func TestReadNameErrors(t *testing.T) {
	for _, c := range []struct {
		name, data, want string
		usage            bool
	}{
		{"prog.bin", "\xEA", "prog.bin: a raw binary needs its load address: prog.bin@ADDR, e.g. prog.bin@0200", true},
		{"prog", "\xEA\x60", "prog: cannot tell the format: the extension is none of " + Extensions +
			", and the file is not a text dump or a .kim; a raw binary needs its load address: prog@ADDR, e.g. prog@0200", true},
		{"fbok.hex@0200", fbokHex, "fbok.hex@0200: Intel HEX holds its own addresses: @ADDR is for raw binaries", true},
		{"prog.bin@0zz", "\xEA", "prog.bin@0zz: bad hex address 0zz: want up to four hex digits, e.g. 0200", true},
		{"prog.bin@FFFF", "\xEA\xEA", "prog.bin: offset 1 (0x1): 2 bytes loaded at FFFF run past FFFF: this byte would land at 10000", false},
		{"bad.hex", ":00000001FE\n", "bad.hex:1:10: checksum FE, but the record's bytes call for FF", false},
	} {
		_, err := Read(c.name, []byte(c.data))
		var ne *NameError
		if err == nil || err.Error() != c.want || errors.As(err, &ne) != c.usage {
			t.Errorf("%s:\n got %v (%T)\nwant %s", c.name, err, err, c.want)
		}
	}
}

func TestWriteByName(t *testing.T) {
	segs := []Segment{{0, fbokBytes()}}
	for format, want := range map[string]string{
		"ptp": fbokTape, ".PAP": fbokTape, "hex": fbokHex, "ihx": fbokHex,
		"srec": fbokS19, ".s19": fbokS19, "mot": fbokS19, "bin": string(fbokBytes()), "raw": string(fbokBytes()),
	} {
		got, err := Write(format, segs)
		if err != nil || string(got) != want {
			t.Errorf("%s: got %q, %v", format, got, err)
		}
	}
	if _, err := Write("wav", segs); err == nil || err.Error() != `unknown dump format "wav": want one of `+Extensions {
		t.Errorf("wav: %v", err)
	}
	got, err := WriteDump("s19", &Dump{Segments: segs}, Options{RecordBytes: 32})
	if err != nil || string(got[11:19]) != "S1230000" {
		t.Errorf("32 a record: %q, %v", got, err)
	}
}

func TestJoinAndCheck(t *testing.T) {
	// Pieces in any order join into sorted segments, adjacent ones into one.
	segs, err := join([]piece{{0x10, []byte{3}, "c"}, {0x0E, []byte{1, 2}, "b"}, {0x20, nil, "e"}, {0x05, []byte{9}, "a"}})
	if err != nil || !equalSegs(segs, []Segment{{0x05, []byte{9}}, {0x0E, []byte{1, 2, 3}}}) {
		t.Errorf("got %v, %v", segs, err)
	}
	// Each overlap is named once, at the later place in the file.
	_, err = join([]piece{{0x10, make([]byte, 16), "x:1:1"}, {0x00, make([]byte, 0x11), "x:2:1"}, {0x18, []byte{1}, "x:3:1"}})
	want := "x:2:1: 0000–0010 overlaps 0010–001F from x:1:1\nx:3:1: 0018 overlaps 0010–001F from x:1:1"
	if err == nil || err.Error() != want {
		t.Errorf("overlaps: got %v\nwant %s", err, want)
	}
	if err := Check([]Segment{{0xFFFF, []byte{1}}, {0, nil}}); err != nil {
		t.Errorf("FFFF: %v", err)
	}
}
