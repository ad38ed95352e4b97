package session

import (
	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/memmap"
)

// Attr reads the program's .ATTR bytes: the computer's men, the player's.
func (s *Session) Attr() (computer, player [16]byte) {
	for i := range 16 {
		computer[i] = s.M.Peek(s.Special.Attr + uint16(i))
		player[i] = s.M.Peek(s.Special.Attr + 16 + uint16(i))
	}
	return computer, player
}

// SetSpecialPosition writes a position into the special-moves program's
// tables (SpecialArrayOf), as a player would from the monitor.
func (s *Session) SetSpecialPosition(pos *chess.Position, computer chess.Color) error {
	a, attr, ep, err := memmap.SpecialArrayOf(pos, computer)
	if err != nil {
		return err
	}
	s.SetArray(a)
	for i := range 16 {
		s.M.Poke(s.Special.Attr+uint16(i), attr[0][i])
		s.M.Poke(s.Special.Attr+16+uint16(i), attr[1][i])
	}
	s.M.Poke(s.Special.EnPassant, ep)
	return nil
}
