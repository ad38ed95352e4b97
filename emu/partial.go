package emu

import "fmt"

// Partial returns n for a program that differs from the one translated
// in some of its blocks: a Native that runs the blocks whose bytes (and
// whatever else their translation assumes, Part) memory holds as they
// were, and leaves the others to the core, which runs each such block and
// whatever it leads to until it comes to one of the blocks kept
// (RunCore). Every path the kept blocks take is one the whole translation
// could take, so its budget checks hold. It returns nil when n has no
// parts or none is kept, and the count of blocks kept.
func (n *Native) Partial(mem *[65536]byte) (*Native, int) {
	if n.EnterParts == nil || len(n.Parts) != len(n.Blocks) {
		return nil, 0
	}
	var want [65536]byte
	var known [65536]bool
	for _, s := range n.Code {
		copy(want[s.Addr:], s.Bytes)
		for k := range len(s.Bytes) {
			known[int(s.Addr)+k] = true
		}
	}
	off := make([]bool, len(n.Parts))
	var keep [65536]bool
	kept := 0
	for k, p := range n.Parts {
		same := true
		for _, r := range p.Bytes {
			for a := int(r.Lo); a <= int(r.Hi) && same; a++ {
				same = known[a] && mem[a] == want[a]
			}
		}
		if !same {
			off[k] = true
			continue
		}
		kept++
		for _, r := range p.Bytes {
			for a := int(r.Lo); a <= int(r.Hi); a++ {
				keep[a] = true
			}
		}
	}
	if kept == 0 {
		return nil, 0
	}
	p := &Native{
		Name:     fmt.Sprintf("%s, %d of its %d blocks", n.Name, kept, len(n.Parts)),
		Unhooked: n.Unhooked,
		starts:   new([1 << 16 / 64]uint64),
		part:     new(partRun),
	}
	for a := 0; a < len(keep); {
		if !keep[a] {
			a++
			continue
		}
		lo := a
		for a < len(keep) && keep[a] {
			a++
		}
		p.Code = append(p.Code, Span{uint16(lo), string(want[lo:a])})
		for k := lo; k < a; k++ {
			p.part.code[k>>6] |= 1 << (k & 63)
		}
	}
	for k, b := range n.Blocks {
		if !off[k] {
			p.Blocks = append(p.Blocks, b)
			p.starts[b>>6] |= 1 << (b & 63)
		}
	}
	enter := n.EnterParts
	p.Enter = func(c *CPU, budget uint64) (Stop, uint64) { return enter(c, budget, off) }
	return p, kept
}
