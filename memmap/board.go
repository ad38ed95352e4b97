package memmap

import (
	"fmt"
	"sort"
	"strings"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/rules"
)

// Pieces names the men by piece code, the index of a man in the board
// arrays (0050 the computer's, 0060 the player's) and what the display's
// left pair shows: king, queen, the rooks, bishops and knights of the king
// and queen side, then the pawns by the file they start on.
var Pieces = [16]string{"K", "Q", "KR", "QR", "KB", "QB", "KN", "QN",
	"KRP", "QRP", "KNP", "QNP", "KBP", "QBP", "QP", "KP"}

// PieceTypes is what each piece code moves like.
var PieceTypes = [16]chess.PieceType{chess.King, chess.Queen, chess.Rook, chess.Rook,
	chess.Bishop, chess.Bishop, chess.Knight, chess.Knight,
	chess.Pawn, chess.Pawn, chess.Pawn, chess.Pawn, chess.Pawn, chess.Pawn, chess.Pawn, chess.Pawn}

// Code is a chess square in the program's notation, as seen when the
// computer plays computer: two octal digits in one byte, the rank counted
// from the computer's end of the board, then the file from the player's
// left (the player sits at the other end, so for a White computer their
// left is the h-file).
func Code(sq chess.Square, computer chess.Color) byte {
	r, f := byte(sq.Rank()), byte(sq.File())
	if computer == chess.White {
		return r<<4 | (7 - f)
	}
	return (7-r)<<4 | f
}

// SquareOf is the inverse of Code; ok is false for a byte that is not a
// square (Captured, or CC turned into AB by E's reversal, 99, 88...).
func SquareOf(code byte, computer chess.Color) (sq chess.Square, ok bool) {
	if code&0x88 != 0 {
		return chess.NoSquare, false
	}
	r, f := code>>4, code&7
	if computer == chess.White {
		return chess.NewSquare(chess.File(7-f), chess.Rank(r)), true
	}
	return chess.NewSquare(chess.File(f), chess.Rank(7-r)), true
}

// Array is the program's board: where each of the 32 men stands, the
// computer's at 0050–005F and the player's at 0060–006F, in piece-code
// order, Captured for a man taken.
type Array struct {
	Computer, Player [16]byte
	// Attr is the special-moves program's .ATTR (the computer's men, the
	// player's): what each man moves like, which its slot says in the
	// original. nil for the original.
	Attr *[2][16]byte
}

// Exchange is the E key (REVERSE at 02B2): the sides swap arrays and every
// square is seen from the other end (77 minus the square).
func (a Array) Exchange() Array {
	var b Array
	for i := range 16 {
		b.Computer[i] = 0x77 - a.Player[i]
		b.Player[i] = 0x77 - a.Computer[i]
	}
	if a.Attr != nil {
		b.Attr = &[2][16]byte{a.Attr[1], a.Attr[0]}
	}
	return b
}

// Position is the array as chess pieces on squares, the computer's men
// being computer's colour. A man on no square is off the board (taken);
// two men on one square is an error.
func (a Array) Position(computer chess.Color) (map[chess.Square]chess.Piece, error) {
	out := map[chess.Square]chess.Piece{}
	for side, men := range [2]*[16]byte{&a.Computer, &a.Player} {
		color := computer
		if side == 1 {
			color = computer.Other()
		}
		for i, code := range men {
			sq, ok := SquareOf(code, computer)
			if !ok {
				continue
			}
			if _, dup := out[sq]; dup {
				return nil, fmt.Errorf("two men on %v (%02X)", sq, code)
			}
			t := PieceTypes[i]
			if a.Attr != nil {
				t = AttrPieceType(a.Attr[side][i])
			}
			out[sq] = chess.NewPiece(t, color)
		}
	}
	return out, nil
}

// Index is the piece code of the man on square code, or -1.
func Index(men *[16]byte, code byte) int {
	for i, s := range men {
		if s == code {
			return i
		}
	}
	return -1
}

// CastlingRook gives the rook's move that completes a castling whose king
// lands on kingTo (g1, c1, g8 or c8): the rook goes from its corner to the
// square the king crossed.
func CastlingRook(kingTo chess.Square) (from, to chess.Square) {
	rank := kingTo.Rank()
	if kingTo.File() == chess.FileC {
		return chess.NewSquare(chess.FileA, rank), chess.NewSquare(chess.FileD, rank)
	}
	return chess.NewSquare(chess.FileH, rank), chess.NewSquare(chess.FileF, rank)
}

// IsCastling tells a king's move of two squares along its rank, which is
// how the program shows castling from its book.
func IsCastling(piece int, from, to byte) bool {
	return piece == 0 && from>>4 == to>>4 && (to-from == 2 || from-to == 2)
}

// BoardDiff lists, square by square from a1 to h8, where the program's
// board (got) and a chess position (want) disagree; "" when they agree.
func BoardDiff(got, want map[chess.Square]chess.Piece) string {
	var squares []chess.Square
	for sq := range want {
		squares = append(squares, sq)
	}
	for sq := range got {
		if _, ok := want[sq]; !ok {
			squares = append(squares, sq)
		}
	}
	sort.Slice(squares, func(i, j int) bool { return squares[i] < squares[j] })
	var diffs []string
	for _, sq := range squares {
		g, w := got[sq], want[sq]
		if g == w {
			continue
		}
		diffs = append(diffs, fmt.Sprintf("%v: program has %s, game has %s", sq, rules.PieceText(g), rules.PieceText(w)))
	}
	return strings.Join(diffs, "; ")
}

// InitialArray is the array after C (computer White), or after C then E
// (computer Black): SETW (0070–008F), which C copies to the board, as the
// published image holds it.
func InitialArray(computer chess.Color) Array {
	var a Array
	for _, im := range Published() {
		if im.Start <= SetW && int(SetW)+32 <= int(im.Start)+len(im.Bytes) {
			at := int(SetW - im.Start)
			copy(a.Computer[:], im.Bytes[at:at+16])
			copy(a.Player[:], im.Bytes[at+16:at+32])
		}
	}
	if computer == chess.Black {
		a = a.Exchange()
	}
	return a
}

// slotsOf are the piece codes a man of each type can take, in order.
var slotsOf = map[chess.PieceType][]int{chess.King: {0}, chess.Queen: {1}, chess.Rook: {2, 3},
	chess.Bishop: {4, 5}, chess.Knight: {6, 7}, chess.Pawn: {8, 9, 10, 11, 12, 13, 14, 15}}

// substitutes are the types a man may stand in for when its own slots are
// taken (a second queen after a promotion): the next most valuable.
var substitutes = map[chess.PieceType][]chess.PieceType{chess.Queen: {chess.Rook, chess.Bishop, chess.Knight},
	chess.Rook: {chess.Bishop, chess.Knight}, chess.Bishop: {chess.Knight}}

// ArrayOf puts a chess position into the program's piece table, the
// computer playing computer: each man in a free slot of its type, men of
// a side in square order. The table holds one king, one queen, two rooks,
// two bishops, two knights and eight pawns a side; a man with no slot of
// its type left takes the slot of the next most valuable type that is free
// (and then moves like it), or is left out. Notes say what was done.
func ArrayOf(board map[chess.Square]chess.Piece, computer chess.Color) (Array, []string) {
	var a Array
	for i := range 16 {
		a.Computer[i], a.Player[i] = Captured, Captured
	}
	var notes []string
	for sq := chess.A1; sq <= chess.H8; sq++ {
		pc, ok := board[sq]
		if !ok || pc == chess.NoPiece {
			continue
		}
		men := &a.Player
		if pc.Color() == computer {
			men = &a.Computer
		}
		placed := false
		for _, t := range append([]chess.PieceType{pc.Type()}, substitutes[pc.Type()]...) {
			for _, slot := range slotsOf[t] {
				if men[slot] != Captured {
					continue
				}
				men[slot] = Code(sq, computer)
				if t != pc.Type() {
					notes = append(notes, fmt.Sprintf("the %s on %v stands in the slot of a %s (%s) and moves like one: the program keeps one queen, two rooks, bishops and knights a side", rules.PieceText(pc), sq, rules.TypeNames[t], Pieces[slot]))
				}
				placed = true
				break
			}
			if placed {
				break
			}
		}
		if !placed {
			notes = append(notes, fmt.Sprintf("the %s on %v is left out: the program has no free slot for it", rules.PieceText(pc), sq))
		}
	}
	return a, notes
}
