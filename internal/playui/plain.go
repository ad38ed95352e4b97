package playui

import (
	"fmt"
	"io"
	"strings"

	"github.com/kim1-archive/microchess/internal/bounded"
)

// Plain plays the game line by line: the board and the state after every
// move, a prompt for the person's move, the program's move when it is its
// turn. It ends at quit or at the end of the input (the game is saved
// with --pgn either way).
func Plain(g *Game, in io.Reader, out io.Writer) error {
	sc := bounded.NewLines(in)
	show := func() {
		fmt.Fprintf(out, "\n%s\ndisplay %s\n%s\n", BoardFrom(g.P, g.Side(), Style{}), Display(g.P), Status(g.P))
	}
	show()
	for {
		if g.P.ComputerToMove() {
			fmt.Fprintln(out, "the program is thinking...")
			fmt.Fprintln(out, g.Think())
			show()
			continue
		}
		fmt.Fprint(out, "> ")
		if !sc.Scan() {
			fmt.Fprintln(out)
			if msg := g.save(""); msg != "" {
				fmt.Fprintln(out, msg)
			}
			return sc.Err()
		}
		if n, long := sc.Long(); long {
			fmt.Fprintf(out, "refused: a line of %d bytes: type one move, or a command (help)\n", n)
			continue
		}
		msg, quit := g.Command(sc.Text())
		if msg != "" {
			fmt.Fprintln(out, msg)
		}
		if quit {
			return nil
		}
		if msg != "" && !strings.HasPrefix(msg, "refused:") && !strings.Contains(msg[:min(8, len(msg))], "hint") {
			show()
		}
	}
}
