package emu

import (
	"fmt"
	"sort"
	"sync"
)

// Partial returns n for a program that differs from the one translated
// in some of its blocks: a Native that runs the blocks whose bytes (and
// whatever else their translation assumes, Part) memory holds as they
// were, and leaves the others to the core, which runs each such block and
// whatever it leads to until it comes to one of the blocks kept
// (RunCore). Every path the kept blocks take is one the whole translation
// could take, so its budget checks hold. It returns nil when n has no
// parts or none is kept, and the count of blocks kept.
func (n *Native) Partial(mem *[65536]byte) (*Native, int) {
	off, kept := n.Kept(mem)
	if kept == 0 {
		return nil, 0
	}
	want := n.image()
	var keep []Range
	for k, p := range n.Parts {
		if !off[k] {
			keep = append(keep, p.Bytes...)
		}
	}
	p := &Native{
		Name:     fmt.Sprintf("%s, %d of its %d blocks", n.Name, kept, len(n.Parts)),
		Unhooked: n.Unhooked,
		starts:   new([1 << 16 / 64]uint64),
		part:     new(partRun),
	}
	sort.Slice(keep, func(i, j int) bool { return keep[i].Lo < keep[j].Lo })
	var merged []Range
	for _, r := range keep {
		if m := len(merged); m > 0 && int(r.Lo) <= int(merged[m-1].Hi)+1 {
			merged[m-1].Hi = max(merged[m-1].Hi, r.Hi)
			continue
		}
		merged = append(merged, r)
	}
	for _, r := range merged {
		p.Code = append(p.Code, Span{r.Lo, string(want.bytes[r.Lo : int(r.Hi)+1])})
		for a := int(r.Lo); a <= int(r.Hi); a++ {
			p.part.code[a>>6] |= 1 << (a & 63)
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

// Kept tells which of n's blocks memory holds as they were translated
// (off, by block, those it does not) and how many it holds: none when n
// has no parts.
func (n *Native) Kept(mem *[65536]byte) (off []bool, kept int) {
	if n.EnterParts == nil || len(n.Parts) != len(n.Blocks) {
		return nil, 0
	}
	want := n.image()
	off = make([]bool, len(n.Parts))
	for k, p := range n.Parts {
		for _, r := range p.Bytes {
			lo, hi := int(r.Lo), int(r.Hi)+1
			if !want.known(lo, hi) || string(mem[lo:hi]) != string(want.bytes[lo:hi]) {
				off[k] = true
				break
			}
		}
		if !off[k] {
			kept++
		}
	}
	return off, kept
}

// codeImage is a translation's code laid out in an address space.
type codeImage struct {
	bytes [65536]byte
	set   [1 << 16 / 64]uint64 // the addresses Code holds
}

// known reports whether Code holds every address from lo up to hi.
func (im *codeImage) known(lo, hi int) bool {
	for a := lo; a < hi; a++ {
		if im.set[a>>6]&(1<<(a&63)) == 0 {
			return false
		}
	}
	return true
}

// images are the translations' code images, made once each.
var images sync.Map // *Native → *codeImage

func (n *Native) image() *codeImage {
	if im, ok := images.Load(n); ok {
		return im.(*codeImage)
	}
	im := new(codeImage)
	for _, s := range n.Code {
		copy(im.bytes[s.Addr:], s.Bytes)
		for k := range len(s.Bytes) {
			a := int(s.Addr) + k
			im.set[a>>6] |= 1 << (a & 63)
		}
	}
	got, _ := images.LoadOrStore(n, im)
	return got.(*codeImage)
}
