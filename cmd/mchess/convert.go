package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/internal/bounded"
)

var cmdConvert = &Command{
	Name:      "convert",
	UsageLine: "mchess convert [options] IN OUT",
	Short:     "convert a program dump between raw binary, paper tape, Intel HEX, S-records and MAME .kim",
	Long: `Converts a program dump between the formats KIM-1 software is traded in, each
told by its file's extension:
  .bin .raw         raw binary: its load address is given as IN@ADDR
  .ptp .pap         MOS Technology paper tape (the KIM-1 monitor's L and Q)
  .hex .ihx         Intel HEX
  .srec .s19 .mot   Motorola S-records
  .kim              MAME's KIM-1 cassette image
An input with another extension is told by its content. Every checksum is
checked, and OUT is written only if all is well. Prints each range of
addresses the dump holds. A raw binary or a .kim holds one range: --fill
joins several into one. See docs/dumps.md.`,
	New: func() options { return new(convertOptions) },
}

type convertOptions struct {
	fill        string
	recordBytes int
	id          string
	quiet       bool

	set              map[string]bool // the options given
	outFormat        string
	fillByte, idByte byte
}

func (o *convertOptions) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.fill, "fill", "", "join the ranges into one, filling the gaps with this `byte` (hex), as a raw or .kim output of several ranges needs")
	fs.IntVar(&o.recordBytes, "record-bytes", 16, "data `bytes` a record of an Intel HEX or S-record output: 16 or 32")
	fs.StringVar(&o.id, "id", "", "tape `ID` (hex) of a .kim output (default: the input's, else 01)")
	fs.BoolVar(&o.quiet, "q", false, "print nothing on success")
}

func (o *convertOptions) run(e *env, args []string) error {
	if len(args) != 2 {
		return e.usage("want an INPUT and an OUTPUT, %s", given(args))
	}
	in, out := args[0], args[1]
	o.set = map[string]bool{}
	e.fs.Visit(func(f *flag.Flag) { o.set[f.Name] = true })
	if err := o.check(out); err != nil {
		return err
	}
	d, path, err := readConvertInput(in)
	if err != nil {
		return err
	}
	if len(d.Segments) == 0 {
		return failf(1, "mchess convert: %s holds no data: nothing to convert", quote(path))
	}
	read := d.Segments
	w := *d
	if o.fill != "" {
		if w.Segments, err = dump.Fill(d.Segments, o.fillByte); err != nil {
			return failf(1, "mchess convert: %v", err)
		}
	}
	if o.id != "" {
		w.ID, w.HasID = o.idByte, true
	}
	if err := o.write(out, &w); err != nil {
		return err
	}
	if !o.quiet {
		printConversion(e.stdout, d, read, &w, out, o.outFormat, o.fill != "", o.fillByte)
	}
	return nil
}

// convertUsage is a usage error of mchess convert, which exits 2.
func convertUsage(format string, args ...any) error {
	return failf(2, "mchess convert: "+format, args...)
}

// check checks the options against the output's format, and reads the
// byte options.
func (o *convertOptions) check(out string) error {
	outFormat, ok := dump.FormatOf(out)
	if _, _, hasAddr, _ := dump.SplitName(out); hasAddr {
		return convertUsage("%s: an output takes no @ADDR: a raw binary does not hold its address", quote(out))
	}
	if !ok {
		return convertUsage("%s: the extension names no format: want one of %s", quote(out), dump.Extensions)
	}
	o.outFormat = outFormat
	if o.set["record-bytes"] && outFormat != dump.IntelHex && outFormat != dump.SRecord {
		return convertUsage("--record-bytes is for an Intel HEX or S-record output, not %s", dump.Describe(outFormat))
	}
	if o.recordBytes != 16 && o.recordBytes != 32 {
		return convertUsage("--record-bytes %d: want 16 or 32", o.recordBytes)
	}
	if o.id != "" && outFormat != dump.KIM {
		return convertUsage("--id is for a .kim output, not %s", dump.Describe(outFormat))
	}
	var err error
	if o.fillByte, err = parseByteFlag("--fill", o.fill); err != nil {
		return convertUsage("%v", err)
	}
	if o.idByte, err = parseByteFlag("--id", o.id); err != nil {
		return convertUsage("%v", err)
	}
	return nil
}

// readConvertInput reads the dump IN names, and its path.
func readConvertInput(in string) (*dump.Dump, string, error) {
	path, _, _, err := dump.SplitName(in)
	if err != nil {
		return nil, "", convertUsage("%v", err)
	}
	data, err := bounded.ReadFile(path, dump.FileLimit)
	if err != nil {
		return nil, "", failf(1, "mchess convert: %v", fileError(err))
	}
	d, err := dump.ReadDump(in, data)
	var nameErr *dump.NameError
	switch {
	case errors.As(err, &nameErr):
		return nil, "", convertUsage("%v", err)
	case err != nil:
		return nil, "", exitError{1, err} // positions and all, as the assembler's errors
	}
	return d, path, nil
}

// write writes the dump w to out in the output's format.
func (o *convertOptions) write(out string, w *dump.Dump) error {
	b, err := dump.WriteDump(o.outFormat, w, dump.Options{RecordBytes: o.recordBytes})
	if err != nil {
		hint := ""
		if errors.As(err, new(*dump.GapError)) {
			hint = ": --fill XX fills the gaps with the byte XX"
		}
		return failf(1, "mchess convert: %s: %v%s", quote(out), err, hint)
	}
	if err := atomicfile.Write(out, b); err != nil {
		return failf(1, "mchess convert: %v", err)
	}
	return nil
}

// printConversion says what was read, one line per range, and what was
// written, with what the output keeps of the start address and tape ID.
func printConversion(w io.Writer, d *dump.Dump, read []dump.Segment, out *dump.Dump, name, format string, filled bool, fill byte) {
	for _, s := range read {
		fmt.Fprintf(w, "%-9s  %5d bytes\n", s.String(), len(s.Data))
	}
	what := fmt.Sprintf("%s: %s, %d bytes", quote(name), dump.Describe(format), dump.Size(out.Segments))
	if n := len(out.Segments); n > 1 {
		what += fmt.Sprintf(" in %d ranges", n)
	}
	if format == dump.Raw || filled {
		what += fmt.Sprintf(" from %04X", out.Segments[0].Addr)
	}
	if filled && len(read) > 1 {
		what += fmt.Sprintf(", the gaps filled with %02X", fill)
	}
	fmt.Fprintln(w, what)
	if format == dump.KIM {
		id := byte(dump.DefaultTapeID)
		if out.HasID {
			id = out.ID
		}
		fmt.Fprintf(w, "tape ID %02X\n", id)
	}
	if d.HasStart {
		kept := ""
		if format != dump.SRecord {
			kept = " (not written: only an S-record output keeps it)"
		}
		fmt.Fprintf(w, "start address %04X%s\n", d.Start, kept)
	}
}

// parseByteFlag reads a byte option's hex value ("" is none).
func parseByteFlag(name, s string) (byte, error) {
	if s == "" {
		return 0, nil
	}
	t := strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(s, "$"), "0x"), "0X")
	v, err := strconv.ParseUint(t, 16, 8)
	if err != nil || t == "" {
		return 0, fmt.Errorf("%s %s: want a byte in hex, e.g. FF", name, quote(s))
	}
	return byte(v), nil
}
