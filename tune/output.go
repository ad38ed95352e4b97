package tune

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/spsa"
)

// ValuesFile is the name of the values file a run writes into its report
// folder (WriteOutputs).
const ValuesFile = "tuned.values"

// WriteOutputs writes a run's outputs into dir, all or none: the tuned
// values (ValuesFile, a values file of the declarations: see Values), the
// tuned sources (each of srcs with only the declared bytes it defines
// changed, under its own base name), report.md, and the plots there is
// something to draw for. The report is titled by the first source.
func WriteOutputs(dir string, srcs []asm.Source, st *spsa.State, space *Space, log *Log) error {
	v, err := space.Vector(st.Values())
	if err != nil {
		return err
	}
	tuned, err := space.Set.ApplyEach(srcs, v)
	if err != nil {
		return err
	}
	values, err := Values(st, space)
	if err != nil {
		return err
	}
	files := []atomicfile.File{{Path: filepath.Join(dir, ValuesFile), Data: []byte(values)}}
	var names []string
	for i, src := range srcs {
		if slices.Contains(names, filepath.Base(src.Name)) {
			return fmt.Errorf("tune: two tuned sources named %s", filepath.Base(src.Name))
		}
		names = append(names, filepath.Base(src.Name))
		files = append(files, atomicfile.File{Path: filepath.Join(dir, filepath.Base(src.Name)), Data: []byte(tuned[i])})
	}
	var plots []string
	if svg, err := ParamsSVG(st); err == nil {
		files = append(files, atomicfile.File{Path: filepath.Join(dir, "params.svg"), Data: svg})
		plots = append(plots, "params.svg")
	}
	if svg, err := EloSVG(log.Checkpoints); err == nil {
		files = append(files, atomicfile.File{Path: filepath.Join(dir, "elo.svg"), Data: svg})
		plots = append(plots, "elo.svg")
	}
	var b strings.Builder
	var title []string
	for _, src := range srcs {
		title = append(title, src.Name)
	}
	fmt.Fprintf(&b, "# Tuning %s\n\nWritten by `mchess tune` from its state and log; not edited by hand.\n\n", strings.Join(title, " with "))
	WriteReport(&b, st, space, log, plots)
	files = append(files, atomicfile.File{Path: filepath.Join(dir, "report.md"), Data: []byte(b.String())})
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	return atomicfile.WriteAll(files)
}

// Values is a run's values file (tunable's ReadValues reads it over the
// source tuned): the value of every parameter the run tunes, and of any
// other the ORDER lines move, θ rounded and the ORDER lines applied, as
// the tuned program holds them; the others keep the source's.
func Values(st *spsa.State, space *Space) (string, error) {
	v, err := space.Vector(st.Values())
	if err != nil {
		return "", err
	}
	set := space.Set
	which := slices.Clone(space.Tuned)
	for i, p := range set.Params {
		if v[i] != p.Current && !slices.Contains(which, i) {
			which = append(which, i)
		}
	}
	header := []string{
		"VALUES OF " + strings.ToUpper(set.File) + "'S PARAMETERS, WRITTEN BY MCHESS TUNE",
		fmt.Sprintf("FROM ITS STATE: %d STEPS, %d PAIRS, SEED %d; THETA ROUNDED,", st.Steps, st.Iter, st.Seed),
		"THE ORDER LINES APPLIED (DOCS/TUNING.MD). A PARAMETER NOT",
		"NAMED KEEPS THE SOURCE'S VALUE.",
		"NAME\tVALUE",
	}
	return set.FormatValues(header, v, which)
}
