//go:build unix

package main

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/kim1-archive/microchess/cassette"
	"github.com/kim1-archive/microchess/internal/racedetect"
)

// The hostile-input corpus (docs/limits.md): every command that reads a
// file, or standard input, given what a careless or hostile user may
// give: an empty file, a huge one (sparse, made here), binary noise, NULs,
// invalid UTF-8, one very long line, a device, a named pipe, a directory.
// Each run must end (no hang), with no panic, exit 0 (what reads as
// valid: any bytes disassemble, a program of zeros loses its games), 1
// with a message that names the file, or 2 (a format it cannot tell), and
// a peak memory under the limit. The limits are far above what the runs
// take: they catch a reader with no bound, not a slow one.
const (
	corpusMemoryKB = 300 << 10
	corpusTime     = 60 * time.Second
)

// corpusInputs makes the inputs in dir, by name.
func corpusInputs(t *testing.T, dir string) map[string]string {
	t.Helper()
	rng := rand.New(rand.NewPCG(1977, 1980))
	noise := make([]byte, 100<<10)
	for i := range noise {
		noise[i] = byte(rng.Uint32())
	}
	files := map[string][]byte{
		"empty":   nil,
		"noise":   noise,
		"nuls":    make([]byte, 10<<10),
		"badutf8": bytes.Repeat([]byte("e4 \xff\xfe\xc0 Nf3\n+++\t02\xe0\n"), 500),
		"oneline": bytes.Repeat([]byte("A"), 200<<10),
	}
	paths := map[string]string{}
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		paths[name] = p
	}
	// Huge: past every limit but a match's PGN, and sparse, so that it
	// costs nothing to make; a reader that read it whole would show.
	huge := filepath.Join(dir, "huge")
	if err := os.WriteFile(huge, nil, 0o644); err != nil || os.Truncate(huge, 100<<20) != nil {
		t.Fatal("cannot make the huge file")
	}
	paths["huge"] = huge
	fifo := filepath.Join(dir, "fifo")
	if syscall.Mkfifo(fifo, 0o644) == nil {
		paths["fifo"] = fifo
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		paths["device"] = "/dev/zero"
	}
	dirIn := filepath.Join(dir, "adir")
	os.Mkdir(dirIn, 0o755)
	paths["directory"] = dirIn
	return paths
}

// corpusRun runs mchess (the test binary, as testscript sets it up) and
// says how it ended.
type corpusResult struct {
	code     int
	stderr   string
	memoryKB int64
	took     time.Duration
}

func corpusRun(t *testing.T, dir string, stdin string, args ...string) corpusResult {
	t.Helper()
	cmd := exec.Command("mchess", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if stdin != "" {
		f, err := os.Open(stdin)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		cmd.Stdin = f
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(corpusTime):
		cmd.Process.Kill()
		<-done
		t.Errorf("mchess %s: still running after %v: killed", strings.Join(args, " "), corpusTime)
	}
	r := corpusResult{code: cmd.ProcessState.ExitCode(), stderr: stderr.String(), took: time.Since(start)}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		r.memoryKB = int64(ru.Maxrss) // kilobytes on Linux
	}
	return r
}

func TestHostileInputCorpus(t *testing.T) {
	if _, err := exec.LookPath("mchess"); err != nil {
		t.Skip("mchess is not on PATH (testscript's TestMain puts it there)")
	}
	if racedetect.Enabled {
		t.Skip("the corpus holds runs to a memory and a time that the race detector multiplies: it runs in make test, without it")
	}
	t.Parallel()
	dir := t.TempDir()
	inputs := corpusInputs(t, dir)
	os.WriteFile(filepath.Join(dir, "in-the-way"), []byte("a file, not a directory\n"), 0o644)
	small := filepath.Join(dir, "small.bin")
	os.WriteFile(small, []byte{0xEA, 0xEA, 0x00}, 0o644)
	// The entry points that read a file, FILE standing for it, and
	// those that read standard input.
	files := [][]string{
		{"asm", "-o", "out/p", "FILE"},
		{"verify", "FILE"},
		{"patch", "-o", "out/p", "FILE"},
		{"disasm", "FILE@0200"},
		{"disasm", "--sym", "FILE", "FILE@0200"},
		{"run", "--load", "FILE@0200", "--start", "0200", "--max-cycles", "1000000"},
		{"run", "--source", "FILE", "C"},
		{"convert", "FILE", "out.bin"},
		{"tape", "read", "-o", "out/t", "FILE"},
		{"tape", "write", "-o", "out.wav", "FILE@0200:01"},
		{"verify", "--against", "FILE"},
		{"opening", "compile", "-o", "out/books", "FILE"},
		{"opening", "decompile", "FILE"},
		{"opening", "compare", "FILE"},
		{"play", "--opening", "FILE"},
		{"match", "--openings", "FILE", "--games", "2", "--max-plies", "2", "original@super-blitz", "stone@super-blitz"},
		{"match", "--merge", "FILE"},
		{"match", "--load", "x=FILE@0200", "--games", "2", "--max-plies", "2", "x@super-blitz", "original@super-blitz"},
		{"timing", "--source", "FILE"},
		{"tune", "--list", "FILE"},
	}
	stdins := [][]string{
		{"play", "--level", "super-blitz"},
		{"run", "--tty"},
		{"uci"},
	}
	check := func(what string, r corpusResult) {
		t.Helper()
		switch {
		case strings.Contains(r.stderr, "panic:") || strings.Contains(r.stderr, "goroutine "):
			t.Errorf("%s: a panic:\n%s", what, r.stderr)
		case r.code < 0 || r.code > 2:
			t.Errorf("%s: exit %d, want 0, 1 or 2\n%s", what, r.code, r.stderr)
		case r.memoryKB > corpusMemoryKB:
			t.Errorf("%s: peak memory %d MB, over %d MB", what, r.memoryKB>>10, corpusMemoryKB>>10)
		}
		if testing.Verbose() {
			t.Logf("%-70s exit %d %4d MB %6.2fs %s", what, r.code, r.memoryKB>>10, r.took.Seconds(), firstLine(r.stderr))
		}
	}
	for name, path := range inputs {
		for _, tmpl := range files {
			args := make([]string, len(tmpl))
			for i, a := range tmpl {
				args[i] = strings.ReplaceAll(a, "FILE", path)
			}
			what := name + ": mchess " + strings.Join(tmpl, " ")
			r := corpusRun(t, dir, "", args...)
			check(what, r)
			// A program of garbage that runs out of cycles is a run that
			// failed, not a file.
			ranOut := strings.Contains(r.stderr, "cycle budget")
			if r.code != 0 && !ranOut && !strings.Contains(r.stderr, path) && !strings.Contains(r.stderr, filepath.Base(path)) {
				t.Errorf("%s: the message does not name the file:\n%s", what, r.stderr)
			}
			if where := corpusPosition(tmpl, name, path, r.stderr); r.code != 0 && where != nil && !where.MatchString(r.stderr) {
				t.Errorf("%s: the message does not say where (want %s):\n%s", what, where, r.stderr)
			}
		}
		if name == "fifo" || name == "directory" {
			continue // standard input from a pipe with no writer waits, as any reader would
		}
		for _, args := range stdins {
			what := name + " on stdin: mchess " + strings.Join(args, " ")
			check(what, corpusRun(t, dir, path, args...))
		}
	}
	// A WAV of noise just under its limit is decoded whole, in bounded
	// memory (the decoder works through it as it plays).
	wav := filepath.Join(dir, "noise.wav")
	if err := os.WriteFile(wav, noiseWAV(cassette.WAVLimit.Bytes-1024), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"tape", "read", wav}, {"verify", "--against", wav}} {
		r := corpusRun(t, dir, "", args...)
		check("noise.wav: mchess "+strings.Join(args, " "), r)
		if r.code != 1 || !strings.Contains(r.stderr, "no KIM-1 tape found") && !strings.Contains(r.stderr, "no record") {
			t.Errorf("mchess %s: exit %d, want 1 saying no tape is there\n%s", strings.Join(args, " "), r.code, r.stderr)
		}
	}
	// Outputs that cannot be written: a file in the way of the directory.
	for _, args := range [][]string{
		{"asm", "-o", "in-the-way/p", filepath.Join(repoRoot(t), "src", "microchess.asm")},
		{"tape", "write", "-o", "in-the-way/t.wav", small + "@0200:01"},
		{"match", "--games", "2", "--max-plies", "2", "--pgn", "in-the-way/m.pgn", "original@super-blitz", "stone@super-blitz"},
		{"convert", small + "@0200", "in-the-way/x.hex"},
	} {
		r := corpusRun(t, dir, "", args...)
		if r.code != 1 || !strings.Contains(r.stderr, "in-the-way") {
			t.Errorf("mchess %s: exit %d, want 1 naming in-the-way\n%s", strings.Join(args, " "), r.code, r.stderr)
		}
	}
}

// textReaders are the entry points whose file is text read line by line:
// what they refuse in it they place at file:line:col.
var textReaders = map[string]bool{
	"asm": true, "verify FILE": true, "patch": true, "run --source": true, "timing": true,
	"tune": true, "opening compile": true, "match --openings": true, "match --merge": true,
}

// corpusPosition is what a refusal of input name by the entry point
// tmpl must say of where the trouble is, or nil when the file is refused
// whole: past its limit, not a regular file, empty.
func corpusPosition(tmpl []string, name, path, stderr string) *regexp.Regexp {
	if name == "huge" {
		return regexp.MustCompile(`larger than [0-9]+ [KMG]iB|:1:1: a game longer than`)
	}
	if name == "fifo" || name == "device" {
		return regexp.MustCompile(`not a regular file: not read`)
	}
	if name == "empty" || name == "directory" || strings.Contains(stderr, "larger than") {
		return nil
	}
	cmd := strings.Join(tmpl, " ")
	if cmd == "tape read -o out/t FILE" {
		return regexp.MustCompile(`\(offset [0-9]+: `)
	}
	for prefix := range textReaders {
		if strings.HasPrefix(cmd, strings.Replace(prefix, "FILE", "", 1)) && (prefix != "verify FILE" || cmd == "verify FILE") {
			return regexp.MustCompile(regexp.QuoteMeta(path) + `:[0-9]+:[0-9]+: `)
		}
	}
	return nil
}

// noiseWAV is a 44.1 kHz 16-bit mono WAV of white noise, size bytes long.
func noiseWAV(size int64) []byte {
	n := int(size) - 44
	n -= n % 2
	b := make([]byte, 44+n)
	le := binary.LittleEndian
	copy(b, "RIFF")
	le.PutUint32(b[4:], uint32(36+n))
	copy(b[8:], "WAVEfmt ")
	le.PutUint32(b[16:], 16)
	le.PutUint16(b[20:], 1)
	le.PutUint16(b[22:], 1)
	le.PutUint32(b[24:], 44100)
	le.PutUint32(b[28:], 88200)
	le.PutUint16(b[32:], 2)
	le.PutUint16(b[34:], 16)
	copy(b[36:], "data")
	le.PutUint32(b[40:], uint32(n))
	rng := rand.New(rand.NewPCG(64, 1024))
	for i := 44; i+8 <= len(b); i += 8 {
		le.PutUint64(b[i:], rng.Uint64())
	}
	return b
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if len(s) > 100 {
		s = s[:100] + "…"
	}
	return s
}

func repoRoot(t *testing.T) string {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}
