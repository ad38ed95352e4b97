package dump_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
)

// Cross-checks with srec_cat and srec_info (Debian's srecord package), an
// implementation of these formats that owes nothing to ours: what we write
// it reads as the same bytes at the same addresses, and what it writes we
// read so; with the options that make its layout ours, it writes our text.

// srecFlag is srec_cat's name for each of our text formats.
var srecFlag = map[string]string{dump.IntelHex: "-Intel", dump.SRecord: "-Motorola", dump.PaperTape: "-MOS_Technologies"}

func needSrecord(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"srec_cat", "srec_info"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found: install Debian's srecord package (apt-get install srecord) for the cross-checks", tool)
		}
	}
}

func run(t *testing.T, dir, tool string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(tool, args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", tool, strings.Join(args, " "), err, stderr.Bytes())
	}
	return out
}

// imageSets are the dumps the cross-checks use: MicroChess as make builds
// it, the program alone, Stone's upgrade, the 1977 hex listing itself, and
// a made-up dump with a one-byte segment, adjacent images and one that
// ends at FFFF.
func imageSets(t *testing.T) map[string][]dump.Segment {
	t.Helper()
	sets := map[string][]dump.Segment{}
	add := func(name string, images []*linker.Image) {
		var segs []dump.Segment
		for _, im := range images {
			segs = append(segs, dump.Segment{Addr: im.Start, Data: im.Bytes})
		}
		sets[name] = segs
	}
	for _, residue := range []bool{true, false} {
		p, err := microchess.Original(residue)
		if err != nil {
			t.Fatal(err)
		}
		add(fmt.Sprintf("microchess residue=%v", residue), p.Images)
	}
	stone, err := microchess.Stone(true)
	if err != nil {
		t.Fatal(err)
	}
	add("stone white", stone.Images)
	add("published 1977", memmap.Published())
	odd := make([]byte, 300)
	for i := range odd {
		odd[i] = byte(i * 7)
	}
	sets["made up"] = []dump.Segment{{Addr: 0x0000, Data: []byte{0x4C}}, {Addr: 0x0200, Data: odd[:100]},
		{Addr: 0x0264, Data: odd[100:]}, {Addr: 0xFFFA, Data: []byte{0x00, 0x1C, 0x00, 0x02, 0x00, 0x1C}}}
	return sets
}

// joined is what a reader gives for segs: sorted, adjacent ones joined.
func joined(t *testing.T, segs []dump.Segment) []dump.Segment {
	t.Helper()
	out, err := dump.Read("x.ptp", mustWrite(t, "ptp", segs))
	if err != nil {
		t.Fatal(err)
	}
	var want []dump.Segment
	for _, s := range segs {
		if n := len(want); n > 0 && want[n-1].End() == int(s.Addr) {
			want[n-1].Data = append(append([]byte(nil), want[n-1].Data...), s.Data...)
		} else {
			want = append(want, s)
		}
	}
	if !sameSegs(out, want) {
		t.Fatalf("joined: %v, want %v", out, want)
	}
	return want
}

func mustWrite(t *testing.T, format string, segs []dump.Segment) []byte {
	t.Helper()
	b, err := dump.Write(format, segs)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func sameSegs(a, b []dump.Segment) bool {
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

var rangeRE = regexp.MustCompile(`([0-9A-F]{4,8}) - ([0-9A-F]{4,8})`)

// TestSrecCatReadsOurs: srec_info lists our file's address ranges, and
// srec_cat's binary image of it holds our bytes there.
func TestSrecCatReadsOurs(t *testing.T) {
	needSrecord(t)
	for name, segs := range imageSets(t) {
		want := joined(t, segs)
		for format, flag := range srecFlag {
			dir := t.TempDir()
			file := filepath.Join(dir, "ours."+format)
			if err := os.WriteFile(file, mustWrite(t, format, segs), 0o644); err != nil {
				t.Fatal(err)
			}
			info := run(t, dir, "srec_info", file, flag)
			var ranges []string
			for _, m := range rangeRE.FindAllStringSubmatch(string(info), -1) {
				ranges = append(ranges, m[1]+"-"+m[2])
			}
			var wantRanges []string
			for _, s := range want {
				wantRanges = append(wantRanges, fmt.Sprintf("%04X-%04X", s.Addr, s.End()-1))
			}
			if strings.Join(ranges, " ") != strings.Join(wantRanges, " ") {
				t.Errorf("%s, %s: srec_info says\n%s\nwant ranges %v", name, format, info, wantRanges)
				continue
			}
			run(t, dir, "srec_cat", file, flag, "-o", "image.bin", "-Binary")
			image, err := os.ReadFile(filepath.Join(dir, "image.bin"))
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range want {
				if s.End() > len(image) || !bytes.Equal(image[s.Addr:s.End()], s.Data) {
					t.Errorf("%s, %s: srec_cat's bytes at %s differ", name, format, s)
				}
			}
		}
	}
}

// TestWeReadSrecCat: each image as its own binary input to srec_cat, in
// each format and several of its layouts, reads back as the images.
func TestWeReadSrecCat(t *testing.T) {
	needSrecord(t)
	layouts := []struct {
		name  string
		args  []string
		start int // the start address srec_cat is given, or -1
	}{
		{"Intel", []string{"-Intel"}, -1},
		{"Intel, 16, 16-bit", []string{"-Intel", "-Output_Block_Size=16", "-address-length=2", "-execution-start-address=0x0200"}, 0x0200},
		{"Intel, start", []string{"-Intel", "-execution-start-address=0x1780"}, 0x1780},
		{"Motorola", []string{"-Motorola"}, -1},
		{"Motorola, S9", []string{"-Motorola", "-execution-start-address=0x0200"}, 0x0200},
		{"Motorola, S3 S7", []string{"-Motorola", "-address-length=4", "-execution-start-address=0x0201"}, 0x0201},
		{"Motorola, S2 S8", []string{"-Motorola", "-address-length=3", "-execution-start-address=0x0202"}, 0x0202},
		{"MOS Technologies", []string{"-MOS_Technologies"}, -1},
		{"MOS Technologies, 16", []string{"-MOS_Technologies", "-Output_Block_Size=16"}, -1},
	}
	ext := map[string]string{"-Intel": ".hex", "-Motorola": ".s19", "-MOS_Technologies": ".ptp"}
	for name, segs := range imageSets(t) {
		want := joined(t, segs)
		dir := t.TempDir()
		var args []string
		for i, s := range segs {
			bin := fmt.Sprintf("seg%d.bin", i)
			if err := os.WriteFile(filepath.Join(dir, bin), s.Data, 0o644); err != nil {
				t.Fatal(err)
			}
			args = append(args, bin, "-Binary", "-offset", "0x"+strconv.FormatUint(uint64(s.Addr), 16))
		}
		for _, l := range layouts {
			text := run(t, dir, "srec_cat", append(append(args[:len(args):len(args)], "-o", "-"), l.args...)...)
			d, err := dump.ReadDump("srec_cat"+ext[l.args[0]], text)
			if err != nil {
				t.Errorf("%s, %s: %v\n%s", name, l.name, err, text)
				continue
			}
			if !sameSegs(d.Segments, want) {
				t.Errorf("%s, %s: read %v, want %v", name, l.name, d.Segments, want)
			}
			if d.HasStart != (l.start >= 0) || l.start >= 0 && int(d.Start) != l.start {
				t.Errorf("%s, %s: start %04X (%v), want %X", name, l.name, d.Start, d.HasStart, l.start)
			}
		}
	}
}

// TestSrecCatWritesOurText: told our layout (records from each segment's
// start, 16 or 32 bytes, 16-bit addresses, no extended records; an empty
// S0 and S9 0000), srec_cat writes MicroChess's images as we do.
func TestSrecCatWritesOurText(t *testing.T) {
	needSrecord(t)
	p, err := microchess.Original(true)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var args []string
	var segs []dump.Segment
	for _, im := range p.Images {
		bin := im.Name + ".bin"
		if err := os.WriteFile(filepath.Join(dir, bin), im.Bytes, 0o644); err != nil {
			t.Fatal(err)
		}
		args = append(args, bin, "-Binary", "-offset", fmt.Sprintf("0x%04X", im.Start))
		segs = append(segs, dump.Segment{Addr: im.Start, Data: im.Bytes})
	}
	for _, c := range []struct {
		format string
		bytes  int
		srec   []string
	}{
		{dump.IntelHex, 16, []string{"-Intel", "-address-length=2", "-Output_Block_Size=16"}},
		{dump.IntelHex, 32, []string{"-Intel", "-address-length=2", "-Output_Block_Size=32"}},
		{dump.SRecord, 16, []string{"-Motorola", "-header=", "-execution-start-address=0", "-Output_Block_Size=16"}},
		{dump.SRecord, 32, []string{"-Motorola", "-header=", "-execution-start-address=0", "-Output_Block_Size=32"}},
		{dump.PaperTape, 24, []string{"-MOS_Technologies"}},
	} {
		want := run(t, dir, "srec_cat", append(append(args[:len(args):len(args)], "-o", "-"), c.srec...)...)
		opt := dump.Options{}
		if c.format != dump.PaperTape {
			opt.RecordBytes = c.bytes
		}
		got, err := dump.WriteDump(c.format, &dump.Dump{Segments: segs}, opt)
		if err != nil {
			t.Fatal(err)
		}
		// srec_cat ends its paper tape's lines in LF alone.
		got = bytes.ReplaceAll(got, []byte("\r\n"), []byte("\n"))
		if !bytes.Equal(got, want) {
			t.Errorf("%s, %d a record: ours\n%.300s...\nsrec_cat\n%.300s...", c.format, c.bytes, got, want)
		}
	}
}
