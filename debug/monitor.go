package debug

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/emu"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/internal/bounded"
	"github.com/kim1-archive/microchess/isa"
	"github.com/kim1-archive/microchess/session"
)

// Monitor reads commands and prints what they show: the debugger's user
// interface, the same with a terminal or a script.
type Monitor struct {
	D   *Debugger
	Out io.Writer
	// Press presses keys as mchess run presses them (nil: straight into
	// the machine's key script).
	Press func(keys []byte)
}

// ErrQuit is what Exec returns for quit.
var ErrQuit = errors.New("quit")

type command struct {
	names []string
	args  string
	help  string
	run   func(m *Monitor, args string) error
}

var commands []command

func init() {
	commands = []command{
		{[]string{"break", "b"}, "LOC [if COND]", "stop on reaching LOC (a label, hex address, FILE:LINE or #N)", (*Monitor).cmdBreak},
		{[]string{"watch", "w"}, "LOC [if COND]", "stop after each write of the byte at LOC", watchCmd(Watch)},
		{[]string{"rwatch"}, "LOC [if COND]", "stop after each read of the byte at LOC", watchCmd(RWatch)},
		{[]string{"awatch"}, "LOC [if COND]", "stop after each read or write of the byte at LOC", watchCmd(AWatch)},
		{[]string{"delete", "d"}, "[N...]", "delete breakpoints and watchpoints (all with no N)", (*Monitor).cmdDelete},
		{[]string{"info", "i"}, "", "list breakpoints and watchpoints", (*Monitor).cmdInfo},
		{[]string{"continue", "c"}, "", "run until a breakpoint or watchpoint, or the program waits for a key", (*Monitor).cmdContinue},
		{[]string{"step", "s"}, "[N]", "run N instructions (1), into JSRs", stepCmd(false)},
		{[]string{"next", "n"}, "[N]", "run N instructions (1), over JSRs", stepCmd(true)},
		{[]string{"finish", "f"}, "", "run until the current routine returns", (*Monitor).cmdFinish},
		{[]string{"regs", "r"}, "", "registers, flags and the cycle count", (*Monitor).cmdRegs},
		{[]string{"x", "mem"}, "LOC [N]", "N bytes of memory from LOC (hex, default 1), with symbol names", (*Monitor).cmdMem},
		{[]string{"set"}, "LOC|REG = VAL", "store a byte (hex) in memory or a register", (*Monitor).cmdSet},
		{[]string{"list", "l"}, "[LOC]", "the source around the current statement (or LOC)", (*Monitor).cmdList},
		{[]string{"where", "bt"}, "", "the JSRs waiting to return, and the moves on the second stack", (*Monitor).cmdWhere},
		{[]string{"board"}, "", "the board (0050-006F) as a chessboard, and the piece table", (*Monitor).cmdBoard},
		{[]string{"state"}, "", "the JANUS state (.STATE) and the counts it keeps", (*Monitor).cmdState},
		{[]string{"counts"}, "", "the counts STRATGY reads, by the source's names", (*Monitor).cmdCounts},
		{[]string{"keys", "press"}, "KEY...", "press keys (0-9 A-F AD DA + GO PC) as mchess run presses them", (*Monitor).cmdKeys},
		{[]string{"display"}, "", "the KIM-1 display as SCANDS last lit it", (*Monitor).cmdDisplay},
		{[]string{"help", "h", "?"}, "", "this list", (*Monitor).cmdHelp},
		{[]string{"quit", "q"}, "", "leave", func(*Monitor, string) error { return ErrQuit }},
	}
}

// Exec runs one command line; "" does nothing.
func (m *Monitor) Exec(line string) error {
	line = strings.TrimSpace(line)
	if line == "" || strings.HasPrefix(line, "#") {
		return nil
	}
	name, args, _ := strings.Cut(line, " ")
	for _, c := range commands {
		for _, n := range c.names {
			if strings.EqualFold(n, name) {
				return c.run(m, strings.TrimSpace(args))
			}
		}
	}
	return fmt.Errorf("unknown command %q (help lists them)", name)
}

func (m *Monitor) printf(format string, a ...any) { fmt.Fprintf(m.Out, format, a...) }

func (m *Monitor) cmdHelp(string) error {
	for _, c := range commands {
		m.printf("  %-22s %s\n", strings.Join(c.names, ", ")+" "+c.args, c.help)
	}
	return nil
}

func (m *Monitor) point(kind Kind, args string) error {
	loc, cond, hasCond := strings.Cut(args, " if ")
	addr, err := m.D.Src.Loc(loc)
	if err != nil {
		return err
	}
	var c *Cond
	if hasCond {
		if c, err = m.D.Src.ParseCond(cond); err != nil {
			return err
		}
	}
	p := m.D.Add(kind, addr, c, strings.TrimSpace(loc))
	m.printf("%s\n", m.describePoint(p))
	return nil
}

func (m *Monitor) describePoint(p *Point) string {
	s := fmt.Sprintf("%s %d at %s (%04X)", p.Kind, p.ID, m.D.Src.Where(p.Addr), p.Addr)
	if p.Kind != Break {
		s = fmt.Sprintf("%s %d on %s (%04X)", p.Kind, p.ID, m.name(p.Addr), p.Addr)
	}
	if st := m.D.Src.Stmt(p.Addr); st != nil && p.Kind == Break {
		s += ", " + linePos(st)
	}
	if p.Cond != nil {
		s += " if " + p.Cond.String()
	}
	return s
}

func (m *Monitor) name(addr uint16) string {
	if n := m.D.Src.Name(addr); n != "" {
		return n
	}
	return fmt.Sprintf("%04X", addr)
}

func (m *Monitor) cmdBreak(args string) error { return m.point(Break, args) }

func watchCmd(k Kind) func(*Monitor, string) error {
	return func(m *Monitor, args string) error { return m.point(k, args) }
}

func (m *Monitor) cmdDelete(args string) error {
	if args == "" {
		return m.D.Delete(0)
	}
	for _, f := range strings.Fields(args) {
		n, err := strconv.Atoi(f)
		if err != nil || n <= 0 {
			return fmt.Errorf("%q: give the number info shows", f)
		}
		if err := m.D.Delete(n); err != nil {
			return err
		}
	}
	return nil
}

func (m *Monitor) cmdInfo(string) error {
	if len(m.D.Points()) == 0 {
		m.printf("no breakpoints or watchpoints\n")
	}
	for _, p := range m.D.Points() {
		m.printf("%s, hit %d times\n", m.describePoint(p), p.Hits)
	}
	return nil
}

func (m *Monitor) cmdContinue(string) error {
	m.report(m.D.Continue())
	return nil
}

func stepCmd(over bool) func(*Monitor, string) error {
	return func(m *Monitor, args string) error {
		n := 1
		if args != "" {
			var err error
			if n, err = strconv.Atoi(args); err != nil || n <= 0 {
				return fmt.Errorf("%q: give a number of instructions from 1", args)
			}
		}
		if over {
			m.report(m.D.Next(n))
		} else {
			m.report(m.D.Step(n))
		}
		return nil
	}
}

func (m *Monitor) cmdFinish(string) error {
	n := len(m.D.Calls.Frames)
	var from string
	if n > 0 {
		from = m.D.Src.Where(m.D.Calls.Frames[n-1].Target)
	}
	st, err := m.D.Finish()
	if err != nil {
		return err
	}
	if st.Why == StopReturned {
		m.printf("%s returned\n", from)
	}
	m.report(st)
	return nil
}

// report prints why a run stopped and where the program is.
func (m *Monitor) report(st Stop) {
	c := m.D.M.CPU
	switch st.Why {
	case StopPoint:
		p := st.Point
		if p.Kind == Break {
			m.printf("%s %d, cycle %d\n", p.Kind, p.ID, c.Cycles)
			break
		}
		a := st.Access
		if a.Write {
			m.printf("%s %d: %s (%04X) written %02X -> %02X by %04X %s, cycle %d\n", p.Kind, p.ID, m.name(a.Addr), a.Addr,
				st.Old, c.Mem[a.Addr], st.By, m.D.Src.Where(st.By), c.Cycles)
		} else {
			m.printf("%s %d: %s (%04X) read, %02X, by %04X %s, cycle %d\n", p.Kind, p.ID, m.name(a.Addr), a.Addr,
				c.Mem[a.Addr], st.By, m.D.Src.Where(st.By), c.Cycles)
		}
	case StopWaiting:
		d := kim1.Reading{Digits: m.D.M.Display}
		what := "a key"
		if st.Reason == kim1.WaitingTTY {
			what = "teletype input"
		}
		m.printf("the program waits for %s after %d cycles; the display shows %v\n", what, c.Cycles, d)
	case StopSelfJump:
		m.printf("the program jumps to itself at %04X after %d cycles\n", c.PC, c.Cycles)
	case StopBudget:
		m.printf("the cycle budget (%d) ran out\n", m.D.Budget)
	case StopError:
		m.printf("the program cannot go on: %v\n", st.Err)
	}
	m.here()
}

// here prints the current statement, as the listing numbers it.
func (m *Monitor) here() {
	c := m.D.M.CPU
	pc := c.PC
	m.printf("%04X %s", pc, m.D.Src.Where(pc))
	if st := m.D.Src.Stmt(pc); st != nil {
		m.printf("  %s\n%s\n", linePos(st), listingLine(st))
		return
	}
	if _, ok := kim1.RoutineAt(pc); ok && !isa.ByCode[c.Mem[pc]].Valid {
		m.printf("  (monitor routine, emulated)\n")
		return
	}
	text, _ := isa.Disassemble([]byte{c.Mem[pc], c.Mem[pc+1], c.Mem[pc+2]}, pc, m.D.Src.Sym)
	m.printf("  %s\n", text)
}

func linePos(st *asm.Stmt) string { return fmt.Sprintf("%s:%d", st.Pos.File, st.Pos.Line) }

// listingLine prints a statement as the listing does: its number,
// address, bytes and text.
func listingLine(st *asm.Stmt) string {
	num := "     "
	if st.Number > 0 {
		num = fmt.Sprintf("%5d", st.Number)
	}
	text := strings.TrimRight(asm.ExpandTabs(st.Text), " ")
	if len(st.Bytes) == 0 {
		return fmt.Sprintf("%s %-14s %s", num, "", text)
	}
	var hex []string
	for _, b := range st.Bytes[:min(3, len(st.Bytes))] {
		hex = append(hex, fmt.Sprintf("%02X", b))
	}
	return fmt.Sprintf("%s %04X %-9s %s", num, st.Addr, strings.Join(hex, " "), text)
}

func (m *Monitor) cmdRegs(string) error {
	c := m.D.M.CPU
	flags := []byte("nv-bdizc")
	for i := range 8 {
		if i != 2 && c.P&(0x80>>i) != 0 {
			flags[i] -= 'a' - 'A'
		}
	}
	m.printf("A=%02X X=%02X Y=%02X S=%02X P=%02X %s PC=%04X  cycles %d  instructions %d\n",
		c.A, c.X, c.Y, c.S, c.P, flags, c.PC, c.Cycles, c.Instructions)
	return nil
}

func (m *Monitor) cmdMem(args string) error {
	f := strings.Fields(args)
	if len(f) == 0 || len(f) > 2 {
		return fmt.Errorf("x LOC [N]")
	}
	addr, err := m.D.Src.Loc(f[0])
	if err != nil {
		return err
	}
	n := 1
	if len(f) == 2 {
		v, err := strconv.ParseUint(f[1], 16, 16)
		if err != nil || v == 0 {
			return fmt.Errorf("%q: the count is hex, from 1", f[1])
		}
		n = int(v)
	}
	mem := &m.D.M.CPU.Mem
	// A line to each named byte, else up to 8 bytes a line.
	for i := 0; i < n; {
		a := addr + uint16(i)
		name := m.D.Src.Name(a)
		j := i + 1
		for name == "" && j < n && j-i < 8 && m.D.Src.Name(addr+uint16(j)) == "" {
			j++
		}
		var hex []string
		for k := i; k < j; k++ {
			hex = append(hex, fmt.Sprintf("%02X", mem[addr+uint16(k)]))
		}
		m.printf("%04X %-8s %s\n", a, name, strings.Join(hex, " "))
		i = j
	}
	return nil
}

func (m *Monitor) cmdSet(args string) error {
	l, r, ok := strings.Cut(args, "=")
	if !ok {
		return fmt.Errorf("set LOC = VAL, or set REG = VAL")
	}
	v, err := strconv.ParseUint(strings.TrimPrefix(strings.TrimSpace(r), "$"), 16, 16)
	if err != nil {
		return fmt.Errorf("%q: the value is hex", strings.TrimSpace(r))
	}
	c := m.D.M.CPU
	reg := strings.ToUpper(strings.TrimSpace(l))
	if reg == "PC" {
		c.PC = uint16(v)
		return nil
	}
	if v > 0xFF {
		return fmt.Errorf("%X: a byte is 00-FF", v)
	}
	switch reg {
	case "A":
		c.A = byte(v)
	case "X":
		c.X = byte(v)
	case "Y":
		c.Y = byte(v)
	case "S":
		c.S = byte(v)
	case "P":
		c.P = byte(v) | emu.FlagU
	default:
		addr, err := m.D.Src.Loc(l)
		if err != nil {
			return err
		}
		if err := m.D.M.Poke(addr, byte(v)); err != nil {
			return err
		}
	}
	return nil
}

func (m *Monitor) cmdList(args string) error {
	pc := m.D.M.CPU.PC
	if args != "" {
		var err error
		if pc, err = m.D.Src.Loc(args); err != nil {
			return err
		}
	}
	st := m.D.Src.Stmt(pc)
	if st == nil {
		return fmt.Errorf("no statement of the source starts at %04X", pc)
	}
	for _, x := range m.D.Src.Lines(st, 5) {
		mark := "  "
		if x == st {
			mark = "=>"
		}
		m.printf("%s%s\n", mark, listingLine(x))
	}
	return nil
}

func (m *Monitor) cmdWhere(string) error {
	c := m.D.M.CPU
	fr := m.D.Calls.Frames
	m.printf("#0  %04X %s\n", c.PC, m.D.Src.Where(c.PC))
	for i := len(fr) - 1; i >= 0; i-- {
		f := fr[i]
		ret := uint16(c.Mem[0x100|uint16(f.SP)])<<8 | uint16(c.Mem[0x100|uint16(f.SP-1)])
		note := ""
		if ret != f.Call+2 {
			note = fmt.Sprintf("  (the return address on the stack is now %04X)", ret+1)
		}
		pos := ""
		if st := m.D.Src.Stmt(f.Call); st != nil {
			pos = "  " + linePos(st)
		}
		m.printf("#%-2d %04X %s, JSR %s%s%s\n", len(fr)-i, f.Call, m.D.Src.Where(f.Call), m.D.Src.Where(f.Target), pos, note)
	}
	sp1 := m.D.addr(".SP1", 0xB3)
	if c.S <= stack2Top && len(fr) > 0 {
		m.printf("S = %02X is on the second stack: the first stack's S is in .SP1 = %02X\n", c.S, c.Mem[sp1])
	}
	m.D.WriteMoves(m.Out)
	return nil
}

func (m *Monitor) cmdBoard(string) error  { m.D.WriteBoard(m.Out); return nil }
func (m *Monitor) cmdState(string) error  { m.D.WriteState(m.Out); return nil }
func (m *Monitor) cmdCounts(string) error { return m.D.WriteCounts(m.Out) }

func (m *Monitor) cmdKeys(args string) error {
	keys, err := session.ParseKeys(args)
	if err != nil {
		return err
	}
	if len(keys) == 0 {
		return fmt.Errorf("no keys given")
	}
	if m.Press != nil {
		m.Press(keys)
	} else {
		m.D.M.Press(keys...)
	}
	m.printf("%d keys to press\n", m.D.M.KeysLeft())
	return nil
}

func (m *Monitor) cmdDisplay(string) error {
	m.printf("display %v (SCANDS called %d times)\n", kim1.Reading{Digits: m.D.M.Display}, m.D.M.Scans)
	return nil
}

// Names lists the command names, for completion.
func Names() []string {
	var out []string
	for _, c := range commands {
		out = append(out, c.names[0])
	}
	sort.Strings(out)
	return out
}

// Script runs the commands of a script (one a line, # for comments),
// echoing each after a prompt; it stops at quit, at the end, or at the
// first command that fails, which it reports at its line of name.
func (m *Monitor) Script(name string, r io.Reader) error {
	lines := bounded.NewLines(r)
	for n := 1; lines.Scan(); n++ {
		line := lines.Text()
		if _, long := lines.Long(); long {
			return fmt.Errorf("%s:%d: a line longer than %d bytes", name, n, bounded.LineKeep)
		}
		if strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		m.printf("(mchess) %s\n", strings.TrimSpace(line))
		if err := m.Exec(line); err == ErrQuit {
			return nil
		} else if err != nil {
			return fmt.Errorf("%s:%d: %v", name, n, err)
		}
	}
	if err := lines.Err(); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	return nil
}
