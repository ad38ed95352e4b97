package session

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
)

// MoveKeys is what the player keys for a chess move, FROM and TO then F
// for each pair, as the manual tells them to: the move itself; castling
// as the king's move then the rook's; en passant as the sideways capture
// then the step forward. The computer's own castling is completed the same
// way, by keying the rook (the second pair).
func MoveKeys(m *chess.Move, computer chess.Color) [][2]byte {
	from, to := memmap.Code(m.S1(), computer), memmap.Code(m.S2(), computer)
	switch {
	case m.HasTag(chess.KingSideCastle) || m.HasTag(chess.QueenSideCastle):
		rf, rt := memmap.CastlingRook(m.S2())
		return [][2]byte{{from, to}, {memmap.Code(rf, computer), memmap.Code(rt, computer)}}
	case m.HasTag(chess.EnPassant):
		side := memmap.Code(chess.NewSquare(m.S2().File(), m.S1().Rank()), computer)
		return [][2]byte{{from, side}, {side, to}}
	}
	return [][2]byte{{from, to}}
}

// KeysFor is what the player keys for a chess move in the session's
// program: MoveKeys for the 1977 program; the move alone for the
// special-moves program, whose MOVE completes a castling, takes en
// passant and queens a pawn itself.
func (s *Session) KeysFor(m *chess.Move, computer chess.Color) [][2]byte {
	if s.Special != nil {
		return [][2]byte{{memmap.Code(m.S1(), computer), memmap.Code(m.S2(), computer)}}
	}
	return MoveKeys(m, computer)
}

// EnterKeys keys pairs of squares, each FROM TO then F.
func (s *Session) EnterKeys(pairs [][2]byte) error {
	for _, k := range pairs {
		if err := s.Enter(k[0], k[1]); err != nil {
			return err
		}
	}
	return nil
}

// Computer checks a move the program showed against the game, plays it
// there, and makes in the program what the manual leaves to the player:
// the rook's half of a castling, and a pawn on the last rank replaced by
// the best man the computer has lost (see promote). A move the rules do
// not allow is an *IllegalMoveError. stop is non-empty when the game
// cannot go on (a pawn reached the last rank with no man to replace it).
// The caller compares the boards (Matches).
func (s *Session) Computer(game *rules.Referee, mv Move, computer chess.Color) (uci, note, stop string, err error) {
	from, to, err := s.DisplayedSquares(mv, computer)
	if err != nil {
		return "", "", "", err
	}
	if mv.Piece > 0x0F {
		return "", "", "", fmt.Errorf("piece code %02X", mv.Piece)
	}
	// The piece must be the computer's: its type is checked by the boards'
	// comparison afterwards (a table fitted from a FEN may hold a man in
	// another type's slot).
	if got := game.Position().Board().Piece(from); got.Color() != computer {
		return "", "", "", fmt.Errorf("the display names the %s's %s on %v but the board has %s there", computer.Name(), memmap.Pieces[mv.Piece], from, rules.PieceText(got))
	}
	uci = from.String() + to.String()
	switch {
	case s.Special != nil && game.Position().Board().Piece(from).Type() == chess.Pawn && mv.To>>4 == 7:
		// MOVE made the pawn, in its own slot, what .ATTR now says: a
		// queen, or a knight when the display's TO square has the
		// knight's flag (search5k's own underpromotion).
		t, want := memmap.AttrPieceType(s.M.Peek(s.Special.Attr+uint16(mv.Piece))), chess.Queen
		if mv.To&KnightFlag != 0 {
			want = chess.Knight
		}
		if t != want {
			return "", "", "", fmt.Errorf("the pawn on %v reached the last rank and is a %s, not a %s (the display %v)", to, rules.TypeNames[t], rules.TypeNames[want], mv)
		}
		uci += typeLetters[t]
	case s.OwnQueen && memmap.PieceTypes[mv.Piece] == chess.Pawn && mv.To>>4 == 7 && s.queened(mv):
		uci += "q"
		note = fmt.Sprintf("pawn made the queen by the program (%04X = %02X)", memmap.Board+1, mv.To)
	case s.Special == nil && memmap.PieceTypes[mv.Piece] == chess.Pawn && mv.To>>4 == 7:
		promo, n := s.promote(mv)
		if promo == chess.NoPieceType {
			// Only a legal move is one the game cannot go on after; an
			// illegal one is refereed as any other.
			if !hasMove(game.Position(), from, to) {
				return uci, "", "", &IllegalMoveError{UCI: uci, Reason: illegalReason(game, from, to)}
			}
			return uci, "", "a pawn reached the last rank with no captured man to replace it", nil
		}
		uci += typeLetters[promo]
		note = n
	}
	if err := game.PushNotationMove(uci, chess.UCINotation{}, nil); err != nil {
		return uci, note, "", &IllegalMoveError{UCI: uci, Reason: illegalReason(game, from, to)}
	}
	// The 1977 program castles only from its book and shows the king's
	// move; the player moves the rook for it. The special-moves program's
	// MOVE moved it.
	if s.Special == nil && memmap.IsCastling(int(mv.Piece), mv.From, mv.To) {
		rf, rt := memmap.CastlingRook(to)
		if err := s.Enter(memmap.Code(rf, computer), memmap.Code(rt, computer)); err != nil {
			return uci, note, "", err
		}
		note = "castled: rook " + rf.String() + "-" + rt.String() + " entered"
	}
	return uci, note, "", nil
}

// KnightFlag is what a program that keeps the full rules (Needs.Special)
// adds to the TO square it shows when it has made its own pawn a knight
// on the last rank (search5k: 7C for a knight on 74; the file digit is
// 8-F). The special-moves program only ever queens and never shows it.
const KnightFlag = 0x08

// DisplayedSquares reads the squares of a move the program showed: as
// Move.Squares, less the knight's flag on a last-rank TO square of a
// program that keeps the full rules.
func (s *Session) DisplayedSquares(mv Move, computer chess.Color) (from, to chess.Square, err error) {
	if s.Special != nil && mv.To>>4 == 7 {
		mv.To &^= KnightFlag
	}
	return mv.Squares(computer)
}

// IllegalMoveError is a move of the program's that the rules of chess do
// not allow (at Super Blitz and Blitz it does not test for check; it never
// knows en passant or castling rights).
type IllegalMoveError struct {
	UCI    string
	Reason string
}

func (e *IllegalMoveError) Error() string { return "illegal move " + e.UCI + ": " + e.Reason }

// illegalReason says what the rules have against from-to in the game's
// position (a chess.Game's or a Referee's): the chess library has no
// legal move there.
func illegalReason(game interface {
	Position() *chess.Position
	Moves() []*chess.Move
}, from, to chess.Square) string {
	pos := game.Position()
	piece := pos.Board().Piece(from)
	side := pos.Turn().Name()
	inCheck := false
	if moves := game.Moves(); len(moves) > 0 {
		inCheck = moves[len(moves)-1].HasTag(chess.Check)
	}
	switch {
	case piece.Type() == chess.King && from.File() == chess.FileE && from.Rank() == to.Rank() && (int(to)-int(from) == 2 || int(from)-int(to) == 2):
		return rules.CastlingFaults(pos, from, to)
	case piece.Type() == chess.Pawn && rules.PawnFault(pos, from, to) != "":
		return rules.PawnFault(pos, from, to)
	case inCheck:
		return fmt.Sprintf("%s is in check, and %v-%v does not end it", side, from, to)
	}
	return fmt.Sprintf("the rules have no move of the %s from %v to %v here", rules.PieceText(piece), from, to)
}

// hasMove tells whether the rules allow a move from-to in the position.
func hasMove(pos *chess.Position, from, to chess.Square) bool {
	for _, m := range pos.ValidMoves() {
		if m.S1() == from && m.S2() == to {
			return true
		}
	}
	return false
}

var typeLetters = map[chess.PieceType]string{chess.Queen: "q", chess.Rook: "r", chess.Bishop: "b", chess.Knight: "n"}

// promote replaces the pawn that just reached the last rank by the best
// captured man of the computer's (queen, rook, bishop, knight), as the
// manual's monitor procedure does.
func (s *Session) promote(mv Move) (chess.PieceType, string) {
	for slot := byte(1); slot <= 7; slot++ {
		if _, onBoard := memmap.SquareOf(s.M.Peek(memmap.Board+uint16(slot)), chess.White); !onBoard {
			s.M.Poke(memmap.Board+uint16(slot), mv.To)
			s.M.Poke(memmap.Board+uint16(mv.Piece), memmap.Captured)
			return memmap.PieceTypes[slot], fmt.Sprintf("pawn replaced by the %s (%04X = %02X)", rules.TypeNames[memmap.PieceTypes[slot]], memmap.Board+uint16(slot), mv.To)
		}
	}
	return chess.NoPieceType, ""
}

// queened tells whether the program has made the pawn it moved to the
// last rank its queen: the queen's slot holds the square and the pawn's
// slot the captured mark.
func (s *Session) queened(mv Move) bool {
	return s.M.Peek(memmap.Board+1) == mv.To && s.M.Peek(memmap.Board+uint16(mv.Piece)) == memmap.Captured
}

// Player enters a move for the program's opponent (or for the computer,
// overriding its choice) as the player keys it, plays it in the game, and
// checks the program's board against it.
func (s *Session) Player(game *rules.Referee, m *chess.Move, computer chess.Color) error {
	if err := s.EnterKeys(s.KeysFor(m, computer)); err != nil {
		return err
	}
	if err := s.underpromote(m, computer); err != nil {
		return err
	}
	if err := game.Move(m); err != nil {
		return err
	}
	return s.Matches(game.Position(), computer)
}

// underpromote sets the type of a pawn the special-moves program has just
// queened to the piece the move asks for, when that is not a queen: the
// program's MOVE queens a pawn keyed to the last rank (a knight of its own
// choice is search5k's, never keyed), and a player's rook, bishop or
// knight is written into .ATTR, as a player would from the monitor.
func (s *Session) underpromote(m *chess.Move, computer chess.Color) error {
	if s.Special == nil || m.Promo() == chess.NoPieceType || m.Promo() == chess.Queen {
		return nil
	}
	to := memmap.Code(m.S2(), computer)
	a := s.Array()
	base, side := s.Special.Attr, 0
	men := &a.Computer
	if memmap.Index(men, to) < 0 {
		base, side, men = s.Special.Attr+16, 1, &a.Player
	}
	slot := memmap.Index(men, to)
	if slot < 0 || memmap.AttrPieceType(a.Attr[side][slot]) != chess.Queen {
		return fmt.Errorf("internal: no queened pawn on %02X after %v", to, m)
	}
	s.M.Poke(base+uint16(slot), memmap.AttrCodes[m.Promo()]|memmap.AttrMoved)
	return nil
}

// ParseMove reads a move as a player types it and finds the legal move it
// names in pos: what rules.ParseMove reads, or the manual's octal squares,
// FROM then TO (6343 or 63-43), seen from the computer's side as the
// program counts them. Octal squares of a pawn reaching the last rank
// promote to a queen.
func ParseMove(pos *chess.Position, text string, computer chess.Color) (chess.Move, error) {
	text = strings.TrimSpace(text)
	g := octalMove.FindStringSubmatch(text)
	if g == nil {
		return rules.ParseMove(pos, text)
	}
	from, ok1 := memmap.SquareOf(octal(g[1]), computer)
	to, ok2 := memmap.SquareOf(octal(g[2]), computer)
	if !ok1 || !ok2 {
		return chess.Move{}, fmt.Errorf("%s: not two squares", text)
	}
	return rules.MoveBetween(pos, text, from, to, chess.NoPieceType)
}

func octal(s string) byte { return (s[0]-'0')<<4 | (s[1] - '0') }

// octalMove is the manual's move: two octal squares, FROM then TO.
var octalMove = regexp.MustCompile(`^([0-7]{2})-?([0-7]{2})$`)
