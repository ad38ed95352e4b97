package playui

import (
	"strings"

	"github.com/corentings/chess/v2"
)

// Style is how the full-screen board is drawn: chess pieces as Unicode
// figures, and squares and men in colour.
type Style struct {
	Unicode bool
	Color   bool
}

// StyleFor picks the style a terminal supports, from its environment
// (getenv): colour unless NO_COLOR is set (no-color.org: any value) or
// TERM is dumb; Unicode figures when the locale is UTF-8 and the terminal
// is not the Linux console (whose font lacks them); ascii (--ascii) asks
// for letters whatever the terminal. Bubble Tea also brings the colours
// down to what the terminal has (NO_COLOR: none).
func StyleFor(getenv func(string) string, ascii bool) Style {
	term := getenv("TERM")
	s := Style{Color: getenv("NO_COLOR") == "" && term != "dumb" && term != ""}
	locale := getenv("LC_ALL")
	if locale == "" {
		locale = getenv("LC_CTYPE")
	}
	if locale == "" {
		locale = getenv("LANG")
	}
	l := strings.ToLower(locale)
	s.Unicode = !ascii && (strings.Contains(l, "utf-8") || strings.Contains(l, "utf8")) && term != "linux" && term != "dumb"
	return s
}

// figures are the Unicode chess symbols: outlined for White, solid for
// Black when there is no colour to tell them apart.
var figures = map[chess.Piece]string{
	chess.WhiteKing: "♔", chess.WhiteQueen: "♕", chess.WhiteRook: "♖", chess.WhiteBishop: "♗", chess.WhiteKnight: "♘", chess.WhitePawn: "♙",
	chess.BlackKing: "♚", chess.BlackQueen: "♛", chess.BlackRook: "♜", chess.BlackBishop: "♝", chess.BlackKnight: "♞", chess.BlackPawn: "♟",
}

// ANSI SGR colours (256-colour palette) of the coloured board: light and
// dark squares, the last move's squares, white and black men.
const (
	sgrLight     = "48;5;180"
	sgrDark      = "48;5;137"
	sgrLastLight = "48;5;186"
	sgrLastDark  = "48;5;143"
	sgrWhiteMan  = "1;38;5;231"
	sgrBlackMan  = "1;38;5;16"
)

// cell draws one square three characters wide: the man (or nothing), the
// last move's squares marked by brackets or, in colour, by their shade.
func (s Style) cell(pc chess.Piece, light, last bool) string {
	man := " "
	if pc != chess.NoPiece {
		man = letters[pc.Type()]
		if pc.Color() == chess.Black {
			man = strings.ToLower(man)
		}
		if s.Unicode {
			man = figures[pc]
			if s.Color { // the solid figures, coloured, read best
				man = figures[chess.NewPiece(pc.Type(), chess.Black)]
			}
		}
	} else if !s.Color && !light {
		man = "."
	}
	if !s.Color {
		if last {
			return "[" + man + "]"
		}
		return " " + man + " "
	}
	bg := sgrDark
	switch {
	case light && last:
		bg = sgrLastLight
	case light:
		bg = sgrLight
	case last:
		bg = sgrLastDark
	}
	fg := sgrBlackMan
	if pc != chess.NoPiece && pc.Color() == chess.White {
		fg = sgrWhiteMan
	}
	return "\x1b[" + bg + ";" + fg + "m " + man + " \x1b[0m"
}
