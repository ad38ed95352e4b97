package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/kim1-archive/microchess/emu"
)

// Generic mode: any 6502 binary on a bare 64 KB 6502, the way test
// programs such as Klaus Dormann's are run.

type genericReport struct {
	StopPC       string     `json:"stop_pc"`
	Reason       string     `json:"reason"`
	Opcode       string     `json:"opcode,omitempty"`
	Instructions uint64     `json:"instructions"`
	Cycles       uint64     `json:"cycles"`
	Seconds      float64    `json:"seconds"`
	MHz          float64    `json:"emulated_mhz"`
	Memory       []memCheck `json:"memory_checks,omitempty"`
}

// genericRun is a generic run's setup: the processor with the --load
// binaries, and what it must stop at.
type genericRun struct {
	c      *emu.CPU
	expect uint16
	checks []memWant
	budget uint64
}

func runGeneric(o *runOpts, stdout, stderr io.Writer) int {
	g, status := setUpGeneric(o, stderr)
	if g == nil {
		return status
	}
	c := g.c
	var tr *emu.Tracer
	if o.trace {
		var err error
		if tr, err = newTracer(o.sym, nil, stdout); err != nil {
			fmt.Fprintln(stderr, "mchess run:", err)
			return 1
		}
		defer tr.W.(*bufio.Writer).Flush()
	}
	t0 := time.Now()
	stop := c.RunTraced(g.budget, tr)
	el := time.Since(t0).Seconds()
	rep := genericReport{
		StopPC: fmt.Sprintf("%04X", c.PC), Instructions: c.Instructions, Cycles: c.Cycles,
		Seconds: el, MHz: float64(c.Cycles) / el / 1e6,
	}
	code := g.judge(o, stop, &rep)
	if tr != nil {
		tr.W.(*bufio.Writer).Flush()
	}
	g.report(o, stop, &rep, stdout, stderr)
	return code
}

// setUpGeneric reads the options of generic mode and loads the binaries;
// with a nil run, status is the exit status (the error printed).
func setUpGeneric(o *runOpts, stderr io.Writer) (*genericRun, int) {
	start, err := parseHex16(o.start)
	if err != nil {
		fmt.Fprintln(stderr, "mchess run: --start:", err)
		return nil, 2
	}
	g := &genericRun{budget: uint64(defaultGenericBudget)}
	if o.expectPC != "" {
		if g.expect, err = parseHex16(o.expectPC); err != nil {
			fmt.Fprintln(stderr, "mchess run: --expect-pc:", err)
			return nil, 2
		}
	}
	g.checks, err = parseMemChecks(o.expectMem)
	if err != nil {
		fmt.Fprintln(stderr, "mchess run: --expect-mem:", err)
		return nil, 2
	}
	if len(o.loads) == 0 {
		fmt.Fprintln(stderr, "mchess run: --start needs at least one --load FILE@ADDR")
		return nil, 2
	}
	images, err := readLoads(o.loads)
	if err != nil {
		fmt.Fprintln(stderr, "mchess run:", err)
		return nil, exitFor(err)
	}
	g.c = emu.New(start)
	for _, im := range images {
		g.c.Load(im.Addr, im.Data)
	}
	if o.budgetSet {
		g.budget = o.maxCycles
	}
	return g, 0
}

// judge fills in the report's reason and memory checks and returns the
// run's exit status: 0 if it stopped as it should.
func (g *genericRun) judge(o *runOpts, stop emu.Stop, rep *genericReport) int {
	c := g.c
	code := 0
	switch stop {
	case emu.StopSelfJump:
		rep.Reason = "jump to self"
	case emu.StopUndocumented:
		rep.Reason = "undocumented opcode"
		rep.Opcode = fmt.Sprintf("%02X", c.Mem[c.PC])
		code = 1
	default:
		rep.Reason = "max cycles"
		code = 1
	}
	if o.expectPC != "" {
		code = 0 // the expected stop decides, not the reason
		if c.PC != g.expect {
			code = 1
		}
	}
	for _, m := range g.checks {
		got := c.Mem[m.addr]
		rep.Memory = append(rep.Memory, memCheck{fmt.Sprintf("%04X", m.addr), fmt.Sprintf("%02X", m.want), fmt.Sprintf("%02X", got)})
		if got != m.want {
			code = 1
		}
	}
	return code
}

// report prints the report, and on stderr what went wrong.
func (g *genericRun) report(o *runOpts, stop emu.Stop, rep *genericReport, stdout, stderr io.Writer) {
	c := g.c
	if o.jsonOut {
		writeJSON(stdout, rep)
	} else {
		fmt.Fprintf(stdout, "stopped at %s: %s\n", rep.StopPC, rep.Reason)
		fmt.Fprintf(stdout, "%d instructions, %d cycles (%.6f s at 1 MHz) in %.3f s: %.1f emulated MHz\n",
			rep.Instructions, rep.Cycles, float64(rep.Cycles)/1e6, rep.Seconds, rep.MHz)
	}
	for _, m := range rep.Memory {
		if !o.jsonOut {
			fmt.Fprintf(stdout, "memory %s = %s (expected %s)\n", m.Address, m.Got, m.Expected)
		}
		if m.Got != m.Expected {
			fmt.Fprintf(stderr, "mchess run: memory %s is %s, expected %s\n", m.Address, m.Got, m.Expected)
		}
	}
	if stop == emu.StopUndocumented && (o.expectPC == "" || c.PC != g.expect) {
		fmt.Fprintln(stderr, "mchess run:", c.Undocumented())
	}
	if o.expectPC != "" && c.PC != g.expect {
		fmt.Fprintf(stderr, "mchess run: stopped at %04X, expected %04X\n", c.PC, g.expect)
	}
	if stop == emu.StopBudget && o.expectPC == "" {
		fmt.Fprintf(stderr, "mchess run: the cycle budget (%d) ran out at %04X\n", g.budget, c.PC)
	}
}

// memCheck is one --expect-mem result.
type memCheck struct {
	Address  string `json:"address"`
	Expected string `json:"expected"`
	Got      string `json:"got"`
}

type memWant struct {
	addr uint16
	want byte
}

func parseMemChecks(specs []string) ([]memWant, error) {
	var out []memWant
	for _, spec := range specs {
		a, v, ok := strings.Cut(spec, "=")
		addr, err1 := parseHex16(a)
		val, err2 := strconv.ParseUint(v, 16, 8)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%q: want ADDR=VAL in hex, e.g. 000B=00", spec)
		}
		out = append(out, memWant{addr, byte(val)})
	}
	return out, nil
}
