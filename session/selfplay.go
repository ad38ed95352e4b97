package session

import (
	"fmt"
	"strings"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/rules"
)

// PlayedMove is one computer move in a self-play game.
type PlayedMove struct {
	Move
	UCI      string
	Computer chess.Color
	Note     string // castling completed, pawn replaced
}

// Reason is why a self-play game stopped.
type Reason int

const (
	MovesPlayed Reason = iota // the moves asked for were played
	Resigned                  // FF FF FF: the program found no acceptable move
	Checkmate
	Stalemate
	Drawn    // a draw the rules impose, other than stalemate, that the game does not play through
	LastRank // a pawn reached the last rank with no man to replace it
)

func (r Reason) String() string {
	return [...]string{"moves played", "resigned", "checkmate", "stalemate", "drawn", "pawn on the last rank"}[r]
}

// Game is the record of a self-play game.
type Game struct {
	First  string // White's first move entered by the player, if any
	Moves  []PlayedMove
	Reason Reason
	End    string   // why it stopped, in words
	Draws  []string // automatic draws the game played through
	PGN    string
	// Final is the library's game since the last automatic draw (or the
	// start), as it stood when the game stopped.
	Final *chess.Game
}

// automaticDraw tells the draws the rules impose without a claim. They end
// a game between people, but the manual's self-play knows nothing of them.
func automaticDraw(m chess.Method) bool {
	return m == chess.FivefoldRepetition || m == chess.SeventyFiveMoveRule || m == chess.InsufficientMaterial
}

// SelfPlay plays the manual's PC, E, PC, ... sequence from a cleared board
// (C) until mate, stalemate, resignation (FF FF FF) or maxPerSide moves a
// side; an automatic draw (fivefold repetition, 75 moves, dead position)
// is noted in Draws and play goes on from the same position. Every move is
// refereed by the chess library (see Session.Computer), which completes
// the program's book castling and replaces a pawn on the last rank as the
// manual tells the player to. bookOff switches the opening book off after
// C. A non-empty first (UCI, e.g. "d2d4") is White's first move, entered
// by the player after C E, so the program starts as Black; it is not one
// of the program's moves.
func (s *Session) SelfPlay(maxPerSide int, bookOff bool, first string) (*Game, error) {
	if err := s.Keys("C"); err != nil {
		return nil, err
	}
	if bookOff {
		s.BookOff()
	}
	g := &Game{First: first}
	board := rules.NewReferee(rules.NewGame())
	var pgn []string // games before each automatic draw
	computer := chess.White
	if first != "" {
		m, err := chess.UCINotation{}.Decode(board.Position(), first)
		if err != nil {
			return g, fmt.Errorf("first move %q: %v", first, err)
		}
		if err := s.Keys("E"); err != nil {
			return g, err
		}
		computer = chess.Black
		if err := s.Player(board, m, computer); err != nil {
			return g, fmt.Errorf("after the first move %s: %v", first, err)
		}
	}
	for len(g.Moves) < 2*maxPerSide {
		mv, err := s.Play()
		if err != nil {
			return g, err
		}
		if mv.Resigned() {
			g.Reason, g.End = Resigned, "resigned (FF FF FF)"
			break
		}
		pm := PlayedMove{Move: mv, Computer: computer}
		var stop string
		pm.UCI, pm.Note, stop, err = s.Computer(board, mv, computer)
		if err == nil && stop == "" {
			err = s.Matches(board.Position(), computer)
		}
		if err != nil {
			return g, fmt.Errorf("move %d (%v, %s): %v", len(g.Moves)/2+1, mv, computer.Name(), err)
		}
		if stop != "" {
			g.Reason, g.End = LastRank, stop
			break
		}
		g.Moves = append(g.Moves, pm)
		if o := board.Outcome(); o != chess.NoOutcome {
			method := board.Method()
			if !automaticDraw(method) {
				g.End = OutcomeText(o, method)
				switch method {
				case chess.Checkmate:
					g.Reason = Checkmate
				case chess.Stalemate:
					g.Reason = Stalemate
				default:
					g.Reason = Drawn
				}
				break
			}
			g.Draws = append(g.Draws, fmt.Sprintf("%s after %d program moves", OutcomeText(o, method), len(g.Moves)))
			pgn = append(pgn, board.String())
			fen, err := rules.FEN(board.Position().String())
			if err != nil {
				return g, err
			}
			board = rules.NewReferee(rules.NewGame(fen)) // the same position, its history cleared
		}
		if err := s.Keys("E"); err != nil {
			return g, err
		}
		computer = computer.Other()
	}
	if g.End == "" {
		g.Reason, g.End = MovesPlayed, fmt.Sprintf("%d moves a side played", maxPerSide)
	}
	g.PGN = strings.Join(append(pgn, board.String()), "\n")
	g.Final = board.Game
	return g, nil
}
