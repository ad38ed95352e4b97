package main

import (
	"fmt"
	"io"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/internal/bounded"
	"github.com/kim1-archive/microchess/session"
)

// runTTY runs a teletype program with this terminal as its teletype: it
// prints what the program sends, and gives it each line read, ended by
// RETURN. A terminal echoes what is typed itself, so the KIM-1's echo is
// left out then; from a file or a pipe it is kept, and the output reads as
// a transcript. The budget holds for each line's work.
func runTTY(s *session.Session, in io.Reader, terminal bool, stdout, stderr io.Writer) int {
	s.M.TTYNoEcho = terminal
	lines := bounded.NewLines(in)
	printed := 0
	for {
		reason, err := s.M.Run(s.Budget)
		fmt.Fprint(stdout, kim1.Printed(s.M.TTYOut[printed:]))
		printed = len(s.M.TTYOut)
		if err != nil {
			fmt.Fprintln(stdout)
			fmt.Fprintln(stderr, "mchess run:", err)
			return 1
		}
		switch reason {
		case kim1.SelfJump:
			fmt.Fprintf(stdout, "\n(the program stopped: a jump to itself at %04X)\n", s.M.CPU.PC)
			return 0
		case kim1.WaitingKey:
			fmt.Fprintln(stdout)
			fmt.Fprintf(stderr, "mchess run: the program reads the keypad (GETKEY at %04X), not the teletype: run a teletype program, e.g. --patch %s --ram x=0400-07FF\n", kim1.AddrGETKEY, microchess.TeletypeSource)
			return 1
		case kim1.Budget:
			fmt.Fprintln(stdout)
			fmt.Fprintf(stderr, "mchess run: the cycle budget (%d) ran out before the program asked for input\n", s.Budget)
			return 1
		}
		if !lines.Scan() {
			fmt.Fprintln(stdout)
			if err := lines.Err(); err != nil {
				fmt.Fprintln(stderr, "mchess run:", err)
				return 1
			}
			return 0
		}
		if n, long := lines.Long(); long {
			// A teletype line is a few characters; the program is given
			// the first LineKeep, as a person could type no more.
			fmt.Fprintf(stderr, "mchess run: a line of %d bytes: the program gets its first %d\n", n, bounded.LineKeep)
		}
		s.M.TTYIn = append(s.M.TTYIn, lines.Text()+"\r"...)
	}
}
