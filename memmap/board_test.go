package memmap_test

import (
	"testing"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
)

// The piece table, the square notation and SETW (read from the hex
// listing) describe the standard starting position from both sides: every
// man of each side on a square of its own, the piece the table says.
func TestInitialArrayIsTheStartingPosition(t *testing.T) {
	for _, c := range []chess.Color{chess.White, chess.Black} {
		got, err := memmap.InitialArray(c).Position(c)
		if err != nil {
			t.Fatal(err)
		}
		if d := memmap.BoardDiff(got, rules.StartingPosition().Board().SquareMap()); d != "" {
			t.Errorf("computer %s: %s", c.Name(), d)
		}
	}
	// The manual: after C the computer's king is at 03; after C and E at
	// 04 (REVERSE: 77-73); the player's king at 73, then 74.
	if a := memmap.InitialArray(chess.White); a.Computer[0] != 0x03 || a.Player[0] != 0x73 {
		t.Errorf("after C: kings at %02X and %02X", a.Computer[0], a.Player[0])
	}
	if a := memmap.InitialArray(chess.Black); a.Computer[0] != 0x04 || a.Player[0] != 0x74 {
		t.Errorf("after C E: kings at %02X and %02X", a.Computer[0], a.Player[0])
	}
}

func TestSquareNotation(t *testing.T) {
	// The manual's examples: "0F 13 33" is the king's pawn from K2 to K4
	// with the computer White; the player keying 63 43 moves their KP.
	for _, c := range []struct {
		sq       chess.Square
		computer chess.Color
		want     byte
	}{{chess.E2, chess.White, 0x13}, {chess.E4, chess.White, 0x33}, {chess.E7, chess.White, 0x63},
		{chess.E5, chess.White, 0x43}, {chess.H1, chess.White, 0x00}, {chess.A8, chess.White, 0x77},
		{chess.E4, chess.Black, 0x44}, {chess.A8, chess.Black, 0x00}, {chess.H1, chess.Black, 0x77}} {
		if got := memmap.Code(c.sq, c.computer); got != c.want {
			t.Errorf("%v, computer %s: %02X, want %02X", c.sq, c.computer.Name(), got, c.want)
		}
	}
	for _, c := range []chess.Color{chess.White, chess.Black} {
		for sq := chess.A1; sq <= chess.H8; sq++ {
			if back, ok := memmap.SquareOf(memmap.Code(sq, c), c); !ok || back != sq {
				t.Errorf("%v round trip: %v", sq, back)
			}
		}
	}
	for _, code := range []byte{memmap.Captured, 0xAB, 0x99, 0x08, 0x80} { // AB: CC after E (77-CC)
		if _, ok := memmap.SquareOf(code, chess.White); ok {
			t.Errorf("%02X taken for a square", code)
		}
	}
}

func TestCastlingRook(t *testing.T) {
	for kingTo, want := range map[chess.Square][2]chess.Square{
		chess.G1: {chess.H1, chess.F1}, chess.C1: {chess.A1, chess.D1},
		chess.G8: {chess.H8, chess.F8}, chess.C8: {chess.A8, chess.D8},
	} {
		if f, to := memmap.CastlingRook(kingTo); f != want[0] || to != want[1] {
			t.Errorf("king to %v: rook %v-%v, want %v-%v", kingTo, f, to, want[0], want[1])
		}
	}
	// The computer as White castles king side: 03 to 01 (e1-g1).
	if !memmap.IsCastling(0, 0x03, 0x01) || memmap.IsCastling(0, 0x03, 0x13) || memmap.IsCastling(2, 0x00, 0x02) {
		t.Error("IsCastling")
	}
}

// BoardDiff names every differing square, in square order, the same way
// every time.
func TestBoardDiffOrder(t *testing.T) {
	want := rules.StartingPosition().Board().SquareMap()
	got := map[chess.Square]chess.Piece{}
	for sq, p := range want {
		got[sq] = p
	}
	delete(got, chess.E2)
	got[chess.E4] = chess.WhitePawn
	delete(got, chess.A8)
	const diff = "e2: program has nothing, game has white pawn; e4: program has white pawn, game has nothing; a8: program has nothing, game has black rook"
	for range 20 {
		if d := memmap.BoardDiff(got, want); d != diff {
			t.Fatalf("got %q", d)
		}
	}
}
