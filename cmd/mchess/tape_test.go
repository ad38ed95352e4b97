package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kim1-archive/microchess/cassette"
)

// tapeRun runs mchess with args and gives its status and output.
func tapeRun(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	status := mainExit(args, &out, &errb)
	return status, out.String(), errb.String()
}

// MicroChess's two images written as Hypertape and read back: the same
// bytes, in BASE-IDxx.bin.
func TestTapeMicroChess(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	base := filepath.Join(dir, "mc")
	if st, _, errs := tapeRun("asm", "-q", "-o", base, "--residue", "../../src/residue.asm", "../../src/microchess.asm"); st != 0 {
		t.Fatalf("asm: %s", errs)
	}
	wav := filepath.Join(dir, "mc.wav")
	st, out, errs := tapeRun("tape", "write", "--speed", "hyper", "--gap", "2", "-o", wav, base+"-c0.bin@0000:C0", base+"-c1.bin@1780:c1")
	if st != 0 {
		t.Fatalf("write: %d %s", st, errs)
	}
	for _, want := range []string{"Hypertape, 44,100 Hz, 16-bit mono, plays 0:", "ID C0  0000–03FF   1,024 bytes", "ID C1  1780–17E5     102 bytes"} {
		if !strings.Contains(out, want) {
			t.Errorf("write printed\n%s\nwithout %q", out, want)
		}
	}
	got := filepath.Join(dir, "got")
	st, out, errs = tapeRun("tape", "read", wav, "-o", got)
	if st != 0 {
		t.Fatalf("read: %d %s%s", st, out, errs)
	}
	for _, want := range []string{"ID C0  0000–03FF   1,024 bytes  hyper", "checksum CC58 ok", "2 record(s), 2 good; wrote"} {
		if !strings.Contains(out, want) {
			t.Errorf("read printed\n%s\nwithout %q", out, want)
		}
	}
	for _, pair := range [][2]string{{"-c0.bin", "-IDC0.bin"}, {"-c1.bin", "-IDC1.bin"}} {
		a, _ := os.ReadFile(base + pair[0])
		b, err := os.ReadFile(got + pair[1])
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s: %v, or not the bytes of %s", got+pair[1], err, base+pair[0])
		}
	}
}

// The JSON report, at normal speed, 8 bits, 22,050 Hz.
func TestTapeJSON(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	prog := filepath.Join(dir, "prog.bin")
	if err := os.WriteFile(prog, []byte{0xA9, 0x01, 0x00}, 0o644); err != nil {
		t.Fatal(err)
	}
	wav := filepath.Join(dir, "t.wav")
	if st, _, errs := tapeRun("tape", "write", "--rate", "22050", "--bits", "8", "--gap", "0.5s", "--leader", "0", "-o", wav, prog+"@$0200:01"); st != 0 {
		t.Fatal(errs)
	}
	st, out, errs := tapeRun("tape", "read", "--json", wav)
	if st != 0 {
		t.Fatal(errs)
	}
	var rep struct {
		Rate     int
		Encoding string
		Good     int
		Records  []struct {
			ID, Start, End, Checksum, Speed string
			Bytes                           int
			OK                              bool
			From                            float64 `json:"from_seconds"`
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	r := rep.Records
	if rep.Rate != 22050 || rep.Encoding != "8-bit PCM" || rep.Good != 1 || len(r) != 1 ||
		r[0].ID != "01" || r[0].Start != "0200" || r[0].End != "0202" || r[0].Bytes != 3 || !r[0].OK ||
		r[0].Checksum != "00AC" || r[0].Speed != "normal" || r[0].From > 0.01 {
		t.Errorf("report %s", out)
	}
}

// Bad input: a clear message, a non-zero status, nothing written.
func TestTapeReadErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	tp, err := cassette.Encode([]cassette.Record{{ID: 7, Addr: 0x200, Data: []byte("MicroChess")}},
		cassette.Options{Speed: cassette.Hyper, Rate: 22050, Bits: 16, Leader: time.Second / 2, Gap: time.Second, Trailer: time.Second / 2})
	if err != nil {
		t.Fatal(err)
	}
	silence := make([]byte, 44+2*22050)
	copy(silence, tp.WAV[:44])
	silence[40], silence[41], silence[42], silence[43] = 0x44, 0xAC, 0, 0 // 44,100 bytes of data
	// A tape whose record is damaged: 50 ms of its data silenced.
	damaged := append([]byte(nil), tp.WAV...)
	clear(damaged[44+2*35280 : 44+2*36380]) // 1.60–1.65 s
	for _, c := range []struct {
		file   string
		status int
		says   string
	}{
		{write("silence.wav", silence), 1, "no KIM-1 tape found in " + filepath.Join(dir, "silence.wav")},
		{write("cut.wav", tp.WAV[:1000]), 1, "truncated WAV file (offset 36: the \"data\" chunk declares"},
		{write("text.wav", []byte("not audio\n")), 1, "not a WAV file (offset 0"},
		{write("damaged.wav", damaged), 1, ""},
		{filepath.Join(dir, "missing.wav"), 1, "no such file"},
	} {
		base := filepath.Join(dir, "out")
		st, out, errs := tapeRun("tape", "read", "-o", base, c.file)
		if st != c.status || !strings.Contains(errs, c.says) {
			t.Errorf("%s: status %d, %q; want %d and a message saying %q", c.file, st, errs, c.status, c.says)
		}
		if strings.HasSuffix(c.file, "damaged.wav") && !strings.Contains(out, "BAD: ") {
			t.Errorf("damaged: printed %q", out)
		}
		if m, _ := filepath.Glob(base + "*"); len(m) > 0 {
			t.Errorf("%s: wrote %v", c.file, m)
		}
	}
}

func TestTapeWriteErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	prog := filepath.Join(dir, "p.bin")
	if err := os.WriteFile(prog, []byte{1, 2, 3}, 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.bin")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "o.wav")
	for _, c := range []struct {
		args   []string
		status int
		says   string
	}{
		{[]string{prog + "@0200"}, 2, "want FILE@ADDR:ID"},
		{[]string{prog + "@0200:XY"}, 2, "bad tape ID"},
		{[]string{prog + ":01"}, 2, "want FILE@ADDR"},
		{[]string{prog + "@0200:00"}, 2, "IDs 00 and FF"}, // a usage error (issue 23)
		{[]string{prog + "@17EA:01"}, 1, "17E7–17F1"},
		{[]string{prog + "@FFFE:01"}, 1, "run past FFFF"},
		{[]string{empty + "@0200:01"}, 1, "is empty"},
		{[]string{"--speed", "warp", prog + "@0200:01"}, 2, "unknown tape speed"},
		{[]string{"--rate", "8000", prog + "@0200:01"}, 2, "sample rate 8000"},
		{[]string{"--bits", "24", prog + "@0200:01"}, 2, "24 bits"},
		{[]string{"--gap", "soon", prog + "@0200:01"}, 2, "want seconds"},
	} {
		st, _, errs := tapeRun(append([]string{"tape", "write", "-o", out}, c.args...)...)
		if st != c.status || !strings.Contains(errs, c.says) {
			t.Errorf("%v: status %d, %q; want %d and a message saying %q", c.args, st, errs, c.status, c.says)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%v: wrote %s", c.args, out)
		}
	}
	if st, _, _ := tapeRun("tape", "write", prog+"@0200:01"); st != 2 {
		t.Errorf("no -o: status %d", st)
	}
	if st, _, _ := tapeRun("tape", "rewind"); st != 2 {
		t.Errorf("unknown verb: status %d", st)
	}
}
