package main

import (
	"fmt"
	"io"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
)

// paperTape renders images as a tape the monitor's L command loads: the
// loader's own page-zero variables and stack are left out
// (microchess.LoaderWorkspace), and what was left out is said, so that
// nobody wonders where those bytes went.
func paperTape(images []*linker.Image) ([]byte, []linker.LeftOut) {
	tape, left := linker.PaperTape(memmap.LoaderWorkspace, images...)
	return []byte(tape), left
}

// definedBy counts the bytes of l that a program line defined: residue
// data (bytes of the published dump no line defines) does not count.
func definedBy(l linker.LeftOut, residue *asm.Program) int {
	res := map[*asm.Stmt]bool{}
	if residue != nil {
		for _, s := range residue.Stmts {
			res[s] = true
		}
	}
	n := 0
	for _, s := range l.Src {
		if s != nil && !res[s] {
			n++
		}
	}
	return n
}

// reportLeftOut says which bytes the tape at path does not carry. Bytes a
// source line defined get a warning on stderr: the tape cannot set them,
// so the program must, or they must be loaded another way.
func reportLeftOut(stdout, stderr io.Writer, path string, left []linker.LeftOut, residue *asm.Program, quiet bool) {
	if !quiet {
		fmt.Fprintf(stdout, "%s  KIM-1 paper tape for the monitor's L command (load it after RST)", path)
		if len(left) == 0 {
			fmt.Fprintln(stdout)
		} else {
			fmt.Fprintln(stdout, ", leaving out:")
		}
	}
	for _, l := range left {
		n, defined := int(l.End)-int(l.Start)+1, definedBy(l, residue)
		if !quiet {
			fmt.Fprintf(stdout, "  %04X–%04X  %3d bytes, %s: %s\n", l.Start, l.End, n, undefinedCount(defined, n), l.Why)
		}
		if defined > 0 {
			fmt.Fprintf(stderr, "warning: %s: %04X–%04X holds %d bytes the program defines, but the tape cannot carry them (%s): the program must set them itself, or they must be loaded another way\n",
				path, l.Start, l.End, defined, l.Why)
		}
	}
}

func undefinedCount(defined, n int) string {
	switch defined {
	case 0:
		return "no program bytes (residue, or RAM the program sets)"
	case n:
		return "all program bytes"
	}
	return fmt.Sprintf("%d program bytes", defined)
}
