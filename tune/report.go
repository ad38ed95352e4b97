package tune

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/kim1-archive/microchess/spsa"
)

// WriteReport writes a run's report in Markdown: how it was run, each
// tuned parameter's value before and now, and the checkpoints. Every
// figure comes from the state and the log.
func WriteReport(w io.Writer, st *spsa.State, space *Space, log *Log, plots []string) {
	games := 0
	for _, h := range st.History {
		games += h.Games
	}
	fmt.Fprintf(w, "## The run\n\n")
	fmt.Fprintf(w, "- SPSA, %s mode, seed %d: %d of %d planned pairs in %d steps of up to %d pairs, %d games.\n",
		st.Mode, st.Seed, st.Iter, st.Schedule.Pairs, st.Steps, st.PairsPerStep, games)
	fmt.Fprintf(w, "- Schedule: A = %g, α = %g, γ = %g; per parameter c_end and r_end in the table.\n",
		st.Schedule.A, st.Schedule.Alpha, st.Schedule.Gamma)
	sessions := fmt.Sprintf("%d sessions", len(log.Sessions))
	if len(log.Sessions) == 1 {
		sessions = "1 session"
	}
	fmt.Fprintf(w, "- Time: %s over %s.\n", time.Duration(log.Seconds()*float64(time.Second)).Round(time.Second), sessions)
	for _, s := range log.Sessions {
		fmt.Fprintf(w, "  - %s, %s: `%s`: %d steps, %d games in %s.\n", s.Started, s.Machine, s.Command, s.Steps, s.Games,
			time.Duration(s.Seconds*float64(time.Second)).Round(time.Second))
	}
	fmt.Fprintf(w, "\n## The parameters\n\n")
	fmt.Fprintf(w, "Value now is θ rounded, the ORDER lines applied (what the tuned program holds).\n\n")
	fmt.Fprintf(w, "| parameter | what it is | range | c_end | r_end | start | θ now | value now |\n|---|---|---|---:|---:|---:|---:|---:|\n")
	values, err := space.Vector(st.Values())
	if err != nil {
		fmt.Fprintf(w, "(the values cannot be written: %v)\n", err)
		return
	}
	for k, i := range space.Tuned {
		p := space.Set.Params[i]
		sp := st.Params[k]
		fmt.Fprintf(w, "| %s | %s | %s | %.2f | %g | %s | %.2f | %s |\n", p.Name, strings.ReplaceAll(p.Comment, "|", "\\|"),
			p.ValuesText(), sp.CEnd, sp.REnd, p.ValueText(sp.Start), st.Theta[k], p.ValueText(values[i]))
	}
	if len(log.Checkpoints) > 0 {
		fmt.Fprintf(w, "\n## Checkpoints\n\nThe values after a step against the program tuned, on openings the tuning does not play.\n\n")
		fmt.Fprintf(w, "| step | level | games | + | = | − | score | Elo (pairs) | Ptnml(0-2) |\n|---:|---|---:|---:|---:|---:|---:|---:|---|\n")
		for _, c := range log.Checkpoints {
			s := c.Summary
			fmt.Fprintf(w, "| %d | %s | %d | %d | %d | %d | %.1f%% | %s | %v |\n", c.Step, c.Level, s.Games, s.Wins, s.Draws, s.Losses,
				100*s.Score, s.PairEloText, s.Penta)
		}
	}
	if len(plots) > 0 {
		fmt.Fprintf(w, "\n")
		for _, p := range plots {
			fmt.Fprintf(w, "![%s](%s)\n\n", strings.TrimSuffix(p, ".svg"), p)
		}
	}
}
