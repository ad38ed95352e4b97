package openings_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/openings"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

// Every book is played on the emulated KIM-1 as the manual tells a player
// to: load the block over 00C0–00DB, C (then E when the computer is Black),
// key the book's replies (the rook after the computer castles, and after
// one's own king when castling), and PC for each computer move. The display
// must show the book's piece, FROM and TO squares every time, the program's
// board must match the chess library's position, and after the ninth move
// the program must leave the book.
func TestReplayEveryBook(t *testing.T) {
	for _, path := range bookFiles(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			b := compileFile(t, path)
			if err := replay(b, b.Block[:]); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// A block that is wrong anywhere must fail the replay: each byte of the
// Giuoco Piano W block is changed in turn (to a square the program could
// plausibly hold, or a piece code, or the end marker).
func TestReplayCatchesEveryWrongByte(t *testing.T) {
	t.Parallel()
	b := compileFile(t, "../src/openings/giuoco-piano-white.book")
	for i := 1; i < memmap.BookSize; i++ { // 00C0 is the end marker: nothing reads past it
		bad := b.Block
		bad[i] ^= 0x01
		if err := replay(b, bad[:]); err == nil {
			t.Errorf("%04X %02X→%02X: the replay passed", openings.Addr(i), b.Block[i], bad[i])
		}
	}
}

func replay(b *openings.Book, block []byte) error {
	s, err := loadBlock(block)
	if err != nil {
		return err
	}
	white := b.Computer == chess.White
	start := "C"
	if !white {
		start = "C E"
	}
	if err := s.Keys(start); err != nil {
		return err
	}
	pos := rules.StartingPosition() // the chess library's FEN reader shares a buffer: the guarded call
	for _, p := range b.Plies {
		if !p.Stored {
			break // the line's last reply is left to the next step
		}
		if p.Computer {
			mv, err := s.Play()
			if err != nil {
				return err
			}
			want := fmt.Sprintf("%02X %02X %02X", p.Piece, p.From, p.To)
			if mv.String() != want {
				return fmt.Errorf("%d. %s: the computer shows %v, the book says %s", p.Number, p.SAN, mv, want)
			}
			if ptr := s.M.Peek(memmap.OpenPtr); ptr&0x80 == 0 {
				return fmt.Errorf("%d. %s: 00DC = %02X, the program has left the book", p.Number, p.SAN, ptr)
			}
		}
		// The player's keys: their move, or what completes the computer's
		// (its castling rook).
		keys := p.Keys()
		if p.Computer {
			keys = keys[1:]
		}
		for _, k := range keys {
			if err := s.Enter(k[0], k[1]); err != nil {
				return err
			}
		}
		pos = pos.Update(&p.Move)
		if err := s.Matches(pos, b.Computer); err != nil {
			return fmt.Errorf("after %d. %s: %v", p.Number, p.SAN, err)
		}
	}
	// The player answers the ninth move (the line's unstored reply, or any
	// legal move) and the program must think for itself.
	var next chess.Move
	var keys [][2]byte
	if last := b.Plies[len(b.Plies)-1]; !last.Stored {
		next, keys = last.Move, last.Keys()
	} else {
		for _, m := range pos.ValidMoves() {
			if !m.HasTag(chess.KingSideCastle) && !m.HasTag(chess.QueenSideCastle) && !m.HasTag(chess.EnPassant) && m.Promo() == chess.NoPieceType {
				next = m
				keys = [][2]byte{{memmap.Code(m.S1(), b.Computer), memmap.Code(m.S2(), b.Computer)}}
				break
			}
		}
	}
	for _, k := range keys {
		if err := s.Enter(k[0], k[1]); err != nil {
			return err
		}
	}
	pos = pos.Update(&next)
	s.SetLevel(memmap.Levels[0]) // super blitz: the move itself does not matter
	mv, err := s.Play()
	if err != nil {
		return err
	}
	if ptr := s.M.Peek(memmap.OpenPtr); ptr&0x80 != 0 {
		return fmt.Errorf("after the book the pointer 00DC is still %02X (book in use)", ptr)
	}
	if !legal(pos, mv, b.Computer) {
		return fmt.Errorf("out of the book the computer shows %v, not a legal move", mv)
	}
	return nil
}

// legal checks a displayed move against the library's legal moves.
func legal(pos *chess.Position, mv session.Move, computer chess.Color) bool {
	from, to, err := mv.Squares(computer)
	if err != nil {
		return false
	}
	for _, m := range pos.ValidMoves() {
		if m.S1() == from && m.S2() == to {
			return true
		}
	}
	return false
}

// loadBlock starts the published program with the block over 00C0–00DB,
// as loading an opening tape after the main one does.
func loadBlock(block []byte) (*session.Session, error) {
	s, err := session.New(microchess.KIM(memmap.Published())...)
	if err != nil {
		return nil, err
	}
	return s, s.M.Load(kim1.Image{Name: "block", Addr: memmap.BookStart, Data: block})
}

func bookFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../src/openings/*.book")
	if err != nil || len(files) != 10 {
		t.Fatalf("want the ten books in src/openings, have %d (%v)", len(files), err)
	}
	return files
}

func compileFile(t *testing.T, path string) *openings.Book {
	t.Helper()
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b, err := openings.Compile(path, text)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
