package session

import (
	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/memmap"
)

// What the program leaves in memory about each of its own moves when PUSH
// (via JMP *OUT, SCANDS) shows the best so far: named as the listing
// names them; a test holds each to the assembled symbol table.
const (
	OutLoop      = 0x0008 // OUT: CHESS's display-and-key loop, whose JSR *OUT is the other caller of SCANDS
	BestPiece    = 0x00FB // .BESTP: the man of the best move so far (the display's left pair)
	BestValue    = 0x00FA // .BESTV: its value (the middle pair)
	BestTo       = 0x00F9 // .BESTM: its TO square (the right pair)
	ReplyMob     = 0x00E3 // .BMOB: the replies generated to the move (state 0; a queen's count twice)
	ReplyCapture = 0x00E4 // .BMAXC: the points of the best capture among them
	ReplyTarget  = 0x00E6 // .BMAXP: the program's man that capture takes (its piece code)
	NextMob      = 0x00EB // .WMOB: the program's moves generated after the reply (state 8)
	// PushState is .STATE while the program's own moves are generated and
	// scored (RETV sets it before PUSH).
	PushState = 0x04
)

// RootMove is one of the program's own moves as the program scored it:
// what PUSH had in hand when it flashed the display.
type RootMove struct {
	Piece, To byte // the man (piece code) and the TO square, the program's notation
	Value     byte // the value STRATGY and CKMATE gave it, 00–FF
	// Replies and Continuations are the moves generated to score it: the
	// opponent's replies (.BMOB) and the program's next moves (.WMOB), as
	// the program counts them for mobility.
	Replies, Continuations int
	// Target is the program's man the opponent's best capture in reply
	// takes (piece code), and TargetPoints its points (0: no capture).
	Target, TargetPoints byte
}

// Nodes is the moves generated to score the move: itself, the replies and
// the program's next moves.
func (r RootMove) Nodes() uint64 { return 1 + uint64(r.Replies) + uint64(r.Continuations) }

// SearchLog is the program's own moves in the order it scored them, for
// a search under way or done.
type SearchLog struct {
	Moves []RootMove
	// Best is the index in Moves of the best so far (-1: none has beaten
	// the start value 0C), as .BESTP/.BESTM say.
	Best int
}

// Nodes is the moves generated in the search: every scored move's
// (RootMove.Nodes). The capture tree's moves (TREE) and the check test's
// at Normal (CHKCHK) are not counted: the program keeps no count of them.
func (l *SearchLog) Nodes() uint64 {
	var n uint64
	for _, m := range l.Moves {
		n += m.Nodes()
	}
	return n
}

// LogSearch has the session record the program's moves as it scores them
// into log, from now on (nil stops it). It reads page zero at every SCANDS
// call that PUSH makes, telling it from CHESS's own by the return address
// on the stack (OUT's JSR *OUT); the program runs as ever, translated or
// not.
func (s *Session) LogSearch(log *SearchLog) {
	if log == nil {
		s.M.OnScan = nil
		return
	}
	log.Best = -1
	s.M.OnScan = func(m *kim1.Machine) {
		c := m.CPU
		ret := uint16(c.Mem[0x100|uint16(c.S+1)]) | uint16(c.Mem[0x100|uint16(c.S+2)])<<8
		if ret+1 == OutLoop+3 || c.Mem[memmap.State] != PushState {
			return
		}
		piece, to := c.Mem[memmap.PieceNow], c.Mem[memmap.SquareNow]
		best := c.Mem[BestPiece] == piece && c.Mem[BestTo] == to
		// PUSH leaves the value in A, or, for a new best, stores it in
		// .BESTV and loads the TO square.
		v := c.A
		if best {
			v = c.Mem[BestValue]
		}
		log.Moves = append(log.Moves, RootMove{Piece: piece, To: to, Value: v,
			Replies: int(c.Mem[ReplyMob]), Continuations: int(c.Mem[NextMob]),
			Target: c.Mem[ReplyTarget], TargetPoints: c.Mem[ReplyCapture]})
		if best {
			log.Best = len(log.Moves) - 1
		}
	}
}

// ScoreZero is the value the program gives a quiet move in a level
// position: STRATGY's three sections centre on 80, then 80, then D0 when
// the counts on both sides are equal and nothing is captured.
const ScoreZero = 0xD0

// ValuePerPawn is how much a pawn won moves the value: a pawn is worth 2
// points (.POINTS) and a capture now (.WCAP0) counts four times.
const ValuePerPawn = 8

// Centipawns maps the program's value of a move (00–FF, higher better for
// the program) to centipawns from the program's side, for a GUI: 100 per
// pawn of the value, ScoreZero at 0. The map is linear, so it keeps the
// program's order of its moves; its range is −2600 (00) to +587 (FF). The
// value itself is the program's: at best a rough guide to the position.
func Centipawns(v byte) int {
	return (int(v) - ScoreZero) * 100 / ValuePerPawn
}

// ReplyTo is the opponent's reply the program analysed to its move m,
// played from pos (the position before m, the program to move): the
// capture of the man .BMAXP names, by the opponent's least valuable man
// that can take it (the program keeps only what is taken, not by whom).
// nil when the best reply captured nothing or names no legal move.
func ReplyTo(pos *chess.Position, m *chess.Move, r RootMove, root memmap.Array) *chess.Move {
	if r.TargetPoints == 0 || r.Target > 15 {
		return nil
	}
	after := pos.Update(m)
	computer := pos.Turn()
	target := m.S2()
	if r.Target != r.Piece {
		sq, ok := memmap.SquareOf(root.Computer[r.Target], computer)
		if !ok {
			return nil
		}
		target = sq
	}
	var best *chess.Move
	worth := func(t chess.PieceType) int {
		return map[chess.PieceType]int{chess.Pawn: 1, chess.Knight: 2, chess.Bishop: 3, chess.Rook: 4, chess.Queen: 5, chess.King: 6}[t]
	}
	board := after.Board()
	for _, reply := range after.ValidMoves() {
		if reply.S2() != target || reply.Promo() != chess.NoPieceType && reply.Promo() != chess.Queen {
			continue
		}
		if best == nil || worth(board.Piece(reply.S1()).Type()) < worth(board.Piece(best.S1()).Type()) {
			r := reply
			best = &r
		}
	}
	return best
}
