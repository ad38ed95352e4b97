package microchess_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

// search5k's own addresses (docs/search5k.md, the memory map).
const (
	s5kPly, s5kOri, s5kSide = 0x0047, 0x009D, 0x009E
	s5kSQB                  = 0x0F00
)

// search5kLabels are where its root moves are tried (TRY), where MOVE
// starts and where UMOVE returns.
func search5kLabels(t *testing.T) (try, move, umoved, deepest, budget uint16) {
	t.Helper()
	p, err := microchess.Search5K()
	if err != nil {
		t.Fatal(err)
	}
	at := func(name string) uint16 {
		s, ok := p.Code.Symbols[name]
		if !ok {
			t.Fatalf("search5k defines no %s", name)
		}
		return uint16(s.Value)
	}
	return at("TRY"), at("MOVE"), at("URTS"), at("DEEPST"), at("BUDL")
}

// search5k's move generation holds to the rules (issue 42): in every
// position of positionsFile (set up as for the special-moves program, its
// moves keyed), every legal move is among the moves it tries at the root
// (a pawn's to the last rank twice, as a queen and as a knight: PJK),
// and every move it tries that is not legal leaves its own king to be
// taken (the search rejects it: the program generates moves that may leave
// the king in check, as search1k does) and is no castling out of or
// through check. The search is held to one iteration (depth 1) with a
// budget it never spends (so every root move is tried): the test pokes
// DEEPST's operand and the Super Blitz budget. Along the way the board of squares always agrees with the
// piece table, every UMOVE leaves what its MOVE found (the men, their
// types, the en passant square, the board of squares, .PIECE .SQUARE
// .MOVEN), and the undo stack stays in its 48 bytes and is empty between
// moves. Before the full rules it never castled or took en passant, and
// the positions set up with its types failed to match at the first
// promotion or castling keyed.
func TestSearch5KGeneratesTheRules(t *testing.T) {
	positions := readPositions(t)
	if len(positions) < 200 {
		t.Fatalf("%s has %d positions, want at least 200", positionsFile, len(positions))
	}
	try, move, umoved, depth, budget := search5kLabels(t)
	deepest := byte(0)
	for _, p := range positions {
		deepest = max(deepest, checkSearch5KPosition(t, p, try, move, umoved, func(play *session.Play) {
			play.S.M.Poke(depth+1, 0x01)
			play.S.M.Poke(budget, 0xFF)
			play.S.M.Poke(budget+3, 0x7F)
		}))
	}
	t.Logf("the undo stack at its highest %02X (%d records of 5 bytes)", deepest, deepest/5)
}

func checkSearch5KPosition(t *testing.T, p specialPosition, try, move, umoved uint16, setup func(*session.Play)) byte {
	t.Helper()
	name := fmt.Sprintf("%s:%d %s", positionsFile, p.line, p.tag)
	f, err := rules.FEN(p.fen)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	game := rules.NewGame(f)
	for _, m := range p.moves {
		if err := game.PushNotationMove(m, chess.UCINotation{}, nil); err != nil {
			t.Fatalf("%s: move %s: %v", name, m, err)
		}
	}
	computer := game.Position().Turn()
	play := newSearchPlay(t, builds.Search5K, p.fen, computer, "super-blitz")
	for _, m := range p.moves {
		if _, err := play.Force(m); err != nil {
			t.Fatalf("%s: keying %s: %v", name, m, err)
		}
	}
	if err := play.S.Matches(game.Position(), computer); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	setup(play)
	v := play.Opt.Special
	state := func(m *kim1.Machine) string {
		s := append([]byte(nil), m.CPU.Mem[memmap.Board:memmap.Board+32]...)
		s = append(s, m.CPU.Mem[v.Attr:v.Attr+32]...)
		// The board of squares' 64 squares: its other bytes are the
		// transposition table's, which HSTORE writes at a full-width node
		// below the root (one in check, when the check extension searches
		// it so, at depth 1).
		for sq := uint16(0); sq < 0x78; sq++ {
			if sq&0x08 == 0 {
				s = append(s, m.CPU.Mem[s5kSQB+sq])
			}
		}
		return string(append(s, m.CPU.Mem[v.EnPassant], m.CPU.Mem[memmap.PieceNow], m.CPU.Mem[memmap.SquareNow], m.CPU.Mem[moveN]))
	}
	var made []string
	var broken string
	deepest := byte(0)
	got := map[string]bool{}
	play.S.M.Trace = func(m *kim1.Machine) {
		mem := &m.CPU.Mem
		deepest = max(deepest, mem[v.UndoTop])
		switch m.CPU.PC {
		case try:
			if broken == "" {
				broken = sqbDisagrees(mem[:])
			}
			if mem[s5kPly] == 0 {
				k, err := search5kRootMove(mem, v.Attr, computer)
				if err != nil {
					broken = err.Error()
					return
				}
				got[k] = true
			}
		case move:
			made = append(made, state(m))
		case umoved:
			if len(made) == 0 {
				broken = "a take-back with no move"
				return
			}
			want := made[len(made)-1]
			made = made[:len(made)-1]
			if s := state(m); broken == "" && s != want {
				broken = fmt.Sprintf("a take-back left % X\nwhere its move found % X", s, want)
			}
		}
	}
	if _, err := play.S.Play(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	play.S.M.Trace = nil
	if broken != "" {
		t.Errorf("%s: %s", name, broken)
	}
	if top := play.S.M.Peek(v.UndoTop); top != 0 {
		t.Errorf("%s: the undo stack's top is %02X after the move, want 00", name, top)
	}
	if deepest > 0x30-5 {
		t.Errorf("%s: the undo stack grew to %02X: one more record would overrun its 48 bytes", name, deepest)
	}
	pos := game.Position()
	legal := map[string]bool{}
	for _, m := range pos.ValidMoves() {
		k := m.String()
		if m.Promo() == chess.Rook || m.Promo() == chess.Bishop {
			continue // the program promotes to a queen or a knight only
		}
		legal[k] = true
		if !got[k] {
			t.Errorf("%s (%s; %s, moves %v): legal, not tried at the root: %s", name, p.what, p.fen, p.moves, rules.SAN(pos, &m))
		}
	}
	for k := range got {
		if !legal[k] {
			if why := notLegalFault(pos, k[:4]); why != "" {
				t.Errorf("%s (%s; %s, moves %v): tried at the root, not legal: %s: %s", name, p.what, p.fen, p.moves, k, why)
			}
		}
	}
	return deepest
}

// search5kRootMove is the move TRY is about to try at the root, in UCI:
// a pawn's move to the last rank promotes to a queen, or to a knight when
// .SQUARE has 08 (PJK's flag), which no other move may have.
func search5kRootMove(mem *[0x10000]byte, attr uint16, computer chess.Color) (string, error) {
	piece, sq := mem[memmap.PieceNow], mem[memmap.SquareNow]
	promo := ""
	if sq>>4 == 7 && mem[memmap.Board+uint16(piece)]>>4 == 6 && memmap.AttrPieceType(mem[attr+uint16(piece^mem[s5kSide])]) == chess.Pawn {
		promo = "q"
		if sq&0x08 != 0 {
			promo, sq = "n", sq&^0x08
		}
	}
	from, ok1 := memmap.SquareOf(mem[memmap.Board+uint16(piece)], computer)
	to, ok2 := memmap.SquareOf(sq, computer)
	if !ok1 || !ok2 {
		return "", fmt.Errorf("a root move %02X to %02X: no squares", piece, mem[memmap.SquareNow])
	}
	return from.String() + to.String() + promo, nil
}

// sqbDisagrees says where the board of squares (in the root's terms: a
// square EOR .ORI, a man EOR .SIDE) differs from the piece table, or "".
func sqbDisagrees(mem []byte) string {
	ori, side := mem[s5kOri], mem[s5kSide]
	want := [256]byte{}
	for i := range want {
		want[i] = 0xFF
	}
	for man := range 32 {
		sq := mem[memmap.Board+man]
		if sq&0x88 == 0 {
			want[sq^ori] = byte(man) ^ side
		}
	}
	for sq := range 256 {
		if sq&0x88 == 0 && mem[s5kSQB+sq] != want[sq] {
			return fmt.Sprintf("the board of squares holds %02X on %02X, the piece table %02X", mem[s5kSQB+sq], sq, want[sq])
		}
	}
	return ""
}

// notLegalFault is "" when a move the program tried that the rules do not
// allow (UCI squares, no promotion letter) leaves the mover's king to be
// taken and is no castling out of or through check, else what is wrong.
func notLegalFault(pos *chess.Position, k string) string {
	from := chess.NewSquare(chess.File(k[0]-'a'), chess.Rank(k[1]-'1'))
	to := chess.NewSquare(chess.File(k[2]-'a'), chess.Rank(k[3]-'1'))
	board := pos.Board().SquareMap()
	pc, ok := board[from]
	if !ok || pc.Color() != pos.Turn() {
		return "no man of the side to move there"
	}
	them := pos.Turn().Other()
	if pc.Type() == chess.King && from.Rank() == to.Rank() && (int(to)-int(from) == 2 || int(from)-int(to) == 2) {
		crossed := chess.Square((int(from) + int(to)) / 2)
		if attackedBy(board, from, them) || attackedBy(board, crossed, them) {
			return "castling out of or through check"
		}
	}
	if pc.Type() == chess.Pawn && from.File() != to.File() && board[to] == chess.NoPiece {
		delete(board, chess.NewSquare(to.File(), from.Rank())) // en passant
	}
	delete(board, from)
	board[to] = pc
	for sq, p := range board {
		if p.Type() == chess.King && p.Color() == pos.Turn() {
			if !attackedBy(board, sq, them) {
				return "its king is not left in check"
			}
			return ""
		}
	}
	return "no king"
}

// attackedBy tells whether a man of colour c attacks sq on board.
func attackedBy(board map[chess.Square]chess.Piece, sq chess.Square, c chess.Color) bool {
	f, r := int(sq.File()), int(sq.Rank())
	at := func(df, dr int) (chess.Piece, bool) {
		nf, nr := f+df, r+dr
		if nf < 0 || nf > 7 || nr < 0 || nr > 7 {
			return chess.NoPiece, false
		}
		p, ok := board[chess.NewSquare(chess.File(nf), chess.Rank(nr))]
		return p, ok && p != chess.NoPiece
	}
	for _, d := range [][2]int{{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}} {
		if p, ok := at(d[0], d[1]); ok && p.Color() == c && p.Type() == chess.Knight {
			return true
		}
	}
	up := 1 // the side c's pawns go up: they attack from below
	if c == chess.Black {
		up = -1
	}
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		for n := 1; n < 8; n++ {
			p, ok := at(d[0]*n, d[1]*n)
			if !ok {
				if f+d[0]*n < 0 || f+d[0]*n > 7 || r+d[1]*n < 0 || r+d[1]*n > 7 {
					break
				}
				continue
			}
			if p.Color() == c {
				diag := d[0] != 0 && d[1] != 0
				switch p.Type() {
				case chess.Queen:
					return true
				case chess.Rook:
					if !diag {
						return true
					}
				case chess.Bishop:
					if diag {
						return true
					}
				case chess.King:
					if n == 1 {
						return true
					}
				case chess.Pawn:
					if n == 1 && diag && d[1] == -up {
						return true
					}
				}
			}
			break
		}
	}
	return false
}

// search5k plays the special moves where each is the move to play (issue
// 42), for both colours (the position turned for Black by mirrorPosition),
// at Normal: O-O-O is the only mate in one; e8=Q with all its men on the
// board (its queen too: the 1977 piece table had no slot for the new one,
// and the game was adjudicated); and after ...d5 it sees the player's
// exd6 en passant, which forks its queen and rook, so it does not play the
// fork of the two knights that d5 is without en passant (it did before).
func TestSearch5KPlaysTheSpecialMoves(t *testing.T) {
	for _, c := range []struct {
		fen, want string
		avoid     bool
	}{
		{"8/8/8/N3Q3/8/3k4/8/R3K3 w Q - 0 1", "e1c1", false},
		{"7k/r3P3/8/8/8/8/PPPP1PPP/RNBQKBNR w - - 0 1", "e7e8q", false},
		{"6k1/2qprppp/8/4P3/2N1N3/1P3P2/6PP/6K1 b - - 0 1", "d7d5", true},
	} {
		for _, v := range bothColours(c.fen, c.want) {
			p, ply := s5kThink(t, v.fen)
			if p.End != "" && !strings.Contains(p.End, "checkmate") {
				t.Errorf("%s: the game ended after %s: %s", v.fen, ply.UCI, p.End)
			}
			if (ply.UCI == v.want) == c.avoid {
				t.Errorf("%s: search5k played %s (%v), want %s%s", v.fen, ply.UCI, ply.Display, map[bool]string{true: "anything but "}[c.avoid], v.want)
			}
		}
	}
}

// bothColours is a position and a move as given, then with the colours
// reversed (mirrorPosition; the move's squares flipped).
func bothColours(fen, want string) []struct{ fen, want string } {
	mirrored, _ := mirrorPosition(fen, "")
	flip := func(sq string) string { return sq[:1] + string('9'-rune(sq[1])+'0') }
	return []struct{ fen, want string }{{fen, want}, {mirrored, flip(want[0:2]) + flip(want[2:4]) + want[4:]}}
}

// s5kThink plays search5k's move at Normal from fen, the computer the side
// to move.
func s5kThink(t *testing.T, fen string) (*session.Play, *session.PlayedPly) {
	t.Helper()
	f, err := rules.FEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	p := newSearchPlay(t, builds.Search5K, fen, rules.NewGame(f).Position().Turn(), "normal")
	ply, err := p.Think()
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p, ply
}
