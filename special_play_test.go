package microchess_test

import (
	"testing"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
)

// The program's own special moves, by its choice, at each level: it
// castles on either side for either colour, takes en passant and queens;
// each is shown as one move (the king's, the pawn's) and, played in the
// chess library, leaves the program's board equal to the library's
// (Think compares them: the rook moved, the pawn taken, the queen made).
func TestSpecialMovesChosen(t *testing.T) {
	for _, c := range []struct{ fen, want string }{
		{"4k3/8/8/8/8/8/5PPP/4K2R w K - 0 1", "O-O"},
		{"4k3/8/8/8/8/8/PPP5/R3K3 w Q - 0 1", "O-O-O"},
		{"4k2r/5ppp/8/8/8/8/8/4K3 b k - 0 1", "O-O"},
		{"r3k3/ppp5/8/8/8/8/8/4K3 b q - 0 1", "O-O-O"},
		{"4k3/pp6/8/2Pp4/8/8/8/4K3 w - d6 0 1", "cxd6"},
		{"4k3/8/8/8/2pP4/8/PP6/4K3 b - d3 0 1", "cxd3"},
		{"8/3P3k/8/8/8/8/8/4K3 w - - 0 1", "d8=Q"},
		{"4k3/8/8/8/8/8/3p3K/8 b - - 0 1", "d1=Q"},
	} {
		f, err := rules.FEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		computer := rules.NewGame(f).Position().Turn()
		for _, level := range []string{"super-blitz", "blitz", "normal"} {
			p := newSpecialPlay(t, c.fen, computer, level)
			ply, err := p.Think()
			if err != nil {
				t.Fatalf("%s at %s: %v", c.fen, level, err)
			}
			if ply.SAN != c.want || ply.Illegal != "" {
				t.Errorf("%s at %s: the program played %s (%v) %s, want %s", c.fen, level, ply.SAN, ply.Display, ply.Illegal, c.want)
			}
			if ply.Note != "" {
				t.Errorf("%s at %s: %q: nothing is left to complete by hand", c.fen, level, ply.Note)
			}
		}
	}
}

// The player's special moves are keyed as one move each (FROM TO F):
// castling, en passant, promotion, and a promotion to a knight, whose
// type the session writes into .ATTR; the program's board equals the
// library's after each, and the program plays on from there (the knight
// moves as a knight).
func TestSpecialMovesKeyedAsOne(t *testing.T) {
	for _, c := range []struct {
		fen   string
		moves []string // the player's, the program replying to each; !: keyed for the program
	}{
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", []string{"O-O-O"}},
		{"4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", []string{"O-O"}},
		{"r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", []string{"O-O"}},
		{"4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1", []string{"!d5", "exd6"}},
		{"4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", []string{"!e4", "dxe3"}},
		{"4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", []string{"b8=Q+"}},
		{"4k3/1P6/8/8/8/8/7P/4K3 w - - 0 1", []string{"b8=N", "Nc6"}},
		{"4k3/8/8/8/8/8/1p6/4K3 b - - 0 1", []string{"b1=R+"}},
	} {
		f, err := rules.FEN(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		game := rules.NewGame(f)
		player := game.Position().Turn()
		if c.moves[0][0] == '!' {
			player = player.Other()
		}
		p := newSpecialPlay(t, c.fen, player.Other(), "super-blitz")
		for _, m := range c.moves {
			switch {
			case m[0] == '!':
				if _, err := p.Force(m[1:]); err != nil {
					t.Fatalf("%s: %s for the program: %v", c.fen, m[1:], err)
				}
			default:
				ply, err := p.Move(m)
				if err != nil {
					t.Fatalf("%s: %s: %v", c.fen, m, err)
				}
				if len(ply.Keys) != 1 {
					t.Errorf("%s: %s keyed as %v, want one move", c.fen, m, ply.Keys)
				}
				if p.Over() {
					continue
				}
				if _, err := p.Think(); err != nil {
					t.Fatalf("%s: after %s: %v", c.fen, m, err)
				}
			}
		}
	}
}

// SpecialArrayOf: every man in a slot of his type if one is free, else a
// pawn's; his type in .ATTR, moved but for the kings and rooks the
// castling rights need; the pawn that moved two as .EPSQ, seen from the
// computer's end.
func TestSpecialArrayOf(t *testing.T) {
	f, err := rules.FEN("r3k2r/8/8/3pP3/8/8/8/QQQ1K2R w Kq d6 0 1")
	if err != nil {
		t.Fatal(err)
	}
	pos := rules.NewGame(f).Position()
	a, attr, ep, err := memmap.SpecialArrayOf(pos, chess.White)
	if err != nil {
		t.Fatal(err)
	}
	// White: king e1 (03), queens a1 b1 c1 (07 06 05), rook h1 (00), pawn e5 (43).
	if a.Computer[0] != 0x03 || a.Computer[1] != 0x07 || a.Computer[2] != 0x00 || a.Computer[8] != 0x06 || a.Computer[9] != 0x05 || a.Computer[10] != 0x43 {
		t.Errorf("computer's men % X", a.Computer)
	}
	wantAttr := map[int]byte{0: 0x00, 1: 0x81, 2: 0x02, 8: 0x81, 9: 0x81, 10: 0x88}
	for slot, want := range wantAttr {
		if attr[0][slot] != want {
			t.Errorf("computer's .ATTR[%d] = %02X, want %02X", slot, attr[0][slot], want)
		}
	}
	// Black: king e8 (73), rooks a8 (77, castling right q) and h8 (70, none).
	if a.Player[0] != 0x73 || attr[1][0] != 0x00 {
		t.Errorf("player's king %02X, .ATTR %02X", a.Player[0], attr[1][0])
	}
	for slot := 2; slot <= 3; slot++ {
		want := byte(0x82)
		if a.Player[slot] == 0x77 {
			want = 0x02
		}
		if attr[1][slot] != want {
			t.Errorf("player's rook on %02X: .ATTR %02X, want %02X", a.Player[slot], attr[1][slot], want)
		}
	}
	if ep != 0x44 { // d5 from White's end: rank 4, file 7-3
		t.Errorf(".EPSQ %02X, want 44 (d5)", ep)
	}
}
