//go:build !linux

package sender

import (
	"fmt"
	"os"
)

// OpenPort is only written for Linux.
func OpenPort(path string, baud int) (*os.File, error) {
	return nil, fmt.Errorf("%s: sending to a serial port is supported on Linux only", path)
}
