package playui

import (
	"fmt"
	"strings"
	"time"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/internal/atomicfile"
)

// Game is a game being played and what the person can do with it.
type Game struct {
	P   *microchess.Play
	PGN string // where the game is saved (at quit, at the end, on save)
	Now func() time.Time
	// Unsaved is why the game could not be written to PGN at the last
	// try, or nil: mchess play then fails, for the game is lost.
	Unsaved error
}

// Help lists what the person may type.
const Help = `Type a move as SAN (Nf3, exd5, O-O, e8=Q), as coordinates (g1f3, e7e8q),
or as the manual's octal squares, FROM then TO (6343). Commands:
  new          a new game            back   take back your last move
  save [FILE]  write the game (PGN)  moves  the move list
  draw         claim a draw (threefold repetition, fifty moves)
  help         this text             quit   end (the game is saved with --pgn)`

// Command carries out a line the person typed: a move, or a command. It
// says what to tell the person, and whether to quit.
func (g *Game) Command(line string) (msg string, quit bool) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return "", false
	}
	switch strings.ToLower(f[0]) {
	case "quit", "exit", "q":
		return g.save(""), true
	case "help", "?":
		return Help, false
	case "new":
		p, err := microchess.NewPlay(g.P.Opt)
		if err != nil {
			return "new game: " + err.Error(), false
		}
		g.P = p
		return "a new game", false
	case "back", "undo", "takeback":
		return g.back(), false
	case "save":
		file := ""
		if len(f) > 1 {
			file = f[1]
		}
		return g.save(file), false
	case "moves":
		return strings.Join(Moves(g.P), "\n"), false
	case "draw":
		if err := g.P.Claim(); err != nil {
			return err.Error(), false
		}
		return "draw claimed" + g.ended(), false
	}
	if len(f) > 1 {
		return fmt.Sprintf("%q: type one move, or a command (help)", line), false
	}
	ply, err := g.P.Move(f[0])
	if err != nil {
		return "refused: " + err.Error(), false
	}
	msg = "you play " + ply.SAN
	if ply.Note != "" {
		msg += " (" + ply.Note + ")"
	}
	return msg + g.ended(), false
}

// Think lets the program move and says what it played.
func (g *Game) Think() string {
	ply, err := g.P.Think()
	if err != nil {
		return "the program could not move: " + err.Error()
	}
	if ply.Display.Resigned() {
		return "the program resigns (FF FF FF)" + g.ended()
	}
	msg := fmt.Sprintf("the program plays %s (%v), %s cycles, %.1f s on a 1 MHz KIM-1", ply.SAN, ply.Display,
		thousands(ply.Display.Cycles), float64(ply.Display.Cycles)/1e6)
	if ply.Note != "" {
		msg += " (" + ply.Note + ")"
	}
	return msg + g.ended()
}

// ended says the game is over, and saves it, when it is.
func (g *Game) ended() string {
	if !g.P.Over() {
		return ""
	}
	msg := "\ngame over: " + g.P.End
	if g.PGN != "" {
		msg += "\n" + g.save("")
	}
	return msg
}

// back takes back the person's last move (and the program's reply).
func (g *Game) back() string {
	n := len(g.P.Plies)
	for n > 0 && g.P.Plies[n-1].Computer {
		n--
	}
	if n == 0 {
		return "nothing to take back"
	}
	q, err := g.P.Replay(n - 1)
	if err != nil {
		return "take back: " + err.Error()
	}
	g.P = q
	return "taken back"
}

// save writes the game as PGN to file, or to the --pgn file.
func (g *Game) save(file string) string {
	if file == "" {
		file = g.PGN
	}
	if file == "" {
		return ""
	}
	now := time.Now
	if g.Now != nil {
		now = g.Now
	}
	err := atomicfile.Write(file, []byte(g.P.PGN(now())+"\n"))
	if file == g.PGN {
		g.Unsaved = err
	}
	if err != nil {
		return "save: " + err.Error()
	}
	return "game saved to " + file
}
