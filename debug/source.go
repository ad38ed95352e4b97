// Package debug watches a program run on the emulated KIM-1 at the level of
// its source: breakpoints at labels, addresses and source lines, with
// conditions on memory and registers; watchpoints on reads and writes;
// step, next and finish; a backtrace of JSRs that follows MicroChess's two
// stacks; and views of MicroChess's board, JANUS state and counts.
//
// It steps the interpreter one instruction at a time from outside the
// core (kim1.Machine.Run with a budget of one cycle), so the emulator has
// no hook that costs anything when no debugger is attached: the
// translation to Go (package translated) is not used while debugging.
package debug

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/isa"
)

// Source is what the debugger knows of the program: its statements by
// address, its symbols and its routines. A program loaded from images has
// only the symbols of a symbol file, or none.
type Source struct {
	stmts    map[uint16]*asm.Stmt // the statement whose bytes start at an address
	files    map[string][]*asm.Stmt
	names    *asm.Names
	values   map[string]uint16 // symbol name to value
	Routines []Routine         // by address
}

// Routine is a part of the program named as a routine (see NewSource for
// where one starts); it runs to the next routine's start.
type Routine struct {
	Name string
	Addr uint16
	Stmt *asm.Stmt // its first statement, nil when known from symbols only
}

// NewSource indexes assembled programs (the program, then any patch laid
// over it: a later statement at an address wins). A routine starts at the
// first statement of each segment, at each JSR target, at each JMP target
// in another routine, and at each label the source sets apart as a
// routine's head (a comment with text, or two blank lines, before it).
// The emulated monitor routines are routines too.
func NewSource(progs ...*asm.Program) *Source {
	s := &Source{stmts: map[uint16]*asm.Stmt{}, files: map[string][]*asm.Stmt{}, values: map[string]uint16{}}
	var syms []asm.FileSymbol
	for _, p := range progs {
		if p == nil {
			continue
		}
		syms = append(syms, asm.Symbols(p)...)
		for _, st := range p.Stmts {
			s.files[st.Pos.File] = append(s.files[st.Pos.File], st)
			if len(st.Bytes) > 0 {
				s.stmts[st.Addr] = st
			}
		}
	}
	s.setSymbols(syms)
	s.findRoutines(progs)
	return s
}

// SymbolsOnly is a source for images with a symbol table: its labels are
// the routines.
func SymbolsOnly(syms []asm.FileSymbol) *Source {
	s := &Source{stmts: map[uint16]*asm.Stmt{}, files: map[string][]*asm.Stmt{}, values: map[string]uint16{}}
	s.setSymbols(syms)
	starts := map[uint16]string{}
	for _, sym := range syms {
		if !strings.HasPrefix(sym.Name, ".") && !strings.HasPrefix(sym.Name, "*") {
			if _, seen := starts[sym.Value]; !seen {
				starts[sym.Value] = sym.Name
			}
		}
	}
	s.setRoutines(starts, nil)
	return s
}

func (s *Source) setSymbols(syms []asm.FileSymbol) {
	s.names = asm.NewNames(syms)
	for _, sym := range syms {
		s.values[strings.ToUpper(sym.Name)] = sym.Value
	}
}

func (s *Source) findRoutines(progs []*asm.Program) {
	labels := map[uint16]*asm.Stmt{}
	var all []*asm.Stmt
	for _, p := range progs {
		if p != nil {
			all = append(all, p.Stmts...)
		}
	}
	for _, st := range all {
		if st.Label != "" && (st.Kind == asm.KindInstr || st.Kind == asm.KindData) && len(st.Bytes) > 0 {
			labels[st.Addr] = st
		}
	}
	starts := map[uint16]string{}
	add := func(addr uint16) {
		if st, ok := labels[addr]; ok {
			starts[addr] = st.Label
		}
	}
	// Segment starts and heads the source sets apart.
	blank, comment, segment := 0, false, true
	for _, st := range all {
		switch {
		case st.Kind == asm.KindOrigin:
			segment, blank, comment = true, 0, false
			continue
		case st.Kind == asm.KindNone:
			text := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(st.Text), ";"))
			if strings.TrimSpace(st.Text) == "" {
				blank++
			} else if text != "" {
				comment = true
			}
			continue
		case st.Kind == asm.KindEquate:
			continue
		}
		if st.Label != "" && len(st.Bytes) > 0 && (segment || comment || blank >= 2) && st.Kind == asm.KindInstr {
			starts[st.Addr] = st.Label
		}
		segment, blank, comment = false, 0, false
	}
	for _, st := range all {
		if st.Kind == asm.KindInstr && st.Mnemonic == "JSR" && len(st.Bytes) == 3 {
			add(uint16(st.Bytes[1]) | uint16(st.Bytes[2])<<8)
		}
	}
	s.setRoutines(starts, labels)
	// JMP targets in another routine than the JMP's.
	more := false
	for _, st := range all {
		if st.Kind == asm.KindInstr && st.Mnemonic == "JMP" && st.Mode == isa.Absolute && len(st.Bytes) == 3 {
			t := uint16(st.Bytes[1]) | uint16(st.Bytes[2])<<8
			if _, ok := labels[t]; ok && s.RoutineAt(t).Addr != s.RoutineAt(st.Addr).Addr {
				if _, seen := starts[t]; !seen {
					add(t)
					more = true
				}
			}
		}
	}
	if more {
		s.setRoutines(starts, labels)
	}
}

func (s *Source) setRoutines(starts map[uint16]string, labels map[uint16]*asm.Stmt) {
	s.Routines = s.Routines[:0]
	for a, n := range starts {
		s.Routines = append(s.Routines, Routine{Name: n, Addr: a, Stmt: labels[a]})
	}
	for _, r := range kim1.Routines {
		if _, ok := starts[r.Addr]; !ok {
			s.Routines = append(s.Routines, Routine{Name: r.Name, Addr: r.Addr})
		}
	}
	sort.Slice(s.Routines, func(i, j int) bool { return s.Routines[i].Addr < s.Routines[j].Addr })
}

// RoutineAt is the routine an address lies in: the last to start at or
// below it (the emulated monitor routines cover only their entry). ok is
// false below the first.
func (s *Source) RoutineAt(addr uint16) Routine {
	i := sort.Search(len(s.Routines), func(i int) bool { return s.Routines[i].Addr > addr })
	if i == 0 {
		return Routine{Name: fmt.Sprintf("$%04X", addr), Addr: addr}
	}
	r := s.Routines[i-1]
	if name, ok := kim1.RoutineAt(r.Addr); ok && r.Addr != addr && r.Name == name {
		return Routine{Name: fmt.Sprintf("$%04X", addr), Addr: addr}
	}
	return r
}

// Where names an address: ROUTINE or ROUTINE+n.
func (s *Source) Where(addr uint16) string {
	if name, ok := kim1.RoutineAt(addr); ok {
		if sym, ok := s.names.Name(addr, false); ok {
			return sym + " (" + name + ")"
		}
		return name
	}
	if label := s.names.Label(addr); label != "" {
		return label
	}
	r := s.RoutineAt(addr)
	if r.Addr == addr {
		return r.Name
	}
	return fmt.Sprintf("%s+%X", r.Name, addr-r.Addr)
}

// Stmt is the statement whose bytes start at addr, or nil.
func (s *Source) Stmt(addr uint16) *asm.Stmt { return s.stmts[addr] }

// Sym names an address for the disassembler.
func (s *Source) Sym(addr uint16, zeroPage bool) (string, bool) { return s.names.Name(addr, zeroPage) }

// Name is the symbol naming a byte of memory, or "".
func (s *Source) Name(addr uint16) string {
	if n, ok := s.names.Name(addr, addr < 0x100); ok {
		return n
	}
	return ""
}

// Value is a symbol's value.
func (s *Source) Value(name string) (uint16, bool) {
	v, ok := s.values[strings.ToUpper(name)]
	return v, ok
}

// Lines are the statements of st's file from n before it to n after it.
func (s *Source) Lines(st *asm.Stmt, n int) []*asm.Stmt {
	list := s.files[st.Pos.File]
	for i, x := range list {
		if x == st {
			return list[max(0, i-n):min(len(list), i+n+1)]
		}
	}
	return []*asm.Stmt{st}
}

// Line finds the address of source line file:line (the file named by any
// ending of its path) or of listing statement #number: its first byte,
// or the first statement with bytes after it.
func (s *Source) Line(file string, line, number int) (uint16, error) {
	var found bool
	for name, list := range s.files {
		if file != "" && name != file && !strings.HasSuffix(name, "/"+file) {
			continue
		}
		for i, st := range list {
			if (number > 0 && st.Number == number) || (number == 0 && st.Pos.Line == line) {
				found = true
				for _, x := range list[i:] {
					if x.Kind == asm.KindInstr && len(x.Bytes) > 0 {
						return x.Addr, nil
					}
				}
			}
		}
	}
	what := fmt.Sprintf("%s:%d", file, line)
	if number > 0 {
		what = "statement #" + strconv.Itoa(number)
	}
	if found {
		return 0, fmt.Errorf("no instruction at or after %s", what)
	}
	if len(s.files) == 0 {
		return 0, fmt.Errorf("%s: no source is known (the program was loaded from images)", what)
	}
	return 0, fmt.Errorf("no %s in the source", what)
}
