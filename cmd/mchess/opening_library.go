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

var cmdOpeningLibrary = &Command{
	Name: "library",
	UsageLine: `mchess opening library [-o FILE.asm] [-bin FILE.bin] [-origin EXPR] FILE.book|DIR...
       mchess opening library -decompile FILE.bin [FILE.book|DIR...]`,
	Long: `Compiles opening books (every *.book in a directory) into the tables of the
opening library for a KIM-1 with expansion RAM (src/extended/library.asm; see
docs/opening-library.md): their source in the 1977 dialect to FILE.asm, their
bytes to FILE.bin; the source goes to standard output when neither is given.
A book with a tape ID t is opening 10+t (the manual's are 11-15); one with
Tape: none, the number its file's name starts with (01-sicilian-rauzer.book is
01). Errors are file:line:col; nothing is written if any book has an error.

With -decompile, prints tables back as books, each move with its bytes; books
given name the records they match. Exit status 1 if the tables do not read.`,
	New: func() options { return new(openingLibraryOptions) },
}

type openingLibraryOptions struct {
	out, bin, origin, decompile string
	quiet                       bool
}

func (o *openingLibraryOptions) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.out, "o", "", "write the tables' source to `FILE.asm`")
	fs.StringVar(&o.bin, "bin", "", "write the tables' bytes to `FILE.bin`")
	fs.StringVar(&o.origin, "origin", microchess.LibraryTables, "the tables' origin for the source's +++ line, an operand `expression` (LIBTAB, 0E00, LIBTAB+1)")
	fs.StringVar(&o.decompile, "decompile", "", "print the tables in `FILE.bin` back as books")
	fs.BoolVar(&o.quiet, "q", false, "print no summary")
}

func (o *openingLibraryOptions) run(e *env, args []string) error {
	if o.decompile != "" {
		var clash []string
		e.fs.Visit(func(f *flag.Flag) {
			if f.Name == "o" || f.Name == "bin" || f.Name == "origin" {
				clash = append(clash, "-"+f.Name)
			}
		})
		if len(clash) > 0 {
			return failf(2, "mchess opening library: -decompile reads tables; %s is for compiling", strings.Join(clash, ", "))
		}
		return libraryDecompile(o.decompile, args, e.stdout, e.stderr)
	}
	if len(args) == 0 {
		return e.usage("want a FILE.book at least")
	}
	if err := checkOrigin(o.origin); err != nil {
		return failf(2, "mchess opening library: -origin %s: %v", quote(o.origin), err)
	}
	lib, err := compileLibrary(args, e.stderr)
	if err != nil {
		return err
	}
	text := lib.Asm(o.origin)
	if o.out == "" && o.bin == "" {
		io.WriteString(e.stdout, text)
		return nil
	}
	return o.write(e.stdout, lib, text)
}

// write writes the library's source and bytes, and prints what it wrote.
func (o *openingLibraryOptions) write(stdout io.Writer, lib *openings.Library, text string) error {
	data := lib.Bytes()
	var outputs []atomicfile.File
	var names []string
	if o.out != "" {
		outputs = append(outputs, atomicfile.File{Path: o.out, Data: []byte(text)})
		names = append(names, o.out)
	}
	if o.bin != "" {
		outputs = append(outputs, atomicfile.File{Path: o.bin, Data: data})
		names = append(names, o.bin)
	}
	if err := atomicfile.WriteAll(outputs); err != nil {
		return failf(1, "mchess opening library: %v", err)
	}
	if !o.quiet {
		fmt.Fprintf(stdout, "%s: %d openings, %d bytes from %s\n", strings.Join(names, ", "), len(lib.Records), len(data), o.origin)
		for _, r := range lib.Records {
			fmt.Fprintf(stdout, "  %02X %-5s  %3d plies  %3d bytes  %-34s %s\n", r.ID, openings.ColorName(r.Computer), len(r.Plies), len(r.Bytes()), r.Opening, r.File)
		}
	}
	return nil
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

// compileLibrary reads and compiles the books the arguments name; it
// prints every error of the books, and returns an error if there is any.
func compileLibrary(args []string, stderr io.Writer) (*openings.Library, error) {
	files, err := bookFiles(args)
	if err != nil {
		return nil, exitError{1, err}
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
		return nil, exit(1)
	}
	lib, err := openings.CompileLibrary(srcs...)
	if err != nil {
		return nil, exitError{1, err}
	}
	return lib, nil
}

func libraryDecompile(file string, books []string, stdout, stderr io.Writer) error {
	data, err := bounded.ReadFile(file, dump.ImageLimit)
	if err != nil {
		return exitError{1, fileError(err)}
	}
	lib, derr := openings.DecodeLibrary(data)
	if len(books) > 0 {
		named, err := compileLibrary(books, stderr)
		if err != nil {
			return err
		}
		lib.NameFrom(named)
	}
	if err := openings.FormatLibrary(stdout, lib); err != nil {
		return exitError{1, err}
	}
	if derr != nil {
		return failf(1, "%s: %v", quote(filepath.ToSlash(file)), derr)
	}
	return nil
}
