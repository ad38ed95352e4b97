package rules_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess/rules"
)

// TestRefereeIsTheLibrary plays random games in a chess.Game and in a
// Referee side by side and holds the Referee to the library ply by ply:
// the position, the outcome and its method, the draws that may be claimed,
// and in the end the whole record. The games are steered to the rules the
// Referee judges apart: knights shuffled to and fro (threefold and fivefold
// repetition), quiet moves in endings (fifty and seventy-five moves),
// random ones (down to bare minor pieces: insufficient material), some
// games claimed drawn and some played on past their end.
func TestRefereeIsTheLibrary(t *testing.T) {
	starts := []string{
		"",                                    // the start
		"4k3/8/8/8/8/8/8/R3K2N w - - 0 1",     // rook and knight: quiet moves for seventy-five
		"4k3/2n5/8/8/3B4/8/8/4K1N1 w - - 0 1", // minor pieces only: the library weighs the material
		"r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1", // castling rights
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",                                // an en passant square
		"7k/8/8/8/8/8/8/KR6 b - - 140 120",                                 // near seventy-five
	}
	games := 24
	if testing.Short() {
		games = 8
	}
	ends := map[chess.Method]int{}
	for i := 0; i < games; i++ {
		rng := rand.New(rand.NewPCG(uint64(i), 31))
		fen := starts[i%len(starts)]
		style := i / len(starts) % 4
		t.Run(fmt.Sprintf("game%d", i), func(t *testing.T) {
			m := playAgainstLibrary(t, rng, fen, style)
			ends[m]++
		})
	}
	// The games must have met the rules they are there to test.
	for _, m := range []chess.Method{chess.Checkmate, chess.ThreefoldRepetition, chess.FivefoldRepetition,
		chess.FiftyMoveRule, chess.SeventyFiveMoveRule, chess.InsufficientMaterial} {
		if ends[m] == 0 && !testing.Short() {
			t.Errorf("no game ended by %v (%v)", m, ends)
		}
	}
	t.Logf("ends: %v", ends)
}

// playAgainstLibrary plays one random game in both and returns how the
// library ended it. style: 0 random, 1 and 3 knights shuffled, 2 quiet
// moves preferred (no capture, no pawn); in styles 0 and 3 a threefold
// repetition or fifty moves is claimed when it may be, in the others the
// game goes on to the rules' own draws, and a few plies past.
func playAgainstLibrary(t *testing.T, rng *rand.Rand, fen string, style int) chess.Method {
	t.Helper()
	newGame := func() *chess.Game {
		if fen == "" {
			return rules.NewGame()
		}
		opt, err := rules.FEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		return rules.NewGame(opt)
	}
	lib := newGame()
	ref := rules.NewReferee(newGame())
	var end chess.Method
	past := 0
	for ply := 0; ply < 200; ply++ {
		if lib.Outcome() != chess.NoOutcome {
			if end == chess.NoMethod {
				end = lib.Method()
			}
			if past++; past > 3 {
				break
			}
		}
		moves := lib.ValidMoves()
		if len(moves) == 0 {
			break
		}
		uci := styledMove(rng, moves, lib, style).String()
		errLib := lib.PushNotationMove(uci, chess.UCINotation{}, nil)
		errRef := ref.PushNotationMove(uci, chess.UCINotation{}, nil)
		if (errLib == nil) != (errRef == nil) {
			t.Fatalf("ply %d %s: library %v, referee %v", ply, uci, errLib, errRef)
		}
		claimable := lib.EligibleDraws()
		same(t, ply, lib, ref, claimable)
		if (style == 0 || style == 3) && lib.Outcome() == chess.NoOutcome {
			for _, d := range claimable {
				if d == chess.ThreefoldRepetition || d == chess.FiftyMoveRule {
					if errLib, errRef := lib.Draw(d), ref.Draw(d); errLib != nil || errRef != nil {
						t.Fatalf("ply %d: claiming %v: library %v, referee %v", ply, d, errLib, errRef)
					}
					break
				}
			}
			same(t, ply, lib, ref, nil)
		}
	}
	if end == chess.NoMethod {
		end = lib.Method()
	}
	if got, want := ref.Game.String(), lib.String(); got != want {
		t.Fatalf("record:\n%s\nwant\n%s", got, want)
	}
	return end
}

// same holds the referee to the library after a ply; claimable is the
// library's EligibleDraws (nil: not asked again).
func same(t *testing.T, ply int, lib *chess.Game, ref *rules.Referee, claimable []chess.Method) {
	t.Helper()
	if got, want := ref.Position().String(), lib.Position().String(); got != want {
		t.Fatalf("ply %d: position %s, want %s", ply, got, want)
	}
	if ref.Outcome() != lib.Outcome() || ref.Method() != lib.Method() {
		t.Fatalf("ply %d (%s): %v by %v, the library %v by %v", ply, lib.Position(), ref.Outcome(), ref.Method(), lib.Outcome(), lib.Method())
	}
	if got := ref.EligibleDraws(); claimable != nil && !slices.Equal(got, claimable) {
		t.Fatalf("ply %d (%s): claimable %v, the library %v", ply, lib.Position(), got, claimable)
	}
	libMoves, refMoves := lib.Moves(), ref.Moves()
	if len(libMoves) != len(refMoves) || len(refMoves) > 0 && refMoves[len(refMoves)-1] != ref.Game.Moves()[len(refMoves)-1] {
		t.Fatalf("ply %d: %d moves, the library %d, or the last not the game's own", ply, len(refMoves), len(libMoves))
	}
}

// styledMove chooses a move in a style (see playAgainstLibrary).
func styledMove(rng *rand.Rand, moves []chess.Move, g *chess.Game, style int) *chess.Move {
	pos := g.Position()
	board := pos.Board()
	var prefer []chess.Move
	switch style {
	case 1, 3:
		// Take back one's own last move with a knight if one can, else any
		// knight move.
		var back, knights []chess.Move
		var last *chess.Move
		if ms := g.Moves(); len(ms) >= 2 {
			last = ms[len(ms)-2]
		}
		for _, m := range moves {
			if board.Piece(m.S1()).Type() != chess.Knight || m.HasTag(chess.Capture) {
				continue
			}
			knights = append(knights, m)
			if last != nil && m.S1() == last.S2() && m.S2() == last.S1() {
				back = append(back, m)
			}
		}
		prefer = knights
		if len(back) > 0 && rng.IntN(10) > 0 {
			prefer = back
		}
	case 2:
		for _, m := range moves {
			if !m.HasTag(chess.Capture) && board.Piece(m.S1()).Type() != chess.Pawn {
				prefer = append(prefer, m)
			}
		}
	}
	if len(prefer) > 0 && rng.IntN(8) > 0 {
		moves = prefer
	}
	return &moves[rng.IntN(len(moves))]
}
