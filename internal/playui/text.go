// Package playui is the person's side of mchess play: the board, the
// display and the move list drawn from the program's own memory, a plain
// line-by-line game for scripts and screen readers, and a full-screen one.
package playui

import (
	"fmt"
	"strings"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
)

var letters = map[chess.PieceType]string{chess.King: "K", chess.Queen: "Q", chess.Rook: "R",
	chess.Bishop: "B", chess.Knight: "N", chess.Pawn: "P"}

// Board draws the program's board, read from its memory (0050–006F), from
// the person's side: White's men in capitals, Black's in small letters,
// the squares of the last move in brackets. Files and ranks are named as
// in chess below and to the left, and as the program's octal squares
// above and to the right (rank from the program's end, file from the
// person's left), for typing moves the manual's way.
func Board(p *microchess.Play) string {
	board, err := p.S.Position(p.Computer())
	if err != nil {
		return "the program's board is no chess position: " + err.Error() + "\n"
	}
	from, to := lastMove(p)
	return drawBoard(board, p.Opt.Player, from, to)
}

// drawBoard draws a board from player's side (see Board).
func drawBoard(board map[chess.Square]chess.Piece, player chess.Color, from, to chess.Square) string {
	computer := player.Other()
	files, ranks := []int{0, 1, 2, 3, 4, 5, 6, 7}, []int{7, 6, 5, 4, 3, 2, 1, 0}
	if player == chess.Black {
		files, ranks = []int{7, 6, 5, 4, 3, 2, 1, 0}, []int{0, 1, 2, 3, 4, 5, 6, 7}
	}
	var b strings.Builder
	b.WriteString("    ")
	for i := range files {
		fmt.Fprintf(&b, " %d ", i) // octal file: the person's left is 0
	}
	b.WriteString("\n")
	for _, r := range ranks {
		fmt.Fprintf(&b, " %d  ", r+1)
		for _, f := range files {
			sq := chess.NewSquare(chess.File(f), chess.Rank(r))
			cell := "."
			if (f+r)%2 == 1 {
				cell = " "
			}
			if pc, ok := board[sq]; ok && pc != chess.NoPiece {
				cell = letters[pc.Type()]
				if pc.Color() == chess.Black {
					cell = strings.ToLower(cell)
				}
			}
			if sq == from || sq == to {
				fmt.Fprintf(&b, "[%s]", cell)
			} else {
				fmt.Fprintf(&b, " %s ", cell)
			}
		}
		fmt.Fprintf(&b, "  %d\n", microchess.Code(chess.NewSquare(chess.File(files[0]), chess.Rank(r)), computer)>>4)
	}
	b.WriteString("    ")
	for _, f := range files {
		fmt.Fprintf(&b, " %c ", 'a'+f)
	}
	b.WriteString("\n")
	return b.String()
}

// lastMove is the last move's squares, or NoSquare.
func lastMove(p *microchess.Play) (from, to chess.Square) {
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
func Display(p *microchess.Play) string {
	d := p.S.M.Display
	return fmt.Sprintf("%02X %02X %02X", d[0], d[1], d[2])
}

// Status says who is to move or how the game ended, and what is playing.
func Status(p *microchess.Play) string {
	turn := "you to move (" + p.Opt.Player.Name() + ")"
	switch {
	case p.Over():
		turn = "game over: " + p.End
	case p.ComputerToMove():
		turn = "the program to move (" + p.Computer().Name() + ")"
	}
	book := "book: the program's own"
	switch {
	case p.Opt.BookOff:
		book = "book: off"
	case p.Opt.Book != "":
		book = "book: " + p.Opt.Book
	}
	return fmt.Sprintf("%s\n%s, level %s, %s", turn, p.Opt.Program, p.Opt.Level.Name, book)
}

// Moves lists the game in SAN, a line a move number, with each program
// move's display, cycles and time on a 1 MHz KIM-1.
func Moves(p *microchess.Play) []string {
	var out []string
	for i, ply := range p.Plies {
		text := ply.SAN
		if ply.Computer {
			text = fmt.Sprintf("%-8s %v %11s cycles %6.1f s", ply.SAN, ply.Display, thousands(ply.Display.Cycles), float64(ply.Display.Cycles)/1e6)
			if ply.Illegal != "" {
				text += "  ILLEGAL: " + ply.Illegal
			}
		}
		if plyWhite(p, i) {
			out = append(out, fmt.Sprintf("%3d. %s", moveNumber(p, i), text))
		} else {
			out = append(out, fmt.Sprintf("%3d... %s", moveNumber(p, i), text))
		}
	}
	return out
}

// plyWhite tells whether ply i of the game was White's.
func plyWhite(p *microchess.Play, i int) bool {
	first := chess.White
	if p.Opt.FEN != "" && strings.Fields(p.Opt.FEN)[1] == "b" {
		first = chess.Black
	}
	return (i%2 == 0) == (first == chess.White)
}

func moveNumber(p *microchess.Play, i int) int {
	if !plyWhite(p, 0) {
		i++
	}
	return i/2 + 1
}

func thousands(n uint64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
