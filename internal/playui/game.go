package playui

import (
	"fmt"
	"strings"
	"time"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/session"
)

// Game is a game being played and what the person can do with it.
type Game struct {
	P   *session.Play
	PGN string // where the game is saved (at quit, at the end, on save)
	Now func() time.Time
	// Unsaved is why the game could not be written to PGN at the last
	// try, or nil: mchess play then fails, for the game is lost.
	Unsaved error
	// Flipped shows the board from the program's end (flip).
	Flipped bool
}

// Help lists what the person may type.
const Help = `Type a move as SAN (Nf3, exd5, O-O, e8=Q; Ng1f3, 0-0, e8Q and a missing or
extra + or # are read too), as coordinates (g1f3, e7e8q), or as the manual's
octal squares, FROM then TO (6343). Commands:
  hint         the program's move for you, thought at the game's level
  undo (back)  take back your last move   flip   turn the board round
  resign       give the game up           draw   claim a draw (threefold, 50 moves)
  new          a new game                 moves  the move list
  save [FILE]  write the game (PGN)       help   this text
  quit         end (saved with --pgn; the final position stays on the screen)`

// Command carries out a line the person typed: a move, or a command. It
// says what to tell the person, and whether to quit.
func (g *Game) Command(line string) (msg string, quit bool) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return "", false
	}
	switch strings.ToLower(f[0]) {
	case "quit", "exit", "q":
		return g.closing(), true
	case "help", "?":
		return Help, false
	case "new":
		p, err := session.NewPlay(g.P.Opt)
		if err != nil {
			return "new game: " + err.Error(), false
		}
		g.P = p
		return "a new game", false
	case "undo", "back", "takeback":
		return g.back(), false
	case "save":
		file := ""
		if len(f) > 1 {
			file = f[1]
		}
		if file == "" && g.PGN == "" {
			return "save: to which file? Type 'save FILE', or start with --pgn FILE", false
		}
		return g.save(file), false
	case "moves":
		return strings.Join(Moves(g.P), "\n"), false
	case "draw":
		if err := g.P.Claim(); err != nil {
			return err.Error(), false
		}
		return "draw claimed" + g.ended(), false
	case "hint":
		return g.Hint(), false
	case "flip":
		g.Flipped = !g.Flipped
		return "the board seen from " + g.Side().Name() + "'s end", false
	case "resign":
		if err := g.P.Resign(); err != nil {
			return err.Error(), false
		}
		return "you resign" + g.ended(), false
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

// Side is the end the board is seen from: the person's, or the program's
// when flipped.
func (g *Game) Side() chess.Color {
	if g.Flipped {
		return g.P.Computer()
	}
	return g.P.Opt.Player
}

// Hint asks the program for the person's move (Play.Hint) and says it.
func (g *Game) Hint() string {
	ply, err := g.P.Hint()
	switch {
	case err != nil:
		return "no hint: " + err.Error()
	case ply.Display.Resigned():
		return "hint: the program would resign for you (FF FF FF)"
	case ply.Illegal != "":
		return fmt.Sprintf("hint: the program would play %s (%v), which the rules do not allow: %s", ply.UCI, ply.Display, ply.Illegal)
	}
	return fmt.Sprintf("hint: %s (the program's move for you at level %s, %s cycles, %.1f s on a 1 MHz KIM-1)",
		ply.SAN, g.P.Opt.Level.Name, thousands(ply.Display.Cycles), float64(ply.Display.Cycles)/1e6)
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

// SaveAdvice is the line left under the final position: where the game
// was saved, or how to save one.
func (g *Game) SaveAdvice() string {
	if g.PGN != "" && g.Unsaved == nil {
		return "the game is saved in " + g.PGN
	}
	if g.PGN != "" {
		return "the game is not saved: " + g.Unsaved.Error()
	}
	return "not saved: type 'save FILE' before quit, or start with --pgn FILE"
}

// closing saves the game at its end (quit, the end of the input, a
// signal) to the --pgn file, and says where, or that it is not saved.
func (g *Game) closing() string {
	if g.PGN == "" {
		return g.SaveAdvice()
	}
	return g.save("")
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
