package main

import (
	"bytes"
	"debug/elf"
	"debug/gosym"
	"errors"
	"fmt"
	"math"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"
)

// interpreterLoop is the function whose place in the binary decides much
// of the interpreter's speed (docs/benchmarks.md).
const interpreterLoop = "github.com/kim1-archive/microchess/emu.(*CPU).run"

// The section's markers in the document.
const (
	beginMarker = "<!-- bench-interp: written by make bench-interp (internal/benchinterp); edit the tool, not the text -->"
	endMarker   = "<!-- end bench-interp -->"
)

type build struct {
	Label string
	Path  string
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

// median of xs (not empty): the middle one, or the mean of the two middle.
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// markdown is the section, markers included.
func (r *report) markdown() string {
	var b strings.Builder
	fmt.Fprintln(&b, beginMarker)
	fmt.Fprintf(&b, "Measured %s, on %s; load average %s before, %s after.\n",
		r.Date.Format("2006-01-02 15:04 MST"), r.Machine, r.LoadBefore, r.LoadAfter)
	fmt.Fprintf(&b, "Each build ran `mchess %s` %d times, the builds in turn, round after round: %s instructions, %s cycles a run, in every run of every build. The emulated MHz are those mchess run reports (cycles over the run's wall time); \"by CPU time\" divides the cycles by the process's user and system time less the build's start-up (its median CPU time on a program that stops at once, run after each), which a machine shared with other work disturbs less.\n\n",
		strings.Join(r.Args, " "), r.Runs, thousands(r.Instructions), thousands(r.Cycles))
	ref := median(r.Builds[0].MHz)
	fmt.Fprintf(&b, "| build | `emu.(*CPU).run` at | emulated MHz: median (range) | against %s | the runs, in order | by CPU time: median (range) | against %s |\n",
		r.Builds[0].Label, r.Builds[0].Label)
	fmt.Fprintln(&b, "| --- | --- | ---: | ---: | --- | ---: | ---: |")
	refCPU := median(r.Builds[0].CPUMHz)
	for _, bd := range r.Builds {
		place := "unknown"
		if bd.Entry != 0 {
			place = fmt.Sprintf("%#x (%d past 64)", bd.Entry, bd.Entry%64)
		}
		runs := make([]string, len(bd.MHz))
		for i, v := range bd.MHz {
			runs[i] = mhz(v)
		}
		m := median(bd.MHz)
		mc := median(bd.CPUMHz)
		fmt.Fprintf(&b, "| %s | %s | %s (%s–%s) | %.2f× | %s | %s (%s–%s) | %.2f× |\n", bd.Label, place, mhz(m),
			mhz(slices.Min(bd.MHz)), mhz(slices.Max(bd.MHz)), m/ref, strings.Join(runs, "; "),
			mhz(mc), mhz(slices.Min(bd.CPUMHz)), mhz(slices.Max(bd.CPUMHz)), mc/refCPU)
	}
	if r.Command != "" {
		fmt.Fprintf(&b, "\nThe command:\n\n<!-- doc-test: not run: builds older commits and times them; needs Klaus Dormann's test (MCHESS_DORMANN_BIN) -->\n```\n%s\n```\n", r.Command)
	}
	fmt.Fprintln(&b, endMarker)
	return b.String()
}

// medianDuration is median for durations.
func medianDuration(ds []time.Duration) time.Duration {
	xs := make([]float64, len(ds))
	for i, d := range ds {
		xs[i] = float64(d)
	}
	return time.Duration(median(xs))
}

// mhz writes a rate to the unit, with commas.
func mhz(v float64) string { return thousands(uint64(math.Round(v))) }

// thousands writes n with commas.
func thousands(n uint64) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// replaceSection puts section in place of the lines from the begin marker
// to the end marker of doc; both must be there, once each, in order.
func replaceSection(doc []byte, section string) ([]byte, error) {
	begin := bytes.Index(doc, []byte(beginMarker))
	end := bytes.Index(doc, []byte(endMarker))
	switch {
	case begin < 0 || end < 0:
		return nil, fmt.Errorf("no section to write: the lines %q and %q must be in it", beginMarker, endMarker)
	case end < begin || bytes.Count(doc, []byte(beginMarker)) > 1 || bytes.Count(doc, []byte(endMarker)) > 1:
		return nil, errors.New("the bench-interp markers are out of order or there more than once")
	}
	end += len(endMarker)
	if end < len(doc) && doc[end] == '\n' {
		end++
	}
	out := slices.Clone(doc[:begin])
	out = append(out, section...)
	return append(out, doc[end:]...), nil
}

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

// machine describes the host: CPU model, cores, system, Go.
func machine() string {
	cpu := "an unknown CPU"
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				cpu = "`model name: " + strings.TrimSpace(v) + "`"
				break
			}
		}
	}
	return fmt.Sprintf("%s, %d cores, %s/%s, %s", cpu, runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version())
}

// loadAverage is the host's one-minute load average, or "unknown".
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(data)); err == nil && len(f) > 0 {
		return f[0]
	}
	return "unknown"
}
