package match

import (
	"math/rand/v2"

	"github.com/kim1-archive/microchess/uci"
)

// DefaultPickMargin is how far below its best line, in centipawns, a line
// of a picking engine (Engine.Pick) may be and still be chosen.
const DefaultPickMargin = 30

// pickMove chooses an engine's move among its MultiPV lines: at random
// among the first pick lines whose score is within margin centipawns of
// the best, from a generator seeded by the game and the ply, so that the
// same game gets the same choices whatever -j (the engine being
// deterministic at a node count or depth). It varies an opponent's replies
// without weakening it by more than the margin a move: the openings a
// program's library is meant for are then met in many forms. Without
// lines it keeps the engine's own bestmove.
func pickMove(a uci.Answer, pick, margin int, game uint64, ply int) string {
	best, ok := 0, false
	var candidates []string
	for i, l := range a.Lines {
		if i >= pick || l.Move == "" {
			break
		}
		cp, good := uci.Centipawns(l.Score)
		if !good {
			continue
		}
		if !ok {
			best, ok = cp, true
		}
		if cp >= best-margin {
			candidates = append(candidates, l.Move)
		}
	}
	if len(candidates) == 0 {
		return a.Move
	}
	r := rand.New(rand.NewPCG(game, uint64(ply)))
	return candidates[r.IntN(len(candidates))]
}
