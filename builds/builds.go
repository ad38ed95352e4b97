// Package builds is the catalogue of programs (Catalogue): each program
// the commands know by name once, with what it is, how it is built for
// each side, what it needs beyond a stock KIM-1, its declarations of
// tunable bytes and whether it runs translated. Every front end (play,
// uci, match, diff, profile, debug, tune, export, the web page) and every
// test that walks the programs derives its list from it.
//
// It also lists every build `make` produces (All), each as its images and
// the assembled programs whose statements filled them: what the exporters
// (package export) write for other assemblers, what a disassembly takes
// its names from, and the candidates a dump is identified among.
package builds

import (
	"fmt"
	"path"
	"strings"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/openings"
	"github.com/kim1-archive/microchess/session"
	"github.com/kim1-archive/microchess/verify"
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
	// Shown names the program where a game is recorded: what it is, and
	// where its bytes are not the 1977 program's (microchess.Describe).
	Shown string
	// Needs is what it needs beyond a stock KIM-1.
	Needs session.Needs
}

// KIM is the build's images as a KIM-1 loads them.
func (b *Build) KIM() []kim1.Image { return microchess.KIM(b.Images) }

// Clean is the key of the 1977 program built without the residue.
const Clean = verify.KeyClean

// Keys names the builds All makes, in its order (the opening blocks as
// "opening:BOOK").
func Keys() string {
	var keys []string
	for _, p := range allOrder() {
		for _, side := range p.SideList() {
			keys = append(keys, p.SideKey(side))
		}
		if p.Name == Original {
			keys = append(keys, Clean)
		}
	}
	return strings.Join(append(keys, "opening:BOOK"), ", ")
}

// allOrder is the programs of All: the catalogue's built from the
// sources built in, in its order, the tuned ones last.
func allOrder() []*Program {
	var out, tuned []*Program
	for _, p := range Catalogue {
		switch {
		case p.Local:
		case p.TunedFrom != "":
			tuned = append(tuned, p)
		default:
			out = append(out, p)
		}
	}
	return append(out, tuned...)
}

// All makes every build of make's default target: each program of the
// catalogue built from the sources built in (allOrder), a program with
// Sides once a side, the 1977 program also without the residue (Clean),
// then the ten opening blocks.
func All() ([]Build, error) {
	var out []Build
	for _, p := range allOrder() {
		for _, side := range p.SideList() {
			b, err := p.Build(side)
			if err != nil {
				return nil, err
			}
			out = append(out, *b)
		}
		if p.Name == Original {
			clean, err := microchess.Original(false)
			if err != nil {
				return nil, err
			}
			out = append(out, program(Clean, "MicroChess 1977 alone (no residue)", []string{microchess.ProgramSource}, clean))
		}
	}
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

// FromSources is the build of a program assembled from the working
// directory's sources (mchess export --source), under key.
func FromSources(key string, srcs []string, p *microchess.Program) Build {
	return program(key, p.Describe(microchess.OriginalName)+", built from "+strings.Join(srcs, ", "), srcs, p)
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

// instructionRanges are the ranges of the images' bytes that instructions
// define, for a program of its own whose code is not where the 1977
// program's is (session.Needs.Code).
func instructionRanges(images []*linker.Image) [][2]uint16 {
	var out [][2]uint16
	for _, im := range images {
		for i, st := range im.Src {
			if st == nil || st.Kind != asm.KindInstr {
				continue
			}
			a := im.Start + uint16(i)
			if n := len(out); n > 0 && out[n-1][1] == a-1 {
				out[n-1][1] = a
			} else {
				out = append(out, [2]uint16{a, a})
			}
		}
	}
	return out
}
