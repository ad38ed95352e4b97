package main

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/keysheet"
)

func init() {
	register("keyin", "print a program as the KIM-1 keypad sequences to type it in (text or a printable HTML page)", keyinMain)
}

func keyinMain(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mchess keyin", stderr,
		"usage: mchess keyin [options] FILE...",
		"\nPrints FILE (any dump mchess reads: build/microchess-c0.bin@0000, a paper tape,",
		"Intel HEX, a WAV…) as the keys a KIM-1 owner types on the keypad: AD address DA",
		"byte + byte + …, eight bytes a line with each line's sum, and the cells to check",
		"before GO (0100 and 0101 as the MicroChess manual says, and the vectors",
		"17FA–17FF). The monitor's own page-zero cells and stack are not keyed.",
		"  mchess keyin --html -o sheet.html build/microchess-c0.bin@0000 build/microchess-c1.bin@1780")
	html := fs.Bool("html", false, "write a printable HTML page instead of text")
	out := fs.String("o", "", "write to `file` instead of standard output")
	title := fs.String("title", "", "the sheet's `title` (default: the files)")
	rest, err := parse(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(rest) == 0 {
		fs.Usage()
		return 2
	}
	kept, left, status := readForLoading("mchess keyin", rest, stderr)
	if status != 0 {
		return status
	}
	if *title == "" {
		*title = "Key-in sheet: " + strings.Join(rest, " ")
	}
	sheet := keysheet.New(*title, kept, 0x0100, 0x0101)
	sheet.Left = left
	var b bytes.Buffer
	if *html {
		err = sheet.WriteHTML(&b)
	} else {
		err = sheet.WriteText(&b)
	}
	if err == nil && *out != "" {
		err = atomicfile.Write(*out, b.Bytes())
	} else if err == nil {
		_, err = stdout.Write(b.Bytes())
	}
	if err != nil {
		fmt.Fprintf(stderr, "mchess keyin: %v\n", err)
		return 1
	}
	return 0
}
