package openings

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/corentings/chess/v2"
)

// The 1977 table annotates its cells in English descriptive notation:
// P-K4, N-KB3, KN-Q2, NxKP, BxN, PxB, O-O. Squares are named from the
// mover's side, files by the piece that starts on them (QR QN QB Q K KB KN
// KR), and a wing is often left out (N-B3), so one annotation can fit
// several moves. Fits only says whether it fits the given one.

// descRE: castling, or mover then "-" file rank, or mover "x" victim.
var descRE = regexp.MustCompile(`^(?:(O-O-O|O-O)|([KQRNBP]{1,3})(?:-([KQRNB]{1,2})([1-8])|x([KQRNBP]{1,3})))$`)

var descLetters = map[byte]chess.PieceType{'P': chess.Pawn, 'N': chess.Knight, 'B': chess.Bishop,
	'R': chess.Rook, 'Q': chess.Queen, 'K': chess.King}

// man is a descriptive piece name: its type and, when given, its file
// (a wing prefix with N/B/R/P, or the Q/K file of a pawn).
type man struct {
	typ   chess.PieceType
	files []chess.File // allowed files; nil for any
}

// parseMan reads "P", "KP", "QBP", "N", "KN", "B", "Q", "K".
func parseMan(s string) (man, error) {
	if s == "" {
		return man{}, fmt.Errorf("no piece")
	}
	t, ok := descLetters[s[len(s)-1]]
	if !ok {
		return man{}, fmt.Errorf("%q is not a piece", s)
	}
	prefix := s[:len(s)-1]
	if prefix == "" {
		return man{typ: t}, nil
	}
	if t == chess.Pawn {
		// A pawn is named by the file it stands on: KP, QBP, BP (either).
		fs, err := fileSpec(prefix)
		return man{typ: t, files: fs}, err
	}
	if (prefix == "K" || prefix == "Q") && (t == chess.Rook || t == chess.Knight || t == chess.Bishop) {
		// A piece is named by its starting wing: KN, QB.
		f, _ := fileSpec(prefix + s[len(s)-1:])
		return man{typ: t, files: f}, nil
	}
	return man{}, fmt.Errorf("%q is not a piece", s)
}

// fileSpec reads a descriptive file name: "K", "QB", or a wingless "B"
// (which is either bishop's file).
func fileSpec(s string) ([]chess.File, error) {
	if f, ok := descFiles[s]; ok {
		return []chess.File{f}, nil
	}
	if s == "R" || s == "N" || s == "B" {
		return []chess.File{descFiles["Q"+s], descFiles["K"+s]}, nil
	}
	return nil, fmt.Errorf("%q is not a file", s)
}

func (mn man) fits(t chess.PieceType, f chess.File) bool {
	if mn.typ != t {
		return false
	}
	if mn.files == nil {
		return true
	}
	for _, g := range mn.files {
		if g == f {
			return true
		}
	}
	return false
}

// Fits reports whether the descriptive annotation text can describe ply p,
// played from pos. A piece's wing (KN, QB) is its starting wing, from the
// piece code; a pawn's file is where it stands.
func Fits(pos *chess.Position, p Ply, text string) (bool, error) {
	g := descRE.FindStringSubmatch(strings.TrimSpace(text))
	if g == nil {
		return false, fmt.Errorf("%q is not descriptive notation", text)
	}
	m := p.Move
	switch g[1] {
	case "O-O":
		return m.HasTag(chess.KingSideCastle), nil
	case "O-O-O":
		return m.HasTag(chess.QueenSideCastle), nil
	}
	mover, err := parseMan(g[2])
	if err != nil {
		return false, err
	}
	board := pos.Board()
	moving := board.Piece(m.S1())
	file := m.S1().File()
	if moving.Type() != chess.Pawn && p.Piece >= 0 {
		file = homeFile(p.Piece)
	}
	if !mover.fits(moving.Type(), file) || m.HasTag(chess.KingSideCastle) || m.HasTag(chess.QueenSideCastle) {
		return false, nil
	}
	if g[5] != "" {
		victim, err := parseMan(g[5])
		if err != nil {
			return false, err
		}
		on := m.S2()
		if m.HasTag(chess.EnPassant) {
			on = chess.NewSquare(m.S2().File(), m.S1().Rank())
		}
		taken := board.Piece(on)
		if taken == chess.NoPiece {
			return false, nil
		}
		vfile := on.File()
		if taken.Type() != chess.Pawn && p.Captures >= 0 {
			vfile = homeFile(p.Captures)
		}
		return victim.fits(taken.Type(), vfile), nil
	}
	files, err := fileSpec(g[3])
	if err != nil {
		return false, err
	}
	rank := int(m.S2().Rank()) + 1
	if p.Color == chess.Black {
		rank = 8 - int(m.S2().Rank())
	}
	return man{typ: moving.Type(), files: files}.fits(moving.Type(), m.S2().File()) &&
		fmt.Sprint(rank) == g[4] && !m.HasTag(chess.Capture), nil
}
