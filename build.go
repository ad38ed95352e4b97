package microchess

import (
	"embed"
	"fmt"
	"strings"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
)

// The sources, by their paths in the repository (and in the binary).
const (
	ProgramSource = "src/microchess.asm"             // the 1977 program
	ResidueSource = "src/residue.asm"                // bytes of the hex listing no line defines
	StoneSource   = "src/patches/stone-1980.s"       // Stone's 1980 upgrade
	StoneWhite    = "src/patches/stone-1980-white.s" // its opening list for the computer as White
	StoneBlack    = "src/patches/stone-1980-black.s" // and as Black
	OpeningsDir   = "src/openings"                   // the manual's ten opening books
	TuneSource    = "src/microchess.tune"            // the 1977 program's tunable bytes (docs/tuning.md)
)

// builtin is the repository's src/ tree, so that the command built from
// this module assembles, verifies and runs MicroChess from any directory.
//
//go:embed src
var builtin embed.FS

// Options says what to build.
type Options struct {
	// Sources are the program's source files, assembled as one program;
	// none means ProgramSource.
	Sources []string
	// Residue files hold bytes no program line defines (the board and
	// stack as the published dump holds them): they fill only addresses
	// the program leaves undefined.
	Residue []string
	// RAM adds expansion RAM regions for a program that outgrows the
	// KIM-1's own.
	RAM []linker.Region
}

// Program is MicroChess (or a program built like it) assembled and
// linked.
type Program struct {
	From    Tree         // where its sources were read, and a patch over it is
	Code    *asm.Program // the program's statements
	Residue *asm.Program // the residue data, nil when none was linked
	Layout  linker.Layout
	Images  []*linker.Image
}

// Build assembles and links a program into KIM-1 images, its files read
// from a tree.
func Build(from Tree, opt Options) (*Program, error) {
	layout := memmap.Layout
	for _, r := range opt.RAM {
		var err error
		if layout, err = layout.WithRegion(r); err != nil {
			return nil, err
		}
	}
	files := opt.Sources
	if len(files) == 0 {
		files = []string{ProgramSource}
	}
	srcs, err := from.ReadSources(files...)
	if err != nil {
		return nil, err
	}
	p := &Program{From: from, Layout: layout}
	if p.Code, err = asm.Assemble(srcs...); err != nil {
		return nil, err
	}
	if len(opt.Residue) > 0 {
		res, err := from.ReadSources(opt.Residue...)
		if err != nil {
			return nil, err
		}
		if p.Residue, err = asm.Assemble(res...); err != nil {
			return nil, err
		}
	}
	if p.Images, err = linker.LinkFill(layout, p.Code, p.Residue); err != nil {
		return nil, err
	}
	if len(p.Images) == 0 {
		return nil, fmt.Errorf("%s: no bytes: the sources define nothing to load", strings.Join(files, ", "))
	}
	return p, nil
}

// Original builds the 1977 program from its proven source (Proven), with
// the residue bytes of the published listing when residue is true (the
// 1024 + 102 bytes the tapes held) or without them (the program alone).
func Original(residue bool) (*Program, error) {
	opt := Options{}
	if residue {
		opt.Residue = []string{ResidueSource}
	}
	return Build(Proven, opt)
}

// Patched is a program with a patch laid over its images.
type Patched struct {
	Base    *Program
	Patch   *asm.Program
	Images  []*linker.Image
	Changes []linker.Change // the ranges the patch writes
}

// Overlay assembles patch sources (Stone's upgrade and one of its opening
// lists, say) as one program over the base's code, whose symbols they may
// name, and writes them over the images, or into RAM of the layout the
// base left empty (an extension's own code). The files are read from the
// tree the base was built from.
func (p *Program) Overlay(files ...string) (*Patched, error) {
	srcs, err := p.From.ReadSources(files...)
	if err != nil {
		return nil, err
	}
	return p.OverlaySources(srcs...)
}

// OverlaySources is Overlay with the sources in hand (one may be made by
// a program, as the opening library's tables are).
func (p *Program) OverlaySources(srcs ...asm.Source) (*Patched, error) {
	patch, err := asm.AssembleOver(p.Code, srcs...)
	if err != nil {
		return nil, err
	}
	images, changes, err := linker.Overlay(p.Images, patch, p.Layout)
	if err != nil {
		return nil, err
	}
	return &Patched{Base: p, Patch: patch, Images: images, Changes: changes}, nil
}

// Stone builds Stone's 1980 upgrade over the original with residue, with
// the White or the Black opening list, as the article's loading
// instructions have it, from the proven sources.
func Stone(white bool) (*Patched, error) {
	base, err := Original(true)
	if err != nil {
		return nil, err
	}
	list := StoneBlack
	if white {
		list = StoneWhite
	}
	return base.Overlay(StoneSource, list)
}

// KIM gives images to load on the emulated KIM-1.
func KIM(images []*linker.Image) []kim1.Image {
	var out []kim1.Image
	for _, im := range images {
		out = append(out, kim1.Image{Name: "image " + im.Name, Addr: im.Start, Data: im.Bytes})
	}
	return out
}
