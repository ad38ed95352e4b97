package debug

import (
	"fmt"

	"github.com/kim1-archive/microchess/emu/kim1"
)

// Point is a breakpoint (on reaching an address) or a watchpoint (on a
// read or write of a byte), with an optional condition.
type Point struct {
	ID   int
	Kind Kind
	Addr uint16
	Cond *Cond
	Text string // the location as the user gave it
	Hits int
}

// Kind is what a point stops on.
type Kind uint8

const (
	Break  Kind = iota // reaching the address
	Watch              // a write
	RWatch             // a read
	AWatch             // a read or a write
)

func (k Kind) String() string {
	return [...]string{"breakpoint", "watchpoint", "read watchpoint", "access watchpoint"}[k]
}

// Stop says why a run of the debugger ended.
type Stop struct {
	Why    StopKind
	Point  *Point // the breakpoint or watchpoint
	Access Access // the watched access
	By     uint16 // the instruction that made it
	Old    byte   // the byte before a watched write
	Reason kim1.Reason
	Err    error
	Frame  *Frame // the frame finish returned from
}

// StopKind classifies stops.
type StopKind uint8

const (
	StopStepped  StopKind = iota // the steps asked for are done
	StopPoint                    // a breakpoint or watchpoint
	StopReturned                 // finish: the frame returned
	StopWaiting                  // the program waits for input the scripts do not have
	StopSelfJump                 // a jump to itself
	StopBudget                   // the cycle budget ran out
	StopError                    // an undocumented opcode or an unemulated ROM routine
)

// runMode says when a run ends besides points and the program's own stops.
type runMode struct {
	steps int  // instructions, 0 for no limit
	depth int  // with returning: ends once fewer frames than this are left
	over  bool // next: a step into a JSR runs until it returns
	ret   bool
	// inner: the run goes on from an instruction not yet stopped at, so a
	// breakpoint there counts (a run command starts past the one it is
	// stopped at).
	inner bool
}

// Debugger runs a machine instruction by instruction, stopping at its
// points.
type Debugger struct {
	M      *kim1.Machine
	Src    *Source
	Calls  Calls
	Budget uint64 // cycles a single run command may use

	points  []*Point
	nextID  int
	breakAt [65536]bool
	watched [65536]bool
	nWatch  int
	acc     []Access
}

// New attaches a debugger to a machine that has not run yet (so that it
// sees every JSR); it turns the translation off for the machine.
func New(m *kim1.Machine, src *Source, budget uint64) *Debugger {
	m.Native, m.Trace = nil, nil
	return &Debugger{M: m, Src: src, Budget: budget, nextID: 1}
}

// Add sets a point at addr.
func (d *Debugger) Add(kind Kind, addr uint16, cond *Cond, text string) *Point {
	p := &Point{ID: d.nextID, Kind: kind, Addr: addr, Cond: cond, Text: text}
	d.nextID++
	d.points = append(d.points, p)
	d.index()
	return p
}

// Delete removes a point by its number; 0 removes all.
func (d *Debugger) Delete(id int) error {
	if id == 0 {
		d.points = nil
		d.index()
		return nil
	}
	for i, p := range d.points {
		if p.ID == id {
			d.points = append(d.points[:i], d.points[i+1:]...)
			d.index()
			return nil
		}
	}
	return fmt.Errorf("no breakpoint or watchpoint %d", id)
}

// Points lists the points set.
func (d *Debugger) Points() []*Point { return d.points }

func (d *Debugger) index() {
	d.breakAt, d.watched = [65536]bool{}, [65536]bool{}
	d.nWatch = 0
	for _, p := range d.points {
		if p.Kind == Break {
			d.breakAt[p.Addr] = true
		} else {
			d.watched[p.Addr] = true
			d.nWatch++
		}
	}
}

// Step runs n instructions (a monitor routine the machine emulates counts
// as one), stepping into JSRs.
func (d *Debugger) Step(n int) Stop { return d.run(runMode{steps: n}) }

// Next runs n instructions, running each JSR's routine to its return.
func (d *Debugger) Next(n int) Stop { return d.run(runMode{steps: n, over: true}) }

// Finish runs until the routine of the innermost frame returns.
func (d *Debugger) Finish() (Stop, error) {
	n := len(d.Calls.Frames)
	if n == 0 {
		return Stop{}, fmt.Errorf("no routine to finish: no JSR is waiting to return")
	}
	f := d.Calls.Frames[n-1]
	st := d.run(runMode{depth: n, ret: true})
	if st.Why == StopReturned {
		st.Frame = &f
	}
	return st, nil
}

// Continue runs until a point, or the program stops.
func (d *Debugger) Continue() Stop { return d.run(runMode{}) }

func (d *Debugger) run(mode runMode) Stop {
	m := d.M
	c := m.CPU
	end := c.Cycles + d.Budget
	first := !mode.inner
	for done := 0; ; {
		if c.Cycles >= end {
			return Stop{Why: StopBudget}
		}
		pc := c.PC
		if !first && d.breakAt[pc] {
			if p := d.hit(Break, pc, false); p != nil {
				return Stop{Why: StopPoint, Point: p, By: pc}
			}
		}
		first = false
		op := c.Mem[pc]
		if d.nWatch > 0 {
			d.acc = Accesses(c, d.acc)
		}
		var old [3]byte
		for i, a := range d.acc {
			if i < len(old) {
				old[i] = c.Mem[a.Addr]
			}
		}
		depth := len(d.Calls.Frames)
		before := c.Cycles
		r, err := m.Run(1)
		if err != nil {
			return Stop{Why: StopError, Err: err}
		}
		if r == kim1.WaitingKey || r == kim1.WaitingTTY {
			return Stop{Why: StopWaiting, Reason: r}
		}
		if c.Cycles == before && c.PC == pc {
			return Stop{Why: StopSelfJump, Reason: kim1.SelfJump}
		}
		d.Calls.Observe(c, pc, op)
		if d.nWatch > 0 {
			for i, a := range d.acc {
				if !d.watched[a.Addr] {
					continue
				}
				if p := d.hit(Watch, a.Addr, a.Write); p != nil {
					st := Stop{Why: StopPoint, Point: p, Access: a, By: pc}
					if i < len(old) {
						st.Old = old[i]
					}
					return st
				}
			}
			d.acc = d.acc[:0]
		}
		if r == kim1.SelfJump {
			return Stop{Why: StopSelfJump, Reason: r}
		}
		if mode.ret && len(d.Calls.Frames) < mode.depth {
			return Stop{Why: StopReturned}
		}
		if mode.steps > 0 {
			if mode.over && len(d.Calls.Frames) > depth {
				// Run the routine just called to its return.
				if st := d.run(runMode{depth: len(d.Calls.Frames), ret: true, inner: true}); st.Why != StopReturned {
					return st
				}
			}
			if done++; done >= mode.steps {
				return Stop{Why: StopStepped}
			}
		}
	}
}

// hit finds the point that stops at addr (for a watch, on this kind of
// access), counting the hit; nil when none does or its condition fails.
func (d *Debugger) hit(kind Kind, addr uint16, write bool) *Point {
	for _, p := range d.points {
		if p.Addr != addr {
			continue
		}
		switch {
		case kind == Break && p.Kind != Break,
			kind != Break && p.Kind == Break,
			p.Kind == Watch && !write,
			p.Kind == RWatch && write:
			continue
		}
		if !p.Cond.Holds(d.M.CPU) {
			continue
		}
		p.Hits++
		return p
	}
	return nil
}
