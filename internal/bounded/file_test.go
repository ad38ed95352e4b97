package bounded

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	limit := Limit{What: "a test file", Bytes: 10}
	exact := filepath.Join(dir, "exact")
	over := filepath.Join(dir, "over")
	os.WriteFile(exact, []byte("0123456789"), 0o644)
	os.WriteFile(over, []byte("0123456789A"), 0o644)
	if b, err := ReadFile(exact, limit); err != nil || string(b) != "0123456789" {
		t.Errorf("exact: %q %v", b, err)
	}
	var big *TooLargeError
	if _, err := ReadFile(over, limit); !errors.As(err, &big) || err.Error() != over+": larger than 10 bytes, the most a test file may be: not read" {
		t.Errorf("over: %v", err)
	}
	if _, err := ReadFile(dir, limit); err == nil || err.Error() != dir+": is a directory, not a file" {
		t.Errorf("directory: %v", err)
	}
	if _, err := ReadFile(filepath.Join(dir, "none"), limit); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		if _, err := ReadFile("/dev/zero", limit); err == nil || err.Error() != "/dev/zero: a character device, not a regular file: not read" {
			t.Errorf("/dev/zero: %v", err)
		}
	}
}

// A file that grows past its limit after it was opened (or whose size the
// system does not tell) fails at the limit.
func TestFileGrows(t *testing.T) {
	name := filepath.Join(t.TempDir(), "grows")
	os.WriteFile(name, []byte("0123"), 0o644)
	f, err := Open(name, Limit{What: "a test file", Bytes: 8})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	os.WriteFile(name, []byte("0123456789"), 0o644)
	buf := make([]byte, 100)
	n, err := f.Read(buf)
	if n != 8 || err != nil {
		t.Fatalf("%d %v", n, err)
	}
	var big *TooLargeError
	if _, err := f.Read(buf); !errors.As(err, &big) {
		t.Errorf("past the limit: %v", err)
	}
}

func TestSize(t *testing.T) {
	for n, want := range map[int64]string{64 << 10: "64 KiB", 1 << 20: "1 MiB", 3 << 30: "3 GiB", 1000: "1000 bytes", 1536: "1536 bytes"} {
		if got := Size(n); got != want {
			t.Errorf("%d: %s, want %s", n, got, want)
		}
	}
}
