package openings

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/memmap"
)

// Asm is the library's tables as a source in the 1977 dialect: a +++ line
// with origin (an operand expression, such as LIBTAB), the count, then
// each record under its label (OPN12W), a .BYTE line for its ID, side and
// plies and one for each ply, commented with the move and its man.
func (l *Library) Asm(origin string) string {
	var out strings.Builder
	fmt.Fprintf(&out, "+++\t%s\n", origin)
	for _, c := range []string{
		fmt.Sprintf("OPENING LIBRARY TABLES: %s, %d BYTES, WRITTEN", openingsText(len(l.Records)), len(l.Bytes())),
		"BY MCHESS OPENING LIBRARY FROM THE BOOKS (DOCS/OPENING-LIBRARY.MD).",
		"THE COUNT, THEN EACH OPENING: ITS ID (BCD, KEYED AFTER AD), SIDE",
		"(00 THE COMPUTER WHITE, 01 BLACK), PLIES, AND 2 BYTES A PLY FROM",
		"WHITE'S FIRST MOVE: THE COMPUTER'S MAN AND TO SQUARE; THE LAST",
		"FROM AND TO THE PLAYER KEYS (A CASTLING'S ROOK, AN EN PASSANT'S",
		"STEP FORWARD). SQUARES FROM THE COMPUTER'S SIDE, AS IN A BLOCK.",
	} {
		fmt.Fprintf(&out, ";\t%s\n", c)
	}
	fmt.Fprintf(&out, "\t.BYTE\t%02X\t; %s\n", len(l.Records), openingsText(len(l.Records)))
	for i := range l.Records {
		r := &l.Records[i]
		about := fmt.Sprintf("%02X", r.ID)
		if r.Opening != "" {
			about += " " + strings.ToUpper(r.Opening)
		}
		about += fmt.Sprintf(", THE COMPUTER %s, %d PLIES, %d BYTES", strings.ToUpper(ColorName(r.Computer)), len(r.Plies), len(r.Bytes()))
		if r.File != "" {
			about += " (" + filepath.Base(r.File) + ")"
		}
		fmt.Fprintf(&out, ";\n%s\t.BYTE\t%02X %02X %02X\t; %s\n", r.Label(), r.ID, r.Side(), len(r.Plies), about)
		for _, p := range r.Plies {
			pair := p.LibraryPair()
			fmt.Fprintf(&out, "\t.BYTE\t%02X %02X\t; %s\n", pair[0], pair[1], plyComment(p))
		}
	}
	return out.String()
}

func openingsText(n int) string {
	if n == 1 {
		return "1 OPENING"
	}
	return fmt.Sprintf("%d OPENINGS", n)
}

// plyComment says what a ply's two bytes are: the move, its man, its
// squares, and for the player what is keyed and which pair is kept.
func plyComment(p Ply) string {
	text := moveText(p, true) + ": "
	name := "?"
	if p.Piece >= 0 && p.Piece < len(memmap.Pieces) {
		name = memmap.Pieces[p.Piece]
	}
	if p.Computer {
		text += fmt.Sprintf("%s %02X-%02X", name, p.From, p.To)
		if p.Castles {
			text += fmt.Sprintf(", CASTLING: THE PLAYER KEYS ITS ROOK %02X-%02X", p.RookFrom, p.RookTo)
		}
		return text
	}
	keys := p.Keys()
	switch {
	case p.Castles:
		rook := "KR"
		if p.Move.HasTag(chess.QueenSideCastle) {
			rook = "QR"
		}
		return text + fmt.Sprintf("KEYED %02X-%02X (%s) THEN %02X-%02X (%s): THE ROOK'S PAIR", keys[0][0], keys[0][1], name, keys[1][0], keys[1][1], rook)
	case len(keys) > 1:
		return text + fmt.Sprintf("KEYED %02X-%02X (%s) THEN %02X-%02X, EN PASSANT: THE STEP FORWARD", keys[0][0], keys[0][1], name, keys[1][0], keys[1][1])
	}
	return text + fmt.Sprintf("KEYED %02X-%02X (%s)", p.From, p.To, name)
}

// FormatLibrary prints each record as an opening book: a comment with its
// place and bytes, the headers (Tape: the ID less 10 for IDs from 11, as
// the manual's books are numbered; none below, where the ID is the number
// a book's file name starts with), and the line in SAN, each move with its
// bytes. Each record's text compiles back to the same record.
func FormatLibrary(w io.Writer, l *Library) error {
	var out strings.Builder
	for i := range l.Records {
		r := &l.Records[i]
		if i > 0 {
			out.WriteString("\n")
		}
		if r.Count > len(r.Plies) {
			fmt.Fprintf(&out, "; library record %d of %d: ID %02X, the computer %s, %d plies, of which %d read\n", i+1, len(l.Records), r.ID, ColorName(r.Computer), r.Count, len(r.Plies))
		} else {
			fmt.Fprintf(&out, "; library record %d of %d: ID %02X, the computer %s, %d plies, %d bytes\n", i+1, len(l.Records), r.ID, ColorName(r.Computer), len(r.Plies), len(r.Bytes()))
			fmt.Fprintf(&out, "; % X\n", r.Bytes())
		}
		name := r.Opening
		if name == "" {
			name = "unnamed"
		}
		tape := "none"
		if v, ok := fromBCD(r.ID); ok && v > libraryTapeBase {
			tape = fmt.Sprintf("%02d", v-libraryTapeBase)
		} else {
			fmt.Fprintf(&out, "; ID %02X: as a book, its file's name starts with %02X (%02X-NAME.book)\n", r.ID, r.ID, r.ID)
		}
		if r.File != "" {
			fmt.Fprintf(&out, "; from %s\n", filepath.Base(r.File))
		}
		fmt.Fprintf(&out, "Opening:  %s\nComputer: %s\nTape:     %s\n\n", name, ColorName(r.Computer), tape)
		for k := 0; k < len(r.Plies); k += 2 {
			p := r.Plies[k]
			text := moveText(p, true)
			bytes := pairText(p)
			if k+1 < len(r.Plies) {
				q := r.Plies[k+1]
				text += " " + moveText(q, false)
				bytes += " | " + pairText(q)
			}
			line(&out, text, bytes)
		}
	}
	_, err := io.WriteString(w, out.String())
	return err
}

// pairText is a ply's bytes with what they are.
func pairText(p Ply) string {
	pair := p.LibraryPair()
	s := fmt.Sprintf("%02X %02X", pair[0], pair[1])
	switch {
	case p.Computer && p.Castles:
		return s + fmt.Sprintf(" %s to %02X, castles", memmap.Pieces[p.Piece], p.To)
	case p.Computer:
		return s + fmt.Sprintf(" %s to %02X", memmap.Pieces[p.Piece], p.To)
	case p.Castles:
		return s + " keyed, the rook's"
	case len(p.Keys()) > 1:
		return s + " keyed, the step forward"
	}
	return s + " keyed"
}
