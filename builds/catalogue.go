package builds

import (
	"errors"
	"fmt"
	"strings"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/openings"
	"github.com/kim1-archive/microchess/session"
)

// Program is one row of the catalogue: a program the commands know by
// name. Every front end (play, uci, match, diff, profile, debug, tune,
// export, the web page) and every test that walks the programs derives
// its list from Catalogue; adding a program is one row here and its
// sources.
type Program struct {
	Name string // as the commands take it
	// Label names it in a menu (the web page's), short.
	Label string
	// About says what it is, for usage texts.
	About string
	// Title names its build for people, as an export's header does.
	Title string
	// Sides is set for a program built with a part of its own for each
	// side the computer plays (Stone's two opening lists): as a build
	// that stands alone (the web page's menu, make, export) each side is
	// NAME-white and NAME-black.
	Sides bool
	// Teletype is set for a program played through its teletype, not
	// its keypad (Needs.Teletype).
	Teletype bool
	// Library is set for a program with the opening library, whose book
	// choice a match seeds game by game (Needs.Library).
	Library bool
	// Printed is set for a program printed in the documents (the 1977
	// manual's listing, Stone's article): a dump is identified among
	// these (Candidates).
	Printed bool
	// Own is set for a program of its own, not the 1977 program changed:
	// the name a game shows is its own (FromNewProgram), not the 1977
	// program's with the bytes that differ.
	Own bool
	// Local is set for the working directory's program (./src/), which
	// a clone's user modifies: it is built from the files on disk, never
	// from the sources built in, and is in no list of builds.
	Local bool
	// Tune names its declarations of tunable bytes ("" when it has none;
	// docs/tuning.md).
	Tune string
	// TuneBase builds what the declarations are resolved against: the
	// program's own statements (a source without the residue, or a patch
	// over its base) and its images.
	TuneBase func() (*asm.Program, []*linker.Image, error)
	// TunedFrom names the program a tuned program was tuned from: its
	// declarations are that program's, so that a run may go on from its
	// values.
	TunedFrom string
	// Translated is set for a program mchess carries translated ahead of
	// time into Go (package internal/translated), which sessions run
	// natively.
	Translated bool
	// Make builds it for the side the computer plays, with expansion RAM
	// added (only Local takes any): its images, statements, sources, the
	// name a game shows and its needs. FromProgram and FromPatch make one
	// for a program built from sources and for a patch over a base.
	Make func(computer chess.Color, ram []linker.Region) (*Build, error)
}

// The names of the programs other code refers to by role.
const (
	Original = "original" // the 1977 program: the reference of every comparison
	Special  = "special"  // the special-moves program, whose translation the tuned one shares
	Stone    = "stone"    // Stone's 1980 upgrade, refereed by its article's touch-move rule where asked
	Tuned    = "tuned"    // the 1977 program with its weights tuned (docs/tuning.md)
	Local    = "local"    // the working directory's own
	Search1K = "search1k" // the program that searches (docs/search1k.md)
	Search5K = "search5k" // the program that searches, with 4 KB of expansion RAM (docs/search5k.md)
)

// Catalogue is every program the commands know, in the order lists show
// them.
var Catalogue = []*Program{
	{
		Name: Original, Label: "MicroChess 1977", About: "MicroChess 1977", Printed: true,
		Title: "MicroChess 1977 with the residue of the published listing",
		Tune:  microchess.TuneSource, TuneBase: sourceOnly(microchess.ProgramSource), Translated: true,
		Make: FromProgram(func() (*microchess.Program, error) { return microchess.Original(true) }, microchess.OriginalName,
			microchess.ProgramSource, microchess.ResidueSource),
	},
	{
		Name: Stone, Label: "Stone's 1980 upgrade", Sides: true, Translated: true, Printed: true,
		About: "Stone's 1980 upgrade with its White or Black list, as the program's side needs",
		Title: "Stone's 1980 upgrade over MicroChess 1977",
		Make:  stone,
	},
	{
		Name: "teletype", Label: "at a teletype", Teletype: true, Title: "MicroChess 1977 at a teletype", Translated: true,
		About: "the original with the teletype routines of docs/teletype.md, played through its teletype",
		Make: FromPatch(microchess.Teletype, microchess.OriginalName+" at a teletype ("+microchess.TeletypeSource+")",
			microchess.ProgramSource, microchess.ResidueSource, microchess.TeletypeSource),
	},
	{
		Name: Special, Label: "with the special moves", Title: "MicroChess 1977 with the special moves", Translated: true,
		About: "the original that castles, takes en passant and promotes: docs/special-moves.md",
		Tune:  microchess.SpecialTuneSource, TuneBase: patchOnly(microchess.Special),
		Make: special(microchess.Special, microchess.OriginalName+" with the special moves ("+microchess.SpecialSource+")",
			microchess.ProgramSource, microchess.ResidueSource, microchess.SpecialSource),
	},
	{
		Name: Tuned, Label: "tuned", Title: microchess.TunedName, Translated: true, TunedFrom: Original,
		About: "the original with its weights tuned: docs/tuning.md",
		Tune:  microchess.TuneSource, TuneBase: sourceOnly(microchess.TunedSource),
		Make: FromProgram(microchess.Tuned, microchess.TunedName+" ("+microchess.TunedSource+")",
			microchess.TunedSource, microchess.ResidueSource),
	},
	{
		Name: "tuned-special", Label: "with the special moves, tuned", Title: "MicroChess 1977 with the special moves, tuned", Translated: true,
		TunedFrom: Special,
		About:     "the special-moves program with its weights tuned: docs/tuning.md",
		Tune:      microchess.SpecialTuneSource, TuneBase: patchOnly(microchess.TunedSpecial),
		Make: special(microchess.TunedSpecial, microchess.OriginalName+" with the special moves, tuned ("+microchess.TunedSpecialBase+", "+microchess.TunedSpecialSource+")",
			microchess.TunedSpecialBase, microchess.ResidueSource, microchess.TunedSpecialSource),
	},
	{
		Name: "library", Label: "with the opening library", Library: true, Title: "MicroChess 1977 with the opening library", Translated: true,
		About: "the original with the opening library of docs/opening-library.md",
		Make:  library,
	},
	{
		Name: Search1K, Label: "searching, in 1.1 KB", Title: microchess.Search1KName, Own: true, Translated: true,
		About: "a negamax with alpha-beta and quiescence in the KIM-1's own 1.1 KB: docs/search1k.md",
		Tune:  microchess.Search1KTuneSource, TuneBase: sourceOnly(microchess.Search1KSource),
		Make: FromNewProgram(microchess.Search1K, microchess.Search1KName+" ("+microchess.Search1KSource+")", microchess.Search1KSource),
	},
	{
		Name: Search5K, Label: "searching, with 4 KB more", Title: microchess.Search5KName, Own: true, Translated: true,
		About: "search1k with a board of squares and the full rules in 4 KB of expansion RAM (0400-13FF): docs/search5k.md",
		Tune:  microchess.Search5KTuneSource, TuneBase: programOnly(microchess.Search5K),
		Make: withRules(microchess.Search5K, microchess.Search5KName+" ("+microchess.Search5KSource+")", microchess.Search5KSource),
	},
	{
		Name: Local, Local: true,
		About: "the working directory's ./" + microchess.ProgramSource + " with the residue, as make builds it",
		Make:  local,
	},
}

// Lookup finds a program of the catalogue by name.
func Lookup(name string) (*Program, error) {
	for _, p := range Catalogue {
		if p.Name == name {
			return p, nil
		}
	}
	return nil, fmt.Errorf("program %q: want %s", name, Either(Names(nil)))
}

// Names are the names of the programs that keep, in the catalogue's
// order (all of them when keep is nil).
func Names(keep func(*Program) bool) []string {
	var out []string
	for _, p := range Catalogue {
		if keep == nil || keep(p) {
			out = append(out, p.Name)
		}
	}
	return out
}

// Either joins names as a sentence offers a choice: "a, b or c".
func Either(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Builtin keeps the programs built from the sources built in.
func Builtin(p *Program) bool { return !p.Local }

// Tunable keeps the programs with declarations of tunable bytes.
func Tunable(p *Program) bool { return p.Tune != "" }

// UCI keeps the programs a UCI engine offers as its Program option: those
// played with the keypad and without the library, whose book choice a
// match seeds game by game and a GUI's game has no seed for.
func UCI(p *Program) bool { return !p.Local && !p.Teletype && !p.Library }

// Build builds the program for the side the computer plays. Its Key is
// the program's name, or NAME-white and NAME-black for a program with
// Sides; its Shown names it where a game is recorded.
func (p *Program) Build(computer chess.Color) (*Build, error) {
	return p.BuildWithRAM(computer, nil)
}

// BuildWithRAM is Build with expansion RAM added: for the working
// directory's program, which a user may have grown past the KIM-1's 1.1
// KB.
func (p *Program) BuildWithRAM(computer chess.Color, ram []linker.Region) (*Build, error) {
	if len(ram) > 0 && !p.Local {
		return nil, fmt.Errorf("program %s: expansion RAM is given for the working directory's program only", p.Name)
	}
	b, err := p.Make(computer, ram)
	if err != nil {
		return nil, err
	}
	b.Key, b.Name, b.Needs.Teletype = p.SideKey(computer), p.Title, p.Teletype
	if p.Sides {
		b.Name += ", " + strings.ToLower(computer.Name()) + " list"
	}
	return b, nil
}

// Needs says what the program needs beyond a stock KIM-1; it is the same
// for either side.
func (p *Program) Needs() (session.Needs, error) {
	b, err := p.Build(chess.White)
	if err != nil {
		return session.Needs{}, err
	}
	return b.Needs, nil
}

// SideKey is the key of a build of a program with Sides.
func (p *Program) SideKey(computer chess.Color) string {
	if !p.Sides {
		return p.Name
	}
	return p.Name + "-" + strings.ToLower(computer.Name())
}

// Sides are the sides a program is built for as builds that stand
// alone: both for a program with Sides, else White (either would do).
func (p *Program) SideList() []chess.Color {
	if p.Sides {
		return []chess.Color{chess.White, chess.Black}
	}
	return []chess.Color{chess.White}
}

// FromProgram makes a program's Make from its build (a program assembled
// from sources), the name a game shows (microchess.Describe adds where
// its bytes differ from the 1977 program's) and its sources.
func FromProgram(build func() (*microchess.Program, error), shown string, srcs ...string) func(chess.Color, []linker.Region) (*Build, error) {
	return func(chess.Color, []linker.Region) (*Build, error) {
		p, err := build()
		if err != nil {
			return nil, err
		}
		b := program("", "", srcs, p)
		b.Shown = p.Describe(shown)
		return &b, nil
	}
}

// FromNewProgram is FromProgram for a program of its own, not the 1977
// program changed: the name a game shows is shown as it is, without the
// bytes where it differs from the 1977 listing (nearly all of them).
func FromNewProgram(build func() (*microchess.Program, error), shown string, srcs ...string) func(chess.Color, []linker.Region) (*Build, error) {
	return func(chess.Color, []linker.Region) (*Build, error) {
		p, err := build()
		if err != nil {
			return nil, err
		}
		b := program("", "", srcs, p)
		b.Shown = shown
		b.Needs.Code = instructionRanges(p.Images)
		b.Needs.Layout = p.Layout
		// A program of its own queens its pawns itself (docs/search1k.md,
		// "Promotion"); withRules says how search5k does.
		b.Needs.OwnQueen = true
		return &b, nil
	}
}

// withRules is FromNewProgram for a program of its own that keeps the
// full rules as the special-moves program does (search5k): it castles,
// takes en passant and queens its pawns in their own slots, so the
// session drives it through Needs.Special (its .ATTR, .EPSQ and .USP)
// instead of OwnQueen, which stands for a queen put in the queen's slot.
func withRules(build func() (*microchess.Program, error), shown string, srcs ...string) func(chess.Color, []linker.Region) (*Build, error) {
	return func(c chess.Color, ram []linker.Region) (*Build, error) {
		b, err := FromNewProgram(build, shown, srcs...)(c, ram)
		if err != nil {
			return nil, err
		}
		p, err := build()
		if err != nil {
			return nil, err
		}
		b.Needs.OwnQueen = false
		b.Needs.Special, err = microchess.ProgramSpecialVars(p, srcs[0])
		return b, err
	}
}

// FromPatch is FromProgram for a patch over a base: the patch's RAM is
// its memory.
func FromPatch(build func() (*microchess.Patched, error), shown string, srcs ...string) func(chess.Color, []linker.Region) (*Build, error) {
	return func(chess.Color, []linker.Region) (*Build, error) {
		p, err := build()
		if err != nil {
			return nil, err
		}
		b := patched("", "", srcs, p)
		b.Shown = p.Describe(shown)
		b.Needs.Layout = p.Base.Layout
		return &b, nil
	}
}

// special is patch for the special-moves program and those built like
// it: their variables are found by name in the patch.
func special(build func() (*microchess.Patched, error), shown string, srcs ...string) func(chess.Color, []linker.Region) (*Build, error) {
	return func(c chess.Color, ram []linker.Region) (*Build, error) {
		b, err := FromPatch(build, shown, srcs...)(c, ram)
		if err != nil {
			return nil, err
		}
		p, err := build()
		if err != nil {
			return nil, err
		}
		b.Needs.Special, err = microchess.SpecialVarsOf(p)
		return b, err
	}
}

func stone(computer chess.Color, _ []linker.Region) (*Build, error) {
	p, err := microchess.Stone(computer == chess.White)
	if err != nil {
		return nil, err
	}
	list := microchess.StoneBlack
	if computer == chess.White {
		list = microchess.StoneWhite
	}
	b := patched("", "", []string{microchess.ProgramSource, microchess.ResidueSource, microchess.StoneSource, list}, p)
	b.Shown = p.Describe(fmt.Sprintf("%s with Stone's 1980 upgrade (%s list)", microchess.OriginalName, computer.Name()))
	b.Needs.Plan = true // Table 1 is a plan for either side, not a book from the start
	return &b, nil
}

func library(chess.Color, []linker.Region) (*Build, error) {
	lib, err := openings.TwentyBooks()
	if err != nil {
		return nil, err
	}
	b := patched("", "", []string{microchess.ProgramSource, microchess.ResidueSource, microchess.LibrarySource,
		"tables compiled from " + strings.Join(openings.LibraryDirs, ", ")}, lib.Program)
	b.Shown = lib.Name
	b.Needs.Layout, b.Needs.Library = lib.Program.Base.Layout, lib.Vars
	return &b, nil
}

func local(_ chess.Color, ram []linker.Region) (*Build, error) {
	p, err := microchess.Local(ram)
	var none *microchess.NoSourceError
	if errors.As(err, &none) {
		return nil, fmt.Errorf("program %s: %w: %s is a clone's own program, built from its src/", Local, err, Local)
	}
	if err != nil {
		return nil, fmt.Errorf("program %s: %w", Local, err)
	}
	b := program("", "", []string{microchess.ProgramSource, microchess.ResidueSource}, p)
	b.Shown = p.LocalName()
	b.Needs.Layout = p.Layout
	return &b, nil
}

// sourceOnly builds a source without the residue: declarations are
// resolved against the source's own bytes.
func sourceOnly(source string) func() (*asm.Program, []*linker.Image, error) {
	return func() (*asm.Program, []*linker.Image, error) {
		p, err := microchess.Build(microchess.Proven, microchess.Options{Sources: []string{source}})
		if err != nil {
			return nil, nil, err
		}
		return p.Code, p.Images, nil
	}
}

// programOnly is a built program's source and images, for a program
// built with more than its source (search5k's expansion RAM).
func programOnly(build func() (*microchess.Program, error)) func() (*asm.Program, []*linker.Image, error) {
	return func() (*asm.Program, []*linker.Image, error) {
		p, err := build()
		if err != nil {
			return nil, nil, err
		}
		return p.Code, p.Images, nil
	}
}

// patchOnly is a patched program's patch (over its base) and images.
func patchOnly(build func() (*microchess.Patched, error)) func() (*asm.Program, []*linker.Image, error) {
	return func() (*asm.Program, []*linker.Image, error) {
		p, err := build()
		if err != nil {
			return nil, nil, err
		}
		return p.Patch, p.Images, nil
	}
}

// ProgramFor builds a program of the catalogue by name for the side the
// computer plays: its images as a KIM-1 loads them, and the name a game
// records.
func ProgramFor(name string, computer chess.Color) ([]kim1.Image, string, error) {
	p, err := Lookup(name)
	if err != nil {
		return nil, "", err
	}
	b, err := p.Build(computer)
	if err != nil {
		return nil, "", err
	}
	return b.KIM(), b.Shown, nil
}

// NeedsOf is what a program of the catalogue needs, by name.
func NeedsOf(name string) (session.Needs, error) {
	p, err := Lookup(name)
	if err != nil {
		return session.Needs{}, err
	}
	return p.Needs()
}
