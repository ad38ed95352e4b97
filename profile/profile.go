// Package profile counts where a program on the emulated KIM-1 spends its
// cycles, routine by routine and call stack by call stack, and writes the
// counts in pprof's format (github.com/google/pprof/profile), which
// `go tool pprof` reads: functions are the source's routines (see
// debug.NewSource), locations its instructions with their source lines,
// and the stacks those of JSR and RTS as the program runs them (debug.Calls,
// which follows MicroChess's two stacks). A profile is of a stretch of a
// run, of one move exactly (From and To, or StartMove and EndMove), or of
// every move a program thinks in a match (Match).
//
// It watches through the machine's Trace, called before every instruction
// on the interpreter (the translation to Go does not run while Trace is
// set): the emulator has no hook of its own for it, so nothing costs
// anything when no profile is taken. The cycle counts are the same as the
// translation's, which is exact to the cycle.
package profile

import (
	"fmt"
	"io"
	"sort"

	pprof "github.com/google/pprof/profile"

	"github.com/kim1-archive/microchess/debug"
	"github.com/kim1-archive/microchess/emu/kim1"
)

// Profiler counts cycles and instructions by instruction and call stack.
type Profiler struct {
	Src *debug.Source
	// Instructions that start at a cycle count in [From, To) are counted
	// (To 0: no end), so that a profile can be of one move exactly.
	From, To uint64

	Cycles, Instructions uint64 // counted

	calls  debug.Calls
	nodes  []node
	path   []int32 // the node of each depth of frames; path[0] the root
	counts map[key]*[2]uint64

	// A move profiled on its own (StartMove): the GETKEY polls the
	// machine had made before it, and the cycles counted before it.
	inMove      bool
	movePolls   int
	movesBefore uint64

	armed                  bool
	prevPC                 uint16
	prevOp                 byte
	prevCycles, prevInstrs uint64
	prevNode               int32
}

// node is a call stack: its parent's, plus the JSR at call to target.
type node struct {
	parent       int32
	call, target uint16
	children     map[uint16]int32
}

type key struct {
	node int32
	pc   uint16
}

// New is a profiler naming routines from src.
func New(src *debug.Source) *Profiler {
	return &Profiler{Src: src, nodes: []node{{parent: -1}}, path: []int32{0}, counts: map[key]*[2]uint64{}}
}

// Attach makes the machine report every instruction to the profiler (and
// run on the interpreter).
func (p *Profiler) Attach(m *kim1.Machine) { m.Trace = p.observe }

// Detach counts the last instruction run and stops watching.
func (p *Profiler) Detach(m *kim1.Machine) {
	p.settle(m)
	p.armed = false
	m.Trace = nil
}

func (p *Profiler) observe(m *kim1.Machine) {
	p.settle(m)
	c := m.CPU
	p.prevPC, p.prevOp, p.prevCycles, p.prevInstrs = c.PC, c.Mem[c.PC], c.Cycles, c.Instructions
	p.prevNode = p.path[len(p.path)-1]
	p.armed = true
}

// StartMove profiles the move the machine is about to think, attached to
// it: exactly its cycles as microchess.Session.Play counts them, from the
// GETKEY that reads PC to the next GETKEY, whatever runs before or after
// (a castling's rook keyed in). The machine must be waiting for PC. The
// call stack starts empty, as for a move profiled with From and To, since
// what ran between moves was not watched.
func (p *Profiler) StartMove(m *kim1.Machine) {
	p.calls.Reset()
	p.path = p.path[:1]
	p.armed = false
	p.inMove, p.movePolls, p.movesBefore = true, len(m.Polls), p.Cycles
	p.From, p.To = ^uint64(0), 0 // nothing until the first poll
	p.Attach(m)
}

// EndMove detaches the profiler after the move StartMove began, and
// checks that it counted cycles, the move's cycles as the session counted
// them; err is the session's, if the move failed.
func (p *Profiler) EndMove(m *kim1.Machine, cycles uint64, err error) error {
	p.Detach(m)
	p.inMove = false
	switch counted := p.Cycles - p.movesBefore; {
	case err != nil:
		return fmt.Errorf("the move failed: %v", err)
	case len(m.Polls) < p.movePolls+2:
		return fmt.Errorf("the program did not read a key and wait for the next: no move to profile")
	case counted != cycles:
		return fmt.Errorf("the profile counts %d cycles for the move, the session %d", counted, cycles)
	}
	return nil
}

// settle counts the instruction seen last, now that it has run, and
// follows its effect on the call stack.
func (p *Profiler) settle(m *kim1.Machine) {
	c := m.CPU
	if p.inMove {
		// The move's window opens at the first GETKEY that returned
		// since StartMove, and closes at the second: an instruction
		// starting at a poll's cycle is the GETKEY polled.
		if n := len(m.Polls) - p.movePolls; n >= 1 && p.From == ^uint64(0) {
			p.From = m.Polls[p.movePolls].Cycle
		}
		if n := len(m.Polls) - p.movePolls; n >= 2 && p.To == 0 {
			p.To = m.Polls[p.movePolls+1].Cycle
		}
	}
	if !p.armed || c.Cycles == p.prevCycles && c.PC == p.prevPC {
		return // nothing ran (a routine waiting for a key)
	}
	if p.prevCycles >= p.From && (p.To == 0 || p.prevCycles < p.To) {
		k := key{p.prevNode, p.prevPC}
		v := p.counts[k]
		if v == nil {
			v = new([2]uint64)
			p.counts[k] = v
		}
		cyc, ins := c.Cycles-p.prevCycles, c.Instructions-p.prevInstrs
		v[0] += cyc
		v[1] += ins
		p.Cycles += cyc
		p.Instructions += ins
	}
	p.calls.Observe(c, p.prevPC, p.prevOp)
	p.armed = false
	fr := p.calls.Frames
	if len(fr)+1 < len(p.path) {
		p.path = p.path[:len(fr)+1]
	}
	for len(p.path) < len(fr)+1 {
		f := fr[len(p.path)-1]
		parent := p.path[len(p.path)-1]
		child, ok := p.nodes[parent].children[f.Call]
		if !ok {
			child = int32(len(p.nodes))
			p.nodes = append(p.nodes, node{parent: parent, call: f.Call, target: f.Target})
			if p.nodes[parent].children == nil {
				p.nodes[parent].children = map[uint16]int32{}
			}
			p.nodes[parent].children[f.Call] = child
		}
		p.path = append(p.path, child)
	}
}

// Profile is the counts in pprof's form: sample values cycles and
// instructions; a location for each instruction run or JSR on a stack.
func (p *Profiler) Profile(comments ...string) *pprof.Profile {
	out := &pprof.Profile{
		SampleType:        []*pprof.ValueType{{Type: "cycles", Unit: "count"}, {Type: "instructions", Unit: "count"}},
		DefaultSampleType: "cycles",
		PeriodType:        &pprof.ValueType{Type: "cycles", Unit: "count"},
		Period:            1,
		Comments:          comments,
	}
	mapping := &pprof.Mapping{ID: 1, Start: 0, Limit: 0x10000, File: "KIM-1 memory", HasFunctions: true, HasFilenames: true, HasLineNumbers: true}
	out.Mapping = []*pprof.Mapping{mapping}
	funcs := map[string]*pprof.Function{}
	function := func(r debug.Routine) *pprof.Function {
		fn, ok := funcs[r.Name]
		if !ok {
			fn = &pprof.Function{ID: uint64(len(out.Function) + 1), Name: r.Name, SystemName: r.Name}
			if r.Stmt != nil {
				fn.Filename, fn.StartLine = r.Stmt.Pos.File, int64(r.Stmt.Pos.Line)
			} else if _, rom := kim1.RoutineAt(r.Addr); rom {
				fn.Filename = "KIM-1 monitor ROM (emulated)"
			}
			funcs[r.Name] = fn
			out.Function = append(out.Function, fn)
		}
		return fn
	}
	type where struct {
		pc, entered uint16
		in          bool
	}
	locs := map[where]*pprof.Location{}
	// location is an instruction, in the routine its address lies in and,
	// when that is another, the routine the innermost JSR entered: the
	// part of the routine it lies in, as pprof shows a function inlined
	// in another (JANUS's ON4, TREE and COUNTS, STRATGY jumped to).
	location := func(w where) *pprof.Location {
		if l, ok := locs[w]; ok {
			return l
		}
		line := int64(0)
		if st := p.Src.Stmt(w.pc); st != nil {
			line = int64(st.Pos.Line)
		}
		part := p.Src.RoutineAt(w.pc)
		lines := []pprof.Line{{Function: function(part), Line: line}}
		if w.in {
			if r := p.Src.RoutineAt(w.entered); r.Name != part.Name {
				at := int64(0)
				if r.Stmt != nil {
					at = int64(r.Stmt.Pos.Line)
				}
				lines = append(lines, pprof.Line{Function: function(r), Line: at})
			}
		}
		l := &pprof.Location{ID: uint64(len(out.Location) + 1), Mapping: mapping, Address: uint64(w.pc), Line: lines}
		locs[w] = l
		out.Location = append(out.Location, l)
		return l
	}
	at := func(pc uint16, n int32) where {
		if n == 0 {
			return where{pc: pc}
		}
		return where{pc, p.nodes[n].target, true}
	}
	keys := make([]key, 0, len(p.counts))
	for k := range p.counts {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].node != keys[j].node {
			return keys[i].node < keys[j].node
		}
		return keys[i].pc < keys[j].pc
	})
	for _, k := range keys {
		v := p.counts[k]
		s := &pprof.Sample{Value: []int64{int64(v[0]), int64(v[1])}, Location: []*pprof.Location{location(at(k.pc, k.node))}}
		for n := k.node; n > 0; n = p.nodes[n].parent {
			s.Location = append(s.Location, location(at(p.nodes[n].call, p.nodes[n].parent)))
		}
		out.Sample = append(out.Sample, s)
	}
	return out
}

// Row is a routine's share of a profile: flat counts what ran in it (in
// its own addresses), cum what ran while it was on the stack or was the
// routine a JSR entered.
type Row struct {
	Name                  string
	Flat, Cum             int64 // cycles
	FlatInstrs, CumInstrs int64
}

// Top sums a profile by function, the largest flat first.
func Top(prof *pprof.Profile) (rows []Row, total int64) {
	byName := map[string]*Row{}
	get := func(n string) *Row {
		r := byName[n]
		if r == nil {
			r = &Row{Name: n}
			byName[n] = r
		}
		return r
	}
	for _, s := range prof.Sample {
		total += s.Value[0]
		seen := map[string]bool{}
		for i, l := range s.Location {
			for k, ln := range l.Line {
				name := ln.Function.Name
				r := get(name)
				if i == 0 && k == 0 {
					r.Flat += s.Value[0]
					r.FlatInstrs += s.Value[1]
				}
				if !seen[name] {
					seen[name] = true
					r.Cum += s.Value[0]
					r.CumInstrs += s.Value[1]
				}
			}
		}
	}
	for _, r := range byName {
		rows = append(rows, *r)
	}
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].Flat != rows[j].Flat {
			return rows[i].Flat > rows[j].Flat
		}
		return rows[i].Name < rows[j].Name
	})
	return rows, total
}

// WriteTop prints the table Top makes, n rows (0: all).
func WriteTop(w io.Writer, rows []Row, total int64, n int) {
	fmt.Fprintf(w, "%-10s %12s %7s %12s %7s %12s\n", "routine", "flat cycles", "flat%", "cum cycles", "cum%", "flat instrs")
	for i, r := range rows {
		if n > 0 && i >= n {
			break
		}
		fmt.Fprintf(w, "%-10s %12d %6.2f%% %12d %6.2f%% %12d\n", r.Name, r.Flat, pct(r.Flat, total), r.Cum, pct(r.Cum, total), r.FlatInstrs)
	}
	fmt.Fprintf(w, "%-10s %12d\n", "total", total)
}

func pct(v, total int64) float64 {
	if total == 0 {
		return 0
	}
	return 100 * float64(v) / float64(total)
}
