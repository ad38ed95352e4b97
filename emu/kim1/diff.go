package kim1

import (
	"fmt"
	"slices"
)

// Diff lists how o differs from m: registers, flags, counts, memory
// (the first few bytes that differ and how many do), the display, the
// keyboard script and every record. Two machines that ran the same
// program from the same state by different engines must give none.
func (m *Machine) Diff(o *Machine) []string {
	var d []string
	add := func(what string, a, b any) {
		d = append(d, fmt.Sprintf("%s: %v, other %v", what, a, b))
	}
	c, oc := m.CPU, o.CPU
	for _, r := range []struct {
		name string
		a, b any
	}{
		{"A", c.A, oc.A}, {"X", c.X, oc.X}, {"Y", c.Y, oc.Y}, {"S", c.S, oc.S},
		{"P", c.P, oc.P}, {"PC", c.PC, oc.PC},
		{"cycles", c.Cycles, oc.Cycles}, {"instructions", c.Instructions, oc.Instructions},
		{"display", Reading{Digits: m.Display}, Reading{Digits: o.Display}}, {"SCANDS calls", m.Scans, o.Scans},
		{"key held", m.held, o.held}, {"teletype baud", m.TTYBaud, o.TTYBaud},
		{"teletype echo off", m.TTYNoEcho, o.TTYNoEcho},
	} {
		if r.a != r.b {
			add(r.name, r.a, r.b)
		}
	}
	if c.Mem != oc.Mem {
		n := 0
		for a := range c.Mem {
			if c.Mem[a] != oc.Mem[a] {
				if n < 8 {
					add(fmt.Sprintf("memory %04X", a), fmt.Sprintf("%02X", c.Mem[a]), fmt.Sprintf("%02X", oc.Mem[a]))
				}
				n++
			}
		}
		d = append(d, fmt.Sprintf("%d bytes of memory differ", n))
	}
	records(&d, "keys left", m.keys, o.keys)
	records(&d, "displays shown", m.Shown, o.Shown)
	records(&d, "readings", m.Readings, o.Readings)
	records(&d, "polls", m.Polls, o.Polls)
	records(&d, "writes into watched memory", m.Writes, o.Writes)
	records(&d, "teletype input", m.TTYIn, o.TTYIn)
	records(&d, "teletype output", m.TTYOut, o.TTYOut)
	return d
}

// records notes the first entry where two records differ.
func records[T comparable](d *[]string, name string, a, b []T) {
	if slices.Equal(a, b) {
		return
	}
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	entry := func(r []T) string {
		if i < len(r) {
			return fmt.Sprintf("%+v", r[i])
		}
		return "none"
	}
	*d = append(*d, fmt.Sprintf("%s (%d, other %d) first differ at %d: %s, other %s", name, len(a), len(b), i, entry(a), entry(b)))
}
