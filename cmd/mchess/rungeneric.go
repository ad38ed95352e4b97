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

func runGeneric(o *runOpts, stdout, stderr io.Writer) int {
	start, err := parseHex16(o.start)
	if err != nil {
		fmt.Fprintln(stderr, "mchess run: --start:", err)
		return 2
	}
	var expect uint16
	if o.expectPC != "" {
		if expect, err = parseHex16(o.expectPC); err != nil {
			fmt.Fprintln(stderr, "mchess run: --expect-pc:", err)
			return 2
		}
	}
	checks, err := parseMemChecks(o.expectMem)
	if err != nil {
		fmt.Fprintln(stderr, "mchess run: --expect-mem:", err)
		return 2
	}
	if len(o.loads) == 0 {
		fmt.Fprintln(stderr, "mchess run: --start needs at least one --load FILE@ADDR")
		return 2
	}
	images, err := readLoads(o.loads)
	if err != nil {
		fmt.Fprintln(stderr, "mchess run:", err)
		return exitFor(err)
	}
	c := emu.New(start)
	for _, im := range images {
		c.Load(im.Addr, im.Data)
	}
	budget := uint64(defaultGenericBudget)
	if o.budgetSet {
		budget = o.maxCycles
	}
	var tr *emu.Tracer
	if o.trace {
		if tr, err = newTracer(o.sym, nil, stdout); err != nil {
			fmt.Fprintln(stderr, "mchess run:", err)
			return 1
		}
		defer tr.W.(*bufio.Writer).Flush()
	}
	t0 := time.Now()
	stop := c.RunTraced(budget, tr)
	el := time.Since(t0).Seconds()
	rep := genericReport{
		StopPC: fmt.Sprintf("%04X", c.PC), Instructions: c.Instructions, Cycles: c.Cycles,
		Seconds: el, MHz: float64(c.Cycles) / el / 1e6,
	}
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
		if c.PC != expect {
			code = 1
		}
	}
	for _, m := range checks {
		got := c.Mem[m.addr]
		rep.Memory = append(rep.Memory, memCheck{fmt.Sprintf("%04X", m.addr), fmt.Sprintf("%02X", m.want), fmt.Sprintf("%02X", got)})
		if got != m.want {
			code = 1
		}
	}
	if tr != nil {
		tr.W.(*bufio.Writer).Flush()
	}
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
	if stop == emu.StopUndocumented && (o.expectPC == "" || c.PC != expect) {
		fmt.Fprintln(stderr, "mchess run:", c.Undocumented())
	}
	if o.expectPC != "" && c.PC != expect {
		fmt.Fprintf(stderr, "mchess run: stopped at %04X, expected %04X\n", c.PC, expect)
	}
	if stop == emu.StopBudget && o.expectPC == "" {
		fmt.Fprintf(stderr, "mchess run: the cycle budget (%d) ran out at %04X\n", budget, c.PC)
	}
	return code
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
