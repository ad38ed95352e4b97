package rules

import (
	"strings"

	"github.com/corentings/chess/v2"
)

func PieceText(p chess.Piece) string {
	if p == chess.NoPiece {
		return "nothing"
	}
	return strings.ToLower(p.Color().Name()) + " " + TypeNames[p.Type()]
}

var TypeNames = map[chess.PieceType]string{chess.King: "king", chess.Queen: "queen", chess.Rook: "rook",
	chess.Bishop: "bishop", chess.Knight: "knight", chess.Pawn: "pawn"}
