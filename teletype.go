package microchess

import (
	"fmt"
	"strings"

	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/linker"
)

// TeletypeSource is MicroChess's expanded input and output, as the 1977
// manual proposes them: moves as N(KN1)-KB3 and the board printed, through
// the KIM-1 monitor's teletype routines (docs/teletype.md).
const TeletypeSource = "src/extended/teletype.asm"

// TeletypeRAM is the expansion RAM the teletype routines are linked into
// (the source's one origin, 0400, to the end of the first kilobyte above
// the KIM-1's own).
var TeletypeRAM = linker.Region{Name: "x", Start: 0x0400, End: 0x07FF}

// TeletypeLayout is the KIM-1 with TeletypeRAM.
func TeletypeLayout() linker.Layout { return withRAM(TeletypeRAM) }

// withRAM is the KIM-1 with an expansion region of this package's.
func withRAM(r linker.Region) linker.Layout {
	l, err := Layout.WithRegion(r)
	if err != nil {
		panic(err) // two constants of this package disagree
	}
	return l
}

// Teletype builds the teletype program: the original with the residue of
// its tapes, the teletype source over it, from the proven sources.
func Teletype() (*Patched, error) {
	base, err := Build(Proven, Options{Residue: []string{ResidueSource}, RAM: []linker.Region{TeletypeRAM}})
	if err != nil {
		return nil, err
	}
	return base.Overlay(TeletypeSource)
}

// NewTeletypeSession starts the teletype program on a KIM-1 with its
// expansion RAM and runs it to its first prompt.
func NewTeletypeSession() (*Session, error) {
	p, err := Teletype()
	if err != nil {
		return nil, err
	}
	m, err := Machine(p.Base.Layout, KIM(p.Images))
	if err != nil {
		return nil, err
	}
	s := NewSession(m)
	s.Teletype = true
	if _, err := s.Type(); err != nil {
		return nil, err
	}
	return s, nil
}

// Type sends lines to the teletype program, each ended by RETURN, and runs
// it until it waits for more. It returns what the program printed (the
// echo of the lines included), with NULs dropped and CR LF as "\n".
func (s *Session) Type(lines ...string) (string, error) {
	from := len(s.M.TTYOut)
	for _, l := range lines {
		s.M.TTYIn = append(s.M.TTYIn, l+"\r"...)
	}
	r, err := s.M.Run(s.Budget)
	out := Printed(s.M.TTYOut[from:])
	// The program prints what the keypad's display would show; Display
	// keeps those bytes for the interfaces that show a display.
	s.M.Display = [3]byte{s.M.Peek(Display1), s.M.Peek(Display2), s.M.Peek(Display3)}
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

// Printed is teletype output as text: NULs (the monitor's CRLF sends six,
// time for the carriage) dropped, CR LF and lone CRs as newlines.
func Printed(b []byte) string {
	s := strings.ReplaceAll(string(b), "\x00", "")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.ReplaceAll(s, "\r", "\n")
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
