package microchess

import (
	"fmt"
	"strings"

	"github.com/corentings/chess/v2"
)

// kinds of the 16 men by index: K Q R R B B N N and eight pawns.
var kinds = [16]chess.PieceType{
	chess.King, chess.Queen, chess.Rook, chess.Rook, chess.Bishop, chess.Bishop, chess.Knight, chess.Knight,
	chess.Pawn, chess.Pawn, chess.Pawn, chess.Pawn, chess.Pawn, chess.Pawn, chess.Pawn, chess.Pawn,
}

// Square converts the program's octal square (rank digit from the
// computer's end, file digit from the opponent's left) to a board square.
// white says whether the computer's men (0050–005F) are White.
func Square(sq byte, white bool) (chess.Square, error) {
	r, f := int(sq>>4), int(sq&0x0F)
	if r > 7 || f > 7 {
		return 0, fmt.Errorf("square %02X is off the board", sq)
	}
	if white {
		return chess.NewSquare(chess.File(7-f), chess.Rank(r)), nil
	}
	return chess.NewSquare(chess.File(f), chess.Rank(7-r)), nil
}

// Octal is the inverse of Square.
func Octal(sq chess.Square, white bool) byte {
	f, r := int(sq.File()), int(sq.Rank())
	if white {
		return byte(r<<4 | (7 - f))
	}
	return byte((7-r)<<4 | f)
}

// Position is the program's board as a square map, the computer's men
// being White when white is true.
func (s *Session) Position(white bool) (map[chess.Square]chess.Piece, error) {
	out := map[chess.Square]chess.Piece{}
	for i := 0; i < 32; i++ {
		v := s.M.Peek(Board + uint16(i))
		if captured(v) {
			continue
		}
		sq, err := Square(v, white)
		if err != nil {
			return nil, fmt.Errorf("man %d at %02X: %v", i, v, err)
		}
		color := chess.White
		if (i < 16) != white {
			color = chess.Black
		}
		if _, dup := out[sq]; dup {
			return nil, fmt.Errorf("two men on %v", sq)
		}
		out[sq] = chess.NewPiece(kinds[i%16], color)
	}
	return out, nil
}

// captured tells a taken man: the program stores CC, and E's reversal
// (77 minus the square) turns that into AB; both are off the board.
func captured(v byte) bool { return v&0x88 != 0 }

// PlayedMove is one computer move in a self-play game.
type PlayedMove struct {
	Move
	UCI   string
	White bool
	Note  string // castling completed, pawn replaced
}

// Game is the record of a self-play game.
type Game struct {
	First string // White's first move entered by the player, if any
	Moves []PlayedMove
	End   string   // why it stopped
	Draws []string // automatic draws the game played through
	PGN   string
}

// automaticDraw tells the draws the rules impose without a claim. They end
// a game between people, but the manual's self-play knows nothing of them.
func automaticDraw(m chess.Method) bool {
	return m == chess.FivefoldRepetition || m == chess.SeventyFiveMoveRule || m == chess.InsufficientMaterial
}

// SelfPlay plays the manual's PC, E, PC, ... sequence from a cleared board
// (C) until mate, stalemate, resignation (FF FF FF) or maxPerSide moves a
// side; an automatic draw (fivefold repetition, 75 moves, dead position) is
// noted in Draws and play goes on from the same position. Every move is checked legal with a chess library and the program's
// board is compared with the library's after each move. It completes the
// program's book castling by moving the rook, and replaces a pawn reaching
// the last rank by a queen (or rook, bishop, knight) as the manual tells
// the player; with none of those captured the game stops there. bookOff
// switches the opening book off after C. A non-empty first (UCI, e.g.
// "d2d4") is White's first move, entered by the player after C E, so the
// program starts as Black; it is not one of the program's moves.
func (s *Session) SelfPlay(maxPerSide int, bookOff bool, first string) (*Game, error) {
	if err := s.Keys("C"); err != nil {
		return nil, err
	}
	if bookOff {
		s.BookOff()
	}
	g := &Game{First: first}
	board := chess.NewGame()
	var pgn []string // games before each automatic draw
	white := true
	if first != "" {
		if err := s.enterFirst(board, first); err != nil {
			return g, err
		}
		white = false
	}
	for ply := 0; len(g.Moves) < 2*maxPerSide; ply++ {
		mv, err := s.Play()
		if err != nil {
			return g, err
		}
		if mv.Resigned() {
			g.End = "resigned (FF FF FF)"
			break
		}
		pm, stop, err := s.apply(board, mv, white)
		if err != nil {
			return g, fmt.Errorf("move %d (%v, %s): %v", len(g.Moves)/2+1, mv, side(white), err)
		}
		g.Moves = append(g.Moves, pm)
		if stop != "" {
			g.End = stop
			break
		}
		if o := board.Outcome(); o != chess.NoOutcome {
			if !automaticDraw(board.Method()) {
				g.End = fmt.Sprintf("%s by %s", o, board.Method())
				break
			}
			g.Draws = append(g.Draws, fmt.Sprintf("%s by %s after %d program moves", o, board.Method(), len(g.Moves)))
			pgn = append(pgn, board.String())
			fen, err := chess.FEN(board.Position().String())
			if err != nil {
				return g, err
			}
			board = chess.NewGame(fen) // the same position, its history cleared
		}
		if err := s.Keys("E"); err != nil {
			return g, err
		}
		white = !white
	}
	if g.End == "" {
		g.End = fmt.Sprintf("%d moves a side played", maxPerSide)
	}
	g.PGN = strings.Join(append(pgn, board.String()), "\n")
	return g, nil
}

// enterFirst plays White's first move as the player: E gives the program
// Black, then the move is keyed in with F.
func (s *Session) enterFirst(board *chess.Game, uci string) error {
	if err := board.PushNotationMove(uci, chess.UCINotation{}, nil); err != nil {
		return fmt.Errorf("first move %q: %v", uci, err)
	}
	if err := s.Keys("E"); err != nil {
		return err
	}
	mv := board.Moves()[0]
	if err := s.Enter(Octal(mv.S1(), false), Octal(mv.S2(), false)); err != nil {
		return err
	}
	got, err := s.Position(false)
	if err != nil {
		return err
	}
	if d := BoardDiff(got, board.Position().Board().SquareMap()); d != "" {
		return fmt.Errorf("after the first move %s: %s", uci, d)
	}
	return nil
}

func side(white bool) string {
	if white {
		return "White"
	}
	return "Black"
}

// apply checks the displayed move against the library, plays it there,
// does the manual's fix-ups in the program, and compares the boards.
func (s *Session) apply(board *chess.Game, mv Move, white bool) (PlayedMove, string, error) {
	pm := PlayedMove{Move: mv, White: white}
	from, err := Square(mv.From, white)
	if err != nil {
		return pm, "", err
	}
	to, err := Square(mv.To, white)
	if err != nil {
		return pm, "", err
	}
	if mv.Piece > 0x0F {
		return pm, "", fmt.Errorf("piece code %02X", mv.Piece)
	}
	pos := board.Position()
	want := chess.NewPiece(kinds[mv.Piece], chess.White)
	if !white {
		want = chess.NewPiece(kinds[mv.Piece], chess.Black)
	}
	if got := pos.Board().Piece(from); got != want {
		return pm, "", fmt.Errorf("display names %v on %v but the board has %v", want, from, got)
	}
	pm.UCI = from.String() + to.String()
	stop := ""
	if kinds[mv.Piece] == chess.Pawn && mv.To>>4 == 7 {
		promo, note := s.promote(mv)
		if promo == chess.NoPieceType {
			return pm, "a pawn reached the last rank with no captured piece to replace it", nil
		}
		pm.UCI += promo.String()
		pm.Note = note
	}
	if err := board.PushNotationMove(pm.UCI, chess.UCINotation{}, nil); err != nil {
		return pm, "", fmt.Errorf("illegal: %v", err)
	}
	// The program castles only from its book and shows the king's move;
	// the player moves the rook for it.
	if kinds[mv.Piece] == chess.King && (mv.To-mv.From == 2 || mv.From-mv.To == 2) {
		rf, rt := CastlingRook(to)
		if err := s.Enter(Octal(rf, white), Octal(rt, white)); err != nil {
			return pm, "", err
		}
		pm.Note = "castled: rook " + rf.String() + "-" + rt.String() + " entered"
	}
	got, err := s.Position(white)
	if err != nil {
		return pm, "", err
	}
	if d := BoardDiff(got, board.Position().Board().SquareMap()); d != "" {
		return pm, "", fmt.Errorf("program's board differs from the game: %s", d)
	}
	return pm, stop, nil
}

// promote replaces the pawn that just reached the last rank by the best
// captured man of the computer's (queen, rook, bishop, knight), as the
// manual's monitor procedure does.
func (s *Session) promote(mv Move) (chess.PieceType, string) {
	for _, slot := range []byte{1, 2, 3, 4, 5, 6, 7} {
		if captured(s.M.Peek(Board + uint16(slot))) {
			s.M.Poke(Board+uint16(slot), mv.To)
			s.M.Poke(Board+uint16(mv.Piece), Captured)
			return kinds[slot], fmt.Sprintf("pawn replaced by %v (%04X = %02X)", kinds[slot], Board+uint16(slot), mv.To)
		}
	}
	return chess.NoPieceType, ""
}

// CastlingRook gives the rook's move that completes a castling whose king
// lands on kingTo (g1, c1, g8 or c8).
func CastlingRook(kingTo chess.Square) (from, to chess.Square) {
	switch kingTo {
	case chess.C1:
		return chess.A1, chess.D1
	case chess.G8:
		return chess.H8, chess.F8
	case chess.C8:
		return chess.A8, chess.D8
	}
	return chess.H1, chess.F1
}

// BoardDiff names the first square where the program's board (got, from
// Position) and a chess library position (want) disagree, or "".
func BoardDiff(got, want map[chess.Square]chess.Piece) string {
	for sq, p := range want {
		if got[sq] != p {
			return fmt.Sprintf("%v: program has %v, game has %v", sq, got[sq], p)
		}
	}
	for sq, p := range got {
		if _, ok := want[sq]; !ok {
			return fmt.Sprintf("%v: program has %v, game has nothing", sq, p)
		}
	}
	return ""
}
