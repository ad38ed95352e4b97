package session

import (
	"fmt"
	"strings"
	"time"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/rules"
)

// Follower keeps the record of a game played on the keypad, key by key,
// as a person plays the program without a referee (the web page's KIM-1):
// it reads the program's board (0050–006F) each time the program waits
// and finds the chess move that made it. A board the rules cannot reach
// from the game is taken as the program has it (a move out of turn, an
// illegal move, a set-up), and the game goes on from there.
type Follower struct {
	// Computer is the side the program's men are: White after C, Black
	// after C then E; each E swaps it.
	Computer chess.Color
	Game     *chess.Game // since C, or since the board left the rules
	ref      *rules.Referee
	Plies    []FollowedPly
	// Earlier holds the games before the board left the rules, each with
	// why it ended (EarlierEnd).
	Earlier    []*chess.Game
	EarlierEnd []string
	// Pending is set while the board is half a move on: the king's part
	// of a castling keyed, the rook's to come (or the first pair of an en
	// passant).
	Pending string
	last    memmap.Array
	started bool
}

// FollowedPly is one half-move read from the program's board.
type FollowedPly struct {
	SAN      string // the move in SAN; a move outside the rules as FROM-TO squares
	Keyed    string // the squares in the program's notation, as keyed: "13-33"
	Computer bool   // the program's men moved
	Note     string // a move out of turn or outside the rules
}

// Update reads the program's board after a wait for input; it tells
// whether the record changed.
func (f *Follower) Update(a memmap.Array) bool {
	switch {
	case !f.started || sameArray(a, memmap.InitialArray(chess.White)) || sameArray(a, memmap.InitialArray(chess.Black)):
		if f.started && sameArray(a, f.last) {
			return false
		}
		f.start(a)
		return true
	case sameArray(a, f.last):
		return false
	case sameArray(a, f.last.Exchange()):
		f.Computer = f.Computer.Other()
		f.last = a
		return true
	}
	board, err := a.Position(f.Computer)
	if err != nil {
		return false // two men on a square: a move half keyed from the monitor
	}
	pos := f.Game.Position()
	if m := matching(pos, board); m != nil {
		f.record(pos, m, "")
		f.last, f.Pending = a, ""
		return true
	}
	if half := halfMove(pos, board); half != "" {
		changed := f.Pending != half
		f.Pending = half
		return changed
	}
	f.leave(board)
	f.last, f.Pending = a, ""
	return true
}

// start begins a new game from the board as it stands: the starting
// position after C (and E), else the board's own position, White to move.
func (f *Follower) start(a memmap.Array) {
	f.started, f.last, f.Pending = true, a, ""
	f.Plies, f.Earlier, f.EarlierEnd = nil, nil, nil
	switch {
	case sameArray(a, memmap.InitialArray(chess.Black)):
		f.Computer, f.Game = chess.Black, rules.NewGame()
	case sameArray(a, memmap.InitialArray(chess.White)):
		f.Computer, f.Game = chess.White, rules.NewGame()
	default:
		if f.Computer == chess.NoColor {
			f.Computer = chess.White
		}
		f.Game = rules.NewGame()
		if board, err := a.Position(f.Computer); err == nil {
			f.restart(board, chess.White)
		}
	}
	f.ref = rules.NewReferee(f.Game)
}

// restart goes on from a board outside the game's rules, turn to move,
// with no castling or en passant rights.
func (f *Follower) restart(board map[chess.Square]chess.Piece, turn chess.Color) {
	fen, err := rules.FEN(rules.PositionFEN(board, turn))
	if err != nil {
		return // no position the library takes (no king): the old game stays
	}
	f.Game = rules.NewGame(fen)
	f.ref = rules.NewReferee(f.Game)
}

// record plays a legal move in the game.
func (f *Follower) record(pos *chess.Position, m *chess.Move, note string) {
	ply := FollowedPly{SAN: rules.SAN(pos, m), Computer: pos.Turn() == f.Computer, Note: note}
	var pairs []string
	for _, k := range MoveKeys(m, f.Computer) {
		pairs = append(pairs, fmt.Sprintf("%02X-%02X", k[0], k[1]))
	}
	ply.Keyed = strings.Join(pairs, " ")
	f.Plies = append(f.Plies, ply)
	_ = f.ref.Move(m) // legal: found among the position's moves
}

// leave takes a board the rules do not reach from the game: a legal move
// of the side not to move is recorded as such; anything else as the
// squares that changed; the game goes on from the board.
func (f *Follower) leave(board map[chess.Square]chess.Piece) {
	pos := f.Game.Position()
	mover := pos.Turn().Other()
	if other, err := rules.ParseFEN(rules.PositionFEN(pos.Board().SquareMap(), mover)); err == nil {
		if m := matching(other, board); m != nil {
			f.end("a move out of turn")
			f.restart(other.Board().SquareMap(), mover)
			f.record(f.Game.Position(), m, "out of turn")
			return
		}
	}
	from, to, by := changed(pos.Board().SquareMap(), board)
	ply := FollowedPly{SAN: "set up", Computer: by == f.Computer, Note: "the board changed outside the rules"}
	if from != chess.NoSquare && to != chess.NoSquare {
		ply.SAN = from.String() + "-" + to.String()
		ply.Keyed = fmt.Sprintf("%02X-%02X", memmap.Code(from, f.Computer), memmap.Code(to, f.Computer))
		ply.Note = "not a legal move"
	}
	turn := pos.Turn()
	if by != chess.NoColor {
		turn = by.Other()
	}
	f.Plies = append(f.Plies, ply)
	f.end(ply.Note + ": " + ply.SAN)
	f.restart(board, turn)
}

func (f *Follower) end(why string) {
	f.Earlier = append(f.Earlier, f.Game)
	f.EarlierEnd = append(f.EarlierEnd, why)
}

// matching is the legal move of pos that leaves board, nil if none.
func matching(pos *chess.Position, board map[chess.Square]chess.Piece) *chess.Move {
	for _, m := range pos.ValidMoves() {
		if sameBoard(board, pos.Update(&m).Board().SquareMap()) {
			return &m
		}
	}
	return nil
}

// halfMove names the legal move of pos whose first keyed pair leaves
// board (a castling's king, an en passant's sideways capture).
func halfMove(pos *chess.Position, board map[chess.Square]chess.Piece) string {
	for _, m := range pos.ValidMoves() {
		if !m.HasTag(chess.KingSideCastle) && !m.HasTag(chess.QueenSideCastle) && !m.HasTag(chess.EnPassant) {
			continue
		}
		half := pos.Board().SquareMap()
		to := m.S2()
		if m.HasTag(chess.EnPassant) {
			to = chess.NewSquare(m.S2().File(), m.S1().Rank())
		}
		half[to] = half[m.S1()]
		delete(half, m.S1())
		if sameBoard(board, half) {
			return rules.SAN(pos, &m)
		}
	}
	return ""
}

// sameBoard compares the program's board with the game's; the original
// keeps a promoted pawn as a pawn, which stands for any man of its side.
func sameBoard(program, game map[chess.Square]chess.Piece) bool {
	for sq := chess.A1; sq <= chess.H8; sq++ {
		p, g := program[sq], game[sq]
		if p == g {
			continue
		}
		last := sq.Rank() == chess.Rank1 || sq.Rank() == chess.Rank8
		if !last || p.Type() != chess.Pawn || g == chess.NoPiece || p.Color() != g.Color() {
			return false
		}
	}
	return true
}

// changed finds the square a man left and the one it went to, and its
// side, when one man moved (NoSquare otherwise).
func changed(before, after map[chess.Square]chess.Piece) (from, to chess.Square, by chess.Color) {
	from, to, by = chess.NoSquare, chess.NoSquare, chess.NoColor
	var froms, tos []chess.Square
	for sq := chess.A1; sq <= chess.H8; sq++ {
		b, a := before[sq], after[sq]
		switch {
		case b == a:
		case a == chess.NoPiece:
			froms = append(froms, sq)
		default:
			tos = append(tos, sq)
		}
	}
	if len(tos) == 1 {
		by = after[tos[0]].Color()
		if len(froms) == 1 && before[froms[0]].Color() == by {
			from, to = froms[0], tos[0]
		}
	}
	return from, to, by
}

func sameArray(a, b memmap.Array) bool {
	if a.Computer != b.Computer || a.Player != b.Player {
		return false
	}
	if a.Attr == nil || b.Attr == nil {
		return true // the original, or the special-moves program read without its types
	}
	return *a.Attr == *b.Attr
}

// Outcome says how the game ended, "" while it goes on.
func (f *Follower) Outcome() string {
	if f.Game == nil || f.Game.Outcome() == chess.NoOutcome {
		return ""
	}
	return OutcomeText(f.Game.Outcome(), f.Game.Method())
}

// PGN writes the record, each game with the Seven Tag Roster, the
// program named on its side; games left outside the rules come first.
func (f *Follower) PGN(program, level string, date time.Time) string {
	white, black := program, "Player"
	if f.Computer == chess.Black {
		white, black = black, white
	}
	games := append(append([]*chess.Game(nil), f.Earlier...), f.Game)
	var out []string
	for i, g := range games {
		if g == nil {
			continue
		}
		c := g.Clone()
		result := string(c.Outcome())
		if result == "" || i < len(games)-1 {
			result = "*"
		}
		for _, kv := range [][2]string{{"Event", "MicroChess game"}, {"Site", "emulated KIM-1 in a web browser"},
			{"Date", date.Format("2006.01.02")}, {"Round", fmt.Sprint(i + 1)},
			{"White", white}, {"Black", black}, {"Result", result}, {"Program", program}, {"Level", level}} {
			c.AddTagPair(kv[0], kv[1])
		}
		if start := g.Positions()[0].String(); start != rules.StartingPosition().String() {
			c.AddTagPair("FEN", start)
			c.AddTagPair("SetUp", "1")
		}
		if i < len(games)-1 {
			c.AddTagPair("Termination", f.EarlierEnd[i])
		}
		out = append(out, rules.WritePGN(c))
	}
	return strings.Join(out, "\n")
}
