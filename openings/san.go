package openings

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/corentings/chess/v2"
)

// sanRE splits a SAN move into piece, origin file, origin rank, capture,
// destination, promotion, castling and check mark. It only reads notation:
// which moves exist is always the chess library's answer.
var sanRE = regexp.MustCompile(`^(?:([KQRBN])?([a-h])?([1-8])?(x)?([a-h][1-8])(?:=([QRBN]))?|(O-O-O|O-O))([+#])?$`)

var pieceLetters = map[string]chess.PieceType{"": chess.Pawn, "K": chess.King, "Q": chess.Queen,
	"R": chess.Rook, "B": chess.Bishop, "N": chess.Knight}

// SAN is the library's standard algebraic notation for a legal move.
func SAN(pos *chess.Position, m *chess.Move) string {
	return chess.AlgebraicNotation{}.Encode(pos, m)
}

// resolve finds the one legal move that text names in pos. Its errors say
// whether the text is not SAN, names no legal move, or names several.
func resolve(pos *chess.Position, text string) (chess.Move, error) {
	p := sanRE.FindStringSubmatch(text)
	if p == nil {
		if strings.HasPrefix(text, "0-0") {
			return chess.Move{}, fmt.Errorf("malformed move %q: castling is written with the letter O (O-O, O-O-O)", text)
		}
		return chess.Move{}, fmt.Errorf("malformed move %q: want SAN such as e4, Nf3, exd5, O-O", text)
	}
	piece, file, rank, capture, dest, promo, castle, mark := p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8]
	board := pos.Board()
	var found []chess.Move
	for _, m := range pos.ValidMoves() {
		switch {
		case castle == "O-O":
			if !m.HasTag(chess.KingSideCastle) {
				continue
			}
		case castle == "O-O-O":
			if !m.HasTag(chess.QueenSideCastle) {
				continue
			}
		default:
			if board.Piece(m.S1()).Type() != pieceLetters[piece] || m.S2().String() != dest ||
				(file != "" && m.S1().File().String() != file) ||
				(rank != "" && m.S1().Rank().String() != rank) {
				continue
			}
			if want := chess.PieceTypeFromString(strings.ToLower(promo)); promo != "" && m.Promo() != want || promo == "" && m.Promo() != chess.NoPieceType {
				continue
			}
		}
		found = append(found, m)
	}
	side := pos.Turn().Name()
	switch len(found) {
	case 0:
		return chess.Move{}, fmt.Errorf("illegal move %s: %s has no such move here", text, side)
	case 1:
	default:
		var names []string
		for i := range found {
			names = append(names, SAN(pos, &found[i]))
		}
		sort.Strings(names)
		return chess.Move{}, fmt.Errorf("ambiguous move %s: could be %s", text, strings.Join(names, " or "))
	}
	m := found[0]
	canon := SAN(pos, &m)
	bare := strings.TrimRight(canon, "+#")
	if strings.TrimRight(text, "+#") != bare {
		if capture == "" && (m.HasTag(chess.Capture) || m.HasTag(chess.EnPassant)) {
			return chess.Move{}, fmt.Errorf("%s captures: write %s", text, canon)
		}
		if capture != "" && !m.HasTag(chess.Capture) && !m.HasTag(chess.EnPassant) {
			return chess.Move{}, fmt.Errorf("%s captures nothing: write %s", text, canon)
		}
		return chess.Move{}, fmt.Errorf("%s is not standard SAN: write %s", text, canon)
	}
	if mark != "" && !strings.HasSuffix(canon, mark) {
		return chess.Move{}, fmt.Errorf("%s: wrong check mark: write %s", text, canon)
	}
	return m, nil
}
