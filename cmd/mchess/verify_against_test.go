package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/cassette"
	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/openings"
)

// segmentsOf is images as a dump holds them, copied.
func segmentsOf(images []*linker.Image) []dump.Segment {
	var out []dump.Segment
	for _, im := range images {
		out = append(out, dump.Segment{Addr: im.Start, Data: append([]byte(nil), im.Bytes...)})
	}
	return out
}

// writeDump writes segments in the format name's extension says (a raw
// binary: the first segment) and gives the name to pass, with @ADDR for a
// raw binary.
func writeDump(t *testing.T, dir, name string, segs []dump.Segment) string {
	t.Helper()
	path := filepath.Join(dir, name)
	format, _ := dump.FormatOf(name)
	arg := path
	if format == dump.Raw {
		segs = segs[:1]
		arg = fmt.Sprintf("%s@%04X", path, segs[0].Addr)
	}
	b, err := dump.Write(format, segs)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return arg
}

// writeWAV writes segments as a Hypertape recording, one record each,
// with the IDs given, as package cassette's writer makes it.
func writeWAV(t *testing.T, dir, name string, segs []dump.Segment, ids ...byte) string {
	t.Helper()
	var recs []cassette.Record
	for i, s := range segs {
		recs = append(recs, cassette.Record{ID: ids[i], Addr: s.Addr, Data: s.Data})
	}
	tp, err := cassette.Encode(recs, cassette.Options{Speed: cassette.Hyper, Rate: 22050, Bits: 8, Leader: time.Second / 2, Gap: time.Second, Trailer: time.Second / 2})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, tp.WAV, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// verdictOf is the verdict line of a text report.
func verdictOf(out string) string {
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "verdict: ") {
			return l
		}
	}
	return ""
}

// Published is the 1977 hex listing, in every format, and a recording of it.
func TestVerifyAgainstPublished(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pub := segmentsOf(memmap.Published())
	whole := "verdict: the 1977 program: identical in all 953 bytes its source defines that the dump holds; its 173 residue bytes (board, variables, stack, unused) match the published hex listing too"
	c0 := "verdict: the 1977 program: identical in all 851 bytes its source defines that the dump holds; only part of it: the dump covers 0000–03FF, 851 of the 953 bytes its source defines; its 173 residue bytes (board, variables, stack, unused) match the published hex listing too"
	for _, c := range []struct{ arg, verdict string }{
		{writeDump(t, dir, "pub.ptp", pub), whole},
		{writeDump(t, dir, "pub.hex", pub), whole},
		{writeDump(t, dir, "pub.s19", pub), whole},
		{writeDump(t, dir, "pub.bin", pub), c0},
		{writeDump(t, dir, "pub.kim", pub[:1]), c0},
		{writeWAV(t, dir, "pub.wav", pub, 0xC0, 0xC1), whole},
	} {
		st, out, errs := tapeRun("verify", "--against", c.arg)
		if st != 0 || verdictOf(out) != c.verdict || errs != "" {
			t.Errorf("%s: status %d, verdict\n%s\nwant\n%s\n%s", c.arg, st, verdictOf(out), c.verdict, errs)
		}
	}
}

// Stone's upgrade, with either list, as Intel HEX and as a recording.
func TestVerifyAgainstStone(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, white := range []bool{true, false} {
		p, err := microchess.Stone(white)
		if err != nil {
			t.Fatal(err)
		}
		list := map[bool]string{true: "White", false: "Black"}[white]
		segs := segmentsOf(p.Images)
		want := "verdict: Stone's 1980 upgrade with the " + list + " list: identical in all 953 bytes"
		for _, arg := range []string{writeDump(t, dir, list+".hex", segs), writeWAV(t, dir, list+".wav", segs, 0xC0, 0xC1)} {
			st, out, _ := tapeRun("verify", "--against", arg)
			if st != 0 || !strings.HasPrefix(verdictOf(out), want) {
				t.Errorf("%s: status %d, %s", arg, st, verdictOf(out))
			}
		}
	}
}

// Three program bytes changed: exactly those three, each with its source
// line (found in the source's text) and its symbol; a board byte changed
// is residue, shown apart and not counted.
func TestVerifyAgainstChanged(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p, err := microchess.Original(false)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("../../src/microchess.asm")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	lineOf := func(prefix string) int {
		for i, l := range lines {
			if strings.HasPrefix(l, prefix) {
				return i + 1
			}
		}
		t.Fatalf("no line %q", prefix)
		return 0
	}
	label := func(name string) int { return p.Code.Symbols[name].Value }
	changes := []struct {
		addr       int
		to, from   byte
		line       int
		symbol     string
		sourceText string
	}{
		{label("OUT") + 1, 0x00, 0x1F, lineOf("OUT\tJSR\t*OUT"), "OUT+1", "OUT JSR *OUT DISPLAY AND"},
		{label("GNMZ"), 0xEA, 0xA2, lineOf("GNMZ\tLDXIM\t10"), "GNMZ", "GNMZ LDXIM 10 CLEAR"},
		{label("POS") + 1, 0xEA, 0x18, lineOf("POS\tLSRA") + 1, "POS+1", "CLC *****"},
	}
	pub := segmentsOf(memmap.Published())
	set := func(segs []dump.Segment, addr int, v byte) {
		for _, s := range segs {
			if addr >= int(s.Addr) && addr < s.End() {
				s.Data[addr-int(s.Addr)] = v
			}
		}
	}
	for _, c := range changes {
		set(pub, c.addr, c.to)
	}
	set(pub, memmap.Board, 0x55)
	hex := writeDump(t, dir, "changed.hex", pub)
	wav := writeWAV(t, dir, "changed.wav", pub, 0xC0, 0xC1)
	st, out, _ := tapeRun("verify", "--against", hex)
	if st != 1 {
		t.Errorf("status %d, want 1", st)
	}
	var differ []string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "DIFFER") {
			differ = append(differ, strings.TrimSpace(l))
		}
	}
	if len(differ) != len(changes) {
		t.Fatalf("%d DIFFER lines, want %d:\n%s", len(differ), len(changes), out)
	}
	for i, c := range changes {
		want := fmt.Sprintf("DIFFER %04X: dump %02X, build %02X  src/microchess.asm:%d:1 (statement ", c.addr, c.to, c.from, c.line)
		if !strings.HasPrefix(differ[i], want) || !strings.HasSuffix(differ[i], ", "+c.symbol+")  "+c.sourceText) {
			t.Errorf("%s\nwant %s... %s)  %s", differ[i], want, c.symbol, c.sourceText)
		}
	}
	verdict := fmt.Sprintf("verdict: differs: closest is the 1977 program: 3 of the 953 bytes its source defines that the dump holds differ, at %04X, %04X, %04X",
		changes[0].addr, changes[1].addr, changes[2].addr)
	if verdictOf(out) != verdict {
		t.Errorf("verdict\n%s\nwant\n%s", verdictOf(out), verdict)
	}
	if !regexp.MustCompile(`(?m)^  residue: 1 of the 173 bytes no source defines differ from the build's \(not counted\)\n    0050: dump 55, build 08  the board, .BOARD$`).MatchString(out) {
		t.Errorf("the board byte is not shown apart:\n%s", out)
	}
	// The recording says the same.
	if st, wout, _ := tapeRun("verify", "--against", wav); st != 1 || verdictOf(wout) != verdict {
		t.Errorf("recording: status %d, %s", st, verdictOf(wout))
	}
	// And the JSON report.
	st, out, _ = tapeRun("verify", "--against", hex, "--json")
	var rep struct {
		OK      bool
		Verdict string
		Closest struct {
			Differences []struct{ Address, Dump, Build, Pos, Symbol string }
			Residue     []struct{ Address, Area string } `json:"residue_differences"`
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	d := rep.Closest.Differences
	if st != 1 || rep.OK || rep.Verdict != "1977" || len(d) != 3 || len(rep.Closest.Residue) != 1 || rep.Closest.Residue[0].Address != "0050" {
		t.Fatalf("status %d: %s", st, out)
	}
	for i, c := range changes {
		if d[i].Address != fmt.Sprintf("%04X", c.addr) || d[i].Pos != fmt.Sprintf("src/microchess.asm:%d:1", c.line) || d[i].Symbol != c.symbol {
			t.Errorf("JSON difference %+v", d[i])
		}
	}
}

// Each opening block, dumped alone, is named with its tape ID, as its
// book's headers give them.
func TestVerifyAgainstOpenings(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	files, _ := filepath.Glob("../../src/openings/*.book")
	if len(files) != 10 {
		t.Fatalf("%d books", len(files))
	}
	header := regexp.MustCompile(`(?m)^Opening:\s*(.+?)\s*$\s*^Computer:\s*(\w+)\s*$\s*^Tape:\s*(\w+)`)
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		h := header.FindStringSubmatch(string(text))
		b, err := openings.Compile(f, text)
		if h == nil || err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		arg := writeDump(t, dir, filepath.Base(f)+".bin", []dump.Segment{{Addr: memmap.BookStart, Data: b.Block[:]}})
		st, out, _ := tapeRun("verify", "--against", arg)
		block := fmt.Sprintf("the %s block, computer %s, tape ID %s", h[1], strings.ToUpper(h[2][:1])+h[2][1:], h[3])
		if want := "verdict: " + block + ": identical in all 28 bytes"; st != 0 || !strings.HasPrefix(verdictOf(out), want) {
			t.Errorf("%s: status %d, %s\nwant %s", f, st, verdictOf(out), want)
		}
		// The whole program with this block loaded in place of its own.
		whole := segmentsOf(memmap.Published())
		copy(whole[0].Data[memmap.BookStart:], b.Block[:])
		st, out, _ = tapeRun("verify", "--against", writeDump(t, dir, filepath.Base(f)+".hex", whole))
		if filepath.Base(f) == "giuoco-piano-white.book" { // the program's own
			if st != 0 || !strings.HasPrefix(verdictOf(out), "verdict: the 1977 program: identical") {
				t.Errorf("%s in the program: status %d, %s", f, st, verdictOf(out))
			}
			continue
		}
		if want := "; 00C0–00DB is " + block + ": the program with another opening loaded"; st != 1 ||
			!strings.HasPrefix(verdictOf(out), "verdict: differs: closest is the 1977 program: ") || !strings.HasSuffix(verdictOf(out), want) {
			t.Errorf("%s in the program: status %d, %s\nwant ...%s", f, st, verdictOf(out), want)
		}
	}
}

// Bad dumps: the reader's error with its position, status 1, nothing on
// standard output.
func TestVerifyAgainstBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pub := segmentsOf(memmap.Published())
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	hex, _ := dump.Write("hex", pub)
	lines := strings.SplitAfter(string(hex), "\n")
	first := []byte(lines[0])
	first[len(first)-3] ^= 1 // the checksum's last digit, before CR LF
	badsum := write("badsum.hex", append(first, strings.Join(lines[1:], "")...))
	ptp, _ := dump.Write("ptp", pub)
	short := write("short.ptp", append([]byte(";18000"), ptp[strings.Index(string(ptp), "\n")+1:]...))
	wav := writeWAV(t, dir, "whole.wav", pub, 0xC0, 0xC1)
	whole, _ := os.ReadFile(wav)
	cut := write("cut.wav", whole[:len(whole)/2])
	for _, c := range []struct {
		arg    string
		status int
		says   string
	}{
		{badsum, 1, "badsum.hex:1:42: checksum"},
		{short, 1, "short.ptp:1:1: short record"},
		{cut, 1, "cut.wav: truncated WAV file (offset 36: "},
		{filepath.Join(dir, "none.hex"), 1, "none.hex: no such file"},
		{write("raw.bin", []byte{1, 2, 3}), 2, "a raw binary needs its load address"},
	} {
		st, out, errs := tapeRun("verify", "--against", c.arg)
		if st != c.status || !strings.Contains(errs, c.says) || out != "" {
			t.Errorf("%s: status %d, stderr %q, stdout %q; want %d and %q", c.arg, st, errs, out, c.status, c.says)
		}
	}
}

// A recording with a damaged record: the record is named, with where it
// plays, and skipped; the rest is compared.
func TestVerifyAgainstDamagedRecording(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pub := segmentsOf(memmap.Published())
	wav := writeWAV(t, dir, "d.wav", pub, 0xC0, 0xC1)
	b, _ := os.ReadFile(wav)
	// 8-bit PCM at 22,050 Hz after a 44-byte header: silence 50 ms at 5 s,
	// inside C0, which plays from the half-second leader on.
	at := 44 + 5*22050
	for i := at; i < at+22050/20; i++ {
		b[i] = 0x80
	}
	if err := os.WriteFile(wav, b, 0o644); err != nil {
		t.Fatal(err)
	}
	st, out, _ := tapeRun("verify", "--against", wav)
	for _, want := range []string{
		"d.wav: KIM-1 cassette recording, 1 of 2 record(s) good, 102 bytes: 1780–17E5\n",
		"\n  skipped ID C0 0000–",
		" at 0.5–5.0 s: bad record: ",
		"\n  not in the dump: 0000–03FF\n",
		"\nverdict: the 1977 program: identical in all 102 bytes its source defines that the dump holds; only part of it: the dump covers 1780–17E5, 102 of the 953 bytes its source defines\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if st != 0 {
		t.Errorf("status %d", st)
	}
}
