package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/linker"
)

func init() {
	register("asm", "assemble sources into KIM-1 images, a listing and a symbol table", asmMain)
}

func asmMain(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mchess asm", stderr,
		"usage: mchess asm [options] FILE...",
		"\nAssembles the files as one program (1977 MicroChess dialect) and writes one raw",
		"binary per KIM-1 memory region the program fills (c0: 0000–03FF, c1: 1780–17E6),",
		"a listing like the 1977 printout and a symbol table with cross references.",
		"Nothing is written if there is any error.")
	out := fs.String("o", "", "output `base` name: writes BASE-<image>.bin, BASE.ptp, BASE.lst, BASE.sym (default: the first file's name, in the current directory)")
	var residue, ram stringList
	fs.Var(&residue, "residue", "a residue data `file` (bytes no program line defines), assembled after the sources; repeatable")
	fs.Var(&ram, "ram", "extra RAM region `NAME=SSSS-EEEE` (hex) for programs that outgrow the KIM-1's 1.1 KB; repeatable")
	quiet := fs.Bool("q", false, "print nothing on success")
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	p, images, err := assembleAndLink(fs.Args(), residue, ram)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	base := *out
	if base == "" {
		name := filepath.Base(fs.Arg(0))
		base = strings.TrimSuffix(name, filepath.Ext(name))
	}
	var lst, sym bytes.Buffer
	if err := asm.WriteListing(&lst, p); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if err := asm.WriteSymbols(&sym, p); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	var files []outFile
	for _, im := range images {
		files = append(files, outFile{fmt.Sprintf("%s-%s.bin", base, im.Name), im.Bytes})
	}
	files = append(files, outFile{base + ".ptp", []byte(linker.PaperTape(images...))})
	files = append(files, outFile{base + ".lst", lst.Bytes()}, outFile{base + ".sym", sym.Bytes()})
	if err := writeOutputs(files); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if !*quiet {
		for _, im := range images {
			fmt.Fprintf(stdout, "%s-%s.bin  %04X–%04X  %4d bytes (%d defined by source)\n", base, im.Name, im.Start, im.End(), len(im.Bytes), im.Defined())
		}
		fmt.Fprintf(stdout, "%s.ptp  KIM-1 paper tape (TTY loader) of all images\n%s.lst\n%s.sym\n", base, base, base)
	}
	return 0
}

// flagExit maps a flag parsing error to an exit status: -h is success.
func flagExit(err error) int {
	if err == flag.ErrHelp {
		return 0
	}
	return 2
}
