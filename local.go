package microchess

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/kim1-archive/microchess/linker"
)

// NoSourceError is Local's error when the working directory holds no
// program source.
type NoSourceError struct{ Dir string }

func (e *NoSourceError) Error() string {
	return fmt.Sprintf("no %s in the working directory (%s)", ProgramSource, e.Dir)
}

// Local builds the working directory's program as make does:
// ./src/microchess.asm with the residue (./src/residue.asm, or the
// built-in copy when there is none on disk), into the KIM-1's memory and
// the expansion RAM given. Without ./src/microchess.asm it is an error,
// never the built-in copy: local means the directory's own program.
func Local(ram []linker.Region) (*Program, error) {
	if _, err := os.Stat(ProgramSource); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			dir, _ := os.Getwd()
			return nil, &NoSourceError{dir}
		}
		return nil, err
	}
	p, err := Build(WorkDir, Options{Sources: []string{ProgramSource}, Residue: []string{ResidueSource}, RAM: ram})
	if err != nil {
		return nil, err
	}
	return p, nil
}

// LocalName names the local program: what it is (Describe) and where it
// was built from.
func (p *Program) LocalName() string {
	return p.Describe(OriginalName) + ", built from ./" + ProgramSource
}
