package tune

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/spsa"
)

// WriteOutputs writes a run's outputs into dir, all or none: the tuned
// source (src with only the declared bytes changed, under its own base
// name), report.md, and the plots there is something to draw for.
func WriteOutputs(dir string, src asm.Source, st *spsa.State, space *Space, log *Log) error {
	v, err := space.Vector(st.Values())
	if err != nil {
		return err
	}
	tuned, err := space.Set.Apply(src, v)
	if err != nil {
		return err
	}
	files := []atomicfile.File{{Path: filepath.Join(dir, filepath.Base(src.Name)), Data: []byte(tuned)}}
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
	fmt.Fprintf(&b, "# Tuning %s\n\nWritten by `mchess tune` from its state and log; not edited by hand.\n\n", src.Name)
	WriteReport(&b, st, space, log, plots)
	files = append(files, atomicfile.File{Path: filepath.Join(dir, "report.md"), Data: []byte(b.String())})
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	return atomicfile.WriteAll(files)
}
