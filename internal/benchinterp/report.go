package main

import (
	"debug/elf"
	"debug/gosym"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/kim1-archive/microchess/internal/benchdoc"
)

// interpreterLoop is the function whose place in the binary decides much
// of the interpreter's speed (docs/benchmarks.md).
const interpreterLoop = "github.com/kim1-archive/microchess/emu.(*CPU).run"

// The section's markers in the document.
var markers = benchdoc.For("bench-interp", "make bench-interp", "internal/benchinterp")

type build struct {
	benchdoc.Bin
	Entry uint64    // the interpreter's loop's address; 0 when unknown
	MHz   []float64 // as mchess run reports it: cycles over the run's wall time
	// CPUMHz is cycles over the process's CPU time (user and system) less
	// its start-up: steadier on a machine shared with other work.
	CPUMHz       []float64
	cpu, startup []time.Duration // each run's CPU time, each start-up's
}

type report struct {
	Date                  time.Time
	Machine               string
	LoadBefore, LoadAfter string
	Runs                  int
	Args                  []string
	Command               string
	Cycles, Instructions  uint64
	Builds                []build
}

// markdown is the section, markers included.
func (r *report) markdown() string {
	var b strings.Builder
	fmt.Fprintln(&b, markers.Begin)
	fmt.Fprintf(&b, "Measured %s, on %s; load average %s before, %s after.\n",
		r.Date.Format("2006-01-02 15:04 MST"), r.Machine, r.LoadBefore, r.LoadAfter)
	fmt.Fprintf(&b, "Each build ran `mchess %s` %d times, the builds in turn, round after round: %s instructions, %s cycles a run, in every run of every build. The emulated MHz are those mchess run reports (cycles over the run's wall time); \"by CPU time\" divides the cycles by the process's user and system time less the build's start-up (its median CPU time on a program that stops at once, run after each), which a machine shared with other work disturbs less.\n\n",
		strings.Join(r.Args, " "), r.Runs, benchdoc.Thousands(r.Instructions), benchdoc.Thousands(r.Cycles))
	ref := benchdoc.Median(r.Builds[0].MHz)
	fmt.Fprintf(&b, "| build | `emu.(*CPU).run` at | emulated MHz: median (range) | against %s | the runs, in order | by CPU time: median (range) | against %s |\n",
		r.Builds[0].Label, r.Builds[0].Label)
	fmt.Fprintln(&b, "| --- | --- | ---: | ---: | --- | ---: | ---: |")
	refCPU := benchdoc.Median(r.Builds[0].CPUMHz)
	for _, bd := range r.Builds {
		place := "unknown"
		if bd.Entry != 0 {
			place = fmt.Sprintf("%#x (%d past 64)", bd.Entry, bd.Entry%64)
		}
		runs := make([]string, len(bd.MHz))
		for i, v := range bd.MHz {
			runs[i] = mhz(v)
		}
		m := benchdoc.Median(bd.MHz)
		mc := benchdoc.Median(bd.CPUMHz)
		fmt.Fprintf(&b, "| %s | %s | %s (%s–%s) | %.2f× | %s | %s (%s–%s) | %.2f× |\n", bd.Label, place, mhz(m),
			mhz(slices.Min(bd.MHz)), mhz(slices.Max(bd.MHz)), m/ref, strings.Join(runs, "; "),
			mhz(mc), mhz(slices.Min(bd.CPUMHz)), mhz(slices.Max(bd.CPUMHz)), mc/refCPU)
	}
	if r.Command != "" {
		fmt.Fprintf(&b, "\nThe command:\n\n<!-- doc-test: not run: builds older commits and times them; needs Klaus Dormann's test (MCHESS_DORMANN_BIN) -->\n```\n%s\n```\n", r.Command)
	}
	fmt.Fprintln(&b, markers.End)
	return b.String()
}

// mhz writes a rate to the unit, with commas.
func mhz(v float64) string { return benchdoc.Thousands(uint64(math.Round(v))) }

// funcEntry is the address of the function name in the ELF executable
// exe, from Go's function table (kept when the symbol table is stripped).
func funcEntry(exe, name string) (uint64, error) {
	f, err := elf.Open(exe)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	pcln, text := f.Section(".gopclntab"), f.Section(".text")
	if pcln == nil || text == nil {
		return 0, errors.New("no .gopclntab or .text")
	}
	data, err := pcln.Data()
	if err != nil {
		return 0, err
	}
	tab, err := gosym.NewTable(nil, gosym.NewLineTable(data, text.Addr))
	if err != nil {
		return 0, err
	}
	fn := tab.LookupFunc(name)
	if fn == nil {
		return 0, fmt.Errorf("no function %s", name)
	}
	return fn.Entry, nil
}
