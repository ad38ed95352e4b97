package openings_test

import (
	"fmt"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/openings"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

// The twenty books' tables, assembled after the library program
// (src/extended/library.asm) from its label LIBTAB, are played on the
// emulated KIM-1 with expansion RAM: for each record, C (and E for a
// Black book), AD and its ID, which the display shows back; then the
// line, the player keying each reply as the manual tells them to (after
// GO has shown it: the man on its FROM square, FROM, TO, as the record
// stores it) and PC for each computer move, which must be the record's,
// with the program's board equal to the chess library's position. After
// the line the program leaves the book and plays a legal move.
func TestLibraryTablesPlayOnTheKIM(t *testing.T) {
	lib := twentyBooks(t)
	p, _, err := openings.LibraryProgram(lib)
	if err != nil {
		t.Fatal(err)
	}
	sym := func(name string) uint16 {
		s, ok := p.Patch.Symbols[name]
		if !ok {
			t.Fatalf("no symbol %s", name)
		}
		return uint16(s.Value)
	}
	for _, r := range lib.Records {
		t.Run(fmt.Sprintf("%02X-%s", r.ID, openings.ColorName(r.Computer)), func(t *testing.T) {
			m, err := session.Machine(microchess.LibraryLayout(), microchess.KIM(p.Images))
			if err != nil {
				t.Fatal(err)
			}
			// The tables are where the label says, byte for byte.
			at := sym(microchess.LibraryTables)
			want := lib.Bytes()
			for i, b := range want {
				if got := m.Peek(at + uint16(i)); got != b {
					t.Fatalf("%04X (table byte %d) is %02X, want %02X", at+uint16(i), i, got, b)
				}
			}
			s := session.NewSession(m)
			s.SetLevel(memmap.Levels[0])
			display := func(keys string) string {
				t.Helper()
				if err := s.Keys(keys); err != nil {
					t.Fatalf("%s: %v", keys, err)
				}
				return fmt.Sprintf("%02X %02X %02X", m.Display[0], m.Display[1], m.Display[2])
			}
			start := "C"
			if r.Computer == chess.Black {
				start = "C E"
			}
			display(start)
			id := fmt.Sprintf("%02X", r.ID)
			if got, want := display("AD "+id[:1]+" "+id[1:]), id+" "+id+" "+id; got != want {
				t.Fatalf("AD %s shows %s, want %s", id, got, want)
			}
			inBook := func() bool { return m.Peek(sym(".INBK")) != 0 }
			pos := rules.StartingPosition()
			for _, ply := range r.Plies {
				keys := ply.Keys()
				if ply.Computer {
					mv, err := s.Play()
					if err != nil {
						t.Fatal(err)
					}
					if want := fmt.Sprintf("%02X %02X %02X", ply.Piece, ply.From, ply.To); mv.String() != want || !inBook() {
						t.Fatalf("%d. %s: the program shows %v, the record says %s (in the book: %v)", ply.Number, ply.SAN, mv, want, inBook())
					}
					keys = keys[1:] // the rook of its castling, if it castles
				} else {
					pair := ply.LibraryPair()
					if got, want := display("GO"), fmt.Sprintf("%02X %02X %02X", manOn(m.Peek, pair[0]), pair[0], pair[1]); got != want {
						t.Errorf("%d. %s: GO shows %s, want %s", ply.Number, ply.SAN, got, want)
					}
				}
				if err := s.EnterKeys(keys); err != nil {
					t.Fatal(err)
				}
				pos = pos.Update(&ply.Move)
				if err := s.Matches(pos, r.Computer); err != nil {
					t.Fatalf("after %d. %s: %v", ply.Number, ply.SAN, err)
				}
			}
			if last := r.Plies[len(r.Plies)-1]; last.Computer {
				// Any legal reply of the player's.
				for _, mv := range pos.ValidMoves() {
					if mv.Promo() == chess.NoPieceType && !mv.HasTag(chess.KingSideCastle|chess.QueenSideCastle|chess.EnPassant) {
						if err := s.EnterKeys(session.MoveKeys(&mv, r.Computer)); err != nil {
							t.Fatal(err)
						}
						pos = pos.Update(&mv)
						break
					}
				}
			}
			mv, err := s.Play()
			if err != nil {
				t.Fatal(err)
			}
			if inBook() {
				t.Errorf("after the record's line the program is still in the book (it played %v)", mv)
			}
			if !legal(pos, mv, r.Computer) {
				t.Errorf("out of the book the program shows %v, not a legal move", mv)
			}
		})
	}
}

// manOn is the index in the board (0050–006F) of the man on square sq, as
// the library's prompt shows it.
func manOn(peek func(uint16) byte, sq byte) byte {
	for i := 0x1F; i >= 0; i-- {
		if peek(memmap.Board+uint16(i)) == sq {
			return byte(i)
		}
	}
	return 0xFF
}

// twentyBooks compiles the manual's ten books and John White's ten into
// one library.
func twentyBooks(t *testing.T) *openings.Library {
	t.Helper()
	lib, err := openings.ReadLibrary(microchess.Proven, openings.LibraryDirs...)
	if err != nil {
		t.Fatal(err)
	}
	if len(lib.Records) != 20 {
		t.Fatalf("%d records, want the manual's ten books and John White's ten", len(lib.Records))
	}
	return lib
}
