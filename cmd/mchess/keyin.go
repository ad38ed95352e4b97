package main

import (
	"bytes"
	"flag"
	"strings"

	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/keysheet"
)

var cmdKeyin = &Command{
	Name:      "keyin",
	UsageLine: "mchess keyin [options] FILE...",
	Short:     "print a program as the KIM-1 keypad sequences to type it in (text or a printable HTML page)",
	Long: `Prints FILE (any dump mchess reads: build/microchess-c0.bin@0000, a paper tape,
Intel HEX, a WAV…) as the keys a KIM-1 owner types on the keypad: AD address DA
byte + byte + …, eight bytes a line with each line's sum, and the cells to check
before GO (0100 and 0101 as the MicroChess manual says, and the vectors
17FA–17FF). The monitor's own page-zero cells and stack are not keyed.
  mchess keyin --html -o sheet.html build/microchess-c0.bin@0000 build/microchess-c1.bin@1780`,
	New: func() options { return new(keyinOptions) },
}

type keyinOptions struct {
	html       bool
	out, title string
}

func (o *keyinOptions) flags(fs *flag.FlagSet) {
	fs.BoolVar(&o.html, "html", false, "write a printable HTML page instead of text")
	fs.StringVar(&o.out, "o", "", "write to `file` instead of standard output")
	fs.StringVar(&o.title, "title", "", "the sheet's `title` (default: the files)")
}

func (o *keyinOptions) run(e *env, rest []string) error {
	if len(rest) == 0 {
		return e.usage("want a FILE to key in")
	}
	kept, left, err := readForLoading("mchess keyin", rest, e.stderr)
	if err != nil {
		return err
	}
	if o.title == "" {
		o.title = "Key-in sheet: " + strings.Join(rest, " ")
	}
	sheet := keysheet.New(o.title, kept, 0x0100, 0x0101)
	sheet.Left = left
	var b bytes.Buffer
	if o.html {
		err = sheet.WriteHTML(&b)
	} else {
		err = sheet.WriteText(&b)
	}
	if err == nil && o.out != "" {
		err = atomicfile.Write(o.out, b.Bytes())
	} else if err == nil {
		_, err = e.stdout.Write(b.Bytes())
	}
	if err != nil {
		return failf(1, "mchess keyin: %v", err)
	}
	return nil
}
