package openings

import (
	"fmt"
	"sync"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/ref"
)

// Pieces is the MicroChess piece table: a piece's code is its index, both
// in the board arrays at 0050/0060 and on the display.
var Pieces = [16]string{"K", "Q", "KR", "QR", "KB", "QB", "KN", "QN",
	"KRP", "QRP", "KNP", "QNP", "KBP", "QBP", "QP", "KP"}

// pieceTypes is what each code moves like; used only to check that the
// initial array agrees with the standard starting position.
var pieceTypes = [16]chess.PieceType{chess.King, chess.Queen, chess.Rook, chess.Rook,
	chess.Bishop, chess.Bishop, chess.Knight, chess.Knight,
	chess.Pawn, chess.Pawn, chess.Pawn, chess.Pawn, chess.Pawn, chess.Pawn, chess.Pawn, chess.Pawn}

// descFiles names the files as descriptive notation does: by the piece
// that starts on them. A piece code's name is its starting file's name (a
// pawn's without the P), which checkInitial holds the initial array to.
var descFiles = map[string]chess.File{"QR": chess.FileA, "QN": chess.FileB, "QB": chess.FileC,
	"Q": chess.FileD, "K": chess.FileE, "KB": chess.FileF, "KN": chess.FileG, "KR": chess.FileH}

// homeFile is the file a piece code starts on, by its name.
func homeFile(code int) chess.File {
	name := Pieces[code]
	if code >= 8 {
		name = name[:len(name)-1]
	}
	return descFiles[name]
}

// Captured is what MicroChess stores for a piece that has been taken.
const Captured = 0xCC

// Code is a square in MicroChess notation (two octal digits in one byte:
// rank from the computer's end of the board, then file from the player's
// left), as seen when the computer plays computer.
func Code(sq chess.Square, computer chess.Color) byte {
	r, f := byte(sq.Rank()), byte(sq.File())
	if computer == chess.White {
		// The player sits behind rank 8, so their left is the h-file.
		return r<<4 | (7 - f)
	}
	return (7-r)<<4 | f
}

// SquareOf is the inverse of Code; ok is false for anything that is not a
// square (CC, 99, 88...).
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

// Array is where MicroChess keeps the 32 men: 0050–005F the computer's,
// 0060–006F the player's, in piece-code order, CC for a captured man.
type Array struct {
	Computer, Player [16]byte
}

// setw is the initial array the C key copies to 0050 (SETW at 0070–008F),
// read once from the published main image rather than retyped.
var setw = sync.OnceValue(func() (a Array) {
	c0 := ref.MicroChess1977()[0]
	copy(a.Computer[:], c0.Bytes[0x70:0x80])
	copy(a.Player[:], c0.Bytes[0x80:0x90])
	return a
})

// exchange is the E key (REVERSE at 02B2): the sides swap arrays and every
// square is seen from the other end (77 minus the square).
func (a Array) exchange() Array {
	var b Array
	for i := range 16 {
		b.Computer[i] = 0x77 - a.Player[i]
		b.Player[i] = 0x77 - a.Computer[i]
	}
	return b
}

// InitialArray is the array after C (computer White) or C then E (computer
// Black): the starting point of every book.
func InitialArray(computer chess.Color) Array {
	a := setw()
	if computer == chess.Black {
		a = a.exchange()
	}
	return a
}

// checkInitial proves the piece table, the square notation and the initial
// array describe the standard starting position; everything else trusts it.
func checkInitial(computer chess.Color) error {
	a := InitialArray(computer)
	board := chess.StartingPosition().Board()
	seen := map[chess.Square]bool{}
	for side, arr := range [2]*[16]byte{&a.Computer, &a.Player} {
		color := computer
		if side == 1 {
			color = computer.Other()
		}
		for i, code := range arr {
			sq, ok := SquareOf(code, computer)
			want := chess.NewPiece(pieceTypes[i], color)
			if !ok || board.Piece(sq) != want || sq.File() != homeFile(i) || seen[sq] {
				return fmt.Errorf("initial array: piece %s of the %s side at %02X is not the %s on its home file", Pieces[i], color.Name(), code, want)
			}
			seen[sq] = true
		}
	}
	return nil
}

// ColorName is how opening files and the decompiler name a side.
func ColorName(c chess.Color) string {
	if c == chess.Black {
		return "black"
	}
	return "white"
}
