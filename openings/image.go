package openings

import (
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/diag"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
)

// Image is a compiled book's block as a linker image at 00C0, named name,
// with its tape ID. Each byte's statement stands at the move of file that
// put it there (see Origin), so that a dump compared with the block names
// a differing byte's move as a program's report names its source line.
// The display byte after C is placed at the first move, the end markers
// at the last.
func (b *Book) Image(file, name string) *linker.Image {
	im := &linker.Image{Name: name, ID: b.Tape, Start: memmap.BookStart,
		Bytes: append([]byte(nil), b.Block[:]...), Src: make([]*asm.Stmt, memmap.BookSize)}
	for i, o := range b.Origin {
		pos, text := diag.At(file, 1, 1), o.What
		if n := len(b.Plies); n > 0 {
			p := b.Plies[n-1]
			switch {
			case o.Ply >= 0 && o.Ply < n:
				p = b.Plies[o.Ply]
				text = moveText(p, true) + ": " + o.What
			case o.What != "end of book":
				p = b.Plies[0]
			}
			pos = diag.At(file, p.Line, p.Col)
		}
		im.Src[i] = &asm.Stmt{Pos: pos, Text: text, Addr: Addr(i), Bytes: im.Bytes[i : i+1]}
	}
	return im
}
