package playui

import (
	"fmt"
	"io"
	"strings"

	"github.com/kim1-archive/microchess/internal/bounded"
	"github.com/kim1-archive/microchess/session"
)

// The KIM-1's digits as seven segments, three text rows each, hex as the
// board shows it (b and d in small letters, as a seven-segment digit can).
var segments = map[byte][3]string{
	0x0: {" _ ", "| |", "|_|"}, 0x1: {"   ", "  |", "  |"}, 0x2: {" _ ", " _|", "|_ "}, 0x3: {" _ ", " _|", " _|"},
	0x4: {"   ", "|_|", "  |"}, 0x5: {" _ ", "|_ ", " _|"}, 0x6: {" _ ", "|_ ", "|_|"}, 0x7: {" _ ", "  |", "  |"},
	0x8: {" _ ", "|_|", "|_|"}, 0x9: {" _ ", "|_|", " _|"}, 0xA: {" _ ", "|_|", "| |"}, 0xB: {"   ", "|_ ", "|_|"},
	0xC: {" _ ", "|  ", "|_ "}, 0xD: {"   ", " _|", "|_|"}, 0xE: {" _ ", "|_ ", "|_ "}, 0xF: {" _ ", "|_ ", "|  "},
}

// SevenSegment draws three display bytes as the six digits, in pairs.
func SevenSegment(d [3]byte) string {
	var rows [3]strings.Builder
	for i, b := range d {
		if i > 0 {
			for r := range rows {
				rows[r].WriteString("  ")
			}
		}
		for _, digit := range []byte{b >> 4, b & 0x0F} {
			for r := range rows {
				rows[r].WriteString(segments[digit][r] + " ")
			}
		}
	}
	return strings.TrimRight(rows[0].String(), " ") + "\n" + strings.TrimRight(rows[1].String(), " ") + "\n" + strings.TrimRight(rows[2].String(), " ") + "\n"
}

// Panel is the bare KIM-1: the person types keypad keys (0–F, AD, DA, +,
// GO, PC), a line at a time, and sees the six digits after the program
// has read them, nothing translated.
func Panel(s *session.Session, in io.Reader, out io.Writer) error {
	fmt.Fprintln(out, "The KIM-1's keypad: type keys as on the board (0-F, AD, DA, +, GO, PC), e.g. C, then PC;")
	fmt.Fprintln(out, "a line may hold several. 'quit' ends.")
	if err := s.M.RunToKey(s.Budget); err != nil { // the program starts and waits for a key
		return err
	}
	fmt.Fprint(out, SevenSegment(s.M.Display))
	sc := bounded.NewLines(in)
	for {
		fmt.Fprint(out, "keys> ")
		if !sc.Scan() {
			fmt.Fprintln(out)
			return sc.Err()
		}
		if n, long := sc.Long(); long {
			fmt.Fprintf(out, "a line of %d bytes: type keys, a few at a time\n", n)
			continue
		}
		line := strings.TrimSpace(sc.Text())
		if line == "quit" || line == "q" {
			return nil
		}
		if line == "" {
			continue
		}
		keys, err := session.ParseKeys(line)
		if err != nil {
			fmt.Fprintln(out, err)
			continue
		}
		s.M.Press(keys...)
		if err := s.M.RunToKey(s.Budget); err != nil {
			return err
		}
		fmt.Fprint(out, SevenSegment(s.M.Display))
	}
}
