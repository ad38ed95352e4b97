package memmap

import (
	"fmt"
	"strings"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/rules"
)

// SpecialVars are where the special-moves program keeps what the original
// keeps nowhere: each man's type and whether it has moved (.ATTR, the
// computer's 16 then the opponent's, in piece-code order), the pawn that
// has just moved two squares (.EPSQ, FF for none), and the top of its undo
// stack (.USP, 00 between moves).
type SpecialVars struct {
	Attr, EnPassant, UndoTop uint16
}

// The bits of an .ATTR byte.
const (
	AttrType  = 0x0F // the piece code of the original's man that moves alike
	AttrMoved = 0x80 // the man has moved (a king or rook that has cannot castle)
	NoPawn    = 0xFF // .EPSQ: no pawn has just moved two squares
)

// AttrCodes is the type part of an .ATTR byte for each piece type.
var AttrCodes = map[chess.PieceType]byte{chess.King: 0, chess.Queen: 1, chess.Rook: 2,
	chess.Bishop: 4, chess.Knight: 6, chess.Pawn: 8}

// AttrPieceType gives the piece type an .ATTR byte names.
func AttrPieceType(attr byte) chess.PieceType { return PieceTypes[attr&AttrType] }

// SpecialArrayOf puts a chess position into the special-moves program's
// tables, the computer playing computer: the king in slot 0, each other
// man in a free slot of its type if there is one, else in a free pawn
// slot, else in any free slot (its type is in .ATTR, so it moves as
// itself); every man marked as moved but the kings and rooks the
// position's castling rights need unmoved; and the pawn that has just
// moved two squares, if the position has an en passant square. A side
// has at most 16 men, so every man finds a slot.
func SpecialArrayOf(pos *chess.Position, computer chess.Color) (a Array, attr [2][16]byte, ep byte, err error) {
	for i := range 16 {
		a.Computer[i], a.Player[i] = Captured, Captured
		attr[0][i], attr[1][i] = AttrCodes[PieceTypes[i]]|AttrMoved, AttrCodes[PieceTypes[i]]|AttrMoved
	}
	rights := pos.CastleRights().String()
	unmoved := map[chess.Square]bool{}
	for _, r := range []struct {
		letter     string
		king, rook chess.Square
		color      chess.Color
	}{{"K", chess.E1, chess.H1, chess.White}, {"Q", chess.E1, chess.A1, chess.White},
		{"k", chess.E8, chess.H8, chess.Black}, {"q", chess.E8, chess.A8, chess.Black}} {
		if strings.Contains(rights, r.letter) {
			unmoved[r.king], unmoved[r.rook] = true, true
		}
	}
	board := pos.Board()
	for sq := chess.A1; sq <= chess.H8; sq++ {
		pc := board.Piece(sq)
		if pc == chess.NoPiece {
			continue
		}
		side, men := 1, &a.Player
		if pc.Color() == computer {
			side, men = 0, &a.Computer
		}
		slot := -1
		choices := [][]int{slotsOf[pc.Type()], slotsOf[chess.Pawn], {1, 2, 3, 4, 5, 6, 7}}
		if pc.Type() == chess.King {
			choices = choices[:1]
		}
		for _, candidates := range choices {
			for _, c := range candidates {
				if men[c] == Captured {
					slot = c
					break
				}
			}
			if slot >= 0 {
				break
			}
		}
		if slot < 0 {
			return Array{}, attr, 0, fmt.Errorf("%s has more than one king or more than 16 men: no slot for the %s on %v", pc.Color().Name(), rules.PieceText(pc), sq)
		}
		men[slot] = Code(sq, computer)
		attr[side][slot] = AttrCodes[pc.Type()]
		if !unmoved[sq] || (pc.Type() != chess.King && pc.Type() != chess.Rook) {
			attr[side][slot] |= AttrMoved
		}
	}
	for side, men := range [2]*[16]byte{&a.Computer, &a.Player} {
		if men[0] == Captured {
			return Array{}, attr, 0, fmt.Errorf("%s has no king", []chess.Color{computer, computer.Other()}[side].Name())
		}
	}
	ep = NoPawn
	if t := pos.EnPassantSquare(); t != chess.NoSquare {
		// The target is behind the pawn that moved: on rank 6 with White
		// to move (the pawn on rank 5), on rank 3 with Black to move.
		rank := t.Rank() - 1
		if t.Rank() == chess.Rank3 {
			rank = chess.Rank4
		}
		ep = Code(chess.NewSquare(t.File(), rank), computer)
	}
	return a, attr, ep, nil
}

// LibraryVars are where the library program keeps what a game needs to
// see: its in-book flag (.INBK, not 00 while it plays from its tables)
// and its random number (.SEED).
type LibraryVars struct {
	InBook, Seed uint16
}
