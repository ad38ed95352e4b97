package main

import (
	"flag"
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/corentings/chess/v2"
	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/internal/bounded"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/openings"
)

var cmdOpening = &Command{
	Name: "opening",
	UsageLine: `mchess opening compile [options] FILE.book|DIR...
       mchess opening decompile [options] FILE.bin
       mchess opening compare BLOCK.bin [IMAGE.bin]
       mchess opening library [options] FILE.book|DIR...`,
	Short: "compile, decompile and compare opening-book blocks (00C0–00DB) and library tables",
	Long: `Opening books are written in chess notation (see docs/openings.md); a block is
the 28 bytes MicroChess plays its opening from, 00C0–00DB, in load order. A
library holds many books at once, for a KIM-1 with expansion RAM
(docs/opening-library.md).
Run 'mchess opening VERB -h' for a verb's options.`,
	Commands: []*Command{cmdOpeningCompile, cmdOpeningDecompile, cmdOpeningCompare, cmdOpeningLibrary},
}

var cmdOpeningCompile = &Command{
	Name:      "compile",
	UsageLine: "mchess opening compile [options] FILE.book|DIR...",
	Long: `Compiles each opening book (every *.book in a directory) into its 28-byte block,
00C0 first. Errors are reported as file:line:col; nothing is written if any book
has an error.`,
	New: func() options { return new(openingCompileOptions) },
}

type openingCompileOptions struct {
	out, manifest string
	check, quiet  bool
}

func (o *openingCompileOptions) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.out, "o", ".", "output `directory`: each FILE.book becomes DIR/FILE.bin and its paper tape DIR/FILE.ptp")
	fs.StringVar(&o.manifest, "manifest", "", "also write a tab-separated `file` listing each block: name, tape ID, addresses, side, opening")
	fs.BoolVar(&o.check, "n", false, "check the books only; write nothing")
	fs.BoolVar(&o.quiet, "q", false, "print nothing on success")
}

func (o *openingCompileOptions) run(e *env, args []string) error {
	if len(args) == 0 {
		return e.usage("want a FILE to compile")
	}
	files, err := bookFiles(args)
	if err != nil {
		return exitError{1, err}
	}
	var books []*openings.Book
	failed := false
	for _, f := range files {
		text, err := microchess.ReadFile(f, openings.BookLimit)
		if err == nil {
			var b *openings.Book
			b, err = openings.Compile(f, text)
			books = append(books, b)
		}
		if err != nil {
			fmt.Fprintln(e.stderr, fileError(err))
			failed = true
		}
	}
	if failed {
		return exit(1)
	}
	outputs := o.outputs(files, books)
	if !o.check {
		if err := atomicfile.WriteAll(outputs); err != nil {
			return failf(1, "mchess opening compile: %v", err)
		}
	}
	for i, b := range books {
		path := outputs[i].Path
		if !o.quiet {
			fmt.Fprintf(e.stdout, "%s (and .ptp)  %04X–%04X  tape %02X  computer %-5s  %d moves  %s\n", path,
				memmap.BookStart, memmap.BookStart+memmap.BookSize-1, b.Tape, openings.ColorName(b.Computer), b.Moves(), b.Opening)
		}
	}
	return nil
}

// outputs are the files the books compile to: the blocks, then their
// paper tapes, then the manifest.
func (o *openingCompileOptions) outputs(files []string, books []*openings.Book) []atomicfile.File {
	var list strings.Builder
	var outputs, tapes []atomicfile.File
	for i, b := range books {
		base := strings.TrimSuffix(filepath.Base(files[i]), filepath.Ext(files[i]))
		name := base + ".bin"
		fmt.Fprintf(&list, "%s\t%02X\t%04X\t%04X\t%s\t%s\n", name, b.Tape, memmap.BookStart, memmap.BookStart+memmap.BookSize-1, openings.ColorName(b.Computer), b.Opening)
		outputs = append(outputs, atomicfile.File{Path: filepath.Join(o.out, name), Data: b.Block[:]})
		// 00C0–00DB is clear of the loader's workspace: nothing is left out.
		tape, _ := paperTape([]*linker.Image{{Name: base, Start: memmap.BookStart, Bytes: b.Block[:]}})
		tapes = append(tapes, atomicfile.File{Path: filepath.Join(o.out, base+".ptp"), Data: tape})
	}
	outputs = append(outputs, tapes...)
	if o.manifest != "" {
		outputs = append(outputs, atomicfile.File{Path: o.manifest, Data: []byte(list.String())})
	}
	return outputs
}

// bookFiles expands directories to their *.book files, in name order
// (src/openings is also found built into mchess).
func bookFiles(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		dir, err := microchess.IsDir(a)
		if err != nil {
			return nil, fmt.Errorf("%s: no such file or directory", quote(a))
		}
		if !dir {
			files = append(files, a)
			continue
		}
		found, _ := microchess.Glob(filepath.Join(a, "*.book"))
		if len(found) == 0 {
			return nil, fmt.Errorf("%s: no *.book files", quote(a))
		}
		sort.Strings(found)
		files = append(files, found...)
	}
	return files, nil
}

var cmdOpeningDecompile = &Command{
	Name:      "decompile",
	UsageLine: "mchess opening decompile [options] FILE.bin",
	Long: `Prints a block as an opening book: the line in SAN, each computer move with its
bytes, the display and the keys, replies that would also fit. The output compiles
back to the same block. FILE is a 28-byte block or a memory image (e.g. the main
image c0, whose 00C0–00DB is the Giuoco Piano block). Exit status 1 if the block
does not read as a legal line.`,
	New: func() options { return new(openingDecompileOptions) },
}

type openingDecompileOptions struct {
	side, name, tape, at, base string
}

func (o *openingDecompileOptions) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.side, "computer", "", "the side the block is for, `white` or black (default: white if 00DB is CC)")
	fs.StringVar(&o.name, "name", "", "the opening's `name` for the Opening: header")
	fs.StringVar(&o.tape, "tape", "00", "the tape `ID` for the Tape: header (two hex digits)")
	fs.StringVar(&o.at, "at", "", "read the block at this `address` of an image (default 00C0; a 28-byte file is the block itself)")
	fs.StringVar(&o.base, "base", "0000", "the image's load `address`")
}

func (o *openingDecompileOptions) run(e *env, rest []string) error {
	if len(rest) != 1 {
		return e.usage("want one FILE, %s", given(rest))
	}
	file := rest[0]
	computer := chess.NoColor
	switch o.side {
	case "":
	case "white":
		computer = chess.White
	case "black":
		computer = chess.Black
	default:
		return failf(2, "mchess opening decompile: -computer %q: want white or black", o.side)
	}
	id, err := strconv.ParseUint(o.tape, 16, 8)
	if err != nil || len(o.tape) != 2 {
		return failf(2, "mchess opening decompile: -tape %q: want two hex digits", o.tape)
	}
	data, err := bounded.ReadFile(file, dump.ImageLimit)
	if err != nil {
		return exitError{1, fileError(err)}
	}
	block, err := blockIn(data, o.at, o.base)
	if err != nil {
		return failf(1, "%s: %v", quote(file), err)
	}
	d, err := openings.Decompile(block, computer)
	if err != nil {
		return exitError{1, err}
	}
	d.Opening, d.Tape = o.name, byte(id)
	if err := openings.FormatDecoded(e.stdout, d); err != nil {
		return exitError{1, err}
	}
	if d.Problem != "" {
		return failf(1, "%s: %s", quote(file), d.Problem)
	}
	return nil
}
