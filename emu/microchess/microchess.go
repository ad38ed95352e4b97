// Package microchess drives MicroChess on the emulated KIM-1 the way the
// player's manual does: key names, the level bytes, asking for a move and
// reading it from the display, and the program's board in memory.
package microchess

import (
	"fmt"
	"strings"

	"github.com/kim1-archive/microchess/emu/kim1"
)

// Level is a row of the manual's LEVEL OF PLAY table.
type Level struct {
	Name          string
	At02F2        byte // operand of CMP #08 in CMOVE: 00 skips the check-check
	At018B        byte // operand of LDA #FB in TREE: FF stops the capture tree at once
	ManualSeconds int  // the manual's average time per move
}

// Levels in the manual's order.
var Levels = []Level{
	{"super-blitz", 0x00, 0xFF, 3},
	{"blitz", 0x00, 0xFB, 10},
	{"normal", 0x08, 0xFB, 100},
}

// LevelByName finds a level by its name (super-blitz, blitz, normal).
func LevelByName(name string) (Level, error) {
	for _, l := range Levels {
		if strings.EqualFold(name, l.Name) {
			return l, nil
		}
	}
	return Level{}, fmt.Errorf("unknown level %q (want super-blitz, blitz or normal)", name)
}

// Program addresses the harness uses.
const (
	Start    = 0x0000
	OpenPtr  = 0x00DC // .OMOVE: negative while the opening book is in use
	Board    = 0x0050 // computer's 16 men, then the opponent's at 0060
	Captured = 0xCC   // square value of a captured man
	level1   = 0x02F2
	level2   = 0x018B
)

// CodeRanges are the bytes of the program that are code or constant
// tables, which the program should never write.
var CodeRanges = [][2]uint16{{0x0000, 0x004D}, {0x0100, 0x01AE}, {0x0200, 0x03F9}, {0x1780, 0x17E5}}

// Key names as printed on the KIM-1 keypad.
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

// KeyName is the keypad name of a key code.
func KeyName(k byte) string {
	for n, c := range keyCodes {
		if c == k {
			return n
		}
	}
	if k < 16 {
		return fmt.Sprintf("%X", k)
	}
	return fmt.Sprintf("key %02X", k)
}

// Session is MicroChess loaded on a KIM-1.
type Session struct {
	M *kim1.Machine
	// Budget caps each run between key waits, in cycles.
	Budget uint64
}

// DefaultBudget is far above the slowest move seen at Normal level.
const DefaultBudget = 4_000_000_000

// New loads the images on a stock KIM-1 with PC at the program's start.
func New(images ...kim1.Image) (*Session, error) {
	m := kim1.New()
	if err := m.Load(images...); err != nil {
		return nil, err
	}
	m.CPU.PC = Start
	return &Session{M: m, Budget: DefaultBudget}, nil
}

// SetLevel stores the level's two bytes, as the manual says to.
func (s *Session) SetLevel(l Level) {
	s.M.Poke(level1, l.At02F2)
	s.M.Poke(level2, l.At018B)
}

// BookOff ends the opening book (00DC = 00); do it after C, which turns
// the book on.
func (s *Session) BookOff() { s.M.Poke(OpenPtr, 0) }

// WatchCode makes the machine report writes into the program's code.
func (s *Session) WatchCode() {
	for _, r := range CodeRanges {
		s.M.Watch(r[0], r[1])
	}
}

// Keys presses the named keys and runs until the program waits for more.
func (s *Session) Keys(names string) error {
	keys, err := ParseKeys(names)
	if err != nil {
		return err
	}
	s.M.Press(keys...)
	return s.M.RunToKey(s.Budget)
}

// Move is what the display shows after PC: the piece code and the FROM and
// TO squares in the program's octal notation, from the moving side's view.
type Move struct {
	Piece, From, To byte
	Cycles          uint64 // from the GETKEY that returned PC to the next GETKEY
}

// Resigned is the FF FF FF display: no acceptable move.
func (mv Move) Resigned() bool { return mv.Piece == 0xFF && mv.From == 0xFF && mv.To == 0xFF }

func (mv Move) String() string { return fmt.Sprintf("%02X %02X %02X", mv.Piece, mv.From, mv.To) }

// Play presses PC and returns the move the program shows.
func (s *Session) Play() (Move, error) {
	first := len(s.M.Polls)
	if err := s.Keys("PC"); err != nil {
		return Move{}, err
	}
	p := s.M.Polls[first:]
	if len(p) < 2 || p[0].Key != kim1.KeyPC {
		return Move{}, fmt.Errorf("the program did not read PC")
	}
	d := s.M.Display
	return Move{Piece: d[0], From: d[1], To: d[2], Cycles: p[1].Cycle - p[0].Cycle}, nil
}

// Enter registers a move for the side shown as the opponent (or moves any
// man): FROM and TO squares, then F.
func (s *Session) Enter(from, to byte) error {
	return s.Keys(fmt.Sprintf("%X %X %X %X F", from>>4, from&7, to>>4, to&7))
}
