package openings

import (
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/diag"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

// A library holds many books at once, for the KIM-1 with expansion RAM
// (src/extended/library.asm searches it with John White's method). Its
// tables (docs/opening-library.md, "The library tables") are
//
//	count                 1 byte: N, the number of openings (binary, 1–255)
//	N records, back to back, each:
//	  id                  1 byte, BCD 01–99: the number keyed after AD
//	  side                00 the computer plays White, 01 Black
//	  plies               P, binary, 1–126
//	  P plies of 2 bytes, from White's first move, alternating sides:
//	    the computer's    its piece code and TO square, as a block stores it
//	                      (castling: the king's move, piece 0)
//	    the player's      the last pair of squares the player keys: FROM TO
//	                      of a normal move, the rook's move of a castling,
//	                      the step forward of an en passant capture
//
// sorted by id, White before Black. Squares are the program's, from the
// computer's side, as in a block.

const (
	// LibraryMaxPlies is the most plies a record holds: the library
	// program steps over a record by 3 + 2×P in one byte.
	LibraryMaxPlies = 126
	// LibraryMaxRecords is the most records a count byte holds (the
	// program counts them down to zero, so there is at least one).
	LibraryMaxRecords = 255
	// libraryTapeBase is added to a tape ID to give a library ID: the
	// manual's openings, tapes 01–05, are 11–15.
	libraryTapeBase = 10
)

// LibraryRecord is one opening of a library.
type LibraryRecord struct {
	ID       byte // BCD, 01–99: what the player keys after AD
	Computer chess.Color
	// Opening and File are the book's name and file; "" when decoded
	// (Library.NameFrom can find them).
	Opening string
	File    string
	Plies   []Ply
	// Count is, for a decoded record, the ply count its header gives: more
	// than len(Plies) when DecodeLibrary stopped in the record.
	Count int
}

// Library is the records in table order.
type Library struct {
	Records []LibraryRecord
}

// Side is the record's side byte: 00 the computer White, 01 Black.
func (r *LibraryRecord) Side() byte {
	if r.Computer == chess.Black {
		return 1
	}
	return 0
}

// Label names the record in the tables' source: OPN, the ID, W or B.
func (r *LibraryRecord) Label() string {
	return fmt.Sprintf("OPN%02X%c", r.ID, strings.ToUpper(ColorName(r.Computer))[0])
}

// Bytes is the record as the tables hold it.
func (r *LibraryRecord) Bytes() []byte {
	out := []byte{r.ID, r.Side(), byte(len(r.Plies))}
	for _, p := range r.Plies {
		pair := p.LibraryPair()
		out = append(out, pair[0], pair[1])
	}
	return out
}

// LibraryPair is the ply's two bytes in a library record: the computer's
// piece code and TO square; the player's last pair of squares keyed (see
// Keys: the move itself, the rook's part of a castling, the step forward
// of an en passant capture).
func (p Ply) LibraryPair() [2]byte {
	if p.Computer {
		return [2]byte{byte(p.Piece), p.To}
	}
	k := p.Keys()
	return k[len(k)-1]
}

// Bytes is the library's tables: the count, then the records.
func (l *Library) Bytes() []byte {
	out := []byte{byte(len(l.Records))}
	for i := range l.Records {
		out = append(out, l.Records[i].Bytes()...)
	}
	return out
}

// LibraryID is the ID a book takes in a library: a book with a tape ID
// (the manual's, 01–05) is 10 + that ID, read as decimal digits (11–15);
// one with "Tape: none" (John White's) the number its file's name starts
// with (01-sicilian-rauzer.book is 01). IDs are BCD, 01–99, because the
// player keys them on the keypad's digits.
func LibraryID(src *Source) (byte, error) {
	pos := src.HeaderPos["Tape"]
	if pos.File == "" {
		pos = diag.At(src.File, 1, 1)
	}
	fail := func(format string, args ...any) (byte, error) {
		var l diag.ErrorList
		l.Add(pos, format, args...)
		return 0, l.Err()
	}
	if src.Tape != NoTape {
		t, ok := fromBCD(src.Tape)
		if !ok || t+libraryTapeBase > 99 {
			return fail("tape %02X: a library ID is 10 + the tape ID, which must be decimal digits 01–89", src.Tape)
		}
		return toBCD(t + libraryTapeBase), nil
	}
	base := filepath.Base(src.File)
	n := 0
	for n < len(base) && base[n] >= '0' && base[n] <= '9' {
		n++
	}
	if n != 2 || base[:2] == "00" {
		return fail("Tape: none: the library ID is then the number 01–99 the file's name starts with (01-sicilian-rauzer.book), and %s has none", quoteName(base))
	}
	return (base[0]-'0')<<4 | (base[1] - '0'), nil
}

func quoteName(s string) string {
	if s == "" || strings.ContainsAny(s, " \t\"") {
		return fmt.Sprintf("%q", s)
	}
	return s
}

// fromBCD reads a BCD byte; ok is false if a digit is not decimal.
func fromBCD(b byte) (int, bool) {
	hi, lo := b>>4, b&0x0F
	if hi > 9 || lo > 9 {
		return 0, false
	}
	return int(hi)*10 + int(lo), true
}

func toBCD(n int) byte { return byte(n/10)<<4 | byte(n%10) }

// CompileLibrary compiles parsed books into a library: each book's line is
// checked and its men followed as Compile does (a library record is not
// bound to a block's nine computer moves, only to LibraryMaxPlies plies),
// and takes the ID LibraryID gives it. Every error of every book is
// returned, as file:line:col.
func CompileLibrary(books ...*Source) (*Library, error) {
	if len(books) == 0 {
		return nil, errors.New("no books: a library holds at least one opening")
	}
	var errs diag.ErrorList
	lib := &Library{}
	for _, src := range books {
		r, err := compileRecord(src)
		if l, ok := err.(diag.ErrorList); ok {
			errs = append(errs, l...)
		} else if err != nil {
			errs.Add(diag.At(src.File, 1, 1), "%v", err)
		}
		if err == nil {
			lib.Records = append(lib.Records, *r)
		}
	}
	if len(lib.Records) > LibraryMaxRecords {
		errs.Add(diag.At(books[len(books)-1].File, 1, 1), "%d books: a library holds at most %d", len(lib.Records), LibraryMaxRecords)
	}
	sort.SliceStable(lib.Records, func(i, j int) bool { return lib.Records[i].less(&lib.Records[j]) })
	byFile := map[string]*Source{}
	for _, src := range books {
		byFile[src.File] = src
	}
	for i := 1; i < len(lib.Records); i++ {
		a, b := &lib.Records[i-1], &lib.Records[i]
		if a.ID == b.ID && a.Computer == b.Computer {
			pos := byFile[b.File].HeaderPos["Tape"]
			if pos.File == "" {
				pos = diag.At(b.File, 1, 1)
			}
			errs.Add(pos, "library ID %02X with the computer %s is also %s's: the keypad could choose only one", b.ID, ColorName(b.Computer), a.File)
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return lib, nil
}

func (r *LibraryRecord) less(o *LibraryRecord) bool {
	return r.ID < o.ID || r.ID == o.ID && r.Side() < o.Side()
}

// compileRecord checks one book for the library.
func compileRecord(src *Source) (*LibraryRecord, error) {
	b, err := src.line(0, "")
	if err != nil {
		return nil, err
	}
	errAt := func(p Ply, format string, args ...any) error {
		var l diag.ErrorList
		l.Add(diag.At(src.File, p.Line, p.Col), format, args...)
		return l.Err()
	}
	if len(b.Plies) > LibraryMaxPlies {
		p := b.Plies[LibraryMaxPlies]
		return nil, errAt(p, "%s: a library record holds %d plies; this is the %dth", p.SAN, LibraryMaxPlies, LibraryMaxPlies+1)
	}
	id, err := LibraryID(src)
	if err != nil {
		return nil, err
	}
	// A player's castling is stored as its rook's move, which a rook may
	// also make alone: the table must say the book's move.
	pos := rules.StartingPosition()
	for _, p := range b.Plies {
		if !p.Computer {
			m := playerMove(pos, p.LibraryPair(), src.Computer)
			if m == nil || m.S1() != p.Move.S1() || m.S2() != p.Move.S2() {
				pair := p.LibraryPair()
				other := "another move"
				if m != nil {
					other = rules.SAN(pos, m)
				}
				return nil, errAt(p, "%s: stored as %02X %02X, which reads as %s (a castling is stored as its rook's move): the library cannot hold this move here", p.SAN, pair[0], pair[1], other)
			}
		}
		pos = pos.Update(&p.Move)
	}
	return &LibraryRecord{ID: id, Computer: src.Computer, Opening: src.Opening, File: src.File, Plies: b.Plies}, nil
}

// playerMove is the legal move of the player's whose last keyed pair is
// pair: a castling before a rook's move keyed the same (the rook's part
// of the castling is its pair). Promotions are not stored.
func playerMove(pos *chess.Position, pair [2]byte, computer chess.Color) *chess.Move {
	var found *chess.Move
	for _, m := range pos.ValidMoves() {
		if m.Promo() != chess.NoPieceType {
			continue
		}
		k := session.MoveKeys(&m, computer)
		if k[len(k)-1] != pair {
			continue
		}
		castles := m.HasTag(chess.KingSideCastle) || m.HasTag(chess.QueenSideCastle)
		if found == nil || castles {
			found = &m
		}
	}
	return found
}

// computerMove is the legal move of the computer's man code to the square
// to, as a block's move is read.
func computerMove(pos *chess.Position, arr *memmap.Array, computer chess.Color, code, to byte) (*chess.Move, error) {
	if code > 0x0F {
		return nil, fmt.Errorf("%02X is not a piece code (00–0F)", code)
	}
	from := arr.Computer[code]
	if from == memmap.Captured {
		return nil, fmt.Errorf("the computer's %s has been captured", memmap.Pieces[code])
	}
	fromSq, _ := memmap.SquareOf(from, computer)
	toSq, ok := memmap.SquareOf(to, computer)
	if !ok {
		return nil, fmt.Errorf("%02X is not a square", to)
	}
	for _, m := range pos.ValidMoves() {
		if m.S1() == fromSq && m.S2() == toSq && m.Promo() == chess.NoPieceType {
			return &m, nil
		}
	}
	return nil, fmt.Errorf("%s %02X-%02X (%s-%s) is not a legal move", memmap.Pieces[code], from, to, fromSq, toSq)
}

// DecodeLibrary reads tables back into records, replaying each record's
// plies as chess from the initial position. Any byte it cannot read (the
// tables cut short, a count, ID, side or ply count out of range, a ply
// that is no legal move, records out of order, bytes after the last
// record) is an error naming its offset; the records read until then are
// returned with it, the last one perhaps in part.
func DecodeLibrary(b []byte) (*Library, error) {
	lib := &Library{}
	if len(b) == 0 {
		return lib, fmt.Errorf("offset 0000: the tables are empty: they start with the count of openings")
	}
	n := int(b[0])
	if n == 0 {
		return lib, fmt.Errorf("offset 0000: the count is 00: a library holds at least one opening")
	}
	at := 1
	for i := 0; i < n; i++ {
		what := fmt.Sprintf("record %d of %d", i+1, n)
		if len(b)-at < 3 {
			return lib, fmt.Errorf("offset %04X: %s: the tables end (%d bytes) before its ID, side and ply count", at, what, len(b))
		}
		id, side, plies := b[at], b[at+1], int(b[at+2])
		if v, ok := fromBCD(id); !ok || v == 0 {
			return lib, fmt.Errorf("offset %04X: %s: ID %02X is not a number 01–99 in BCD", at, what, id)
		}
		what = fmt.Sprintf("record %d of %d (ID %02X)", i+1, n, id)
		if side > 1 {
			return lib, fmt.Errorf("offset %04X: %s: side %02X: want 00 (the computer White) or 01 (Black)", at+1, what, side)
		}
		if plies == 0 || plies > LibraryMaxPlies {
			return lib, fmt.Errorf("offset %04X: %s: %d plies: want 1–%d", at+2, what, plies, LibraryMaxPlies)
		}
		if need := 3 + 2*plies; len(b)-at < need {
			return lib, fmt.Errorf("offset %04X: %s: %d plies need %d bytes, the tables have %d left", at, what, plies, need, len(b)-at)
		}
		r := LibraryRecord{ID: id, Computer: chess.White, Count: plies}
		if side == 1 {
			r.Computer = chess.Black
		}
		what = fmt.Sprintf("record %d of %d (ID %02X, the computer %s)", i+1, n, id, ColorName(r.Computer))
		if k := len(lib.Records); k > 0 && !lib.Records[k-1].less(&r) {
			prev := &lib.Records[k-1]
			return lib, fmt.Errorf("offset %04X: %s: after ID %02X with the computer %s: records are sorted by ID, White before Black, each once", at, what, prev.ID, ColorName(prev.Computer))
		}
		err := r.replay(b[at+3:at+3+2*plies], at+3, what)
		lib.Records = append(lib.Records, r)
		if err != nil {
			return lib, err
		}
		at += 3 + 2*plies
	}
	if at != len(b) {
		return lib, fmt.Errorf("offset %04X: %d byte(s) after the last of the %d records", at, len(b)-at, n)
	}
	return lib, nil
}

// initialArrays are the arrays after C and after C E, read once: the
// decoder starts every record from one.
var initialArrays = sync.OnceValue(func() [2]memmap.Array {
	return [2]memmap.Array{memmap.InitialArray(chess.White), memmap.InitialArray(chess.Black)}
})

// replay reads a record's plies (at offset off of the tables) as chess.
func (r *LibraryRecord) replay(plies []byte, off int, what string) error {
	pos := rules.StartingPosition()
	arr := initialArrays()[r.Side()]
	computerMoves := 0
	for k := 0; k < len(plies)/2; k++ {
		a, b := plies[2*k], plies[2*k+1]
		color := chess.White
		if k%2 == 1 {
			color = chess.Black
		}
		mine := color == r.Computer
		whose := "the player's"
		if mine {
			whose = "the computer's"
		}
		fail := func(format string, args ...any) error {
			return fmt.Errorf("offset %04X: %s, ply %d (move %d, %s %s): %s", off+2*k, what, k+1, k/2+1, color.Name(), whose, fmt.Sprintf(format, args...))
		}
		var m *chess.Move
		if mine {
			var err error
			if m, err = computerMove(pos, &arr, r.Computer, a, b); err != nil {
				return fail("%v", err)
			}
			computerMoves++
		} else {
			for _, sq := range []byte{a, b} {
				if _, ok := memmap.SquareOf(sq, r.Computer); !ok {
					return fail("%02X is not a square", sq)
				}
			}
			if m = playerMove(pos, [2]byte{a, b}, r.Computer); m == nil {
				return fail("no legal move of the player's is keyed ending %02X-%02X", a, b)
			}
		}
		p, err := describe(pos, m, &arr, r.Computer)
		if err != nil {
			return fail("%s: %v", p.SAN, err)
		}
		p.Number = k/2 + 1
		r.Plies = append(r.Plies, p)
		pos = pos.Update(m)
	}
	if computerMoves == 0 {
		return fmt.Errorf("offset %04X: %s: no computer move: the record has nothing to play", off, what)
	}
	return nil
}

// NameFrom gives each record of l the opening name and file of the record
// of books with the same bytes, where there is one.
func (l *Library) NameFrom(books *Library) {
	for i := range l.Records {
		r := &l.Records[i]
		for j := range books.Records {
			o := &books.Records[j]
			if string(o.Bytes()) == string(r.Bytes()) {
				r.Opening, r.File = o.Opening, o.File
				break
			}
		}
	}
}
