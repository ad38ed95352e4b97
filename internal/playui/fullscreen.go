package playui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/corentings/chess/v2"
)

// FullScreen plays the game in the whole terminal: the board, the display
// and the move list beside it, the state below, a line to type in.
// Bubble Tea (charm.land/bubbletea/v2) runs it: a kept-up library whose
// model/update/view loop lets the program think in the background while
// the screen stays live, and which tmux can drive in the tests.
func FullScreen(g *Game) error {
	m := newModel(g)
	_, err := tea.NewProgram(m).Run()
	if msg := g.save(""); msg != "" {
		fmt.Println(msg)
	}
	return err
}

type model struct {
	g        *Game
	input    string
	messages []string
	thinking bool
	// shown is the screen's game part, drawn from the program's memory
	// when no move is being computed (the program's memory must not be
	// read while it runs in the background).
	shown  string
	width  int
	height int
}

// thought is the program's move, computed in the background.
type thought struct{ text string }

func newModel(g *Game) *model {
	example := "e5, Nf6, g8f6 or 6343"
	if g.P.Opt.Player == chess.White {
		example = "e4, Nf3, g1f3 or 6444"
	}
	m := &model{g: g, messages: []string{"Type a move (e.g. " + example + "), or 'help'."}}
	m.draw()
	return m
}

func (m *model) Init() tea.Cmd { return m.next() }

// next starts the program thinking when it is its move.
func (m *model) next() tea.Cmd {
	if !m.g.P.ComputerToMove() {
		return nil
	}
	m.thinking = true
	g := m.g
	return func() tea.Msg { return thought{g.Think()} }
}

func (m *model) say(text string) {
	m.messages = append(m.messages, strings.Split(strings.TrimRight(text, "\n"), "\n")...)
	if n := len(m.messages); n > 8 {
		m.messages = m.messages[n-8:]
	}
}

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case thought:
		m.thinking = false
		m.say(msg.text)
		m.draw()
		return m, m.next()
	case tea.KeyPressMsg:
		switch msg.String() {
		case "ctrl+c", "ctrl+d":
			return m, tea.Quit
		case "enter":
			if m.thinking {
				m.say("the program is thinking; wait for its move")
				return m, nil
			}
			line := m.input
			m.input = ""
			reply, quit := m.g.Command(line)
			if reply != "" {
				m.say(reply)
			}
			if quit {
				return m, tea.Quit
			}
			m.draw()
			return m, m.next()
		case "backspace":
			if m.input != "" {
				m.input = m.input[:len(m.input)-1]
			}
		default:
			if t := msg.Key().Text; t != "" && len(m.input) < 60 {
				m.input += t
			}
		}
	}
	return m, nil
}

// draw renders the game part of the screen from the program's memory.
func (m *model) draw() {
	p := m.g.P
	board := strings.Split(strings.TrimRight(Board(p), "\n"), "\n")
	right := []string{"KIM-1 display  " + Display(p), ""}
	moves := Moves(p)
	if len(moves) > 14 {
		moves = append([]string{"    ..."}, moves[len(moves)-13:]...)
	}
	right = append(right, moves...)
	var b strings.Builder
	b.WriteString("MicroChess on an emulated KIM-1\n\n")
	for i := 0; i < max(len(board), len(right)); i++ {
		l, r := "", ""
		if i < len(board) {
			l = board[i]
		}
		if i < len(right) {
			r = right[i]
		}
		fmt.Fprintf(&b, "%-32s %s\n", l, r)
	}
	b.WriteString("\n" + Status(p) + "\n")
	m.shown = b.String()
}

func (m *model) View() tea.View {
	var b strings.Builder
	b.WriteString(m.shown)
	if m.thinking {
		b.WriteString("the program is thinking...\n")
	} else {
		b.WriteString("\n")
	}
	b.WriteString("\n")
	for _, line := range m.messages {
		b.WriteString(line + "\n")
	}
	b.WriteString("\n> " + m.input + "_")
	v := tea.NewView(b.String())
	v.AltScreen = true
	v.WindowTitle = "mchess play"
	return v
}
