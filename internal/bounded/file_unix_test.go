//go:build unix

package bounded

import (
	"path/filepath"
	"syscall"
	"testing"
)

// A named pipe with no writer is refused before it is opened (an open
// would wait for a writer for ever).
func TestNamedPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	if _, err := ReadFile(fifo, Limit{What: "a test file", Bytes: 10}); err == nil || err.Error() != fifo+": a named pipe (FIFO), not a regular file: not read" {
		t.Errorf("fifo: %v", err)
	}
}
