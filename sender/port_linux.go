package sender

import (
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

var speeds = map[int]uint32{110: unix.B110, 300: unix.B300, 600: unix.B600, 1200: unix.B1200, 2400: unix.B2400,
	4800: unix.B4800, 9600: unix.B9600, 19200: unix.B19200}

// OpenPort opens a serial device for writing, raw (no translation of line
// ends, no echo), 8 data bits, no parity, one stop bit, at baud.
func OpenPort(path string, baud int) (*os.File, error) {
	sp, ok := speeds[baud]
	if !ok {
		return nil, fmt.Errorf("%d baud: want 110, 300, 600, 1200, 2400, 4800, 9600 or 19200", baud)
	}
	f, err := os.OpenFile(path, os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		return nil, err
	}
	t, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s is not a serial port (or a terminal): %v", path, err)
	}
	t.Iflag &^= unix.IGNBRK | unix.BRKINT | unix.PARMRK | unix.ISTRIP | unix.INLCR | unix.IGNCR | unix.ICRNL | unix.IXON
	t.Oflag &^= unix.OPOST
	t.Lflag &^= unix.ECHO | unix.ECHONL | unix.ICANON | unix.ISIG | unix.IEXTEN
	t.Cflag &^= unix.CSIZE | unix.PARENB | unix.CSTOPB | unix.CBAUD
	t.Cflag |= unix.CS8 | unix.CLOCAL | sp
	t.Ispeed, t.Ospeed = sp, sp
	if err := unix.IoctlSetTermios(int(f.Fd()), unix.TCSETS, t); err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: setting %d baud: %v", path, baud, err)
	}
	return f, nil
}
