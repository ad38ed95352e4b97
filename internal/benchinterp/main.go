// Command benchinterp times the interpreter of several builds of mchess
// side by side on one 6502 test program (Klaus Dormann's functional test,
// through `mchess run --load … --start … --json`), the builds taken in
// turn round after round, so that a load that comes and goes on a shared
// machine weighs on all alike; it writes the medians into its section of
// docs/benchmarks.md. `make bench-interp` builds the older commits and
// runs it.
//
//	go run ./internal/benchinterp -bin ea23d87=/tmp/old/mchess -bin 'this work tree'=bin/mchess \
//	    -load 6502_functional_test.bin@0000 -start 0400 -expect-pc 3469 -runs 5 -o docs/benchmarks.md
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/kim1-archive/microchess/internal/benchdoc"
)

type options struct {
	bins     benchdoc.BinFlag
	load     string
	start    string
	expectPC string
	runs     int
	out      string
	command  string
}

func main() {
	var o options
	fs := flag.NewFlagSet("benchinterp", flag.ContinueOnError)
	fs.Var(&o.bins, "bin", "a build of mchess to time, as `LABEL=PATH` (repeat; the first is the reference of the ratios)")
	fs.StringVar(&o.load, "load", "", "the test image, `FILE@ADDR` as mchess run --load takes it")
	fs.StringVar(&o.start, "start", "0400", "the test's start `ADDR` (hex)")
	fs.StringVar(&o.expectPC, "expect-pc", "3469", "the `ADDR` (hex) the test stops at when it passes")
	fs.IntVar(&o.runs, "runs", 5, "runs of each build, taken in turn")
	fs.StringVar(&o.out, "o", "", "the Markdown `FILE` whose section (between the bench-interp markers) is rewritten; none prints the section")
	fs.StringVar(&o.command, "command", "", "the command that made the builds and ran this, for the record")
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	if len(o.bins) < 2 || o.load == "" || o.runs < 1 || fs.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "benchinterp: want at least two -bin LABEL=PATH, -load FILE@ADDR and -runs ≥ 1")
		os.Exit(2)
	}
	if err := run(&o); err != nil {
		fmt.Fprintln(os.Stderr, "benchinterp:", err)
		os.Exit(1)
	}
}

func run(o *options) error {
	bs := builds(o.bins)
	for i := range bs {
		b := &bs[i]
		entry, err := funcEntry(b.Path, interpreterLoop)
		if err != nil {
			fmt.Fprintf(os.Stderr, "benchinterp: %s: %v (its place is left out)\n", b.Path, err)
		}
		b.Entry = entry
	}
	r := report{Date: time.Now().UTC(), Machine: benchdoc.Machine(), LoadBefore: benchdoc.LoadAverage(), Runs: o.runs,
		Args: runArgs(o), Command: o.command, Builds: bs}
	dir, err := os.MkdirTemp("", "benchinterp")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	idleFile := filepath.Join(dir, "idle.bin")
	if err := os.WriteFile(idleFile, idle, 0o644); err != nil {
		return err
	}
	idleArgs := []string{"run", "--load", idleFile + "@0400", "--start", "0400", "--expect-pc", "0400", "--json"}
	for n := range o.runs {
		if err := r.round(n, idleArgs); err != nil {
			return err
		}
	}
	if err := r.settle(); err != nil {
		return err
	}
	r.LoadAfter = benchdoc.LoadAverage()
	return markers.WriteSection(o.out, r.markdown())
}

// idle is a program that stops at once (JMP * at 0400): a build's run of
// it is its start-up, which is taken off its CPU time.
var idle = []byte{0x4C, 0x00, 0x04}

// round runs each build once on the test and once on idle, in turn.
func (r *report) round(n int, idleArgs []string) error {
	for i := range r.Builds {
		b := &r.Builds[i]
		res, err := runOnce(b.Path, r.Args)
		if err == nil {
			var start result
			start, err = runOnce(b.Path, idleArgs)
			b.startup = append(b.startup, start.cpu)
		}
		if err != nil {
			return fmt.Errorf("%s (%s), round %d: %v", b.Label, b.Path, n+1, err)
		}
		if n == 0 && i == 0 {
			r.Cycles, r.Instructions = res.Cycles, res.Instructions
		}
		if res.Cycles != r.Cycles || res.Instructions != r.Instructions {
			return fmt.Errorf("%s ran %d instructions, %d cycles; %s %d, %d: not the same run",
				b.Label, res.Instructions, res.Cycles, r.Builds[0].Label, r.Instructions, r.Cycles)
		}
		b.MHz = append(b.MHz, res.MHz)
		b.cpu = append(b.cpu, res.cpu)
		fmt.Fprintf(os.Stderr, "round %d: %s %.0f emulated MHz, %v CPU, %v of it start-up\n", n+1, b.Label, res.MHz, res.cpu, b.startup[n])
	}
	return nil
}

// settle works out each build's rate by CPU time: the cycles over each
// run's CPU time less the build's median start-up.
func (r *report) settle() error {
	for i := range r.Builds {
		b := &r.Builds[i]
		su := benchdoc.MedianDuration(b.startup)
		b.CPUMHz = nil
		for _, c := range b.cpu {
			if c <= su {
				return fmt.Errorf("%s: a run took %v of CPU time, no more than its start-up (%v)", b.Label, c, su)
			}
			b.CPUMHz = append(b.CPUMHz, float64(r.Cycles)/(c-su).Seconds()/1e6)
		}
	}
	return nil
}

// runArgs are the arguments of mchess run for the test.
func runArgs(o *options) []string {
	return []string{"run", "--load", o.load, "--start", o.start, "--expect-pc", o.expectPC, "--json"}
}

// result is what mchess run --json reports of a generic run.
type result struct {
	StopPC       string        `json:"stop_pc"`
	Instructions uint64        `json:"instructions"`
	Cycles       uint64        `json:"cycles"`
	MHz          float64       `json:"emulated_mhz"`
	cpu          time.Duration // the process's user and system time
}

// runOnce runs one build once; the test must pass (exit 0).
func runOnce(path string, args []string) (result, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(path, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if err != nil {
		return result{}, fmt.Errorf("%v: %s", err, strings.TrimSpace(stderr.String()))
	}
	var res result
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		return result{}, fmt.Errorf("its report: %v", err)
	}
	res.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	if res.MHz <= 0 || res.cpu <= 0 {
		return result{}, errors.New("its report gives no emulated MHz, or the system no CPU time")
	}
	return res, nil
}

// builds are the tool's records of the builds given, in order.
func builds(bins benchdoc.BinFlag) []build {
	bs := make([]build, len(bins))
	for i, b := range bins {
		bs[i].Bin = b
	}
	return bs
}
