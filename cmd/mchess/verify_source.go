package main

import (
	"fmt"
	"io"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/disasm"
	"github.com/kim1-archive/microchess/internal/atomicfile"
)

// verifyAsSource is verify --against DUMP --as-source: the 1977 source
// rewritten to give the dump, printed as a diff.
func verifyAsSource(name, out string, stdout, stderr io.Writer) int {
	d, status := readAgainst(name, stderr)
	if d == nil {
		return status
	}
	p, err := microchess.Original(true)
	if err != nil {
		fmt.Fprintln(stderr, "mchess verify:", fileError(err))
		return 1
	}
	srcs, err := microchess.Proven.ReadSources(microchess.ProgramSource)
	if err != nil {
		fmt.Fprintln(stderr, "mchess verify:", fileError(err))
		return 1
	}
	residue := map[int]byte{}
	for _, s := range p.Residue.Stmts {
		for i, b := range s.Bytes {
			residue[int(s.Addr)+i] = b
		}
	}
	r, err := disasm.Rewrite(srcs[0], p.Code, residue, d.segs)
	if err != nil {
		fmt.Fprintln(stderr, "mchess verify:", err)
		return 1
	}
	// A dump with bytes no source change gives is not reproduced: the
	// diff shows what the source can give, no -o file claims the rest, and
	// the exit status says it failed.
	if out != "" && r.Outside == 0 {
		if err := atomicfile.Write(out, []byte(r.Text)); err != nil {
			fmt.Fprintln(stderr, "mchess verify:", err)
			return 1
		}
	}
	stdout.Write(diff.Diff(microchess.ProgramSource, []byte(srcs[0].Text), "dump "+d.File, []byte(r.Text)))
	fmt.Fprintf(stderr, "mchess verify: %d statements of %s rewritten to give %s\n", len(r.Changed), microchess.ProgramSource, d.File)
	if r.Outside > 0 {
		fmt.Fprintf(stderr, "mchess verify: %d bytes of the dump differ where %s defines none (residue: board, variables, stack, unused): no source change gives them; the source does not reproduce the dump", r.Outside, microchess.ProgramSource)
		if out != "" {
			fmt.Fprintf(stderr, ", %s not written", out)
		}
		fmt.Fprintln(stderr)
		return 1
	}
	return 0
}
