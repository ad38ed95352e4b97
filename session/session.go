package session

import (
	"fmt"
	"strings"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/memmap"
)

// Key names as printed on the KIM-1 keypad, besides the hex digits.
var keyCodes = map[string]byte{
	"AD": kim1.KeyAD, "DA": kim1.KeyDA, "+": kim1.KeyPlus, "GO": kim1.KeyGO, "PC": kim1.KeyPC,
}

// ParseKeys turns "C PC" or "6 3 4 3 F PC" into key codes. Hex digits may
// also run together ("6343").
func ParseKeys(s string) ([]byte, error) {
	var keys []byte
	for _, f := range strings.Fields(s) {
		u := strings.ToUpper(f)
		if k, ok := keyCodes[u]; ok {
			keys = append(keys, k)
			continue
		}
		if u == "ST" || u == "RS" {
			return nil, fmt.Errorf("key %s is not read by GETKEY (it is wired to NMI/RESET)", u)
		}
		for _, r := range u {
			var k byte
			switch {
			case r >= '0' && r <= '9':
				k = byte(r - '0')
			case r >= 'A' && r <= 'F':
				k = byte(r-'A') + 10
			default:
				return nil, fmt.Errorf("unknown key %q (keys are 0-9, A-F, AD, DA, +, GO, PC)", f)
			}
			keys = append(keys, k)
		}
	}
	return keys, nil
}

// Session is MicroChess running on an emulated KIM-1, driven with the
// manual's keys.
type Session struct {
	M *kim1.Machine
	// Budget caps each run between key waits, in cycles.
	Budget uint64
	// Needs says how the program is driven (its teletype, its
	// special-moves variables).
	Needs
}

// DefaultBudget is far above the slowest move seen at Normal level.
const DefaultBudget = 4_000_000_000

// New loads images on a stock KIM-1, ready to start at 0000.
func New(images ...kim1.Image) (*Session, error) {
	m := kim1.New()
	if err := m.Load(images...); err != nil {
		return nil, err
	}
	m.CPU.PC = memmap.Start
	native(m)
	return &Session{M: m, Budget: DefaultBudget}, nil
}

// NewSession starts a session on a machine already loaded (see Machine).
// Both run the program's translation when there is one (see Interpret).
func NewSession(m *kim1.Machine) *Session {
	native(m)
	return &Session{M: m, Budget: DefaultBudget}
}

// SetLevel stores the level's two bytes, as the manual says to.
func (s *Session) SetLevel(l memmap.Level) {
	s.M.Poke(memmap.LevelCheck, l.Check)
	s.M.Poke(memmap.LevelTree, l.Tree)
}

// BookOff ends the opening book (.OMOVE = 00); do it after C, which turns
// the book on.
func (s *Session) BookOff() { s.M.Poke(memmap.OpenPtr, 0) }

// WatchCode makes the machine report writes into the program's code.
func (s *Session) WatchCode() {
	code := memmap.CodeRanges
	if s.Code != nil {
		code = s.Code
	}
	for _, r := range code {
		s.M.Watch(r[0], r[1])
	}
}

// Keys presses the named keys and runs until the program waits for more.
func (s *Session) Keys(names string) error {
	keys, err := ParseKeys(names)
	if err != nil {
		return err
	}
	if s.Teletype {
		lines, err := TeletypeLines(keys)
		if err != nil {
			return err
		}
		_, err = s.Type(lines...)
		return err
	}
	s.M.Press(keys...)
	return s.M.RunToKey(s.Budget)
}

// RunKeys presses keys and runs until the program waits for more or the
// budget is spent. With bookOff the first key (normally C, which turns
// the book on) runs alone and the book is then turned off.
func (s *Session) RunKeys(keys []byte, bookOff bool) (kim1.Reason, error) {
	if bookOff && len(keys) > 0 {
		s.M.Press(keys[0])
		if r, err := s.M.Run(s.Budget); err != nil || r != kim1.WaitingKey {
			return r, err
		}
		s.BookOff()
		keys = keys[1:]
	}
	s.M.Press(keys...)
	return s.M.Run(s.Budget)
}

// Move is what the display shows after PC: the piece code and the FROM and
// TO squares in the program's notation, from the computer's side.
type Move struct {
	Piece, From, To byte
	Cycles          uint64 // from the GETKEY that returned PC to the next GETKEY
}

// Resigned is the FF FF FF display: no acceptable move.
func (mv Move) Resigned() bool { return mv.Piece == 0xFF && mv.From == 0xFF && mv.To == 0xFF }

func (mv Move) String() string { return fmt.Sprintf("%02X %02X %02X", mv.Piece, mv.From, mv.To) }

// Squares reads the move's squares with the computer as computer.
func (mv Move) Squares(computer chess.Color) (from, to chess.Square, err error) {
	from, ok1 := memmap.SquareOf(mv.From, computer)
	to, ok2 := memmap.SquareOf(mv.To, computer)
	if !ok1 || !ok2 {
		return 0, 0, fmt.Errorf("the display %v names no move on the board", mv)
	}
	return from, to, nil
}

// Play presses PC and returns the move the program shows.
func (s *Session) Play() (Move, error) {
	mv, _, err := s.PlayUntil(s.Budget, nil)
	return mv, err
}

// PlayUntil presses PC and runs the program slice cycles at a time, asking
// stop (with the cycles spent) after each slice. It returns the move the
// program shows when it finishes (done), or, when stop says so first, no
// move and the program still thinking: the caller puts the machine back.
func (s *Session) PlayUntil(slice uint64, stop func(cycles uint64) bool) (mv Move, done bool, err error) {
	first := len(s.M.Polls)
	start := s.M.CPU.Cycles
	waiting := kim1.WaitingKey
	if s.Teletype {
		waiting = kim1.WaitingTTY
		s.M.TTYIn = append(s.M.TTYIn, "PC\r"...)
	} else {
		s.M.Press(kim1.KeyPC)
	}
	for {
		r, err := s.M.Run(min(slice, s.Budget))
		if err != nil {
			return Move{}, false, err
		}
		if r == waiting {
			break
		}
		spent := s.M.CPU.Cycles - start
		if r != kim1.Budget {
			return Move{}, false, fmt.Errorf("stopped at %04X after %d cycles (%v) instead of waiting for a key", s.M.CPU.PC, spent, r)
		}
		if spent >= s.Budget {
			return Move{}, false, fmt.Errorf("no move after %d cycles", spent)
		}
		if stop != nil && stop(spent) {
			return Move{}, false, nil
		}
	}
	if s.Teletype {
		// What the display would show: TTYOUT prints it from there.
		return Move{Piece: s.M.Peek(memmap.Display1), From: s.M.Peek(memmap.Display2), To: s.M.Peek(memmap.Display3), Cycles: s.M.CPU.Cycles - start}, true, nil
	}
	p := s.M.Polls[first:]
	if len(p) < 1 || p[0].Key != kim1.KeyPC {
		return Move{}, false, fmt.Errorf("the program did not read PC")
	}
	// The next GETKEY call: one that returned the key still held, or,
	// on the ROM when the key was let go while it thought, the one it
	// waits in now.
	next := s.M.CPU.Cycles
	if len(p) >= 2 {
		next = p[1].Cycle
	}
	d := s.M.Display
	return Move{Piece: d[0], From: d[1], To: d[2], Cycles: next - p[0].Cycle}, true, nil
}

// BestSoFar is the move the program has found best so far while it thinks
// (PUSH keeps it in .BESTP 00FB and .BESTM 00F9, and its value in .BESTV
// 00FA, which GO starts at 0C): ok is false while no move has beaten that.
func (s *Session) BestSoFar() (piece, to, value byte, ok bool) {
	piece, value, to = s.M.Peek(memmap.Display1), s.M.Peek(memmap.Display2), s.M.Peek(memmap.Display3)
	return piece, to, value, value > bestStart && piece < 16
}

// Evaluation is the value the program gave its move mv, as the display
// flashed it: PUSH shows .BESTP .BESTV .BESTM each time a better move is
// found, and the flash just before the final display is the chosen move's
// (its piece and TO square agree). ok is false for a move from the book,
// which is not evaluated.
func (s *Session) Evaluation(mv Move) (value byte, ok bool) {
	shown := s.M.Shown
	if n := len(shown); n >= 2 {
		d := shown[n-2].Digits
		if d[0] == mv.Piece && d[2] == mv.To && d[1] > bestStart {
			return d[1], true
		}
	}
	return 0, false
}

// bestStart is .BESTV as GO (NOOPEN) sets it before the search.
const bestStart = 0x0C

// Enter moves the man on from to to, as the player keys a move: FROM and
// TO squares, then F.
func (s *Session) Enter(from, to byte) error {
	return s.Keys(fmt.Sprintf("%X %X %X %X F", from>>4, from&7, to>>4, to&7))
}

// Array reads the program's board.
func (s *Session) Array() memmap.Array {
	var a memmap.Array
	for i := range 16 {
		a.Computer[i] = s.M.Peek(memmap.Board + uint16(i))
		a.Player[i] = s.M.Peek(memmap.PlayerBoard + uint16(i))
	}
	if s.Special != nil {
		c, p := s.Attr()
		a.Attr = &[2][16]byte{c, p}
	}
	return a
}

// Position is the program's board as chess pieces, the computer playing
// computer.
func (s *Session) Position(computer chess.Color) (map[chess.Square]chess.Piece, error) {
	return s.Array().Position(computer)
}

// Matches compares the program's board with a chess position.
func (s *Session) Matches(pos *chess.Position, computer chess.Color) error {
	got, err := s.Position(computer)
	if err != nil {
		return err
	}
	if d := memmap.BoardDiff(got, pos.Board().SquareMap()); d != "" {
		return fmt.Errorf("the program's board differs from the game: %s", d)
	}
	return nil
}

// SetArray writes a piece table over the program's board, as a player
// would from the monitor.
func (s *Session) SetArray(a memmap.Array) {
	for i := range 16 {
		s.M.Poke(memmap.Board+uint16(i), a.Computer[i])
		s.M.Poke(memmap.PlayerBoard+uint16(i), a.Player[i])
	}
}
