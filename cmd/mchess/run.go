package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/kim1-archive/microchess/emu"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/emu/microchess"
	"github.com/kim1-archive/microchess/isa"
	"github.com/kim1-archive/microchess/ref"
)

func init() {
	register("run", "run MicroChess or any 6502 binary in an emulated KIM-1", runMain)
}

const (
	defaultC0  = "build/microchess-c0.bin"
	defaultC1  = "build/microchess-c1.bin"
	defaultSym = "build/microchess.sym"
)

type runOpts struct {
	loads     stringList
	ram       stringList
	start     string
	expectPC  string
	expectMem stringList
	maxCycles uint64
	level     string
	bookOff   bool
	published bool
	jsonOut   bool
	trace     bool
	sym       string
	keys      string
	goAddr    string
}

func runMain(args []string, stdout, stderr io.Writer) int {
	var o runOpts
	fs := flag.NewFlagSet("mchess run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Var(&o.loads, "load", "load a binary `FILE@ADDR` (hex address); repeatable")
	fs.StringVar(&o.start, "start", "", "generic mode: start a bare 6502 with 64 KB RAM at `ADDR` (hex)")
	fs.StringVar(&o.expectPC, "expect-pc", "", "generic mode: succeed only if the run stops at `ADDR` (hex), whatever stopped it (some test programs end on an undocumented opcode)")
	fs.Var(&o.expectMem, "expect-mem", "generic mode: succeed only if memory holds `ADDR=VAL` (hex) at the stop, e.g. 000B=00; repeatable")
	fs.Uint64Var(&o.maxCycles, "max-cycles", 0, "stop after `N` cycles (default: 4e9 for MicroChess, 1e10 generic)")
	fs.StringVar(&o.level, "level", "", "MicroChess level: super-blitz, blitz or normal (sets 02F2 and 018B)")
	fs.BoolVar(&o.bookOff, "book-off", false, "switch the opening book off (00DC = 00) after the first key")
	fs.BoolVar(&o.published, "published", false, "run the 1977 published images instead of the build's")
	fs.Var(&o.ram, "ram", "add expansion RAM `SSSS-EEEE` (hex) to the KIM-1; repeatable")
	fs.BoolVar(&o.jsonOut, "json", false, "print one JSON object")
	fs.BoolVar(&o.trace, "trace", false, "print every instruction, with symbol names")
	fs.StringVar(&o.sym, "sym", "", "symbol `FILE` for --trace (default "+defaultSym+" when it exists)")
	fs.StringVar(&o.goAddr, "go", "0000", "KIM-1 mode: start the program at `ADDR` (hex), as the GO key does")
	fs.StringVar(&o.keys, "keys", "", "key script, e.g. \"C PC\" (keys may also follow the options)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: mchess run [options] [KEY...]")
		fmt.Fprintln(stderr, "\nMicroChess mode (default): loads "+defaultC0+" at 0000 and "+defaultC1+" at 1780")
		fmt.Fprintln(stderr, "(or the --load images) on an emulated KIM-1, presses the keys (0-9 A-F AD DA + GO PC;")
		fmt.Fprintln(stderr, "e.g. C PC) and prints each new display reading with its cycle count and the")
		fmt.Fprintln(stderr, "seconds it takes at the KIM-1's 1 MHz. It stops when the program waits for a key.")
		fmt.Fprintln(stderr, "\nGeneric mode (--start): runs the --load binaries on a bare 6502 with 64 KB RAM until")
		fmt.Fprintln(stderr, "a jump or branch to itself, --max-cycles, or an undocumented opcode, e.g.")
		fmt.Fprintln(stderr, "  mchess run --load 6502_functional_test.bin@0000 --start 0400 --expect-pc 3469")
		fmt.Fprintln(stderr, "\noptions:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	keys := strings.TrimSpace(o.keys + " " + strings.Join(fs.Args(), " "))
	if o.start != "" {
		if keys != "" || o.level != "" || o.bookOff || o.published || len(o.ram) > 0 {
			fmt.Fprintln(stderr, "mchess run: keys, --level, --book-off, --published and --ram are for MicroChess mode, not with --start")
			return 2
		}
		return runGeneric(&o, stdout, stderr)
	}
	if o.expectPC != "" || len(o.expectMem) > 0 {
		fmt.Fprintln(stderr, "mchess run: --expect-pc and --expect-mem need --start")
		return 2
	}
	return runKIM(&o, keys, stdout, stderr)
}

// parseHex16 reads a hex address, with or without $ or 0x.
func parseHex16(s string) (uint16, error) {
	t := strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(s, "$"), "0x"), "0X")
	v, err := strconv.ParseUint(t, 16, 16)
	if err != nil || t == "" {
		return 0, fmt.Errorf("bad hex address %q", s)
	}
	return uint16(v), nil
}

// readLoads reads FILE@ADDR arguments.
func readLoads(specs []string) ([]kim1.Image, error) {
	var out []kim1.Image
	for _, spec := range specs {
		i := strings.LastIndex(spec, "@")
		if i < 0 {
			return nil, fmt.Errorf("--load %q: want FILE@ADDR, e.g. prog.bin@0200", spec)
		}
		addr, err := parseHex16(spec[i+1:])
		if err != nil {
			return nil, fmt.Errorf("--load %q: %v", spec, err)
		}
		data, err := os.ReadFile(spec[:i])
		if err != nil {
			return nil, err
		}
		if len(data) == 0 {
			return nil, fmt.Errorf("--load %s: the file is empty", spec[:i])
		}
		if int(addr)+len(data) > 0x10000 {
			return nil, fmt.Errorf("--load %s: %d bytes at %04X run past FFFF", spec[:i], len(data), addr)
		}
		out = append(out, kim1.Image{Addr: addr, Data: data})
	}
	return out, nil
}

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

func loadMicroChess(o *runOpts) ([]kim1.Image, error) {
	if o.published {
		if len(o.loads) > 0 {
			return nil, errors.New("--published and --load do not go together")
		}
		var out []kim1.Image
		for _, im := range ref.MicroChess1977() {
			out = append(out, kim1.Image{Addr: im.Start, Data: im.Bytes})
		}
		return out, nil
	}
	if len(o.loads) > 0 {
		return readLoads(o.loads)
	}
	var out []kim1.Image
	for _, f := range []struct {
		name string
		addr uint16
	}{{defaultC0, 0x0000}, {defaultC1, 0x1780}} {
		data, err := os.ReadFile(f.name)
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%s not found: run 'make' to assemble MicroChess, or give images with --load FILE@ADDR (or --published)", f.name)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, kim1.Image{Addr: f.addr, Data: data})
	}
	return out, nil
}

func runKIM(o *runOpts, keyText string, stdout, stderr io.Writer) int {
	keys, err := microchess.ParseKeys(keyText)
	if err != nil {
		fmt.Fprintln(stderr, "mchess run:", err)
		return 2
	}
	var level microchess.Level
	if o.level != "" {
		if level, err = microchess.LevelByName(o.level); err != nil {
			fmt.Fprintln(stderr, "mchess run:", err)
			return 2
		}
	}
	images, err := loadMicroChess(o)
	if err != nil {
		fmt.Fprintln(stderr, "mchess run:", err)
		return 1
	}
	m := kim1.New()
	err = addRAM(m, o.ram)
	if err == nil {
		err = m.Load(images...)
	}
	s := &microchess.Session{M: m, Budget: microchess.DefaultBudget}
	if err != nil {
		fmt.Fprintln(stderr, "mchess run:", err)
		return 1
	}
	if s.M.CPU.PC, err = parseHex16(o.goAddr); err != nil {
		fmt.Fprintln(stderr, "mchess run: --go:", err)
		return 2
	}
	if o.level != "" {
		s.SetLevel(level)
	}
	s.WatchCode()
	if o.maxCycles > 0 {
		s.Budget = o.maxCycles
	}
	var tr *tracer
	if o.trace {
		if tr, err = newTracer(o.sym, stdout); err != nil {
			fmt.Fprintln(stderr, "mchess run:", err)
			return 1
		}
		s.M.Trace = func(m *kim1.Machine) { tr.line(m.CPU) }
	}
	reason, err := runKeys(s, keys, o.bookOff)
	if tr != nil {
		tr.w.Flush()
	}
	rep := kimReport{Keys: keyText, Level: o.level, Stop: reason.String(), StopPC: fmt.Sprintf("%04X", s.M.CPU.PC),
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
	if o.jsonOut {
		writeJSON(stdout, rep)
	} else {
		for _, r := range rep.Readings {
			fmt.Fprintf(stdout, "%s   cycle %12d   %10.6f s\n", r.Display, r.Cycle, r.Seconds)
		}
		for _, w := range rep.Writes {
			fmt.Fprintf(stdout, "code write: %s = %s by the instruction at %s, cycle %d\n", w.Addr, w.Value, w.PC, w.Cycle)
		}
		fmt.Fprintf(stdout, "%s at %s after %d cycles (%.6f s at 1 MHz)\n", rep.Stop, rep.StopPC, rep.Cycles, rep.Seconds)
	}
	if err != nil {
		fmt.Fprintln(stderr, "mchess run:", err)
		return 1
	}
	return 0
}

// runKeys presses the script; with bookOff it runs the first key alone
// (normally C) and then clears 00DC.
func runKeys(s *microchess.Session, keys []byte, bookOff bool) (kim1.Reason, error) {
	if bookOff && len(keys) > 0 {
		s.M.Press(keys[0])
		if r, err := s.M.Run(s.Budget); err != nil || r != kim1.WaitingKey {
			return r, err
		}
		s.BookOff()
		keys = keys[1:]
	}
	s.M.Press(keys...)
	return s.M.Run(s.Budget)
}

func addRAM(m *kim1.Machine, specs []string) error {
	for _, spec := range specs {
		lo, hi, ok := strings.Cut(spec, "-")
		a, err1 := parseHex16(lo)
		b, err2 := parseHex16(hi)
		if !ok || err1 != nil || err2 != nil {
			return fmt.Errorf("--ram %q: want SSSS-EEEE in hex", spec)
		}
		if err := m.AddRAM(a, b); err != nil {
			return err
		}
	}
	return nil
}

// tracer prints one line per instruction: address, bytes, disassembly
// with symbol names, registers before it runs, and the cycle count.
type tracer struct {
	w    *bufio.Writer
	syms *symbols
}

func newTracer(symFile string, out io.Writer) (*tracer, error) {
	t := &tracer{w: bufio.NewWriter(out)}
	name := symFile
	if name == "" {
		name = defaultSym
	}
	syms, err := readSymbols(name)
	if err != nil && (symFile != "" || !errors.Is(err, os.ErrNotExist)) {
		return nil, err
	}
	t.syms = syms
	return t, nil
}

func (t *tracer) line(c *emu.CPU) {
	pc := c.PC
	code := []byte{c.Mem[pc], c.Mem[pc+1], c.Mem[pc+2]}
	var sym isa.Symbolizer
	if t.syms != nil {
		sym = t.syms.name
	}
	text, n := isa.Disassemble(code, pc, sym)
	if !isa.ByCode[code[0]].Valid {
		if name, ok := trapNames[pc]; ok {
			text, n = name+" (monitor routine, emulated)", 0
		}
	}
	label := ""
	if t.syms != nil {
		label, _ = t.syms.name(pc, false)
	}
	hex := ""
	for i := 0; i < n; i++ {
		hex += fmt.Sprintf("%02X ", code[i])
	}
	fmt.Fprintf(t.w, "%04X  %-9s %-8s %-22s A=%02X X=%02X Y=%02X P=%02X S=%02X  %d\n",
		pc, hex, label, text, c.A, c.X, c.Y, c.P, c.S, c.Cycles)
}

var trapNames = map[uint16]string{
	kim1.AddrSCANDS: "SCANDS", kim1.AddrGETKEY: "GETKEY", kim1.AddrGETCH: "GETCH", kim1.AddrOUTCH: "OUTCH",
}
