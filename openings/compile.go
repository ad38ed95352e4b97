// Package openings turns MicroChess opening books written in chess notation
// into the 28-byte blocks the program plays from (00C0–00DB), and blocks
// back into annotated lines.
//
// The block is read downward from 00DB by GO (03A2): 00DB is the TO square
// the display must show before the computer's first move (CC after the C
// key, or the player's first move when the computer is Black); then, per
// computer move, its piece code, its TO square and the expected reply's TO
// square. A reply square that is no square (99) ends the book.
package openings

import (
	"fmt"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/diag"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

const (
	// MaxMoves is how many computer moves a block holds.
	MaxMoves = (memmap.BookSize - 1) / 3
	// End is the reply square that ends the book, and what pads a short one.
	End = 0x99
)

// Ply is one move of a book's line, with what MicroChess sees of it.
type Ply struct {
	Number   int         // full-move number
	Color    chess.Color // the side that moves
	Computer bool        // the computer's move (else the player's)
	SAN      string
	Move     chess.Move
	// From and To are the squares in MicroChess notation; for castling, the
	// king's. The computer shows Piece From To; the player keys From To F.
	From, To byte
	// Piece is the moving man's code (for either side; the block stores
	// only the computer's), Captures the taken man's, or -1.
	Piece    int
	Captures int
	// Castles marks castling; RookFrom and RookTo are the rook's part as
	// the player keys it (for the computer's castling too: the player
	// completes it).
	Castles  bool
	RookFrom byte
	RookTo   byte
	// Key is the square GO compares or plays: the TO square, or for the
	// player's castling the rook's TO square, entered last.
	Key byte
	// Stored is false for a player's move after the book's last computer
	// move: the block has 99 there, and the move is only the line's end.
	Stored bool
	// Also lists, for a decompiled reply, the other moves that end on the
	// same square and keep the rest of the block legal.
	Also []string
	Line int // where the move was written (0 when decompiled)
	Col  int
}

// Keys is what the player enters for the ply, FROM and TO then F for each
// pair: the move itself; for castling the king's move then the rook's (the
// player completes the computer's castling too); for en passant the
// sideways capture then the step forward.
func (p Ply) Keys() [][2]byte { return session.MoveKeys(&p.Move, p.computerColor()) }

func (p Ply) computerColor() chess.Color {
	if p.Computer {
		return p.Color
	}
	return p.Color.Other()
}

// Book is a compiled (or decompiled) opening.
type Book struct {
	Opening  string
	Computer chess.Color
	Tape     byte
	Plies    []Ply
	Block    [memmap.BookSize]byte // load order: Block[0] is 00C0
	// Origin says, for each byte of Block, which ply put it there (set by
	// Compile), so that a byte can be traced to its move.
	Origin [memmap.BookSize]Origin
}

// Origin is what put a block byte there: a ply (its index in Plies; -1
// for the display byte after C and the end markers) and which of its
// bytes it is.
type Origin struct {
	Ply  int
	What string
}

// Moves counts the computer's moves in the book.
func (b *Book) Moves() int {
	n := 0
	for _, p := range b.Plies {
		if p.Computer {
			n++
		}
	}
	return n
}

// Compile reads an opening file and builds its block.
func Compile(file string, text []byte) (*Book, error) {
	src, err := Parse(file, text)
	if err != nil {
		return nil, err
	}
	return src.Compile()
}

// Compile checks every move with the chess library, tracks which of the
// computer's men moves, and lays the block out.
func (src *Source) Compile() (*Book, error) {
	b, err := src.line(MaxMoves, "a block holds %d computer moves; this is the %dth")
	if err != nil {
		return nil, err
	}
	if err := b.layout(); err != nil {
		return nil, err
	}
	return b, nil
}

// line checks every move with the chess library and tracks which man
// moves, without laying anything out. It refuses the computer's move
// after the first limit (none when limit is 0) with tooMany, which is
// given limit and the move's count.
func (src *Source) line(limit int, tooMany string) (*Book, error) {
	b := &Book{Opening: src.Opening, Computer: src.Computer, Tape: src.Tape}
	arr := memmap.InitialArray(src.Computer)
	pos := rules.StartingPosition()
	computerMoves := 0
	var last Token
	for _, tok := range src.Tokens {
		last = tok
		errAt := func(format string, args ...any) error {
			var l diag.ErrorList
			l.Add(diag.At(src.File, tok.Line, tok.Col), format, args...)
			return l.Err()
		}
		number := len(b.Plies)/2 + 1 // every book starts from the initial position
		if tok.IsNumber {
			if tok.Number != number || tok.Ellipsis != (pos.Turn() == chess.Black) {
				want := fmt.Sprintf("%d.", number)
				if pos.Turn() == chess.Black {
					want = fmt.Sprintf("%d...", number)
				}
				return nil, errAt("move number %s: the next move is %s", tok.Text, want)
			}
			continue
		}
		m, err := rules.ParseSAN(pos, tok.Text)
		if err != nil {
			return nil, errAt("%v", err)
		}
		p, err := describe(pos, &m, &arr, src.Computer)
		p.Number = number
		if err != nil {
			return nil, errAt("%s: %v", tok.Text, err)
		}
		if p.Computer {
			computerMoves++
			if limit > 0 && computerMoves > limit {
				return nil, errAt("%s: "+tooMany, tok.Text, limit, computerMoves)
			}
		}
		p.Line, p.Col = tok.Line, tok.Col
		b.Plies = append(b.Plies, p)
		pos = pos.Update(&m)
	}
	if computerMoves == 0 {
		line, col := 1, 1
		if last.Line > 0 {
			line, col = last.Line, last.Col
		}
		var l diag.ErrorList
		l.Add(diag.At(src.File, line, col), "the line has no computer move: nothing to store")
		return nil, l.Err()
	}
	return b, nil
}

// describe works out what MicroChess sees of a legal move and updates the
// array of men. It refuses what the program cannot do in its opening.
func describe(pos *chess.Position, m *chess.Move, arr *memmap.Array, computer chess.Color) (Ply, error) {
	p := Ply{
		Color:    pos.Turn(),
		Computer: pos.Turn() == computer,
		SAN:      rules.SAN(pos, m),
		Move:     *m,
		From:     memmap.Code(m.S1(), computer),
		To:       memmap.Code(m.S2(), computer),
		Piece:    -1,
		Captures: -1,
	}
	p.Key = p.To
	if m.Promo() != chess.NoPieceType {
		return p, fmt.Errorf("MicroChess cannot promote a pawn by itself (the queen is set up by hand)")
	}
	if m.HasTag(chess.KingSideCastle) || m.HasTag(chess.QueenSideCastle) {
		p.Castles = true
		rookFrom, rookTo := memmap.CastlingRook(m.S2())
		p.RookFrom, p.RookTo = memmap.Code(rookFrom, computer), memmap.Code(rookTo, computer)
	}
	own, their := &arr.Computer, &arr.Player
	if !p.Computer {
		own, their = their, own
	}
	if p.Computer {
		if m.HasTag(chess.EnPassant) {
			return p, fmt.Errorf("MicroChess cannot capture en passant")
		}
	} else if p.Castles {
		// The player keys the king move, then the rook move: the rook's TO
		// square is the last one entered.
		p.Key = p.RookTo
	}
	p.Piece = memmap.Index(own, p.From)
	if p.Piece < 0 {
		return p, fmt.Errorf("internal: no man on %02X in the array", p.From)
	}
	// Keep the array as the program's own MOVE would: the mover goes to
	// its TO square and whatever stood there is captured.
	capturedOn := p.To
	if m.HasTag(chess.EnPassant) {
		// The player keys the capture sideways, then the step forward.
		capturedOn = memmap.Code(chess.NewSquare(m.S2().File(), m.S1().Rank()), computer)
	}
	if p.Captures = memmap.Index(their, capturedOn); p.Captures >= 0 {
		their[p.Captures] = memmap.Captured
	}
	if err := moveMan(own, p.From, p.To); err != nil {
		return p, err
	}
	if p.Castles {
		if err := moveMan(own, p.RookFrom, p.RookTo); err != nil {
			return p, err
		}
	}
	return p, nil
}

func moveMan(men *[16]byte, from, to byte) error {
	i := memmap.Index(men, from)
	if i < 0 {
		return fmt.Errorf("internal: no man on %02X in the array", from)
	}
	men[i] = to
	return nil
}

// layout fills the block downward from 00DB and marks the plies it
// stores.
func (b *Book) layout() error {
	for i := range b.Block {
		b.Block[i], b.Origin[i] = End, Origin{-1, "end of book"}
	}
	at := memmap.BookSize - 1
	put := func(v byte, ply int, what string) { b.Block[at], b.Origin[at] = v, Origin{ply, what}; at-- }
	first := 0
	if b.Computer == chess.White {
		put(memmap.Cleared, -1, "the display after C")
	} else {
		if b.Plies[0].Computer {
			return fmt.Errorf("internal: computer Black but White's first move is the computer's")
		}
		put(b.Plies[0].Key, 0, "the player's first move")
		b.Plies[0].Stored = true
		first = 1
	}
	for i := first; i < len(b.Plies); i++ {
		p := &b.Plies[i]
		if !p.Computer {
			continue
		}
		p.Stored = true
		put(byte(p.Piece), i, "the computer's man")
		put(p.To, i, "its TO square")
		// The expected reply is stored only if another computer move
		// follows; after the last one the slot holds End.
		if i+2 < len(b.Plies) {
			b.Plies[i+1].Stored = true
			put(b.Plies[i+1].Key, i+1, "the reply expected")
		} else {
			put(End, i, "end of book")
		}
	}
	return nil
}

// Addr is the address of block byte i.
func Addr(i int) uint16 { return uint16(memmap.BookStart + i) }
