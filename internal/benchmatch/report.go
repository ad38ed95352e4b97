package main

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kim1-archive/microchess/internal/benchdoc"
)

// markdown is the section, markers included.
func (r *report) markdown(m benchdoc.Markers) string {
	var b strings.Builder
	fmt.Fprintln(&b, m.Begin)
	fmt.Fprintf(&b, "Measured %s to %s, on %s; load average %s before, %s after.\n",
		r.Date.Format("2006-01-02 15:04"), r.End.Format("15:04 MST"), r.Machine, r.LoadBefore, r.LoadAfter)
	fmt.Fprintf(&b, "Each build played `mchess %s` %s, the builds in turn, round after round; every match of every build played the same games (%v). Wall time is the match's, from its start to its end; CPU time is the process's user and system time.\n\n",
		strings.Join(r.Args, " "), times(r.Runs), r.Result)
	ref := r.Builds[0]
	fmt.Fprint(&b, "| build | wall time: median (range) | games an hour of wall time | CPU time: median (range) | games a CPU second |")
	if len(r.Builds) > 1 {
		fmt.Fprintf(&b, " speed against %s by CPU time: median of the rounds (range) |", ref.Label)
	}
	fmt.Fprintln(&b)
	fmt.Fprint(&b, "| --- | ---: | ---: | ---: | ---: |")
	if len(r.Builds) > 1 {
		fmt.Fprint(&b, " ---: |")
	}
	fmt.Fprintln(&b)
	for _, bd := range r.Builds {
		wall, cpu := benchdoc.MedianDuration(bd.Wall), benchdoc.MedianDuration(bd.CPU)
		fmt.Fprintf(&b, "| %s | %s (%s–%s) | %s | %s (%s–%s) | %.2f |", bd.Label,
			clock(wall), clock(slices.Min(bd.Wall)), clock(slices.Max(bd.Wall)),
			benchdoc.Thousands(uint64(float64(r.Games)/wall.Hours()+0.5)),
			clock(cpu), clock(slices.Min(bd.CPU)), clock(slices.Max(bd.CPU)),
			float64(r.Games)/cpu.Seconds())
		if len(r.Builds) > 1 {
			ratios := make([]float64, len(bd.CPU))
			for i := range bd.CPU {
				ratios[i] = ref.CPU[i].Seconds() / bd.CPU[i].Seconds()
			}
			fmt.Fprintf(&b, " %.2f× (%.2f–%.2f) |", benchdoc.Median(ratios), slices.Min(ratios), slices.Max(ratios))
		}
		fmt.Fprintln(&b)
	}
	if r.Command != "" {
		// A code span, not a block: the document's examples are run by
		// TestDocExamples, and this one takes minutes.
		fmt.Fprintf(&b, "\nThe command: `%s`.\n", r.Command)
	}
	fmt.Fprintln(&b, m.End)
	return b.String()
}

// times says how many times, in words for the first few.
func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return fmt.Sprintf("%d times", n)
}

// clock writes a duration as minutes and seconds, to the tenth of a
// second.
func clock(d time.Duration) string {
	s := d.Seconds()
	if s < 60 {
		return fmt.Sprintf("%.1f s", s)
	}
	m := int(s / 60)
	return fmt.Sprintf("%d min %04.1f s", m, s-float64(60*m))
}
