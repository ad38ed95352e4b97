package match

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
	"github.com/kim1-archive/microchess/suite"
)

// End is how a game ended.
type End int

const (
	Checkmate End = iota
	Stalemate
	DrawnByRule // threefold repetition, fifty moves, fivefold, 75 moves, dead position
	Resigned    // a MicroChess program's FF FF FF
	Illegal     // a move the rules do not allow: lost by the side that made it
	Unheld      // a legal move the program's table cannot hold: adjudicated by material (adjudicate), out of the score
	Failed      // a side failed (the emulated program, or an engine that died, hung or had no move)
	PlyCap      // the game ran into the ply cap: a draw, counted apart
)

var endNames = [...]string{"checkmate", "stalemate", "drawn by rule", "resigned", "illegal move", "cannot hold", "failed", "ply cap"}

func (e End) String() string { return endNames[e] }

// termination is the PGN Termination tag's standard value.
func (e End) termination() string {
	switch e {
	case Illegal:
		return "rules infraction"
	case Failed:
		return "abandoned"
	case Unheld, PlyCap:
		return "adjudication"
	}
	return "normal"
}

// Record is one game played.
type Record struct {
	Index        int // in the schedule
	Pairing      int
	White, Black int // players, by index
	Line         int // the suite's line
	Result       chess.Outcome
	End          End
	By           chess.Color // the side that resigned, moved illegally, failed or could not hold
	Detail       string      // how it ended, in words
	Plies        int         // played after the opening
	Cycles       [3]uint64   // a program's emulated cycles, by colour
	Thought      [3]int      // moves each colour thought
	BookPlies    [3]int      // moves the library program played from its tables, by colour
	Special      [3]Special  // castlings, en passant captures and promotions, by colour
	Moves        string      // the game's moves (UCI, from the start): games with the same are the same game
	PGN          string
	Elapsed      time.Duration

	// TouchMove counts the referee's touch-move rulings, by colour.
	TouchMove [3]TouchMoves
}

// Special counts the special moves of a side in a game (after the
// opening): the 1977 program castles only from its book and never takes en
// passant; the special-moves program does both.
type Special struct {
	Castles    int `json:"castles"`
	EnPassant  int `json:"en_passant"`
	Promotions int `json:"promotions"`
}

func (s *Special) count(m *chess.Move) {
	switch {
	case m.HasTag(chess.KingSideCastle) || m.HasTag(chess.QueenSideCastle):
		s.Castles++
	case m.HasTag(chess.EnPassant):
		s.EnPassant++
	}
	if m.Promo() != chess.NoPieceType {
		s.Promotions++
	}
}

func (s *Special) add(o Special) {
	s.Castles += o.Castles
	s.EnPassant += o.EnPassant
	s.Promotions += o.Promotions
}

// seat is what a game needs of each player: its side and its name.
type seat struct {
	s      side
	player *Player
}

// playGame plays one game from the opening line; ctx interrupts it (the
// error is then ctx's).
func playGame(ctx context.Context, j Job, white, black seat, opt *Options) (Record, error) {
	start := time.Now()
	rec := Record{Index: j.Index, Pairing: j.Pairing, White: j.White, Black: j.Black, Line: j.Line}
	line := opt.Lines[j.Line]
	ref, opening, err := lineGame(line)
	if err != nil {
		return rec, err
	}
	seats := map[chess.Color]seat{chess.White: white, chess.Black: black}
	// end ends the game: by is the side that resigned, moved illegally,
	// failed, or could not hold a promotion (the game is then adjudicated:
	// winner wins, or with none it is a draw).
	end := func(e End, by chess.Color, detail string, winner ...chess.Color) {
		rec.End, rec.By, rec.Detail = e, by, detail
		switch e {
		case Resigned, Illegal, Failed:
			ref.Resign(by)
		case Unheld:
			if winner[0] == chess.NoColor {
				ref.Draw(chess.DrawOffer)
			} else {
				ref.Resign(winner[0].Other())
			}
		case PlyCap:
			ref.Draw(chess.DrawOffer)
		}
	}
	// A line whose own moves end the game (read from a suite they are
	// refused) is a game over before a side begins: scored as the rules
	// say, no side failed.
	over := ref.Outcome() != chess.NoOutcome
	for _, c := range []chess.Color{chess.White, chess.Black} {
		if over {
			break
		}
		// Both begin (an engine hears of the new game); the first
		// failure is the game's.
		if err := seats[c].s.begin(c, line.Start, opening); err != nil && rec.Detail == "" {
			end(Failed, c, fmt.Sprintf("%s could not set the game up: %v", seats[c].player.Name, err))
		}
	}
	for rec.Detail == "" {
		if o := ref.Outcome(); o != chess.NoOutcome {
			rec.End = DrawnByRule
			switch ref.Method() {
			case chess.Checkmate:
				rec.End = Checkmate
			case chess.Stalemate:
				rec.End = Stalemate
			}
			rec.Detail = session.OutcomeText(o, ref.Method())
			if over {
				rec.Detail += ", in the opening line"
			}
			break
		}
		if rec.Plies >= opt.MaxPlies {
			end(PlyCap, chess.NoColor, fmt.Sprintf("%d plies played after the opening: adjudicated a draw", rec.Plies))
			break
		}
		mover := ref.Position().Turn()
		me := seats[mover]
		r, err := me.s.think(ctx)
		if ctx.Err() != nil {
			return rec, ctx.Err()
		}
		rec.Cycles[mover] += r.cycles
		rec.Thought[mover]++
		if r.book {
			rec.BookPlies[mover]++
		}
		switch {
		case err != nil:
			end(Failed, mover, fmt.Sprintf("%s failed: %v", me.player.Name, err))
			continue
		case r.resigned && r.touch != nil:
			rec.TouchMove[mover].Resigned++
			end(Resigned, mover, fmt.Sprintf("%s played %s (%s): %s", me.player.Name, r.touch.Illegal, r.display, r.touch))
			continue
		case r.resigned:
			end(Resigned, mover, fmt.Sprintf("%s resigns (%s)", me.player.Name, r.display))
			continue
		case r.none:
			end(Failed, mover, fmt.Sprintf("%s has no move (bestmove %s) in a position with legal moves", me.player.Name, r.move))
			continue
		}
		move := r.move
		if r.unheld != "" {
			// The program's pawn on the last rank, which its table cannot
			// make a piece: the rules would let it choose, and the queen is
			// what it would choose.
			move = asPromotion(ref.Position(), move)
		}
		if r.illegal != "" || ref.PushNotationMove(move, chess.UCINotation{}, nil) != nil {
			why := r.illegal
			if why == "" {
				why = "not a legal move here"
			}
			shown := ""
			if r.display != "" {
				shown = " (" + r.display + ")"
			}
			end(Illegal, mover, fmt.Sprintf("%s played %s%s, illegal in chess: %s", me.player.Name, r.move, shown, why))
			continue
		}
		rec.Plies++
		moves := ref.Moves()
		last := moves[len(moves)-1]
		rec.Special[mover].count(last)
		if r.cycles > 0 {
			last.SetCommand("cycles", fmt.Sprint(r.cycles))
		}
		if r.note != "" {
			last.AddComment(r.note)
		}
		if r.touch != nil {
			rec.TouchMove[mover].Entered++
		}
		for _, m := range ref.EligibleDraws() {
			if m == chess.ThreefoldRepetition || m == chess.FiftyMoveRule {
				ref.Draw(m)
				break
			}
		}
		if ref.Outcome() != chess.NoOutcome {
			continue
		}
		if r.unheld != "" {
			winner, verdict := adjudicate(ref.Position())
			end(Unheld, mover, fmt.Sprintf("%s played %s: %s; %s", me.player.Name, r.move, r.unheld, verdict), winner)
			continue
		}
		if err := me.s.accept(r.move, true); err != nil {
			end(Failed, mover, fmt.Sprintf("%s failed: %v", me.player.Name, err))
			continue
		}
		other := seats[mover.Other()]
		if err := other.s.accept(r.move, false); err != nil {
			var cannot *session.CannotHoldError
			if errors.As(err, &cannot) {
				winner, verdict := adjudicate(ref.Position())
				end(Unheld, mover.Other(), fmt.Sprintf("%s cannot hold %s's %s: %v; %s", other.player.Name, me.player.Name, last.String(), cannot, verdict), winner)
			} else {
				end(Failed, mover.Other(), fmt.Sprintf("%s failed to take %s: %v", other.player.Name, r.move, err))
			}
		}
	}
	rec.Result = ref.Outcome()
	for _, m := range ref.Moves() {
		rec.Moves += m.String() + " "
	}
	rec.PGN = gamePGN(ref.Game, len(opening), &rec, white, black, opt)
	rec.Elapsed = time.Since(start)
	return rec, nil
}

// lineGame is the game of an opening line, refereed: from its start (the
// initial position, or its FEN), its moves played; opening is them in UCI.
// The Referee plays them, not chess.Game.Move, whose count of repetitions
// makes a line of n plies cost n² boards written.
func lineGame(line suite.Line) (ref *rules.Referee, opening []string, err error) {
	g := rules.NewGame()
	if line.Start != "" {
		fen, err := rules.FEN(line.Start)
		if err != nil {
			return nil, nil, fmt.Errorf("%v: %v", line.Pos, err)
		}
		g = rules.NewGame(fen)
	}
	ref = rules.NewReferee(g)
	for _, san := range line.Moves {
		// microchess.ParseSAN, not the library's AlgebraicNotation.Decode:
		// chess/v2 v2.3.2's returns a slice it has already put back in a
		// sync.Pool (notation.go, generateOptions), which another game's
		// worker then writes.
		m, err := rules.ParseSAN(ref.Position(), san)
		if err == nil {
			err = ref.Move(&m)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("%v: opening move %s: %v", line.Pos, san, err)
		}
		opening = append(opening, m.String())
	}
	return ref, opening, nil
}

// gamePGN writes the record of a game: the Seven Tag Roster, what each
// player is, the opening, the termination; each program move's cycles as a
// command comment; how the game ended as the last comment.
func gamePGN(ref *chess.Game, opening int, rec *Record, white, black seat, opt *Options) string {
	tags := [][2]string{
		{"Event", opt.Event}, {"Site", "mchess match, emulated KIM-1"},
		{"Date", opt.Date.Format("2006.01.02")}, {"Round", fmt.Sprint(rec.Index + 1)},
		{"White", white.player.Name}, {"Black", black.player.Name}, {"Result", string(ref.Outcome())},
		{"WhiteProgram", white.s.what(chess.White)}, {"BlackProgram", black.s.what(chess.Black)},
		{"Termination", rec.End.termination()},
		{"PlyCount", fmt.Sprint(len(ref.Moves()))},
	}
	if l := opt.Lines[rec.Line]; l.Name != "" {
		tags = append(tags, [2]string{"ECO", l.ECO}, [2]string{"Opening", l.Name})
	}
	if start := opt.Lines[rec.Line].Start; start != "" {
		tags = append(tags, [2]string{"SetUp", "1"}, [2]string{"FEN", start})
	}
	tags = append(tags, mergeTags(rec, opening, opt)...)
	for _, t := range tags {
		ref.AddTagPair(t[0], tagValue(t[1]))
	}
	moves := ref.Moves()
	if opening > 0 && opening <= len(moves) {
		moves[opening-1].AddComment(fmt.Sprintf("end of opening line %d of the suite", rec.Line+1))
	}
	final := rec.Detail
	if len(moves) > 0 {
		last := moves[len(moves)-1]
		if last.Comments() != "" { // a note on the move (the library joins comments as they are)
			final = "; " + final
		}
		last.AddComment(final)
	} else {
		ref.GetRootMove().AddComment(final)
	}
	text := rules.WritePGN(ref)
	// The library writes a comment with no move before it hard against
	// the result.
	if result := string(ref.Outcome()); strings.HasSuffix(text, "}"+result) {
		text = text[:len(text)-len(result)] + " " + result
	}
	return text
}

// tagValue makes text safe inside a PGN tag's quotes.
func tagValue(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ").Replace(s)
}
