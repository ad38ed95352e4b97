package openings

import (
	"fmt"
	"io"
	"strings"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/memmap"
)

// Format writes the book as an opening file annotated with its block: each
// computer move with its expected reply, the bytes they occupy, what the
// display shows and what the player keys. Compiling the text gives the
// same block.
func Format(w io.Writer, b *Book) error {
	return format(w, b, nil)
}

// FormatDecoded is Format for a block read back, with where and why the
// reading stopped and any bytes GO would never read.
func FormatDecoded(w io.Writer, d *Decoded) error {
	return format(w, &d.Book, d)
}

func format(w io.Writer, b *Book, d *Decoded) error {
	var out strings.Builder
	name := b.Opening
	if name == "" {
		name = "unnamed"
	}
	fmt.Fprintf(&out, "; MicroChess opening block %04X–%04X: % X\n", memmap.BookStart, memmap.BookStart+memmap.BookSize-1, b.Block[:])
	fmt.Fprintf(&out, "Opening:  %s\nComputer: %s\nTape:     %02X\n\n", name, ColorName(b.Computer), b.Tape)
	at := memmap.BookSize - 1
	plies := b.Plies
	if b.Computer == chess.White {
		fmt.Fprintf(&out, "; %02X = %02X: the display after C\n", at+memmap.BookStart, b.Block[at])
	} else if len(plies) > 0 && !plies[0].Computer {
		p := plies[0]
		line(&out, moveText(p, true), fmt.Sprintf("%02X = %02X: the player's first move, %s", at+memmap.BookStart, b.Block[at], keys(p)))
		plies = plies[1:]
	}
	at--
	for i := 0; i < len(plies); i++ {
		c := plies[i]
		if !c.Computer {
			line(&out, moveText(c, true), "not stored: the book has ended")
			continue
		}
		text := moveText(c, true)
		what := fmt.Sprintf("%s %02X-%02X", memmap.Pieces[c.Piece], c.From, c.To)
		if c.Castles {
			what += fmt.Sprintf(" castles: key its rook %02X-%02X", c.RookFrom, c.RookTo)
		}
		var reply *Ply
		if i+1 < len(plies) {
			reply = &plies[i+1]
			i++
			text += " " + moveText(*reply, false)
		}
		switch {
		case reply != nil && reply.Stored:
			what += "; reply " + keys(*reply)
			if len(reply.Also) > 0 {
				what += " (" + strings.Join(reply.Also, ", ") + " would also fit)"
			}
		case reply != nil:
			what += "; end of book (" + reply.SAN + " not stored)"
		default:
			what += "; end of book"
		}
		if at >= 2 {
			what = fmt.Sprintf("%02X %02X %02X = %02X %02X %02X: ", at+memmap.BookStart, at-1+memmap.BookStart, at-2+memmap.BookStart,
				b.Block[at], b.Block[at-1], b.Block[at-2]) + what
		}
		line(&out, text, what)
		at -= 3
	}
	if d != nil {
		if d.Problem != "" {
			fmt.Fprintf(&out, "; stopped: %s\n", d.Problem)
			for j := d.At; j >= 0; j-- {
				fmt.Fprintf(&out, ";   %04X %02X\n", Addr(j), b.Block[j])
			}
		} else if d.Unused > 0 {
			fmt.Fprintf(&out, "; %d bytes below the end marker at %04X are not 99 (GO never reads them)\n", d.Unused, Addr(d.At))
		}
	}
	_, err := io.WriteString(w, out.String())
	return err
}

// moveText numbers a move as a PGN reader expects it: "1. e4", "1... e5"
// when Black's move starts the text, bare when it follows White's.
func moveText(p Ply, first bool) string {
	switch {
	case p.Color == chess.White:
		return fmt.Sprintf("%d. %s", p.Number, p.SAN)
	case first:
		return fmt.Sprintf("%d... %s", p.Number, p.SAN)
	}
	return p.SAN
}

// keys is what the player enters for a move (see Ply.Keys).
func keys(p Ply) string {
	var s []string
	for _, k := range p.Keys() {
		s = append(s, fmt.Sprintf("%02X-%02X", k[0], k[1]))
	}
	return strings.Join(s, " then ")
}

func line(out *strings.Builder, text, comment string) {
	fmt.Fprintf(out, "%-20s ; %s\n", text, comment)
}
