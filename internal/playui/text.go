// Package playui is the person's side of mchess play: the board, the
// display and the move list drawn from the program's own memory, a plain
// line-by-line game for scripts and screen readers, and a full-screen one.
package playui

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
)

var letters = map[chess.PieceType]string{chess.King: "K", chess.Queen: "Q", chess.Rook: "R",
	chess.Bishop: "B", chess.Knight: "N", chess.Pawn: "P"}

// Board draws the program's board, read from its memory (0050–006F), from
// the person's side: White's men in capitals, Black's in small letters,
// the squares of the last move in brackets. Files and ranks are named as
// in chess below and to the left, and as the program's octal squares
// above and to the right (rank from the program's end, file from the
// person's left), for typing moves the manual's way.
func Board(p *session.Play) string { return BoardFrom(p, p.Opt.Player, Style{}) }

// BoardFrom draws the program's board as Board does, from side's end (the
// person's unless flipped), in a style.
func BoardFrom(p *session.Play, side chess.Color, style Style) string {
	board, err := p.S.Position(p.Computer())
	if err != nil {
		return "the program's board is no chess position: " + err.Error() + "\n"
	}
	from, to := lastMove(p)
	return drawBoard(board, side, p.Computer(), from, to, style)
}

// drawBoard draws a board from side's end (see Board), the octal squares
// the computer's.
func drawBoard(board map[chess.Square]chess.Piece, side, computer chess.Color, from, to chess.Square, style Style) string {
	files, ranks := []int{0, 1, 2, 3, 4, 5, 6, 7}, []int{7, 6, 5, 4, 3, 2, 1, 0}
	if side == chess.Black {
		files, ranks = []int{7, 6, 5, 4, 3, 2, 1, 0}, []int{0, 1, 2, 3, 4, 5, 6, 7}
	}
	// The octal files count from the computer's right (the person's left
	// when the board is not flipped).
	octal := []int{0, 1, 2, 3, 4, 5, 6, 7}
	if side == computer {
		octal = []int{7, 6, 5, 4, 3, 2, 1, 0}
	}
	var b strings.Builder
	b.WriteString("    ")
	for _, i := range octal {
		fmt.Fprintf(&b, " %d ", i)
	}
	b.WriteString("\n")
	for _, r := range ranks {
		fmt.Fprintf(&b, " %d  ", r+1)
		for _, f := range files {
			sq := chess.NewSquare(chess.File(f), chess.Rank(r))
			pc, ok := board[sq]
			if !ok {
				pc = chess.NoPiece
			}
			b.WriteString(style.cell(pc, (f+r)%2 == 1, sq == from || sq == to))
		}
		fmt.Fprintf(&b, "  %d\n", memmap.Code(chess.NewSquare(chess.File(files[0]), chess.Rank(r)), computer)>>4)
	}
	b.WriteString("    ")
	for _, f := range files {
		fmt.Fprintf(&b, " %c ", 'a'+f)
	}
	b.WriteString("\n")
	return b.String()
}

// lastMove is the last move's squares, or NoSquare.
func lastMove(p *session.Play) (from, to chess.Square) {
	if n := len(p.Plies); n > 0 {
		u := p.Plies[n-1].UCI
		if len(u) >= 4 {
			return square(u[0:2]), square(u[2:4])
		}
	}
	return chess.NoSquare, chess.NoSquare
}

func square(s string) chess.Square {
	return chess.NewSquare(chess.File(s[0]-'a'), chess.Rank(s[1]-'1'))
}

// Display is the KIM-1's six digits as the program last showed them.
func Display(p *session.Play) string {
	d := p.S.M.Display
	return fmt.Sprintf("%02X %02X %02X", d[0], d[1], d[2])
}

// Status says who is to move or how the game ended, and what is playing.
func Status(p *session.Play) string {
	return Turn(p) + "\n" + Header(p)
}

// Turn says who is to move, or how the game ended.
func Turn(p *session.Play) string {
	switch {
	case p.Over():
		return "game over: " + p.End
	case p.ComputerToMove():
		return "the program to move (" + p.Computer().Name() + ")"
	}
	return "you to move (" + p.Opt.Player.Name() + ")"
}

// Header is what is playing: the program, its level, its book (and
// whether it applies: Play.BookText), and whether the program has left
// its book: .OMOVE is negative while the book is followed (the 1977 GO;
// Stone's list and the library keep their own state). Read from the
// program's memory: not while it thinks.
func Header(p *session.Play) string {
	book := p.BookText()
	if !p.Opt.BookOff && !p.Opt.Plan && p.Opt.Library == nil && !strings.HasPrefix(book, "none") && p.S.M.Peek(memmap.OpenPtr)&0x80 == 0 {
		book += ", no longer followed"
	}
	return fmt.Sprintf("%s, level %s, book: %s", p.Opt.Program, p.Opt.Level.Name, book)
}

// MovesHeader heads the columns of Moves.
var MovesHeader = fmt.Sprintf("%-14s %-8s %11s %7s", "move", "display", "cycles", "KIM-1")

// Moves lists the game in SAN, a line a ply, numbered from the start
// position's move number, with each program move's display, cycles and
// time on a 1 MHz KIM-1 (the columns of MovesHeader); 43 characters at
// most but for an illegal move's reason, on the next line.
func Moves(p *session.Play) []string {
	var out []string
	number, white := firstMove(p)
	for _, ply := range p.Plies {
		num := fmt.Sprintf("%3d.", number)
		if !white {
			num = fmt.Sprintf("%3d...", number)
		}
		text := fmt.Sprintf("%-6s %s", num, ply.SAN)
		if ply.Computer {
			text = fmt.Sprintf("%-6s %-7s %v %11s %5.1f s", num, ply.SAN, ply.Display, thousands(ply.Display.Cycles), float64(ply.Display.Cycles)/1e6)
		}
		out = append(out, text)
		if ply.Illegal != "" {
			out = append(out, "       ILLEGAL: "+ply.Illegal)
		}
		if !white {
			number++
		}
		white = !white
	}
	return out
}

// firstMove is the number of the game's first move and whether White
// makes it: the FEN's, if the game starts from one.
func firstMove(p *session.Play) (number int, white bool) {
	number, white = 1, true
	if f := strings.Fields(p.Opt.FEN); len(f) == 6 {
		white = f[1] != "b"
		if n, err := strconv.Atoi(f[5]); err == nil && n > 0 {
			number = n
		}
	}
	return number, white
}

func thousands(n uint64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
