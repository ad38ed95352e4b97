package session

import (
	"fmt"

	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/memmap"
)

// Type sends lines to the teletype program, each ended by RETURN, and runs
// it until it waits for more. It returns what the program printed (the
// echo of the lines included), with NULs dropped and CR LF as "\n".
func (s *Session) Type(lines ...string) (string, error) {
	from := len(s.M.TTYOut)
	for _, l := range lines {
		s.M.TTYIn = append(s.M.TTYIn, l+"\r"...)
	}
	r, err := s.M.Run(s.Budget)
	out := kim1.Printed(s.M.TTYOut[from:])
	// The program prints what the keypad's display would show; Display
	// keeps those bytes for the interfaces that show a display.
	s.M.Display = [3]byte{s.M.Peek(memmap.Display1), s.M.Peek(memmap.Display2), s.M.Peek(memmap.Display3)}
	if err != nil {
		return out, err
	}
	if r != kim1.WaitingTTY {
		return out, fmt.Errorf("stopped at %04X (%v) instead of waiting for a line", s.M.CPU.PC, r)
	}
	if len(s.M.TTYIn) > 0 {
		return out, fmt.Errorf("the program waits with %q of the input unread", s.M.TTYIn)
	}
	return out, nil
}

// TeletypeLines turns keypad keys into the teletype program's commands,
// one a line: C, E and PC as themselves, each move (four square digits
// then F) as its four digits.
func TeletypeLines(keys []byte) ([]string, error) {
	var lines []string
	var digits []byte
	for _, k := range keys {
		switch {
		case k < 8:
			digits = append(digits, '0'+k)
			continue
		case k == 0x0F && len(digits) == 4:
			lines = append(lines, string(digits))
			digits = nil
			continue
		case len(digits) > 0:
			return nil, fmt.Errorf("the teletype program takes a move as four square digits then F, not %s", keyName(k))
		case k == 0x0C:
			lines = append(lines, "C")
		case k == 0x0E:
			lines = append(lines, "E")
		case k == kim1.KeyPC:
			lines = append(lines, "PC")
		default:
			return nil, fmt.Errorf("key %s has no teletype command (C, E, PC or a move)", keyName(k))
		}
	}
	if len(digits) > 0 {
		return nil, fmt.Errorf("the teletype program takes a move as four square digits then F")
	}
	return lines, nil
}

func keyName(k byte) string {
	for name, code := range keyCodes {
		if code == k {
			return name
		}
	}
	return fmt.Sprintf("%X", k)
}
