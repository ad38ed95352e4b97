package main

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kim1-archive/microchess/internal/benchdoc"
)

// fakeMchess writes a script that answers mchess run --json with mhz and
// the cycles given, or fails.
func fakeMchess(t *testing.T, name string, mhz, cycles string, fail bool) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	// The test (not the idle program) takes some CPU time.
	script := "#!/bin/sh\ncase \"$*\" in *idle.bin*) ;; *) i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done ;; esac\n" +
		"echo '{\"stop_pc\":\"3469\",\"instructions\":100,\"cycles\":" + cycles + ",\"emulated_mhz\":" + mhz + "}'\n"
	if fail {
		script = "#!/bin/sh\necho 'mchess run: stopped at 0401, expected 3469' >&2\nexit 1\n"
	}
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestRunWritesSection(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh for the stand-in builds")
	}
	doc := filepath.Join(t.TempDir(), "benchmarks.md")
	if err := os.WriteFile(doc, []byte("intro\n\n"+markers.Begin+"\n"+markers.End+"\n\nrest\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	o := &options{
		bins: benchdoc.BinFlag{{Label: "old", Path: fakeMchess(t, "old", "750", "96241367", false)}, {Label: "new", Path: fakeMchess(t, "new", "1200.4", "96241367", false)}},
		load: "test.bin@0000", start: "0400", expectPC: "3469", runs: 3, out: doc, command: "make bench-interp",
	}
	if err := run(o); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	got := string(data)
	for _, want := range []string{
		"intro\n\n" + markers.Begin + "\n",
		"`mchess run --load test.bin@0000 --start 0400 --expect-pc 3469 --json` 3 times",
		"100 instructions, 96,241,367 cycles",
		"| by CPU time: median (range) | against old |",
		"| old | unknown | 750 (750–750) | 1.00× | 750; 750; 750 |",
		"| new | unknown | 1,200 (1,200–1,200) | 1.60× | 1,200; 1,200; 1,200 |",
		"```\nmake bench-interp\n```\n" + markers.End + "\n\nrest\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the section lacks %q:\n%s", want, got)
		}
	}
}

func TestRunRefuses(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh for the stand-in builds")
	}
	good := fakeMchess(t, "good", "750", "96241367", false)
	for name, other := range map[string]string{
		"a failed test":  fakeMchess(t, "failing", "", "", true),
		"another run":    fakeMchess(t, "other", "800", "96241368", false),
		"a missing file": filepath.Join(t.TempDir(), "absent"),
	} {
		o := &options{bins: benchdoc.BinFlag{{Label: "a", Path: good}, {Label: "b", Path: other}}, load: "x@0000", runs: 1}
		if err := run(o); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestSettle(t *testing.T) {
	r := &report{Cycles: 96_000_000, Builds: []build{{Bin: benchdoc.Bin{Label: "a"},
		cpu:     []time.Duration{110 * time.Millisecond, 90 * time.Millisecond},
		startup: []time.Duration{10 * time.Millisecond, 30 * time.Millisecond, 10 * time.Millisecond}}}}
	if err := r.settle(); err != nil {
		t.Fatal(err)
	}
	// The start-up's median is 10 ms: 96 M cycles in 100 ms and in 80 ms.
	if got := r.Builds[0].CPUMHz; len(got) != 2 || math.Abs(got[0]-960) > 1e-6 || math.Abs(got[1]-1200) > 1e-6 {
		t.Errorf("CPUMHz %v, want [960 1200]", got)
	}
	r.Builds[0].startup = []time.Duration{time.Second}
	if err := r.settle(); err == nil {
		t.Error("a run no longer than its start-up was taken")
	}
}
