package rules

import (
	"errors"
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

// FEN is chess.FEN, safe to call from several goroutines (see fenMu),
// its errors those of ParseFEN.
func FEN(fen string) (func(*chess.Game), error) {
	if err := checkFENText(fen); err != nil {
		return nil, err
	}
	fenMu.Lock()
	defer fenMu.Unlock()
	opt, err := chess.FEN(fen)
	return opt, fenError(err)
}

// fenBoardBytes are the bytes a FEN's board may hold. The chess library
// (chess/v2 v2.3.2, fen.go's fenFormRank) indexes a table by each byte of
// the board and panics past its end: no other byte may reach it.
const fenBoardBytes = "pnbrqkPNBRQK12345678/"

// checkFENText refuses what the chess library would refuse without a
// reason (its "fen invalid format") or not survive: a FEN that is not six
// fields, a board with a byte that is no piece, digit or '/'.
func checkFENText(fen string) error {
	// The library splits at single spaces once the ends are trimmed.
	f := strings.Split(strings.TrimSpace(fen), " ")
	if len(f) != 6 {
		return fmt.Errorf("want six fields a space apart (board, side to move, castling, en passant, halfmove clock, move number), not %d", len(f))
	}
	if i := strings.IndexFunc(f[0], func(r rune) bool { return !strings.ContainsRune(fenBoardBytes, r) }); i >= 0 {
		return fmt.Errorf("no piece, digit or '/' at %d of the board", i+1)
	}
	return nil
}

// fenError is the chess library's error without its "chess: fen " prefix,
// which callers that quote the FEN would repeat.
func fenError(err error) error {
	if err == nil {
		return nil
	}
	return errors.New(strings.TrimPrefix(strings.TrimPrefix(err.Error(), "chess: "), "fen "))
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
func PGN(r io.Reader) (opt func(*chess.Game), err error) {
	fenMu.Lock()
	defer fenMu.Unlock()
	defer libraryPanic(&err)
	return chess.PGN(r)
}

// libraryPanic turns a panic of the chess library's reading into an
// error: it indexes a 128-entry table with each byte of a FEN's board, so
// a byte past ASCII in a PGN's FEN tag panics inside it (ParseFEN checks
// a FEN before the library sees it; a PGN's tags it reads itself).
func libraryPanic(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("the chess library cannot read it: %v", r)
	}
}

// ReadGames reads every game of a PGN stream as chess.Scanner does, safe
// to call from several goroutines.
func ReadGames(r io.Reader) (games []*chess.Game, err error) {
	fenMu.Lock()
	defer fenMu.Unlock()
	defer libraryPanic(&err)
	sc := chess.NewScanner(r)
	for sc.HasNext() {
		g, err := sc.ParseNext()
		if err != nil {
			return games, fmt.Errorf("game %d: %w", len(games)+1, err)
		}
		games = append(games, g)
	}
	return games, nil
}

// ParseFEN reads a position from a FEN as Position.UnmarshalText does,
// safe to call from several goroutines. Its errors give the reason alone
// (the caller quotes the FEN): six fields wanted, a byte the board cannot
// hold and where, or the chess library's reason (invalid turn, ...).
func ParseFEN(fen string) (*chess.Position, error) {
	if err := checkFENText(fen); err != nil {
		return nil, err
	}
	pos := &chess.Position{}
	fenMu.Lock()
	defer fenMu.Unlock()
	if err := pos.UnmarshalText([]byte(fen)); err != nil {
		return nil, fenError(err)
	}
	return pos, nil
}

// SAN is the library's standard algebraic notation for a legal move, its
// check mark the position's after the move (OwnTags).
func SAN(pos *chess.Position, m *chess.Move) string {
	return chess.AlgebraicNotation{}.Encode(pos, OwnTags(pos, m))
}

// OwnTags is m with the tags of its own position after it, m itself when
// it is no promotion. The chess library (chess/v2 v2.3.2, engine.go's
// standardMoves) makes the four promotions of a pawn from one move whose
// tags it never clears between them, so the rook, bishop and knight carry
// the queen's Check tag: its SAN writes a1=N+ with no check, its PGN
// writer (Game.String) too, and Position.Update takes the tag as the new
// position's check (a stalemate would be called mate, castling refused).
// This is the one place the project works around it: a promotion read
// again from its UCI text gets its tags from that move alone. SAN, the
// move readers (ParseSAN, ParseMove) and the Referee, through which every
// move goes into a game, pass moves through it.
func OwnTags(pos *chess.Position, m *chess.Move) *chess.Move {
	if m.Promo() == chess.NoPieceType {
		return m
	}
	own, err := chess.UCINotation{}.Decode(pos, m.String())
	if err != nil {
		return m
	}
	return own
}

// ParseSAN finds the one legal move that SAN text names in pos, as a
// file gives it. Its errors say whether the text is not SAN, names no legal
// move (and why: see refusal), or names several; it insists on standard
// SAN (the capture mark, the check mark if any, no more of the origin
// than it takes to tell the move from another).
func ParseSAN(pos *chess.Position, text string) (chess.Move, error) {
	return parseSAN(pos, text, false)
}

// typedRE is SAN as people type it (ParseMove): castling with zeros, a
// promotion without "=" or in a small letter, any check marks, ":" or "-"
// before the destination.
var typedRE = regexp.MustCompile(`^(?:([KQRBN])?([a-h])?([1-8])?([x:-])?([a-h][1-8])(?:=?([QRBNqrbn]))?|([O0o]-[O0o]-[O0o]|[O0o]-[O0o]))([+#]*)$`)

// sanText is what a SAN move says.
type sanText struct {
	text       string
	piece      chess.PieceType
	file, rank string // of the origin, if given
	dest       string
	capture    bool
	promo      chess.PieceType
	castle     string // "O-O", "O-O-O" or ""
	mark       string
}

// names tells whether m is the move the text names; typed, a pawn move to
// the last rank with no piece given is a queen's promotion.
func (s *sanText) names(pos *chess.Position, m *chess.Move, typed bool) bool {
	switch s.castle {
	case "O-O":
		return m.HasTag(chess.KingSideCastle)
	case "O-O-O":
		return m.HasTag(chess.QueenSideCastle)
	}
	if pos.Board().Piece(m.S1()).Type() != s.piece || m.S2().String() != s.dest ||
		(s.file != "" && m.S1().File().String() != s.file) ||
		(s.rank != "" && m.S1().Rank().String() != s.rank) {
		return false
	}
	if s.promo == chess.NoPieceType && typed && m.Promo() == chess.Queen {
		return true
	}
	return m.Promo() == s.promo
}

// parseSAN reads SAN: standard, or as people type it (typed: over-
// disambiguated, capture and check marks as they come, 0-0, e8Q).
func parseSAN(pos *chess.Position, text string, typed bool) (chess.Move, error) {
	re := sanRE
	if typed {
		re = typedRE
	}
	p := re.FindStringSubmatch(text)
	if p == nil {
		if strings.HasPrefix(text, "0-0") {
			return chess.Move{}, fmt.Errorf("malformed move %q: castling is written with the letter O (O-O, O-O-O)", text)
		}
		return chess.Move{}, fmt.Errorf("malformed move %q: want SAN such as e4, Nf3, exd5, O-O", text)
	}
	s := sanText{text: text, piece: pieceLetters[p[1]], file: p[2], rank: p[3], capture: p[4] == "x" || p[4] == ":",
		dest: p[5], promo: chess.PieceTypeFromString(strings.ToLower(p[6])), mark: p[8]}
	if p[6] == "" {
		s.promo = chess.NoPieceType
	}
	switch strings.Count(p[7], "-") {
	case 1:
		s.castle = "O-O"
	case 2:
		s.castle = "O-O-O"
	}
	var found []chess.Move
	for _, m := range pos.ValidMoves() {
		if s.names(pos, &m, typed) {
			found = append(found, m)
		}
	}
	switch len(found) {
	case 0:
		return chess.Move{}, s.refusal(pos)
	case 1:
	default:
		var names []string
		for i := range found {
			names = append(names, SAN(pos, &found[i]))
		}
		sort.Strings(names)
		return chess.Move{}, fmt.Errorf("ambiguous move %s: could be %s", text, strings.Join(names, " or "))
	}
	m := *OwnTags(pos, &found[0])
	if typed {
		return m, nil
	}
	canon := SAN(pos, &m)
	bare := strings.TrimRight(canon, "+#")
	if strings.TrimRight(text, "+#") != bare {
		if !s.capture && (m.HasTag(chess.Capture) || m.HasTag(chess.EnPassant)) {
			return chess.Move{}, fmt.Errorf("%s captures: write %s", text, canon)
		}
		if s.capture && !m.HasTag(chess.Capture) && !m.HasTag(chess.EnPassant) {
			return chess.Move{}, fmt.Errorf("%s captures nothing: write %s", text, canon)
		}
		return chess.Move{}, fmt.Errorf("%s is not standard SAN: write %s", text, canon)
	}
	if s.mark != "" && !strings.HasSuffix(canon, s.mark) {
		return chess.Move{}, fmt.Errorf("%s: wrong check mark: write %s", text, canon)
	}
	return m, nil
}

// SquareNamed is the square a name such as "e4" names, or NoSquare.
func SquareNamed(s string) chess.Square {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return chess.NoSquare
	}
	return chess.NewSquare(chess.File(s[0]-'a'), chess.Rank(s[1]-'1'))
}

// PositionFEN writes a board with turn to move and no castling or en
// passant rights (the program keeps none).
func PositionFEN(board map[chess.Square]chess.Piece, turn chess.Color) string {
	var b strings.Builder
	letters := map[chess.PieceType]string{chess.King: "k", chess.Queen: "q", chess.Rook: "r", chess.Bishop: "b", chess.Knight: "n", chess.Pawn: "p"}
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc, ok := board[chess.NewSquare(chess.File(f), chess.Rank(r))]
			if !ok || pc == chess.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			l := letters[pc.Type()]
			if pc.Color() == chess.White {
				l = strings.ToUpper(l)
			}
			b.WriteString(l)
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	side := "w"
	if turn == chess.Black {
		side = "b"
	}
	return b.String() + " " + side + " - - 0 1"
}

// ParseMove reads a move as a player types it and finds the legal move it
// names in pos: SAN as people type it (Nf3, Ng1f3, exd5, dxe5+, O-O, 0-0,
// e8=Q, e8Q; see parseSAN) or coordinates (g1f3, e7e8q). The errors say
// why a move is refused: not a move at all, or not legal here (the chess
// library decides).
func ParseMove(pos *chess.Position, text string) (chess.Move, error) {
	text = strings.TrimSpace(text)
	g := coordMove.FindStringSubmatch(text)
	if g == nil {
		return parseSAN(pos, text, true)
	}
	promo := chess.NoPieceType
	if g[3] != "" {
		promo = chess.PieceTypeFromString(strings.ToLower(g[3]))
	}
	return MoveBetween(pos, text, SquareNamed(g[1]), SquareNamed(g[2]), promo)
}

// coordMove is a move in coordinates, with the promotion's piece.
var coordMove = regexp.MustCompile(`^([a-h][1-8])([a-h][1-8])([qrbnQRBN]?)$`)

// MoveBetween finds the legal move from one square to another in pos,
// promoting to promo (a queen when it is NoPieceType); text is the move as
// typed, for the errors, which say why there is none.
func MoveBetween(pos *chess.Position, text string, from, to chess.Square, promo chess.PieceType) (chess.Move, error) {
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
			return chess.Move{}, fmt.Errorf("illegal move %s: the %s on %v is not %s's", text, PieceText(piece), from, side)
		}
		if piece.Type() == chess.King && from == chess.NewSquare(chess.FileE, homeRank(pos.Turn())) && from.Rank() == to.Rank() && (to.File() == chess.FileG || to.File() == chess.FileC) {
			return chess.Move{}, fmt.Errorf("illegal move %s: %s", text, CastlingFaults(pos, from, to))
		}
		if why := kingSafety(pos, []chess.Square{from}, to); why != "" {
			return chess.Move{}, fmt.Errorf("illegal move %s: %s", text, why)
		}
		return chess.Move{}, fmt.Errorf("illegal move %s: the %s on %v cannot go to %v here", text, PieceText(piece), from, to)
	}
	if found[0].Promo() == chess.NoPieceType {
		return found[0], nil
	}
	if promo == chess.NoPieceType {
		promo = chess.Queen
	}
	for _, m := range found {
		if m.Promo() == promo {
			return *OwnTags(pos, &m), nil
		}
	}
	return chess.Move{}, fmt.Errorf("illegal move %s: a pawn promotes to a queen, rook, bishop or knight", text)
}
