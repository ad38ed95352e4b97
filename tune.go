package microchess

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/tunable"
)

// DeclFor is where a source's declarations of tunable bytes are by
// default: beside it, with the extension .tune (src/microchess.asm →
// src/microchess.tune).
func DeclFor(source string) string {
	return strings.TrimSuffix(source, filepath.Ext(source)) + ".tune"
}

// LoadTunable builds a source from a tree (no residue: only the source's
// own bytes may be declared) and loads its declarations of tunable bytes
// from decl, DeclFor(source) when decl is "".
func LoadTunable(from Tree, source, decl string) (*tunable.Set, *Program, error) {
	if decl == "" {
		decl = DeclFor(source)
	}
	p, err := Build(from, Options{Sources: []string{source}})
	if err != nil {
		return nil, nil, err
	}
	srcs, err := from.ReadSources(decl)
	if err != nil {
		return nil, nil, err
	}
	set, err := tunable.Load(srcs[0], p.Code, p.Images)
	if err != nil {
		return nil, nil, err
	}
	return set, p, nil
}

// SpecialTuneSource declares the special-moves program's tunable bytes
// (docs/tuning.md): the original's STRATGY and piece values, which it
// keeps, and its own weights, so the bytes of two sources.
const SpecialTuneSource = "src/extended/special-moves.tune"

// TunableProgram is a named program with its declarations loaded, as
// `mchess tune --program` tunes it.
type TunableProgram struct {
	Name string
	Set  *tunable.Set
	// Sources are the files whose lines define the declared bytes
	// (Set.Files()), as the tuner's Apply rewrites them.
	Sources  []string
	Describe string // the program as built, for the games' records
	Images   []*linker.Image
	Needs    Needs
}

// tunables are the programs LoadTunableProgram knows: each built from the
// proven sources, with its own declarations. A tuned program is declared
// as the program it was tuned from, so that a run may go on from its
// values. build gives the program the declarations are resolved against
// and its images.
var tunables = []tunableBuild{
	{"original", TuneSource, sourceOnly(ProgramSource)},
	{"tuned", TuneSource, sourceOnly(TunedSource)},
	{"special", SpecialTuneSource, patch(Special)},
	{TunedSpecialName, SpecialTuneSource, patch(TunedSpecial)},
}

// sourceOnly builds a source without the residue, as LoadTunable does: the
// declarations are resolved against the source's own bytes.
func sourceOnly(source string) func() (*asm.Program, []*linker.Image, error) {
	return func() (*asm.Program, []*linker.Image, error) {
		p, err := Build(Proven, Options{Sources: []string{source}})
		if err != nil {
			return nil, nil, err
		}
		return p.Code, p.Images, nil
	}
}

// patch builds a patched program: its patch (over its base) and images.
func patch(build func() (*Patched, error)) func() (*asm.Program, []*linker.Image, error) {
	return func() (*asm.Program, []*linker.Image, error) {
		p, err := build()
		if err != nil {
			return nil, nil, err
		}
		return p.Patch, p.Images, nil
	}
}

type tunableBuild struct {
	name, decl string
	build      func() (*asm.Program, []*linker.Image, error)
}

// TunableNames names the programs LoadTunableProgram knows.
func TunableNames() []string {
	var out []string
	for _, t := range tunables {
		out = append(out, t.name)
	}
	return out
}

// LoadTunableProgram builds a named program (TunableNames) from the
// sources built in, and loads its declarations: its own
// file built in when decl is "", else decl from the working directory.
func LoadTunableProgram(name, decl string) (*TunableProgram, error) {
	k := slices.IndexFunc(tunables, func(t tunableBuild) bool { return t.name == name })
	if k < 0 {
		return nil, fmt.Errorf("program %q: want one of %s", name, strings.Join(TunableNames(), ", "))
	}
	declTree := WorkDir
	if decl == "" {
		decl, declTree = tunables[k].decl, Proven
	}
	prog, images, err := tunables[k].build()
	if err != nil {
		return nil, err
	}
	_, describe, err := ProgramFor(name, chess.White)
	if err != nil {
		return nil, err
	}
	srcs, err := declTree.ReadSources(decl)
	if err != nil {
		return nil, err
	}
	set, err := tunable.Load(srcs[0], prog, images)
	if err != nil {
		return nil, err
	}
	needs, err := ProgramNeeds(name)
	if err != nil {
		return nil, err
	}
	return &TunableProgram{Name: name, Set: set, Sources: set.Files(), Describe: describe, Images: images, Needs: needs}, nil
}
