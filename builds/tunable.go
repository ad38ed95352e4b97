package builds

import (
	"fmt"
	"strings"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/session"
	"github.com/kim1-archive/microchess/tunable"
)

// TunableProgram is a program of the catalogue with its declarations
// loaded, as `mchess tune --program` tunes it.
type TunableProgram struct {
	Name string
	Set  *tunable.Set
	// Sources are the files whose lines define the declared bytes
	// (Set.Files()), as the tuner's Apply rewrites them.
	Sources  []string
	Describe string // the program as built, for the games' records
	Images   []*linker.Image
	Needs    session.Needs
}

// TunableNames names the programs of the catalogue LoadTunableProgram
// knows: those with declarations, each followed by those tuned from it.
func TunableNames() []string {
	var out []string
	for _, p := range Catalogue {
		if Tunable(p) && p.TunedFrom == "" {
			out = append(out, p.Name)
			out = append(out, Names(func(q *Program) bool { return Tunable(q) && q.TunedFrom == p.Name })...)
		}
	}
	return out
}

// LoadTunableProgram builds a program of the catalogue with declarations
// (TunableNames) from the sources built in, and loads its declarations:
// its own file built in when decl is "", else decl from the working
// directory. They are resolved against the program's own bytes: a source
// without the residue, or a patch over its base.
func LoadTunableProgram(name, decl string) (*TunableProgram, error) {
	p, err := Lookup(name)
	if err == nil && !Tunable(p) {
		err = fmt.Errorf("program %q has no declarations of tunable bytes", name)
	}
	if err != nil {
		return nil, fmt.Errorf("program %q: want one of %s", name, strings.Join(TunableNames(), ", "))
	}
	declTree := microchess.WorkDir
	if decl == "" {
		decl, declTree = p.Tune, microchess.Proven
	}
	prog, images, err := p.TuneBase()
	if err != nil {
		return nil, err
	}
	b, err := p.Build(chess.White)
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
	return &TunableProgram{Name: name, Set: set, Sources: set.Files(), Describe: b.Shown, Images: images, Needs: b.Needs}, nil
}
