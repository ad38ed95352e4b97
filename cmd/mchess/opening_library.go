package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/internal/bounded"
	"github.com/kim1-archive/microchess/openings"
)

func openingLibrary(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mchess opening library", stderr,
		"usage: mchess opening library [-o FILE.asm] [-bin FILE.bin] [-origin EXPR] FILE.book|DIR...",
		"       mchess opening library -decompile FILE.bin [FILE.book|DIR...]",
		"\nCompiles opening books (every *.book in a directory) into the tables of the",
		"opening library for a KIM-1 with expansion RAM (src/extended/library.asm; see",
		"docs/opening-library.md): their source in the 1977 dialect to FILE.asm, their",
		"bytes to FILE.bin; the source goes to standard output when neither is given.",
		"A book with a tape ID t is opening 10+t (the manual's are 11-15); one with",
		"Tape: none, the number its file's name starts with (01-sicilian-rauzer.book is",
		"01). Errors are file:line:col; nothing is written if any book has an error.",
		"\nWith -decompile, prints tables back as books, each move with its bytes; books",
		"given name the records they match. Exit status 1 if the tables do not read.")
	out := fs.String("o", "", "write the tables' source to `FILE.asm`")
	bin := fs.String("bin", "", "write the tables' bytes to `FILE.bin`")
	origin := fs.String("origin", microchess.LibraryTables, "the tables' origin for the source's +++ line, an operand `expression` (LIBTAB, 0E00, LIBTAB+1)")
	decompile := fs.String("decompile", "", "print the tables in `FILE.bin` back as books")
	quiet := fs.Bool("q", false, "print no summary")
	args, err := parse(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if *decompile != "" {
		var clash []string
		fs.Visit(func(f *flag.Flag) {
			if f.Name == "o" || f.Name == "bin" || f.Name == "origin" {
				clash = append(clash, "-"+f.Name)
			}
		})
		if len(clash) > 0 {
			fmt.Fprintf(stderr, "mchess opening library: -decompile reads tables; %s is for compiling\n", strings.Join(clash, ", "))
			return 2
		}
		return libraryDecompile(*decompile, args, stdout, stderr)
	}
	if len(args) == 0 {
		fs.Usage()
		return 2
	}
	if err := checkOrigin(*origin); err != nil {
		fmt.Fprintf(stderr, "mchess opening library: -origin %s: %v\n", quote(*origin), err)
		return 2
	}
	lib, status := compileLibrary(args, stderr)
	if lib == nil {
		return status
	}
	text := lib.Asm(*origin)
	data := lib.Bytes()
	if *out == "" && *bin == "" {
		io.WriteString(stdout, text)
		return 0
	}
	var outputs []atomicfile.File
	var names []string
	if *out != "" {
		outputs = append(outputs, atomicfile.File{Path: *out, Data: []byte(text)})
		names = append(names, *out)
	}
	if *bin != "" {
		outputs = append(outputs, atomicfile.File{Path: *bin, Data: data})
		names = append(names, *bin)
	}
	if err := atomicfile.WriteAll(outputs); err != nil {
		fmt.Fprintln(stderr, "mchess opening library:", err)
		return 1
	}
	if !*quiet {
		fmt.Fprintf(stdout, "%s: %d openings, %d bytes from %s\n", strings.Join(names, ", "), len(lib.Records), len(data), *origin)
		for _, r := range lib.Records {
			fmt.Fprintf(stdout, "  %02X %-5s  %3d plies  %3d bytes  %-34s %s\n", r.ID, openings.ColorName(r.Computer), len(r.Plies), len(r.Bytes()), r.Opening, r.File)
		}
	}
	return 0
}

// checkOrigin accepts what the 1977 dialect takes after +++: one operand
// expression (HEX, SYMBOL, SYMBOL+HEX or SYMBOL-HEX), nothing after it.
func checkOrigin(origin string) error {
	if origin == "" || strings.ContainsAny(origin, " \t;\r\n") {
		return fmt.Errorf("want one operand expression, such as LIBTAB, 0E00 or LIBTAB+1")
	}
	if _, errs := asm.Parse(asm.Source{Name: "origin.asm", Text: "+++\t" + origin + "\n"}); len(errs) > 0 {
		return fmt.Errorf("want one operand expression, such as LIBTAB, 0E00 or LIBTAB+1 (%s)", errs[0].Msg)
	}
	return nil
}

// compileLibrary reads and compiles the books the arguments name; on any
// error it prints every error and returns a nil library and the status.
func compileLibrary(args []string, stderr io.Writer) (*openings.Library, int) {
	files, err := bookFiles(args)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return nil, 1
	}
	var srcs []*openings.Source
	failed := false
	for _, f := range files {
		text, err := microchess.ReadFile(f, openings.BookLimit)
		if err == nil {
			var src *openings.Source
			src, err = openings.Parse(f, text)
			srcs = append(srcs, src)
		}
		if err != nil {
			fmt.Fprintln(stderr, fileError(err))
			failed = true
		}
	}
	if failed {
		return nil, 1
	}
	lib, err := openings.CompileLibrary(srcs...)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return nil, 1
	}
	return lib, 0
}

func libraryDecompile(file string, books []string, stdout, stderr io.Writer) int {
	data, err := bounded.ReadFile(file, dump.ImageLimit)
	if err != nil {
		fmt.Fprintln(stderr, fileError(err))
		return 1
	}
	lib, derr := openings.DecodeLibrary(data)
	if len(books) > 0 {
		named, status := compileLibrary(books, stderr)
		if named == nil {
			return status
		}
		lib.NameFrom(named)
	}
	if err := openings.FormatLibrary(stdout, lib); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if derr != nil {
		fmt.Fprintf(stderr, "%s: %v\n", quote(filepath.ToSlash(file)), derr)
		return 1
	}
	return 0
}
