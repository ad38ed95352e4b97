// Package benchdoc holds what the benchmark tools that write their figures
// into docs/benchmarks.md share: the section between a tool's markers,
// medians, numbers with commas and a description of the machine.
package benchdoc

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/kim1-archive/microchess/internal/atomicfile"
)

// Markers are the lines that open and close a tool's section.
type Markers struct{ Begin, End string }

// For gives the markers of the section named name, written by target
// (a make target) and tool (its package).
func For(name, target, tool string) Markers {
	return Markers{
		Begin: fmt.Sprintf("<!-- %s: written by %s (%s); edit the tool, not the text -->", name, target, tool),
		End:   fmt.Sprintf("<!-- end %s -->", name),
	}
}

// Replace puts section in place of the lines from m.Begin to m.End of
// doc; both must be there, once each, in order.
func (m Markers) Replace(doc []byte, section string) ([]byte, error) {
	begin := bytes.Index(doc, []byte(m.Begin))
	end := bytes.Index(doc, []byte(m.End))
	switch {
	case begin < 0 || end < 0:
		return nil, fmt.Errorf("no section to write: the lines %q and %q must be in it", m.Begin, m.End)
	case end < begin || bytes.Count(doc, []byte(m.Begin)) > 1 || bytes.Count(doc, []byte(m.End)) > 1:
		return nil, fmt.Errorf("the markers %q and %q are out of order or there more than once", m.Begin, m.End)
	}
	end += len(m.End)
	if end < len(doc) && doc[end] == '\n' {
		end++
	}
	out := slices.Clone(doc[:begin])
	out = append(out, section...)
	return append(out, doc[end:]...), nil
}

// WriteSection rewrites the section of the file path (whole, or not at
// all); with no path it prints the section.
func (m Markers) WriteSection(path, section string) error {
	if path == "" {
		fmt.Print(section)
		return nil
	}
	doc, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	updated, err := m.Replace(doc, section)
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return atomicfile.Write(path, updated)
}

// Median of xs (not empty): the middle one, or the mean of the two middle.
func Median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// MedianDuration is Median for durations.
func MedianDuration(ds []time.Duration) time.Duration {
	xs := make([]float64, len(ds))
	for i, d := range ds {
		xs[i] = float64(d)
	}
	return time.Duration(Median(xs))
}

// Thousands writes n with commas.
func Thousands(n uint64) string {
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

// Machine describes the host: CPU model, cores, system, Go.
func Machine() string {
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

// LoadAverage is the host's one-minute load average, or "unknown".
func LoadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(data)); err == nil && len(f) > 0 {
		return f[0]
	}
	return "unknown"
}

// Bin is a build of mchess a tool times: its label in the table and its
// path.
type Bin struct{ Label, Path string }

// BinFlag collects -bin LABEL=PATH in the order given.
type BinFlag []Bin

func (b *BinFlag) String() string { return fmt.Sprint(*b) }

// Set takes one LABEL=PATH.
func (b *BinFlag) Set(s string) error {
	label, path, ok := strings.Cut(s, "=")
	if !ok || label == "" || path == "" {
		return fmt.Errorf("%q: want LABEL=PATH", s)
	}
	*b = append(*b, Bin{Label: label, Path: path})
	return nil
}
