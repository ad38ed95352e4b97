package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kim1-archive/microchess/elo"
	"github.com/kim1-archive/microchess/match"
)

// progressBar shows the games played, the last pairing's score and Elo,
// and the time left: redrawn in place on a terminal, a line every tenth of
// the match otherwise.
func progressBar(w io.Writer, terminal bool, players []*match.Player) func(match.Progress) {
	lastTenth := 0
	return func(p match.Progress) {
		d, m, ok := p.Score.Diff()
		left := time.Duration(0)
		if p.Done > 0 {
			left = p.Elapsed / time.Duration(p.Done) * time.Duration(p.Total-p.Done)
		}
		status := fmt.Sprintf("%d/%d games  %s vs %s %s  Elo %s  %s left", p.Done, p.Total,
			players[p.Pairing.A].Name, players[p.Pairing.B].Name, p.Score, elo.Format(d, m, ok), left.Round(time.Second))
		if terminal {
			const width = 24
			filled := width * p.Done / max(p.Total, 1)
			fmt.Fprintf(w, "\r\x1b[K[%s%s] %s", strings.Repeat("=", filled), strings.Repeat(" ", width-filled), status)
			return
		}
		if tenth := 10 * p.Done / max(p.Total, 1); tenth > lastTenth || p.Done == p.Total {
			lastTenth = tenth
			fmt.Fprintln(w, status)
		}
	}
}
