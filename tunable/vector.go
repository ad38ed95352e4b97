package tunable

import (
	"fmt"
	"sort"
)

// Current is the program's own vector: each parameter's value as the
// assembled program holds it.
func (s *Set) Current() []int {
	v := make([]int, len(s.Params))
	for i, p := range s.Params {
		v[i] = p.Current
	}
	return v
}

// Project brings any vector (one value per parameter) to one the
// declarations allow, deterministically: each value is first held
// within its parameter's range (a choice's index within 0..n-1); then
// the ORDER lines are kept bottom up: a parameter below what it must
// exceed is raised just enough (the king's value rises above a queen's
// that grew), and every value stays within what its ORDER lines leave
// it. A vector the declarations allow is returned unchanged.
func (s *Set) Project(v []int) ([]int, error) {
	if len(v) != len(s.Params) {
		return nil, fmt.Errorf("%s: a vector needs %d values, one per parameter; got %d", s.File, len(s.Params), len(v))
	}
	w := make([]int, len(v))
	for i, p := range s.Params {
		w[i] = min(max(v[i], p.Min()), p.Max())
	}
	s.order.project(w)
	return w, nil
}

// Pokes is the bytes a vector writes, after Project: every declared
// address with its byte, in ascending order of address.
func (s *Set) Pokes(v []int) ([]Poke, error) {
	w, err := s.Project(v)
	if err != nil {
		return nil, err
	}
	var out []Poke
	for i, p := range s.Params {
		for _, a := range p.Addrs {
			out = append(out, Poke{Addr: a, Byte: p.Byte(w[i])})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Addr < out[j].Addr })
	return out, nil
}

// Vector reads the vector back from memory (an image, an emulated
// machine): the inverse of Pokes. It fails when a parameter's bytes
// differ, or hold a value outside its range or none of its choices; it
// does not hold the vector to the ORDER lines (Project does).
func (s *Set) Vector(read func(addr uint16) byte) ([]int, error) {
	v := make([]int, len(s.Params))
	for i, p := range s.Params {
		b := read(p.Addrs[0])
		for _, a := range p.Addrs[1:] {
			if read(a) != b {
				return nil, fmt.Errorf("%s: %04X holds %02X, %04X holds %02X: not one value", p.Name, p.Addrs[0], b, a, read(a))
			}
		}
		if p.Kind == Range {
			if int(b) < p.Lo || int(b) > p.Hi {
				return nil, fmt.Errorf("%s: %02X at %04X is outside its range %02X-%02X", p.Name, b, p.Addrs[0], p.Lo, p.Hi)
			}
			v[i] = int(b)
			continue
		}
		v[i] = -1
		for k, o := range p.Choices {
			if o.Value == b {
				v[i] = k
			}
		}
		if v[i] < 0 {
			return nil, fmt.Errorf("%s: %02X at %04X is none of its choices", p.Name, b, p.Addrs[0])
		}
	}
	return v, nil
}

// Addresses is every byte a vector may change, ascending.
func (s *Set) Addresses() []uint16 {
	var out []uint16
	for _, p := range s.Params {
		out = append(out, p.Addrs...)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
