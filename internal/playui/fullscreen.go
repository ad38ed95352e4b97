package playui

import (
	"fmt"
	"io"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/corentings/chess/v2"
)

// FullScreen plays the game in the whole terminal: a header saying what
// plays, the board with the display and the move list beside it, whose
// turn it is, the latest messages in the rows left, a line to type in;
// drawn to fit the terminal (80×24 and up) with nothing cut. Bubble Tea
// (charm.land/bubbletea/v2) runs it: a kept-up library whose
// model/update/view loop lets the program think in the background while
// the screen stays live, and which tmux can drive in the tests. The
// screen is the terminal's alternate one, gone at the end: the final
// position, the result and where the game is saved are then written to
// out, so they stay.
func FullScreen(g *Game, style Style, out io.Writer) error {
	m := newModel(g, style)
	_, err := tea.NewProgram(m).Run()
	if m.thinking != nil {
		<-m.thinking // quit while the program thought: let it finish before the game is read
	}
	g.save("")
	fmt.Fprint(out, m.final())
	return err
}

type model struct {
	g        *Game
	style    Style
	input    string
	messages []string // the latest lines, the newest last
	// busy says what the program is doing in the background ("" when
	// nothing): its move, or a hint. Lines typed meanwhile wait in queue,
	// Enter and all, and are carried out in order after it.
	busy  string
	queue []string
	// top is the screen's game part (header, board, display, moves) and
	// turn whose move it is, drawn from the program's memory when nothing
	// runs in the background (its memory must not be read then).
	top           []string
	turn          string
	moves         []string // Moves, drawn with top
	display       string   // Display, drawn with top
	width, height int
	// thinking is closed when the background work last started is over.
	thinking chan struct{}
}

// thought is the program's move, or a hint, computed in the background.
type thought struct{ text string }

func newModel(g *Game, style Style) *model {
	example := "e5, Nf6, g8f6 or 6343"
	if g.P.Opt.Player == chess.White {
		example = "e4, Nf3, g1f3 or 6444"
	}
	m := &model{g: g, style: style, width: 80, height: 24}
	m.say("Type a move (e.g. " + example + "), or 'help'.")
	m.draw()
	return m
}

func (m *model) Init() tea.Cmd { return m.next() }

// next starts the program thinking when it is its move.
func (m *model) next() tea.Cmd {
	if !m.g.P.ComputerToMove() {
		return nil
	}
	m.busy = "the program is thinking..."
	return m.background(m.g.Think)
}

// background runs work (the program's move, or a hint) away from the
// screen's loop; until it is over nothing reads the game.
func (m *model) background(work func() string) tea.Cmd {
	done := make(chan struct{})
	m.thinking = done
	return func() tea.Msg {
		defer close(done)
		return thought{work()}
	}
}

func (m *model) say(text string) {
	if text == "" {
		return
	}
	m.messages = append(m.messages, strings.Split(strings.TrimRight(text, "\n"), "\n")...)
	if n := len(m.messages); n > 40 {
		m.messages = m.messages[n-40:]
	}
}

// run carries out a line typed: a hint is thought in the background,
// anything else at once.
func (m *model) run(line string) tea.Cmd {
	if strings.TrimSpace(line) == "" {
		return nil
	}
	m.say("> " + line)
	if f := strings.Fields(line); strings.ToLower(f[0]) == "hint" && len(f) == 1 && !m.g.P.Over() && !m.g.P.ComputerToMove() {
		m.busy = "the program is thinking of a hint..."
		return m.background(m.g.Hint)
	}
	reply, quit := m.g.Command(line)
	m.say(reply)
	if quit {
		m.queue = nil
		return tea.Quit
	}
	m.draw()
	return m.next()
}

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case thought:
		m.busy = ""
		m.say(msg.text)
		m.draw()
		if cmd := m.next(); cmd != nil {
			return m, cmd
		}
		for len(m.queue) > 0 && m.busy == "" {
			line := m.queue[0]
			m.queue = m.queue[1:]
			if cmd := m.run(line); cmd != nil {
				return m, cmd
			}
		}
	case tea.KeyPressMsg:
		switch msg.String() {
		case "ctrl+c", "ctrl+d":
			return m, tea.Quit
		case "enter", "ctrl+j": // ctrl+j: a newline typed before the terminal was raw
			line := m.input
			m.input = ""
			if m.busy != "" {
				m.queue = append(m.queue, line)
				return m, nil
			}
			return m, m.run(line)
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

// boardWidth is the board's columns and the gap after it.
const boardWidth = 33

// draw renders the game part of the screen from the program's memory.
func (m *model) draw() {
	p := m.g.P
	board := strings.Split(strings.TrimRight(BoardFrom(p, m.g.Side(), m.style), "\n"), "\n")
	m.top = append(wrap(Header(p), m.width), "")
	m.top = append(m.top, board...)
	m.turn = Turn(p)
	m.moves = Moves(p)
	m.display = Display(p)
}

// layout is the screen as lines: the header and board (top), the display
// and the moves beside the board and below it as far as the messages
// leave room, whose turn it is, the messages, the prompt.
func (m *model) layout(prompt bool) []string {
	header, board := m.top[:len(m.top)-10], m.top[len(m.top)-10:]
	turn := m.turn
	if m.busy != "" {
		turn = m.busy
	}
	var msgs []string
	for _, l := range m.messages {
		msgs = append(msgs, wrap(l, m.width)...)
	}
	bottom := 1 // the turn
	if prompt {
		bottom++
	}
	room := m.height - len(header) - 1 - bottom // for the board block and the messages
	shown := min(len(msgs), max(room-len(board), 0))
	msgs = msgs[len(msgs)-shown:]
	rows := max(room-shown-1, len(board)) // the board block, a blank line after it
	var moves []string
	for _, l := range m.moves {
		moves = append(moves, wrap(l, m.width-boardWidth)...)
	}
	if keep := rows - 2; len(moves) > keep {
		moves = moves[len(moves)-keep:]
	}
	right := append([]string{"KIM-1 display  " + m.display, MovesHeader}, moves...)
	out := append([]string(nil), header...)
	for i := range max(len(board), len(right)) {
		l, r := "", ""
		if i < len(board) {
			l = board[i]
		}
		if i < len(right) {
			r = right[i]
		}
		out = append(out, padRight(l, boardWidth)+r)
	}
	out = append(out, "", turn)
	out = append(out, msgs...)
	if prompt {
		out = append(out, "> "+m.input+"_")
	}
	return out
}

func (m *model) View() tea.View {
	v := tea.NewView(strings.Join(m.layout(true), "\n"))
	v.AltScreen = true
	v.WindowTitle = "mchess play"
	return v
}

// final is what stays on the terminal after the game: the screen without
// its messages and prompt, and where the game is saved.
func (m *model) final() string {
	if m.busy == "" { // else the program still runs: its memory is not to be read
		m.draw()
	}
	m.busy, m.messages = "", nil
	lines := m.layout(false)
	return strings.Join(lines, "\n") + "\n" + m.g.SaveAdvice() + "\n"
}

// padRight pads s, which may hold colour codes, to n columns.
func padRight(s string, n int) string {
	return s + strings.Repeat(" ", max(n-ansi.StringWidth(s), 0))
}

// wrap breaks text into lines of at most width columns, at spaces where it
// can.
func wrap(text string, width int) []string {
	if width < 20 {
		width = 20
	}
	if ansi.StringWidth(text) <= width {
		return []string{text}
	}
	var out []string
	line := ""
	for _, word := range strings.Split(text, " ") {
		switch {
		case line == "":
			line = word
		case ansi.StringWidth(line)+1+ansi.StringWidth(word) <= width:
			line += " " + word
		default:
			out = append(out, line)
			line = word
		}
		for ansi.StringWidth(line) > width {
			out = append(out, line[:width])
			line = line[width:]
		}
	}
	return append(out, line)
}
