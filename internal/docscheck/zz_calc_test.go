package docscheck

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/elo"
)

func TestZZCalc(t *testing.T) {
	for _, s := range strings.Split(os.Getenv("PENTAS"), ";") {
		var p [5]int
		if n, _ := fmt.Sscanf(strings.TrimSpace(s), "%d %d %d %d %d", &p[0], &p[1], &p[2], &p[3], &p[4]); n == 5 {
			fmt.Println(p, pairsElo(p))
		}
		var w, d, l int
		if n, _ := fmt.Sscanf(strings.TrimSpace(s), "w%d %d %d", &w, &d, &l); n == 3 {
			fmt.Println(w, d, l, gamesElo(w, d, l), elo.Score{Wins: w, Draws: d, Losses: l}.LOS())
		}
	}
}
