// Package web is the KIM-1 of the web page (docs/web.md): MicroChess on
// the emulated board, driven key by key and run a slice of time at a
// time, with what the page draws: the six digits, the board as the
// program's memory holds it, the game read from it. The page's
// WebAssembly main (web/wasm) only passes calls and state between this
// package and the page's script, which draws and forwards input.
package web

import (
	"fmt"
	"path"
	"strings"
	"time"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/openings"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

// Options say what the page runs.
type Options struct {
	Program string // a Programs name
	Level   string // a microchess.Levels name
	Opening string // a book of Openings by its file name, "" for the program's own block
}

// Choice is an entry of one of the page's menus.
type Choice struct{ Name, Label string }

// Programs are the programs the page offers: the catalogue's built from
// the sources built in, a program with a part for each side once a side
// (as make builds it: stone-white, stone-black).
func Programs() []Choice {
	var out []Choice
	for _, o := range offered() {
		out = append(out, o.Choice)
	}
	return out
}

// offer is a Programs entry with the catalogue's program and side.
type offer struct {
	Choice
	p    *builds.Program
	side chess.Color
}

func offered() []offer {
	var out []offer
	for _, p := range builds.Catalogue {
		if !builds.Builtin(p) {
			continue
		}
		for _, side := range p.SideList() {
			label := p.Label
			if p.Sides {
				label += ", " + side.Name() + " list"
			}
			out = append(out, offer{Choice{p.SideKey(side), label}, p, side})
		}
	}
	return out
}

// program finds the catalogue's program and side for a Programs name.
func program(name string) (*builds.Program, chess.Color, error) {
	for _, o := range offered() {
		if o.Name == name {
			return o.p, o.side, nil
		}
	}
	return nil, chess.NoColor, fmt.Errorf("program %q: want one of %s", name, names(Programs()))
}

// Openings are the manual's ten opening blocks, compiled from their
// books, for the 28 bytes at 00C0.
func Openings() ([]Choice, error) {
	files, err := microchess.Proven.Glob(path.Join(microchess.OpeningsDir, "*.book"))
	if err != nil {
		return nil, err
	}
	var out []Choice
	for _, f := range files {
		b, err := book(f)
		if err != nil {
			return nil, err
		}
		out = append(out, Choice{path.Base(f), fmt.Sprintf("%s (program %s)", b.Opening, openings.ColorName(b.Computer))})
	}
	return out, nil
}

func book(file string) (*openings.Book, error) {
	text, err := microchess.Proven.ReadFile(file, openings.BookLimit)
	if err != nil {
		return nil, err
	}
	return openings.Compile(file, text)
}

// Panel is the KIM-1 with a program loaded, as the page drives it.
type Panel struct {
	Opt    Options
	Name   string // the program as the record names it
	s      *session.Session
	follow session.Follower
	// queue holds input not yet given: each entry is given when the
	// program next waits with nothing left, so that the board is read
	// between a move keyed and the reply to it.
	queue   []func()
	ttyKeys []byte // keypad keys gathered into a teletype command
	waiting bool
	ownBook []byte // the program's own opening block, as loaded
	note    string // the last refusal, for the page to show
	err     error  // the run cannot go on
}

// New builds the program and starts it at 0000, as GO from 0000 does.
func New(opt Options) (*Panel, error) {
	p := &Panel{Opt: opt}
	prog, side, err := program(opt.Program)
	if err != nil {
		return nil, err
	}
	b, err := prog.Build(side)
	if err != nil {
		return nil, err
	}
	p.Name = b.Shown
	m, err := session.Machine(b.Needs.Layout, b.KIM())
	if err != nil {
		return nil, err
	}
	p.s = session.NewSession(m)
	p.s.Needs = b.Needs
	p.ownBook = p.Memory(memmap.BookStart, memmap.BookStart+memmap.BookSize-1)
	if err := p.SetLevel(opt.Level); err != nil {
		return nil, err
	}
	if err := p.SetOpening(opt.Opening); err != nil {
		return nil, err
	}
	return p, nil
}

func names(cs []Choice) string {
	var n []string
	for _, c := range cs {
		n = append(n, c.Name)
	}
	return strings.Join(n, ", ")
}

// SetLevel stores a level's two bytes, as the manual says to.
func (p *Panel) SetLevel(name string) error {
	l, err := memmap.LevelByName(name)
	if err != nil {
		return err
	}
	p.Opt.Level = name
	p.s.SetLevel(l)
	return nil
}

// SetOpening loads an opening block at 00C0 ("" for the program's own,
// as it was loaded); C starts the program on it.
func (p *Panel) SetOpening(file string) error {
	if file == "" {
		p.Opt.Opening = ""
		return p.s.M.Load(kim1.Image{Name: "the program's opening block", Addr: memmap.BookStart, Data: p.ownBook})
	}
	b, err := book(path.Join(microchess.OpeningsDir, path.Base(file)))
	if err != nil {
		return err
	}
	p.Opt.Opening = file
	return p.s.M.Load(kim1.Image{Name: "opening block " + file, Addr: memmap.BookStart, Data: b.Block[:]})
}

// Press gives keys (codes 00–14) to the program together, once it waits.
// The teletype program takes the keypad's commands typed (C, E, PC, a
// move as four digits then F), gathered until one is whole.
func (p *Panel) Press(keys ...byte) {
	if !p.s.Teletype {
		p.queue = append(p.queue, func() { p.s.M.Press(keys...) })
		return
	}
	p.ttyKeys = append(p.ttyKeys, keys...)
	last := p.ttyKeys[len(p.ttyKeys)-1]
	if last < 8 && len(p.ttyKeys) <= 4 {
		return // a move's squares, F to come
	}
	lines, err := session.TeletypeLines(p.ttyKeys)
	p.ttyKeys = nil
	if err != nil {
		p.note = err.Error()
		return
	}
	p.Type(strings.Join(lines, "\r"))
}

// Type sends a line to the teletype, ended by RETURN.
func (p *Panel) Type(line string) {
	p.queue = append(p.queue, func() { p.s.M.TTYIn = append(p.s.M.TTYIn, line+"\r"...) })
}

// Move keys a chess move made on the drawn board, from and to named as
// "e2" and "e4": FROM and TO then F for each pair the move takes
// (Session.KeysFor), then PC when reply is set.
func (p *Panel) Move(from, to string, reply bool) error {
	f, t := rules.SquareNamed(from), rules.SquareNamed(to)
	if f == chess.NoSquare || t == chess.NoSquare {
		return fmt.Errorf("move %s-%s: squares are a1 to h8", from, to)
	}
	computer := p.follow.Computer
	if computer == chess.NoColor {
		computer = chess.White
	}
	pairs := [][2]byte{{memmap.Code(f, computer), memmap.Code(t, computer)}}
	if g := p.follow.Game; g != nil {
		// Castling and en passant take two pairs in the original.
		if m := session.TouchMoveChoice(g.Position(), f, t); m != nil && m.S1() == f && m.S2() == t {
			pairs = p.s.KeysFor(m, computer)
		}
	}
	for _, k := range pairs {
		p.Press(k[0]>>4, k[0]&7, k[1]>>4, k[1]&7, 0x0F)
	}
	if reply {
		p.Press(kim1.KeyPC)
	}
	return nil
}

// Run runs the program for up to budget cycles or until limit has
// passed, giving it the queued input whenever it waits for more. It
// returns the cycles run.
func (p *Panel) Run(budget uint64, limit time.Duration) uint64 {
	const slice = 50_000 // cycles between looks at the clock
	start, from := time.Now(), p.s.M.CPU.Cycles
	for p.err == nil {
		done := p.s.M.CPU.Cycles - from
		if done >= budget || time.Since(start) >= limit {
			break
		}
		r, err := p.s.M.Run(min(slice, budget-done))
		if err != nil {
			p.err = err
			break
		}
		switch r {
		case kim1.Budget:
			p.waiting = false
			continue
		case kim1.SelfJump:
			p.err = fmt.Errorf("the program stopped: a jump to itself at %04X", p.s.M.CPU.PC)
			continue
		}
		if p.s.Teletype {
			// It prints what the display would show (Session.Type).
			p.s.M.Display = [3]byte{p.s.M.Peek(memmap.Display1), p.s.M.Peek(memmap.Display2), p.s.M.Peek(memmap.Display3)}
		}
		if !p.waiting {
			p.follow.Update(p.s.Array())
		}
		if len(p.queue) == 0 {
			p.waiting = true
			break
		}
		p.waiting = false
		give := p.queue[0]
		p.queue = p.queue[1:]
		give()
	}
	return p.s.M.CPU.Cycles - from
}

// Reset is RS then GO at 0000: the program starts again, its memory as
// it is (the monitor the real RS enters is not emulated).
func (p *Panel) Reset() {
	c := p.s.M.CPU
	c.PC, c.S = memmap.Start, 0xFF
	p.queue, p.ttyKeys, p.waiting, p.err, p.note = nil, nil, false, nil, ""
}

// Busy tells whether the program is thinking or has input still to take.
func (p *Panel) Busy() bool { return p.err == nil && (!p.waiting || len(p.queue) > 0) }

// Memory is a copy of lo..hi.
func (p *Panel) Memory(lo, hi uint16) []byte {
	if hi < lo {
		return nil
	}
	return append([]byte(nil), p.s.M.CPU.Mem[lo:int(hi)+1]...)
}

// PGN is the game as the board recorded it.
func (p *Panel) PGN(date time.Time) string {
	return p.follow.PGN(p.Name, p.Opt.Level, date)
}

// State is what the page draws.
type State struct {
	Program  string
	Busy     bool
	Error    string
	Note     string
	Display  string  // the six digits as hex, "0F 13 33"
	Segments [6]byte // what each digit lights (kim1.Segments)
	// Board is the program's board, 0050–006F, square by square from a1
	// to h8 (a1, b1, ... h8): "wP", "bK", or "" for an empty square.
	Board    [64]string
	Octal    [64]string // each square in the program's notation (microchess.Code)
	Computer string     // the colour of the program's men
	Plies    []session.FollowedPly
	Pending  string // half a move keyed
	Outcome  string
	Cycles   uint64
	Teletype bool
	Printed  string // the teletype's paper, its last TTYKeep bytes
}

// TTYKeep is how much of the teletype's paper State gives.
const TTYKeep = 16 << 10

// State reads the machine.
func (p *Panel) State() State {
	m := p.s.M
	st := State{
		Program: p.Name, Busy: p.Busy(), Note: p.note, Display: kim1.Reading{Digits: m.Display}.String(),
		Segments: kim1.Lit(m.Display), Plies: p.follow.Plies, Pending: p.follow.Pending,
		Outcome: p.follow.Outcome(), Cycles: m.CPU.Cycles, Teletype: p.s.Teletype,
	}
	if st.Plies == nil {
		st.Plies = []session.FollowedPly{} // a list, even empty, for the script
	}
	if p.err != nil {
		st.Error = p.err.Error()
	}
	computer := p.follow.Computer
	if computer == chess.NoColor {
		computer = chess.White
	}
	st.Computer = strings.ToLower(computer.Name())
	for sq := chess.A1; sq <= chess.H8; sq++ {
		st.Octal[sq] = fmt.Sprintf("%02X", memmap.Code(sq, computer))
	}
	if board, err := p.s.Array().Position(computer); err == nil {
		for sq, pc := range board {
			if pc != chess.NoPiece {
				st.Board[sq] = map[chess.Color]string{chess.White: "w", chess.Black: "b"}[pc.Color()] + strings.ToUpper(pc.Type().String())
			}
		}
	}
	if p.s.Teletype {
		out := m.TTYOut
		if len(out) > TTYKeep {
			out = out[len(out)-TTYKeep:]
		}
		st.Printed = kim1.Printed(out)
	}
	return st
}
