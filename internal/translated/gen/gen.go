package main

import (
	"bytes"
	"fmt"
	"go/format"
	"slices"

	"github.com/corentings/chess/v2"
	microchess "github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/emu/translate"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/openings"
	"github.com/kim1-archive/microchess/session"
	"github.com/kim1-archive/microchess/tunable"
)

// File is a generated file.
type File struct {
	Name   string
	Source []byte
}

// program is one program mchess carries, as translated.
type program struct {
	file, name, description string
	// build builds the program as the sessions load it.
	build func() (*built, error)
	// also build variants the translation must serve as well: their code
	// must be the same, byte for byte.
	also []func() (*built, error)
	// variable lists the operands the translation reads at run time
	// (translate.Program.Variable): settings poked between runs.
	variable func(*built) ([]uint16, error)
}

// built is a program in a KIM-1's memory, with its symbols (for the
// comments).
type built struct {
	m      *kim1.Machine
	syms   []asm.FileSymbol
	images []*linker.Image // each byte's statement
}

// machine loads images on a KIM-1 with the layout's RAM.
func machine(l linker.Layout, images []*linker.Image, syms ...*asm.Program) (*built, error) {
	m, err := session.Machine(l, microchess.KIM(images))
	if err != nil {
		return nil, err
	}
	b := &built{m: m, images: images}
	for _, p := range syms {
		b.syms = append(b.syms, asm.Symbols(p)...)
	}
	return b, nil
}

// patched is a program made by a patch or an extension over the original:
// the patch's symbols name first.
func patched(l linker.Layout, build func() (*microchess.Patched, error)) func() (*built, error) {
	return func() (*built, error) {
		p, err := build()
		if err != nil {
			return nil, err
		}
		return machine(l, p.Images, p.Patch, p.Base.Code)
	}
}

func original() (*built, error) {
	p, err := microchess.Original(true)
	if err != nil {
		return nil, err
	}
	return machine(memmap.Layout, p.Images, p.Code)
}

func stone(white bool) func() (*built, error) {
	return patched(memmap.Layout, func() (*microchess.Patched, error) { return microchess.Stone(white) })
}

// ownProgram is a program of its own (search1k, search5k) from its row of
// the catalogue, so the translation is of what the sessions load, in the
// memory its row needs.
func ownProgram(name string) func() (*built, error) {
	return func() (*built, error) {
		row, err := builds.Lookup(name)
		if err != nil {
			return nil, err
		}
		b, err := row.Build(chess.White)
		if err != nil {
			return nil, err
		}
		return machine(b.Needs.Memory(), b.Images, b.Programs...)
	}
}

// library is the library program with the twenty books, as match and play
// build it.
func library() (*built, error) {
	return patched(microchess.LibraryLayout(), func() (*microchess.Patched, error) {
		b, err := openings.TwentyBooks()
		if err != nil {
			return nil, err
		}
		return b.Program, nil
	})()
}

// The level bytes are settings (the manual has the player change them), so
// every program reads them when it runs.
var levelBytes = []uint16{memmap.LevelCheck, memmap.LevelTree}

func levels(*built) ([]uint16, error) { return levelBytes, nil }

// tunableVariable are the level bytes and the operands a tuner of the
// program's evaluation changes (issue 22), from the program's
// declarations, so that one translation serves every variant it tries.
func tunableVariable(decls func() (*tunable.Set, error)) func(*built) ([]uint16, error) {
	return func(b *built) ([]uint16, error) {
		set, err := decls()
		if err != nil {
			return nil, err
		}
		tunable, err := tunableOperands(set, b.images)
		if err != nil {
			return nil, fmt.Errorf("the tunable operands: %v", err)
		}
		return append(slices.Clone(levelBytes), tunable...), nil
	}
}

// declsOf are the declarations of a program mchess tunes by name
// (builds.LoadTunableProgram).
func declsOf(name string) func() (*tunable.Set, error) {
	return func() (*tunable.Set, error) {
		tp, err := builds.LoadTunableProgram(name, "")
		if err != nil {
			return nil, err
		}
		return tp.Set, nil
	}
}

// formBDecls are form B's declarations, beside its source.
func formBDecls() (*tunable.Set, error) {
	set, _, err := microchess.LoadTunable(microchess.Proven, microchess.FormBSource, "")
	return set, err
}

// formB is the tuned program's form B, whose STRATGY is its own.
func formB() (*built, error) {
	p, err := microchess.FormB()
	if err != nil {
		return nil, err
	}
	return machine(memmap.Layout, p.Images, p.Code)
}

var programs = []program{
	{"original.go", "Original", "MicroChess 1977 as built from its sources with the tapes' residue", original, nil, tunableVariable(declsOf(builds.Original))},
	// The opening lists are data: one translation serves both.
	{"stone.go", "Stone", "Stone's 1980 upgrade with either opening list", stone(true), []func() (*built, error){stone(false)}, levels},
	{"special.go", "Special", "MicroChess with the special moves (" + microchess.SpecialSource + ")", patched(microchess.SpecialLayout(), microchess.Special), nil, tunableVariable(declsOf(builds.Special))},
	{"library.go", "Library", "MicroChess with the opening library of twenty books (" + microchess.LibrarySource + ")", library, nil, levels},
	{"teletype.go", "Teletype", "MicroChess at a teletype (" + microchess.TeletypeSource + ")", patched(microchess.TeletypeLayout(), microchess.Teletype), nil, levels},
	{"search1k.go", "Search1K", "the MicroChess that searches (" + microchess.Search1KSource + ")", ownProgram(builds.Search1K), nil, tunableVariable(declsOf(builds.Search1K))},
	{"search5k.go", "Search5K", "the MicroChess that searches with 4 KB more (" + microchess.Search5KSource + ")", ownProgram(builds.Search5K), nil, levels},
	{"formb.go", "FormB", "the tuned MicroChess, form B (" + microchess.FormBSource + ")", formB, nil, tunableVariable(formBDecls)},
}

const generator = "internal/translated/gen from the programs as built (go generate ./internal/translated)"

// The generator is built with the tag regenerate, which leaves the
// translations out of package translated (none.go stands in for them), so
// that it builds even when they no longer compile.
const constraint = "!regenerate"

// Generate translates every program and lists them in all.go.
func Generate() ([]File, error) {
	var files []File
	var all bytes.Buffer
	fmt.Fprintf(&all, "// Code generated by %s; DO NOT EDIT.\n\n//go:build %s\n\npackage translated\n\nimport \"github.com/kim1-archive/microchess/emu\"\n\n", generator, constraint)
	all.WriteString("// All are the translations, in the order For tries them.\nvar All = []*emu.Native{")
	for _, p := range programs {
		src, err := translateProgram(p, p.build)
		if err != nil {
			return nil, err
		}
		for k, variant := range p.also {
			other, err := translateProgram(p, variant)
			if err != nil {
				return nil, err
			}
			if !bytes.Equal(other, src) {
				return nil, fmt.Errorf("%s: variant %d's code differs from the first's: translate each", p.name, k+1)
			}
		}
		files = append(files, File{p.file, src})
		fmt.Fprintf(&all, "%s, ", p.name)
	}
	all.WriteString("}\n")
	src, err := format.Source(all.Bytes())
	if err != nil {
		return nil, err
	}
	files = append(files, File{"all.go", src})
	mem, entries := exerciseProgram()
	src, err = translate.Translate(translate.Program{
		Package: "translated", Name: "Exercise", Generator: generator,
		Description: "the translator's exercise (gen/exercise.go), for its test: every documented opcode in every mode",
		Mem:         mem, Entries: entries, Variable: exerciseVariables,
	})
	if err != nil {
		return nil, fmt.Errorf("the exercise: %v", err)
	}
	files = append(files, File{"exercise_test.go", src})
	// What the exercise needs in memory besides its code: the vectors and
	// the undocumented byte.
	var data bytes.Buffer
	fmt.Fprintf(&data, "// Code generated by %s; DO NOT EDIT.\n\npackage translated\n\nimport \"github.com/kim1-archive/microchess/emu\"\n\n", generator)
	data.WriteString("// exerciseData is what the exercise needs in memory besides its code.\nvar exerciseData = []emu.Span{\n")
	for _, a := range []uint16{exerciseVector, exerciseTrap, 0xFFFE} {
		n := 2
		if a == exerciseTrap {
			n = 1
		}
		fmt.Fprintf(&data, "{Addr: 0x%04X, Bytes: %q},\n", a, string(mem[a:int(a)+n]))
	}
	data.WriteString("}\n")
	data.WriteString("\n// exerciseVariables are its variable operands.\nvar exerciseVariables = []uint16{")
	for i, v := range exerciseVariables {
		if i%12 == 0 {
			data.WriteString("\n")
		}
		fmt.Fprintf(&data, "0x%04X, ", v)
	}
	data.WriteString("\n}\n")
	fmt.Fprintf(&data, "\n// exerciseTail is where its sections after the opcodes' two passes begin\n// (the scans, the loops, the calls).\nconst exerciseTail = 0x%04X\n", exerciseTail)
	if src, err = format.Source(data.Bytes()); err != nil {
		return nil, err
	}
	return append(files, File{"exercise_data_test.go", src}), nil
}

func translateProgram(p program, build func() (*built, error)) ([]byte, error) {
	b, err := build()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", p.name, err)
	}
	variable, err := p.variable(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", p.name, err)
	}
	src, err := translate.Translate(translate.Program{
		Package: "translated", Name: p.name, Description: p.description, Generator: generator,
		Mem: &b.m.CPU.Mem, Entries: []uint16{memmap.Start}, Variable: variable, Constraint: constraint,
		Symbols: asm.NewNames(b.syms).Name,
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %v", p.name, err)
	}
	return src, nil
}
