package match

import (
	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/session"
)

// endGiven holds a game's MatchEnd, MatchEndBy and Result to its moves,
// replayed in ref, as playGame would have ended it: checkmate and
// stalemate where the moves end so; drawn by rule where a rule draws the
// last position (one the rules impose, or threefold repetition or fifty
// moves, which the match claims); a resignation, an illegal move or a
// failure lost by the side blamed; a position the program cannot hold
// adjudicated by material; the ply cap a draw at the cap. A result edited
// by hand (a repetition made a win) is refused.
func endGiven(g *pgnGame, rec *Record, ref *rules.Referee, maxPlies int) *gameError {
	at := g.tags[tagEnd].at
	ruled, method := ref.Outcome(), ref.Method()
	// The draws the match claims after every move played: after none,
	// the opening line's own position is not claimed.
	claim := chess.NoMethod
	for _, m := range ref.EligibleDraws() {
		if (m == chess.ThreefoldRepetition || m == chess.FiftyMoveRule) && claim == chess.NoMethod {
			claim = m
		}
	}
	var want chess.Outcome
	switch rec.End {
	case Checkmate, Stalemate:
		if m := map[End]chess.Method{Checkmate: chess.Checkmate, Stalemate: chess.Stalemate}[rec.End]; method != m {
			return errorAt(at, "%s %q, but the moves do not end in %s", tagEnd, rec.End, rec.End)
		}
		want = ruled
	case DrawnByRule:
		if (ruled != chess.Draw || method == chess.Stalemate) && claim == chess.NoMethod {
			return errorAt(at, "%s %q, but no rule draws the game where its moves end", tagEnd, rec.End)
		}
		want = chess.Draw
	default:
		if ruled != chess.NoOutcome {
			return errorAt(at, "%s %q, but the moves end the game by the rules: %s", tagEnd, rec.End, session.OutcomeText(ruled, method))
		}
		if claim != chess.NoMethod && rec.Plies > 0 {
			return errorAt(at, "%s %q, but the match claims the draw its moves reach: %s", tagEnd, rec.End, session.OutcomeText(chess.Draw, claim))
		}
		switch rec.End {
		case Resigned, Illegal, Failed:
			if rec.By == chess.NoColor {
				return errorAt(at, "%s %q without a %s tag: the side it was lost by", tagEnd, rec.End, tagEndBy)
			}
			want = won(rec.By.Other())
		case Unheld:
			winner, _ := adjudicate(ref.Position())
			want = won(winner)
		case PlyCap:
			if rec.Plies != maxPlies {
				return errorAt(at, "%s %q after %d plies, the schedule's cap is %d", tagEnd, rec.End, rec.Plies, maxPlies)
			}
			want = chess.Draw
		}
	}
	if rec.Result != want {
		return errorAt(g.tags["Result"].at, "Result %s, but a game %s as its moves end gives %s", rec.Result, rec.End, want)
	}
	return nil
}

// won is the result of a game won by c; a draw for no colour.
func won(c chess.Color) chess.Outcome {
	switch c {
	case chess.White:
		return chess.WhiteWon
	case chess.Black:
		return chess.BlackWon
	}
	return chess.Draw
}
