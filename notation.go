package microchess

import (
	"fmt"
	"io"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/corentings/chess/v2"
)

// sanRE splits a SAN move into piece, origin file, origin rank, capture,
// destination, promotion, castling and check mark. It only reads notation:
// which moves exist is always the chess library's answer.
var sanRE = regexp.MustCompile(`^(?:([KQRBN])?([a-h])?([1-8])?(x)?([a-h][1-8])(?:=([QRBN]))?|(O-O-O|O-O))([+#])?$`)

var pieceLetters = map[string]chess.PieceType{"": chess.Pawn, "K": chess.King, "Q": chess.Queen,
	"R": chess.Rook, "B": chess.Bishop, "N": chess.Knight}

// fenMu serialises the chess library's FEN reader: chess/v2 v2.3.2 splits
// the board into a package-level buffer (fen.go's rankBuffer), and every
// way to a position goes through that reader: chess.FEN, NewGame and
// StartingPosition (the start is read from its FEN), Position's
// UnmarshalText. Games set up at once (a match's workers, diff's) would
// race on it. This is the one place the project works around it: every
// position it makes from nothing comes from these four (and PGN).
var fenMu sync.Mutex

// FEN is chess.FEN, safe to call from several goroutines (see fenMu).
func FEN(fen string) (func(*chess.Game), error) {
	fenMu.Lock()
	defer fenMu.Unlock()
	return chess.FEN(fen)
}

// NewGame is chess.NewGame, safe to call from several goroutines.
func NewGame(options ...func(*chess.Game)) *chess.Game {
	fenMu.Lock()
	defer fenMu.Unlock()
	return chess.NewGame(options...)
}

// StartingPosition is chess.StartingPosition, safe to call from several
// goroutines.
func StartingPosition() *chess.Position {
	fenMu.Lock()
	defer fenMu.Unlock()
	return chess.StartingPosition()
}

// PGN is chess.PGN, safe to call from several goroutines: besides the FEN
// reader, it decodes moves with AlgebraicNotation, whose Decode returns a
// slice it has put back in a sync.Pool (chess/v2 v2.3.2, notation.go's
// generateOptions); the project's own code reads SAN with ParseSAN.
func PGN(r io.Reader) (func(*chess.Game), error) {
	fenMu.Lock()
	defer fenMu.Unlock()
	return chess.PGN(r)
}

// ParseFEN reads a position from a FEN as Position.UnmarshalText does,
// safe to call from several goroutines.
func ParseFEN(fen string) (*chess.Position, error) {
	pos := &chess.Position{}
	fenMu.Lock()
	defer fenMu.Unlock()
	if err := pos.UnmarshalText([]byte(fen)); err != nil {
		return nil, err
	}
	return pos, nil
}

// SAN is the library's standard algebraic notation for a legal move.
func SAN(pos *chess.Position, m *chess.Move) string {
	return chess.AlgebraicNotation{}.Encode(pos, m)
}

// ParseSAN finds the one legal move that SAN text names in pos. Its errors
// say whether the text is not SAN, names no legal move, or names several;
// it insists on standard SAN (the capture mark, the check mark if any).
func ParseSAN(pos *chess.Position, text string) (chess.Move, error) {
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

var (
	coordMove = regexp.MustCompile(`^([a-h][1-8])([a-h][1-8])([qrbnQRBN]?)$`)
	octalMove = regexp.MustCompile(`^([0-7]{2})-?([0-7]{2})$`)
)

// ParseMove reads a move as a player types it and finds the legal move it
// names in pos: SAN (Nf3, exd5, O-O, e8=Q), coordinates (g1f3, e7e8q), or
// the manual's octal squares, FROM then TO (6343 or 63-43), seen from the
// computer's side as the program counts them. Octal squares of a pawn
// reaching the last rank promote to a queen. The errors say why a move is
// refused: not a move at all, or not legal here (the chess library
// decides).
func ParseMove(pos *chess.Position, text string, computer chess.Color) (chess.Move, error) {
	text = strings.TrimSpace(text)
	var from, to chess.Square
	promo := chess.NoPieceType
	switch {
	case coordMove.MatchString(text):
		g := coordMove.FindStringSubmatch(text)
		from, to = squareNamed(g[1]), squareNamed(g[2])
		if g[3] != "" {
			promo = chess.PieceTypeFromString(strings.ToLower(g[3]))
		}
	case octalMove.MatchString(text):
		g := octalMove.FindStringSubmatch(text)
		var ok1, ok2 bool
		from, ok1 = SquareOf(octal(g[1]), computer)
		to, ok2 = SquareOf(octal(g[2]), computer)
		if !ok1 || !ok2 {
			return chess.Move{}, fmt.Errorf("%s: not two squares", text)
		}
	default:
		return ParseSAN(pos, text)
	}
	var found []chess.Move
	for _, m := range pos.ValidMoves() {
		if m.S1() == from && m.S2() == to {
			found = append(found, m)
		}
	}
	side := pos.Turn().Name()
	if len(found) == 0 {
		piece := pos.Board().Piece(from)
		if piece == chess.NoPiece {
			return chess.Move{}, fmt.Errorf("illegal move %s: %v is empty", text, from)
		}
		if piece.Color() != pos.Turn() {
			return chess.Move{}, fmt.Errorf("illegal move %s: the %s on %v is not %s's", text, pieceText(piece), from, side)
		}
		return chess.Move{}, fmt.Errorf("illegal move %s: the %s on %v cannot go to %v here", text, pieceText(piece), from, to)
	}
	if found[0].Promo() == chess.NoPieceType {
		return found[0], nil
	}
	if promo == chess.NoPieceType {
		promo = chess.Queen
	}
	for _, m := range found {
		if m.Promo() == promo {
			return m, nil
		}
	}
	return chess.Move{}, fmt.Errorf("illegal move %s: a pawn promotes to a queen, rook, bishop or knight", text)
}

func squareNamed(s string) chess.Square {
	return chess.NewSquare(chess.File(s[0]-'a'), chess.Rank(s[1]-'1'))
}

func octal(s string) byte { return (s[0]-'0')<<4 | (s[1] - '0') }
