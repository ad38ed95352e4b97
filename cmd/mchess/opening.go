package main

import (
	"fmt"
	"io"
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

func init() {
	register("opening", "compile, decompile and compare opening-book blocks (00C0–00DB) and library tables", openingMain)
}

func openingMain(args []string, stdout, stderr io.Writer) int {
	return runVerb("opening", []string{
		"usage: mchess opening compile [options] FILE.book|DIR...",
		"       mchess opening decompile [options] FILE.bin",
		"       mchess opening compare BLOCK.bin [IMAGE.bin]",
		"       mchess opening library [options] FILE.book|DIR...",
		"\nOpening books are written in chess notation (see docs/openings.md); a block is",
		"the 28 bytes MicroChess plays its opening from, 00C0–00DB, in load order. A",
		"library holds many books at once, for a KIM-1 with expansion RAM",
		"(docs/opening-library.md).",
		"Run 'mchess opening VERB -h' for a verb's options.",
	}, []verb{{"compile", openingCompile}, {"decompile", openingDecompile}, {"compare", openingCompare}, {"library", openingLibrary}}, args, stdout, stderr)
}

func openingCompile(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mchess opening compile", stderr,
		"usage: mchess opening compile [options] FILE.book|DIR...",
		"\nCompiles each opening book (every *.book in a directory) into its 28-byte block,",
		"00C0 first. Errors are reported as file:line:col; nothing is written if any book",
		"has an error.")
	out := fs.String("o", ".", "output `directory`: each FILE.book becomes DIR/FILE.bin and its paper tape DIR/FILE.ptp")
	manifest := fs.String("manifest", "", "also write a tab-separated `file` listing each block: name, tape ID, addresses, side, opening")
	check := fs.Bool("n", false, "check the books only; write nothing")
	quiet := fs.Bool("q", false, "print nothing on success")
	args, err := parse(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(args) == 0 {
		fs.Usage()
		return 2
	}
	files, err := bookFiles(args)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
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
			fmt.Fprintln(stderr, fileError(err))
			failed = true
		}
	}
	if failed {
		return 1
	}
	var list strings.Builder
	var outputs, tapes []atomicfile.File
	for i, b := range books {
		base := strings.TrimSuffix(filepath.Base(files[i]), filepath.Ext(files[i]))
		name := base + ".bin"
		fmt.Fprintf(&list, "%s\t%02X\t%04X\t%04X\t%s\t%s\n", name, b.Tape, memmap.BookStart, memmap.BookStart+memmap.BookSize-1, openings.ColorName(b.Computer), b.Opening)
		outputs = append(outputs, atomicfile.File{Path: filepath.Join(*out, name), Data: b.Block[:]})
		// 00C0–00DB is clear of the loader's workspace: nothing is left out.
		tape, _ := paperTape([]*linker.Image{{Name: base, Start: memmap.BookStart, Bytes: b.Block[:]}})
		tapes = append(tapes, atomicfile.File{Path: filepath.Join(*out, base+".ptp"), Data: tape})
	}
	outputs = append(outputs, tapes...)
	if *manifest != "" {
		outputs = append(outputs, atomicfile.File{Path: *manifest, Data: []byte(list.String())})
	}
	if !*check {
		if err := atomicfile.WriteAll(outputs); err != nil {
			fmt.Fprintln(stderr, "mchess opening compile:", err)
			return 1
		}
	}
	for i, b := range books {
		path := outputs[i].Path
		if !*quiet {
			fmt.Fprintf(stdout, "%s (and .ptp)  %04X–%04X  tape %02X  computer %-5s  %d moves  %s\n", path,
				memmap.BookStart, memmap.BookStart+memmap.BookSize-1, b.Tape, openings.ColorName(b.Computer), b.Moves(), b.Opening)
		}
	}
	return 0
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

func openingDecompile(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mchess opening decompile", stderr,
		"usage: mchess opening decompile [options] FILE.bin",
		"\nPrints a block as an opening book: the line in SAN, each computer move with its",
		"bytes, the display and the keys, replies that would also fit. The output compiles",
		"back to the same block. FILE is a 28-byte block or a memory image (e.g. the main",
		"image c0, whose 00C0–00DB is the Giuoco Piano block). Exit status 1 if the block",
		"does not read as a legal line.")
	side := fs.String("computer", "", "the side the block is for, `white` or black (default: white if 00DB is CC)")
	name := fs.String("name", "", "the opening's `name` for the Opening: header")
	tape := fs.String("tape", "00", "the tape `ID` for the Tape: header (two hex digits)")
	at := fs.String("at", "", "read the block at this `address` of an image (default 00C0; a 28-byte file is the block itself)")
	base := fs.String("base", "0000", "the image's load `address`")
	rest, err := parse(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(rest) != 1 {
		fs.Usage()
		return 2
	}
	file := rest[0]
	computer := chess.NoColor
	switch *side {
	case "":
	case "white":
		computer = chess.White
	case "black":
		computer = chess.Black
	default:
		fmt.Fprintf(stderr, "mchess opening decompile: -computer %q: want white or black\n", *side)
		return 2
	}
	id, err := strconv.ParseUint(*tape, 16, 8)
	if err != nil || len(*tape) != 2 {
		fmt.Fprintf(stderr, "mchess opening decompile: -tape %q: want two hex digits\n", *tape)
		return 2
	}
	data, err := bounded.ReadFile(file, dump.ImageLimit)
	if err != nil {
		fmt.Fprintln(stderr, fileError(err))
		return 1
	}
	block, err := blockIn(data, *at, *base)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", quote(file), err)
		return 1
	}
	d, err := openings.Decompile(block, computer)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	d.Opening, d.Tape = *name, byte(id)
	if err := openings.FormatDecoded(stdout, d); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if d.Problem != "" {
		fmt.Fprintf(stderr, "%s: %s\n", quote(file), d.Problem)
		return 1
	}
	return 0
}
