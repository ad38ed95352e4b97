package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/session"
	"github.com/kim1-archive/microchess/tunable"
)

var cmdTune = &Command{
	Name: "tune",
	UsageLine: `mchess tune --list [--decl FILE] [SOURCE | --program NAME]
       mchess tune --state FILE [options] [SOURCE | --program NAME]
       mchess tune --state FILE --report-only [--report DIR] [SOURCE | --program NAME]
       mchess tune --write-sources DIR [SOURCE | --program NAME]`,
	Short: "list the bytes a source declares tunable, tune them by SPSA, write the tuned sources",
	Long: `With --list: the parameters a tuner may change in SOURCE (default ` + microchess.ProgramSource + `),
as its declaration file declares them (default: SOURCE with the extension .tune,
` + microchess.TuneSource + ` for the original): name, kind, addresses, the values allowed,
the current value and the comment, then the ORDER lines. --program names a program
built from the sources built into mchess (` + tunableNames + `), whose
declared bytes may be in any of its sources (special: ` + microchess.SpecialTuneSource + `).

With --state: tunes them by SPSA as fishtest runs it (package spsa): each step plays
game pairs (one opening, colours reversed) of the values θ+c_kΔ against θ−c_kΔ (--mode
pair), or of both against the program as it is (--mode reference), at --level, from
--openings, and moves θ by the result. The state is written after every step (and a
log beside it, FILE.log.json): Ctrl-C, SIGTERM or SIGHUP stop the run, and the same
command goes on from the last step, exactly as if it had not stopped. --check-every
measures θ against the program every so many steps, on --check-openings. When the
run ends (or with --report-only, at once) it writes to the report folder the tuned source
(SOURCE with only declared bytes changed), report.md and plots (params.svg, elo.svg).
Exit: 0 when the run is finished, 1 on an error, 2 for usage, 128 + the signal when
stopped (130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP).

With --write-sources: writes the sources whose lines define the declared bytes into
DIR, as mchess reads them: the tuned programs' (` + strings.Join(builds.Names(func(p *builds.Program) bool { return p.TunedFrom != "" }), ", ") + `) as derived from
the sources they tune and the values of src/tuned/ (make writes them into build/).
See docs/tuning.md.`,
	New: func() options { return new(tuneOptions) },
}

// tunableNames lists the programs mchess tune tunes by name.
var tunableNames = strings.Join(builds.TunableNames(), ", ")

// tuneOptions are the tuner's options. --list is one mode; --state, the
// tuning loop (SPSA), the other.
type tuneOptions struct {
	list                        bool
	decl, program, writeSources string
	tuning                      tuneRun
}

func (o *tuneOptions) flags(fs *flag.FlagSet) {
	fs.BoolVar(&o.list, "list", false, "list the declared parameters with their current values")
	fs.StringVar(&o.writeSources, "write-sources", "", "write the program's sources (the tuned programs' derived) into `dir`")
	fs.StringVar(&o.decl, "decl", "", "the declaration `file` (default: SOURCE with the extension .tune, or the program's own)")
	fs.StringVar(&o.program, "program", "", "tune a program built in by `name`: "+strings.Join(builds.TunableNames(), ", ")+" (instead of SOURCE)")
	o.tuning.flags(fs)
}

func (o *tuneOptions) run(e *env, args []string) error {
	if len(args) > 1 || len(args) == 1 && o.program != "" {
		return e.usage("want one SOURCE or --program, not both, %s", given(args))
	}
	if !o.list && o.tuning.state == "" && o.writeSources == "" {
		return e.usage("want --list, --state FILE or --write-sources DIR")
	}
	if o.program != "" && !slices.Contains(builds.TunableNames(), o.program) {
		return failf(2, "mchess tune: --program %s: want %s", quote(o.program), strings.Join(builds.TunableNames(), ", "))
	}
	var target *tuneTarget
	var err error
	switch {
	case len(args) == 1:
		target, err = sourceTarget(microchess.WorkDir, args[0], o.decl)
	case o.program != "":
		target, err = programTarget(o.program, o.decl)
	default:
		target, err = programTarget(builds.Original, o.decl)
	}
	if err != nil {
		return exitError{1, fileError(err)}
	}
	if o.writeSources != "" {
		return writeTargetSources(o.writeSources, target)
	}
	if !o.list {
		return o.tuning.main(target, e.fs, e.stdout, e.stderr)
	}
	printTunable(e.stdout, target)
	return nil
}

// printTunable prints the target's declared parameters and ORDER lines.
func printTunable(stdout io.Writer, target *tuneTarget) {
	set := target.set
	fmt.Fprintf(stdout, "%s: %s over %s of %s\n\n", set.File, plural(len(set.Params), "parameter"), plural(len(set.Addresses()), "byte"), target.what)
	tw := tabwriter.NewWriter(stdout, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tKIND\tADDRESSES\tVALUES\tNOW\tCOMMENT")
	for _, p := range set.Params {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", p.Name, p.Kind, p.AddrText(), p.ValuesText(), p.ValueText(p.Current), p.Comment)
	}
	tw.Flush()
	if len(set.Orders) > 0 {
		fmt.Fprintln(stdout)
	}
	for _, o := range set.Orders {
		fmt.Fprintf(stdout, "ORDER  %s\n", o)
	}
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// tuneTarget is what a run tunes: the declarations, the program the
// games play, and the sources its tuned bytes are written into.
type tuneTarget struct {
	name    string // the program, as the games name it
	what    string // the program, as --list names it
	set     *tunable.Set
	tree    microchess.Tree // where sources are read
	sources []string        // the files Apply rewrites
	base    func(side chess.Color) ([]kim1.Image, string, error)
	needs   session.Needs
}

// programTarget is a program built in (microchess.LoadTunableProgram).
func programTarget(name, decl string) (*tuneTarget, error) {
	tp, err := builds.LoadTunableProgram(name, decl)
	if err != nil {
		return nil, err
	}
	what := strings.Join(tp.Sources, ", ")
	if name != builds.Original {
		what = name + " (" + what + ")"
	}
	return &tuneTarget{name: name, what: what, set: tp.Set, tree: microchess.Proven, sources: tp.Sources, needs: tp.Needs,
		base: func(side chess.Color) ([]kim1.Image, string, error) { return builds.ProgramFor(name, side) }}, nil
}

// sourceTarget is one source of the working directory, built alone.
func sourceTarget(tree microchess.Tree, source, decl string) (*tuneTarget, error) {
	set, prog, err := microchess.LoadTunable(tree, source, decl)
	if err != nil {
		return nil, err
	}
	return &tuneTarget{name: strings.TrimSuffix(filepath.Base(source), filepath.Ext(source)), what: source, set: set, tree: tree,
		sources: []string{source}, needs: session.Needs{Layout: prog.Layout},
		base: func(chess.Color) ([]kim1.Image, string, error) {
			return microchess.KIM(prog.Images), prog.Describe(source), nil
		}}, nil
}

// writeTargetSources writes the target's sources into dir under their
// base names, all or none.
func writeTargetSources(dir string, target *tuneTarget) error {
	srcs, err := target.tree.ReadSources(target.sources...)
	if err != nil {
		return exitError{1, fileError(err)}
	}
	var files []atomicfile.File
	for _, src := range srcs {
		files = append(files, atomicfile.File{Path: filepath.Join(dir, filepath.Base(src.Name)), Data: []byte(src.Text)})
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return failf(1, "mchess tune: %v", err)
	}
	if err := atomicfile.WriteAll(files); err != nil {
		return failf(1, "mchess tune: %v", err)
	}
	return nil
}
