package match

import (
	"context"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/rules"
	"github.com/kim1-archive/microchess/suite"
)

// Four games at once from lines with moves and with a FEN start: under
// go test -race (make test runs this package so) no two games may share
// the chess library's state (the FEN reader's buffer, the SAN decoder's
// pooled slices).
func TestFourGamesAtOnce(t *testing.T) {
	t.Parallel()
	lines := append([]suite.Line(nil), suite.Default()[:7]...)
	lines = append(lines, suite.Line{Name: "after 1. e4", Start: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"})
	r := NewRoster()
	res, err := Run(context.Background(), Options{Players: players(t, r, "original@super-blitz", "stone@super-blitz"),
		Games: 16, Lines: lines, Jobs: 4, MaxPlies: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Records) != 16 {
		t.Fatalf("%d records", len(res.Records))
	}
	for _, rec := range res.Records {
		if _, err := rules.PGN(strings.NewReader(rec.PGN)); err != nil { // the moves are legal from the start
			t.Errorf("game %d: %v\n%s", rec.Index, err, rec.PGN)
		}
	}
}
