package microchess

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
)

// OriginalName is what the 1977 program is called wherever a program is
// named (play's header, uci's id name, PGN tags, match tables).
const OriginalName = "MicroChess 1977"

// Modified is what Describe puts after a program's name when its bytes
// differ from the 1977 program's.
const Modified = ", modified: "

// shownBytes is how many differing bytes a name lists before "…".
const shownBytes = 3

// Describe names a program for the record: name alone when its bytes are
// the 1977 program's, else name, "modified:", how many bytes differ and
// the first few, each with its address and the 1977 symbol it falls
// under, e.g. "MicroChess 1977, modified: 1 byte (17E2 POSN+2)".
//
// The reference is the published hex listing itself (the document make
// proves the sources against), so a name stays true even for a binary
// built from modified sources. Compared are the listing's program bytes:
// its residue (board, variables, stack, unused bytes: the machine's state,
// which no program line defines) is not, and a program that lacks one of
// the program bytes differs there. The ranges over names (a patch's or an
// extension's writes, as linker.Overlay reports them) are the program's
// own by design and not compared: an extension is held to the original
// wherever it leaves it. Bytes beyond the listing's memory (expansion RAM)
// that over does not name are counted as added.
func Describe(name string, images []kim1.Image, over []linker.Change) string {
	listing, residue := listingBytes()
	mem := map[int]byte{}
	for _, im := range images {
		for i, b := range im.Data {
			mem[int(im.Addr)+i] = b
		}
	}
	written := func(a int) bool {
		for _, c := range over {
			if int(c.Start) <= a && a <= int(c.End) {
				return true
			}
		}
		return false
	}
	var changed []int
	missing := 0
	for _, a := range sortedKeys(listing) {
		if residue[a] || written(a) {
			continue
		}
		got, ok := mem[a]
		if !ok {
			missing++
		}
		if !ok || got != listing[a] {
			changed = append(changed, a)
		}
	}
	var added []int
	for _, a := range sortedKeys(mem) {
		if _, inListing := listing[a]; !inListing && !written(a) {
			added = append(added, a)
		}
	}
	if len(changed) == 0 && len(added) == 0 {
		return name
	}
	var parts []string
	if len(changed) > 0 {
		var shown []string
		for _, a := range changed[:min(len(changed), shownBytes)] {
			shown = append(shown, strings.TrimSpace(fmt.Sprintf("%04X %s", a, symbolAt(a))))
		}
		if len(changed) > shownBytes {
			shown = append(shown, "…")
		}
		part := fmt.Sprintf("%s (%s)", plural(len(changed), "byte"), strings.Join(shown, ", "))
		if missing > 0 {
			part += fmt.Sprintf(", %d of them not loaded", missing)
		}
		parts = append(parts, part)
	}
	if len(added) > 0 {
		var runs []string
		for i, r := range addressRuns(added) {
			if i == shownBytes {
				runs = append(runs, "…")
				break
			}
			runs = append(runs, r)
		}
		parts = append(parts, fmt.Sprintf("%s added (%s)", plural(len(added), "byte"), strings.Join(runs, ", ")))
	}
	return name + Modified + strings.Join(parts, "; ")
}

// Describe names a program built from sources (Describe).
func (p *Program) Describe(name string) string { return Describe(name, KIM(p.Images), nil) }

// Describe names a patched program: the ranges the patch writes are its
// own (Describe).
func (p *Patched) Describe(name string) string { return Describe(name, KIM(p.Images), p.Changes) }

// SameProgram tells whether two programs are the same bytes wherever
// either holds a program byte: everywhere but the listing's residue (the
// board, variables and stack the program sets up, which Describe does not
// compare either).
func SameProgram(a, b []kim1.Image) bool {
	_, residue := listingBytes()
	return sameBytes(a, b, residue)
}

// SameBytes tells whether two programs are the same bytes everywhere
// their images go: for a program of its own (search1k, search5k), whose
// code and data lie where the 1977 program had its residue (03FA-03FF,
// 00B7-00BF...), no byte may be set aside.
func SameBytes(a, b []kim1.Image) bool { return sameBytes(a, b, nil) }

func sameBytes(a, b []kim1.Image, residue map[int]bool) bool {
	memory := func(images []kim1.Image) map[int]byte {
		m := map[int]byte{}
		for _, im := range images {
			for i, v := range im.Data {
				if a := int(im.Addr) + i; !residue[a] {
					m[a] = v
				}
			}
		}
		return m
	}
	ma, mb := memory(a), memory(b)
	if len(ma) != len(mb) {
		return false
	}
	for addr, v := range ma {
		if w, ok := mb[addr]; !ok || w != v {
			return false
		}
	}
	return true
}

// listingBytes are the 1977 hex listing's bytes by address, and which of
// its addresses are residue (ResidueAreas).
var listingBytes = sync.OnceValues(func() (map[int]byte, map[int]bool) {
	bytes, residue := map[int]byte{}, map[int]bool{}
	for _, b := range memmap.Published() {
		for i, v := range b.Bytes {
			a := int(b.Start) + i
			bytes[a] = v
			if _, ok := memmap.ResidueArea(a); ok {
				residue[a] = true
			}
		}
	}
	return bytes, residue
})

// symbolAt names an address of the 1977 program as the proven source's
// labels do: LABEL, LABEL+n, or from the symbol a segment's origin names
// (.OPNING-1C); "" where no statement of it is.
func symbolAt(addr int) string { return originalSymbols()[addr] }

var originalSymbols = sync.OnceValue(func() map[int]string {
	out := map[int]string{}
	p, err := Original(false)
	if err != nil {
		return out // the names are a help; a build that fails is said elsewhere
	}
	var label string
	var value int
	file := ""
	for _, s := range p.Code.Stmts {
		if s.Pos.File != file {
			file, label = s.Pos.File, ""
		}
		switch {
		case s.Kind == asm.KindOrigin:
			label = ""
			if s.Operand != nil && s.Operand.Sym != "" {
				if sym := p.Code.Symbols[s.Operand.Sym]; sym != nil {
					label, value = sym.Name, sym.Value
				}
			}
		case s.Label != "" && s.Kind != asm.KindEquate:
			label, value = s.Label, int(s.Addr)
		}
		for i := range s.Bytes {
			a := int(s.Addr) + i
			switch d := a - value; {
			case label == "":
			case d > 0:
				out[a] = fmt.Sprintf("%s+%X", label, d)
			case d < 0:
				out[a] = fmt.Sprintf("%s-%X", label, -d)
			default:
				out[a] = label
			}
		}
	}
	return out
})

// addressRuns writes sorted addresses as runs: "0400–052B", "0600".
func addressRuns(addrs []int) []string {
	var out []string
	for i := 0; i < len(addrs); {
		j := i
		for j+1 < len(addrs) && addrs[j+1] == addrs[j]+1 {
			j++
		}
		if j == i {
			out = append(out, fmt.Sprintf("%04X", addrs[i]))
		} else {
			out = append(out, fmt.Sprintf("%04X–%04X", addrs[i], addrs[j]))
		}
		i = j + 1
	}
	return out
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

func sortedKeys[V any](m map[int]V) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
