package playui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

func newGame(t *testing.T, player chess.Color, fen string) *Game {
	t.Helper()
	p, err := session.NewPlay(session.PlayOptions{Player: player, Level: memmap.Levels[0], FEN: fen,
		Images: microchess.KIM(memmap.Published()), Program: "MicroChess 1977"})
	if err != nil {
		t.Fatal(err)
	}
	return &Game{P: p}
}

func TestStyleFor(t *testing.T) {
	for _, c := range []struct {
		env   map[string]string
		ascii bool
		want  Style
	}{
		{map[string]string{"TERM": "xterm-256color", "LANG": "en_GB.UTF-8"}, false, Style{Unicode: true, Color: true}},
		{map[string]string{"TERM": "xterm-256color", "LANG": "en_GB.UTF-8"}, true, Style{Color: true}},
		{map[string]string{"TERM": "xterm-256color", "LANG": "en_GB.UTF-8", "NO_COLOR": "1"}, false, Style{Unicode: true}},
		{map[string]string{"TERM": "xterm", "LC_ALL": "C", "LANG": "en_GB.UTF-8"}, false, Style{Color: true}}, // LC_ALL wins
		{map[string]string{"TERM": "xterm", "LC_CTYPE": "C.utf8"}, false, Style{Unicode: true, Color: true}},
		{map[string]string{"TERM": "linux", "LANG": "C.UTF-8"}, false, Style{Color: true}},
		{map[string]string{"TERM": "dumb", "LANG": "C.UTF-8"}, false, Style{}},
	} {
		if got := StyleFor(func(k string) string { return c.env[k] }, c.ascii); got != c.want {
			t.Errorf("%v ascii=%v: %+v, want %+v", c.env, c.ascii, got, c.want)
		}
	}
}

// A game from a FEN with Black to move at move 3 numbers its first ply 3...
func TestMovesNumberedFromTheFEN(t *testing.T) {
	g := newGame(t, chess.Black, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 3")
	if msg, _ := g.Command("Nc6"); !strings.HasPrefix(msg, "you play Nc6") {
		t.Fatal(msg)
	}
	g.Think()
	moves := Moves(g.P)
	if len(moves) != 2 || !strings.HasPrefix(moves[0], "  3... Nc6") || !strings.HasPrefix(moves[1], "  4.   ") {
		t.Errorf("moves:\n%s", strings.Join(moves, "\n"))
	}
	for _, l := range moves {
		if len(l) > len(MovesHeader) {
			t.Errorf("%q is wider than its header (%d)", l, len(MovesHeader))
		}
	}
}

func TestCommands(t *testing.T) {
	g := newGame(t, chess.White, "")
	// flip: the board from the program's end, Black's men at the bottom.
	if got := BoardFrom(g.P, g.Side(), Style{}); !strings.HasPrefix(strings.Split(got, "\n")[8], " 1   R ") {
		t.Errorf("White's board:\n%s", got)
	}
	if msg, _ := g.Command("flip"); msg != "the board seen from Black's end" {
		t.Error(msg)
	}
	if got := BoardFrom(g.P, g.Side(), Style{}); !strings.HasPrefix(strings.Split(got, "\n")[8], " 8   r ") || !strings.Contains(got, " h  g  f") {
		t.Errorf("flipped:\n%s", got)
	}
	g.Command("flip")
	// undo takes back the person's move and the program's reply.
	g.Command("e4")
	g.Think()
	if msg, _ := g.Command("undo"); msg != "taken back" || len(g.P.Plies) != 0 {
		t.Errorf("undo: %q, %d plies", msg, len(g.P.Plies))
	}
	// hint: the program's move for the person, legal, the game untouched.
	msg, _ := g.Command("hint")
	san, _, ok := strings.Cut(strings.TrimPrefix(msg, "hint: "), " ")
	if !ok || !strings.HasPrefix(msg, "hint: ") || len(g.P.Plies) != 0 {
		t.Fatalf("hint: %q", msg)
	}
	if _, err := rules.ParseSAN(g.P.Game.Position(), san); err != nil {
		t.Errorf("hint %s: %v", san, err)
	}
	// resign: the game lost by the person, White.
	if msg, _ := g.Command("resign"); !strings.HasPrefix(msg, "you resign\ngame over: 0-1, resignation") || g.P.Game.Outcome() != chess.BlackWon {
		t.Errorf("resign: %q, %v", msg, g.P.Game.Outcome())
	}
	if msg, _ := g.Command("hint"); !strings.HasPrefix(msg, "no hint: the game is over") {
		t.Errorf("hint after the end: %q", msg)
	}
}

// Lines typed while the program thinks keep their Enter and are played in
// order after its move; a newline typed before the terminal was raw
// (ctrl+j) is an Enter.
func TestTypeAhead(t *testing.T) {
	g := newGame(t, chess.Black, "")
	m := newModel(g, Style{})
	think := m.Init() // the program, White, to move
	if think == nil || m.busy == "" {
		t.Fatal("the program does not think first")
	}
	for _, k := range []tea.KeyPressMsg{{Code: 'e', Text: "e"}, {Code: '5', Text: "5"}, {Code: tea.KeyEnter},
		{Code: 'N', Text: "N"}, {Code: 'c', Text: "c"}, {Code: '6', Text: "6"}, {Code: 'j', Mod: tea.ModCtrl}} {
		m.Update(k)
	}
	if len(m.queue) != 2 {
		t.Fatalf("queue %q", m.queue)
	}
	for cmd := think; cmd != nil; {
		_, cmd = m.Update(cmd())
	}
	if got := strings.Join(Moves(g.P), "\n"); !strings.Contains(got, "1... e5") || !strings.Contains(got, "2... Nc6") {
		t.Errorf("moves:\n%s\nmessages:\n%s", got, strings.Join(m.messages, "\n"))
	}
}

// At 80×24 the screen is 24 lines of at most 80 columns however long the
// game and the messages, the newest move and message in full.
func TestScreenFits80x24(t *testing.T) {
	for _, style := range []Style{{}, {Unicode: true, Color: true}} {
		g := newGame(t, chess.Black, "")
		m := newModel(g, style)
		for i := 0; i < 12 && !g.P.Over(); i++ {
			m.say(g.Think())
			msg, _ := g.Command(firstLegal(g.P.Game.Position()))
			m.say(msg)
			m.say(Help)
		}
		m.draw()
		lines := m.layout(true)
		if len(lines) != 24 {
			t.Errorf("%d lines:\n%s", len(lines), strings.Join(lines, "\n"))
		}
		for _, l := range lines {
			if w := ansi.StringWidth(l); w > 80 {
				t.Errorf("%d columns: %q", w, l)
			}
		}
		screen := ansi.Strip(strings.Join(lines, "\n"))
		moves := Moves(g.P)
		if last := moves[len(moves)-1]; !strings.Contains(screen, last) {
			t.Errorf("the last move %q is not on the screen:\n%s", last, screen)
		}
		if !strings.HasSuffix(screen, "> _") || !strings.Contains(screen, strings.Split(Help, "\n")[len(strings.Split(Help, "\n"))-1]) {
			t.Errorf("the prompt or the last message is missing:\n%s", screen)
		}
	}
}
