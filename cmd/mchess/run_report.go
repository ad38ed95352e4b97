package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/session"
)

func writeJSON(w io.Writer, v any) {
	b, _ := json.MarshalIndent(v, "", "  ")
	fmt.Fprintf(w, "%s\n", b)
}

type reading struct {
	Display string  `json:"display"`
	Cycle   uint64  `json:"cycle"`
	Seconds float64 `json:"seconds"`
}

type codeWrite struct {
	PC    string `json:"pc"`
	Addr  string `json:"addr"`
	Value string `json:"value"`
	Cycle uint64 `json:"cycle"`
}

type kimReport struct {
	Keys     string      `json:"keys"`
	Level    string      `json:"level,omitempty"`
	Readings []reading   `json:"readings"`
	Display  string      `json:"display"`
	Stop     string      `json:"stop"`
	StopPC   string      `json:"stop_pc"`
	Cycles   uint64      `json:"cycles"`
	Seconds  float64     `json:"seconds"`
	Writes   []codeWrite `json:"code_writes"`
}

// newKIMReport is what a run in KIM-1 mode shows: the display's readings,
// the writes into the program's code, and where and why it stopped.
func newKIMReport(s *session.Session, keyText, level string, reason kim1.Reason, err error) kimReport {
	rep := kimReport{Keys: keyText, Level: level, Stop: reason.String(), StopPC: fmt.Sprintf("%04X", s.M.CPU.PC),
		Cycles: s.M.CPU.Cycles, Seconds: float64(s.M.CPU.Cycles) / 1e6, Writes: []codeWrite{}}
	for _, r := range s.M.Readings {
		rep.Readings = append(rep.Readings, reading{r.String(), r.Cycle, float64(r.Cycle) / 1e6})
	}
	d := kim1.Reading{Digits: s.M.Display}
	rep.Display = d.String()
	for _, w := range s.M.Writes {
		rep.Writes = append(rep.Writes, codeWrite{fmt.Sprintf("%04X", w.PC), fmt.Sprintf("%04X", w.Addr), fmt.Sprintf("%02X", w.New), w.Cycle})
	}
	if err != nil {
		rep.Stop = "error: " + err.Error()
	}
	return rep
}

// write prints the report for people.
func (rep kimReport) write(w io.Writer) {
	for _, r := range rep.Readings {
		fmt.Fprintf(w, "%s   cycle %12d   %10.6f s\n", r.Display, r.Cycle, r.Seconds)
	}
	for _, c := range rep.Writes {
		fmt.Fprintf(w, "code write: %s = %s by the instruction at %s, cycle %d\n", c.Addr, c.Value, c.PC, c.Cycle)
	}
	fmt.Fprintf(w, "%s at %s after %d cycles (%.6f s at 1 MHz)\n", rep.Stop, rep.StopPC, rep.Cycles, rep.Seconds)
}
