// Package builds lists every program `make` produces, each as its images
// and the assembled programs whose statements filled them: what the
// exporters (package export) write for other assemblers and what a
// disassembly takes its names from.
package builds

import (
	"fmt"
	"path"
	"strings"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/openings"
)

// Build is one program as make builds it, from the proven sources.
type Build struct {
	Key  string // "original", "stone-white", "opening:french-white", ...
	Name string // for people
	// Sources are the files it is built from, for a header.
	Sources []string
	Images  []*linker.Image // each byte's statement in Src
	// Programs are the assembled programs whose statements fill the
	// images, base first (a patch's Base is one of them); nil for an
	// opening block, whose bytes are compiled from a book.
	Programs []*asm.Program
}

// Keys names the builds All makes, in its order (the opening blocks as
// "opening:BOOK").
const Keys = "original, clean, stone-white, stone-black, teletype, special, library, tuned, tuned-special, opening:BOOK"

// All makes every build of make's default target, in the Makefile's
// order: the 1977 program with the published residue and without, Stone's
// upgrade with each list, the teletype, special-moves and library
// extensions, the tuned programs, and the ten opening blocks.
func All() ([]Build, error) {
	var out []Build
	orig, err := microchess.Original(true)
	if err != nil {
		return nil, err
	}
	out = append(out, program("original", "MicroChess 1977 with the residue of the published listing", []string{microchess.ProgramSource, microchess.ResidueSource}, orig))
	clean, err := microchess.Original(false)
	if err != nil {
		return nil, err
	}
	out = append(out, program("clean", "MicroChess 1977 alone (no residue)", []string{microchess.ProgramSource}, clean))
	for _, white := range []bool{true, false} {
		s, err := microchess.Stone(white)
		if err != nil {
			return nil, err
		}
		key, list := "stone-black", microchess.StoneBlack
		if white {
			key, list = "stone-white", microchess.StoneWhite
		}
		out = append(out, patched(key, "Stone's 1980 upgrade over MicroChess 1977, "+strings.TrimPrefix(key, "stone-")+" list",
			[]string{microchess.ProgramSource, microchess.ResidueSource, microchess.StoneSource, list}, s))
	}
	tty, err := microchess.Teletype()
	if err != nil {
		return nil, err
	}
	out = append(out, patched("teletype", "MicroChess 1977 at a teletype", []string{microchess.ProgramSource, microchess.ResidueSource, microchess.TeletypeSource}, tty))
	spc, err := microchess.Special()
	if err != nil {
		return nil, err
	}
	out = append(out, patched("special", "MicroChess 1977 with the special moves", []string{microchess.ProgramSource, microchess.ResidueSource, microchess.SpecialSource}, spc))
	lib, err := openings.TwentyBooks()
	if err != nil {
		return nil, err
	}
	out = append(out, patched("library", "MicroChess 1977 with the opening library", []string{microchess.ProgramSource, microchess.ResidueSource, microchess.LibrarySource, "tables compiled from " + strings.Join(openings.LibraryDirs, ", ")}, lib.Program))
	tuned, err := microchess.Tuned()
	if err != nil {
		return nil, err
	}
	out = append(out, program("tuned", microchess.TunedName, []string{microchess.TunedSource, microchess.ResidueSource}, tuned))
	tspc, err := microchess.TunedSpecial()
	if err != nil {
		return nil, err
	}
	out = append(out, patched(microchess.TunedSpecialName, "MicroChess 1977 with the special moves, tuned", []string{microchess.TunedSpecialBase, microchess.ResidueSource, microchess.TunedSpecialSource}, tspc))
	blocks, err := Openings()
	if err != nil {
		return nil, err
	}
	return append(out, blocks...), nil
}

// Openings are the ten opening blocks make compiles from src/openings.
func Openings() ([]Build, error) {
	books, err := openingBooks()
	if err != nil {
		return nil, err
	}
	var out []Build
	for _, b := range books {
		out = append(out, Build{
			Key:     "opening:" + b.key,
			Name:    fmt.Sprintf("the %s block, computer %s, tape ID %02X", b.Opening, openings.ColorName(b.Computer), b.Tape),
			Sources: []string{b.file},
			Images:  []*linker.Image{b.Image(b.file, "c0")},
		})
	}
	return out, nil
}

// book is an opening book of src/openings, compiled.
type book struct {
	file, key string // key: the file's name without its extension
	*openings.Book
}

// openingBooks compiles the books of src/openings in the proven tree.
func openingBooks() ([]book, error) {
	files, err := microchess.Proven.Glob(microchess.OpeningsDir + "/*.book")
	if err != nil {
		return nil, err
	}
	var out []book
	for _, f := range files {
		text, err := microchess.Proven.ReadFile(f, openings.BookLimit)
		if err != nil {
			return nil, err
		}
		b, err := openings.Compile(f, text)
		if err != nil {
			return nil, err
		}
		out = append(out, book{f, strings.TrimSuffix(path.Base(f), path.Ext(f)), b})
	}
	return out, nil
}

// Find is the build of a key.
func Find(all []Build, key string) (Build, bool) {
	for _, b := range all {
		if b.Key == key {
			return b, true
		}
	}
	return Build{}, false
}

func program(key, name string, srcs []string, p *microchess.Program) Build {
	progs := []*asm.Program{p.Code}
	if p.Residue != nil {
		progs = append(progs, p.Residue)
	}
	return Build{Key: key, Name: name, Sources: srcs, Images: p.Images, Programs: progs}
}

func patched(key, name string, srcs []string, p *microchess.Patched) Build {
	b := program(key, name, srcs, p.Base)
	b.Images = p.Images
	b.Programs = append(b.Programs, p.Patch)
	return b
}

// Symbols are the build's symbols as symbol tables list them, the last
// program's first: a patch's names stand before the base's.
func (b Build) Symbols() []asm.FileSymbol {
	var out []asm.FileSymbol
	for i := len(b.Programs) - 1; i >= 0; i-- {
		out = append(out, asm.Symbols(b.Programs[i])...)
	}
	return out
}

// CodeLabels are the addresses of the build's labelled instructions
// whose bytes the images hold as assembled: where its code may be entered.
func (b Build) CodeLabels() []uint16 {
	var out []uint16
	for _, im := range b.Images {
		for i, s := range im.Src {
			if s != nil && s.Label != "" && s.Kind == asm.KindInstr && int(s.Addr) == int(im.Start)+i {
				out = append(out, s.Addr)
			}
		}
	}
	return out
}

// Match is the build whose images agree with the most bytes of the
// segments, if it agrees with at least three in four of the bytes both
// hold that its statements define (a dump of it with some bytes
// changed still matches).
func Match(all []Build, segs []dump.Segment) (Build, bool) {
	best, bestSame := -1, 0
	for k, b := range all {
		same, both := 0, 0
		for _, im := range b.Images {
			for _, s := range segs {
				lo, hi := max(int(s.Addr), int(im.Start)), min(s.End(), int(im.Start)+len(im.Bytes))
				for a := lo; a < hi; a++ {
					if im.Src[a-int(im.Start)] == nil {
						continue
					}
					both++
					if s.Data[a-int(s.Addr)] == im.Bytes[a-int(im.Start)] {
						same++
					}
				}
			}
		}
		if both > 0 && 4*same >= 3*both && same > bestSame {
			best, bestSame = k, same
		}
	}
	if best < 0 {
		return Build{}, false
	}
	return all[best], true
}
