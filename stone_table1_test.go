package microchess_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/ref"
)

// listBytes maps 00C3–00DB to the statements of an assembled list.
func listBytes(t *testing.T, file string) map[uint16]*asm.Stmt {
	t.Helper()
	by := map[uint16]*asm.Stmt{}
	for _, s := range mustAssemble(t, file).Stmts {
		for i := range s.Bytes {
			by[s.Addr+uint16(i)] = s
		}
	}
	for a := uint16(0x00C3); a <= 0x00DB; a++ {
		if by[a] == nil {
			t.Fatalf("%s does not define %04X", file, a)
		}
	}
	if len(by) != 0xDB-0xC3+1 {
		t.Fatalf("%s defines %d bytes, want 00C3–00DB", file, len(by))
	}
	return by
}

// Every surviving cell is in the lists, on a line not marked reconstructed;
// every other byte is on a marked line.
func TestTable1Cells(t *testing.T) {
	cells := ref.Stone1980Table1Rows()
	for _, side := range []struct {
		file string
		cell func(c ref.Table1Row) byte
	}{{whiteSrc, func(c ref.Table1Row) byte { return c.White }}, {blackSrc, func(c ref.Table1Row) byte { return c.Black }}} {
		by := listBytes(t, side.file)
		printed := map[uint16]bool{}
		for _, c := range cells {
			s := by[c.At]
			if s == nil {
				t.Errorf("%s: no byte at %04X", side.file, c.At)
				continue
			}
			printed[c.At] = true
			if got := s.Bytes[c.At-s.Addr]; got != side.cell(c) {
				t.Errorf("%s: %04X = %02X, Table 1 prints %02X (%s %s)", side.file, c.At, got, side.cell(c), c.Symbol, c.Move)
			}
			if s.Reconstructed {
				t.Errorf("%s: %04X is printed but its line is marked reconstructed", side.file, c.At)
			}
		}
		for a := uint16(0x00C3); a <= 0x00DB; a++ {
			if !printed[a] && !by[a].Reconstructed {
				t.Errorf("%s: %04X is not printed but its line is not marked reconstructed", side.file, a)
			}
		}
	}
}

// plan names the development moves as the article does (DEVP-5 is the
// castling the FROM cell 03/04 implies; DEVP-6 is printed K-QB3 by OCR).
var plan = []string{"N-KB3", "P-KN3", "B-KN2", chosenDevp4.name, "K-KN1", "N-QB3", "P-Q4"}

// The list is the plan: each piece starts on its FROM square as the
// program sets the board, each TO is the square the move's name gives,
// and, played in order by the computer alone, every move is legal chess.
func TestListsPlayThePlan(t *testing.T) {
	printed := map[uint16]string{}
	for _, c := range ref.Stone1980Table1Rows() {
		printed[c.At] = c.Move
	}
	for i, name := range plan {
		if p := printed[0x00C4+3*uint16(i)]; p != "" && p != name && !(i == 5 && p == "K-QB3") {
			t.Errorf("DEVP-%d: plan says %s, Table 1 prints %s", i+1, name, p)
		}
	}
	ps := mustLoad(t)
	for _, side := range []struct {
		white bool
		keys  string
	}{{true, "C"}, {false, "C E"}} {
		img := ps.white
		if !side.white {
			img = ps.black
		}
		s, err := session(img, "super-blitz")
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Keys(side.keys); err != nil {
			t.Fatal(err)
		}
		list := readList(s)
		if last := list[7]; last != (entry{0x1F, 0x1F, 0x1F}) {
			t.Errorf("%s: DEVP-8 is %v, want unused (1F 1F 1F)", side.keys, last)
		}
		fen := microchess.StartingPosition().String()
		for i, name := range plan {
			e := list[i]
			if at := s.M.Peek(microchess.Board + uint16(e.piece)); at != e.from {
				t.Errorf("%s: DEVP-%d piece %02X starts on %02X, FROM is %02X", side.keys, i+1, e.piece, at, e.from)
			}
			to, err := square(e.to, side.white)
			if err != nil {
				t.Fatalf("DEVP-%d: %v", i+1, err)
			}
			if want, err := descriptiveTo(name, side.white); err != nil || want != to {
				t.Errorf("%s: DEVP-%d %s goes to %v, the name says %v (%v)", side.keys, i+1, name, to, want, err)
			}
			from, _ := square(e.from, side.white)
			if fen, err = playAlone(fen, from.String()+to.String(), side.white); err != nil {
				t.Errorf("%s: DEVP-%d %s: %v", side.keys, i+1, name, err)
				break
			}
		}
	}
}

// descriptiveTo is the destination of a move in English descriptive
// notation (N-KB3), from the mover's side.
func descriptiveTo(name string, white bool) (chess.Square, error) {
	_, dest, ok := strings.Cut(name, "-")
	if !ok || len(dest) < 2 {
		return 0, fmt.Errorf("%q: want PIECE-SQUARE", name)
	}
	files := map[string]chess.File{"QR": chess.FileA, "QN": chess.FileB, "QB": chess.FileC, "Q": chess.FileD,
		"K": chess.FileE, "KB": chess.FileF, "KN": chess.FileG, "KR": chess.FileH}
	f, ok := files[dest[:len(dest)-1]]
	r := int(dest[len(dest)-1] - '1')
	if !ok || r < 0 || r > 7 {
		return 0, fmt.Errorf("%q: bad square", name)
	}
	if !white {
		r = 7 - r
	}
	return chess.NewSquare(f, chess.Rank(r)), nil
}

// playAlone plays a move for one side and gives the move back to that
// side (the opponent passes), so a whole plan can be checked for legality.
func playAlone(fen, uci string, white bool) (string, error) {
	opt, err := microchess.FEN(withMover(fen, white))
	if err != nil {
		return "", err
	}
	g := microchess.NewGame(opt)
	if err := g.PushNotationMove(uci, chess.UCINotation{}, nil); err != nil {
		return "", err
	}
	return g.Position().String(), nil
}

// withMover sets a FEN's side to move and clears its en passant square.
func withMover(fen string, white bool) string {
	f := strings.Fields(fen)
	f[1] = "b"
	if white {
		f[1] = "w"
	}
	f[3] = "-"
	return strings.Join(f, " ")
}

func mustSquare(t *testing.T, name string) chess.Square {
	t.Helper()
	for sq := chess.A1; sq <= chess.H8; sq++ {
		if sq.String() == name {
			return sq
		}
	}
	t.Fatalf("no square %q", name)
	return 0
}
