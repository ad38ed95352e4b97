package tunable

import (
	"strings"

	"github.com/kim1-archive/microchess/diag"
)

// Order is one ORDER line: a chain of RANGE parameters, each one's value
// above (>) or not below (>=) the next one's.
type Order struct {
	Names   []string
	Strict  []bool // Strict[i]: Names[i] > Names[i+1]; else >=
	Comment string
	Pos     diag.Pos
}

func (o *Order) String() string {
	var b strings.Builder
	for i, n := range o.Names {
		switch {
		case i == 0:
		case o.Strict[i-1]:
			b.WriteString(">")
		default:
			b.WriteString(">=")
		}
		b.WriteString(n)
	}
	return b.String()
}

// edge says parameter hi must be at least d above parameter lo (d is 1
// for >, 0 for >=).
type edge struct {
	hi, lo, d int
	pos       diag.Pos
}

// orderGraph is the ORDER lines over the parameters' indices: the order
// Project visits them in and each parameter's bounds once every ORDER is
// kept (effLo, effHi).
type orderGraph struct {
	up, down     [][]edge // by parameter: edges to those above it, below it
	topDown      []int    // a parameter before everything below it
	effLo, effHi []int
}

func (r *resolver) orderLine(d *declLine) {
	o := &Order{Comment: d.comment, Pos: d.kindPos}
	index := map[string]int{}
	for i, p := range r.set.Params {
		index[strings.ToUpper(p.Name)] = i
	}
	var at []int
	seen := map[string]bool{}
	bad := false
	for _, l := range d.chain {
		key := strings.ToUpper(l.name)
		i, ok := index[key]
		switch {
		case !ok && r.names[key] != nil:
			bad = true // the parameter had errors of its own
			continue
		case !ok:
			r.errs.Add(l.pos, "ORDER names %s, which is not a parameter of this file", l.name)
			bad = true
			continue
		case r.set.Params[i].Kind != Range:
			r.errs.Add(l.pos, "ORDER compares values: %s is a CHOICE", l.name)
			bad = true
			continue
		case seen[key]:
			r.errs.Add(l.pos, "ORDER names %s twice", l.name)
			bad = true
			continue
		}
		seen[key] = true
		at = append(at, i)
		o.Names = append(o.Names, r.set.Params[i].Name)
		if len(o.Names) > 1 {
			o.Strict = append(o.Strict, l.strict)
		}
	}
	if bad {
		return
	}
	for k := 1; k < len(at); k++ {
		e := edge{hi: at[k-1], lo: at[k], pos: d.chain[k].pos}
		if o.Strict[k-1] {
			e.d = 1
		}
		if r.reaches(e.lo, e.hi) {
			r.errs.Add(e.pos, "ORDER makes a cycle: %s is already at or below %s by the ORDER lines above", r.set.Params[e.hi].Name, r.set.Params[e.lo].Name)
			return
		}
		r.edges = append(r.edges, e)
	}
	r.set.Orders = append(r.set.Orders, o)
}

// reaches tells whether parameter from is at or above parameter to by the
// edges so far (a search that visits each parameter once).
func (r *resolver) reaches(from, to int) bool {
	seen := map[int]bool{from: true}
	stack := []int{from}
	for len(stack) > 0 {
		at := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if at == to {
			return true
		}
		for _, e := range r.edges {
			if e.hi == at && !seen[e.lo] {
				seen[e.lo] = true
				stack = append(stack, e.lo)
			}
		}
	}
	return false
}

// graph orders the parameters top down (Kahn's algorithm, ties in the
// order of declaration, so the result never depends on map order) and
// works out each one's bounds under the ORDER lines.
func (r *resolver) graph() orderGraph {
	n := len(r.set.Params)
	g := orderGraph{up: make([][]edge, n), down: make([][]edge, n), effLo: make([]int, n), effHi: make([]int, n)}
	above := make([]int, n)
	for _, e := range r.edges {
		g.down[e.hi] = append(g.down[e.hi], e)
		g.up[e.lo] = append(g.up[e.lo], e)
		above[e.lo]++
	}
	done := make([]bool, n)
	for progress := true; progress; {
		progress = false
		for i := 0; i < n; i++ {
			if !done[i] && above[i] == 0 {
				done[i], progress = true, true
				g.topDown = append(g.topDown, i)
				for _, e := range g.down[i] {
					above[e.lo]--
				}
				break
			}
		}
	}
	for _, i := range g.topDown {
		g.effHi[i] = r.set.Params[i].Max()
		for _, e := range g.up[i] {
			g.effHi[i] = min(g.effHi[i], g.effHi[e.hi]-e.d)
		}
	}
	for k := n - 1; k >= 0; k-- {
		i := g.topDown[k]
		g.effLo[i] = r.set.Params[i].Min()
		for _, e := range g.down[i] {
			g.effLo[i] = max(g.effLo[i], g.effLo[e.lo]+e.d)
		}
	}
	return g
}

// checkOrders reports ORDER lines no values of the ranges can keep (once
// per line, at the first of its parameters left with no value) and,
// when all can be kept, current values that break them.
func (r *resolver) checkOrders() {
	g := r.set.order
	index := map[string]int{}
	for i, p := range r.set.Params {
		index[p.Name] = i
	}
	feasible := true
	for _, o := range r.set.Orders {
		for _, name := range o.Names {
			if i := index[name]; g.effLo[i] > g.effHi[i] {
				r.errs.Add(o.Pos, "the ranges leave %s no value under the ORDER lines: it must be at least %02X and at most %02X", name, g.effLo[i], g.effHi[i])
				feasible = false
				break
			}
		}
	}
	if !feasible {
		return
	}
	for _, e := range r.edges {
		hi, lo := r.set.Params[e.hi], r.set.Params[e.lo]
		if hi.Current < lo.Current+e.d {
			rel := ">="
			if e.d == 1 {
				rel = ">"
			}
			r.errs.Add(e.pos, "the current values break %s%s%s: %s is %02X, %s is %02X", hi.Name, rel, lo.Name, hi.Name, hi.Current, lo.Name, lo.Current)
		}
	}
}

// project is Project's ORDER step on a vector already in range: bottom up,
// a parameter below what it must be above is raised to the least value
// that keeps its ORDER lines, and every value is held within the bounds
// the ORDER lines leave it (so that whatever is above it can still be
// raised over it).
func (g *orderGraph) project(w []int) {
	for k := len(g.topDown) - 1; k >= 0; k-- {
		i := g.topDown[k]
		need := w[i]
		for _, e := range g.down[i] {
			need = max(need, w[e.lo]+e.d)
		}
		w[i] = min(max(need, g.effLo[i]), g.effHi[i])
	}
}
