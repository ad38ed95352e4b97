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

func init() {
	register("convert", "convert a program dump between raw binary, paper tape, Intel HEX, S-records and MAME .kim", convertMain)
}

func convertMain(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mchess convert", stderr,
		"usage: mchess convert [options] IN OUT",
		"\nConverts a program dump between the formats KIM-1 software is traded in, each",
		"told by its file's extension:",
		"  .bin .raw         raw binary: its load address is given as IN@ADDR",
		"  .ptp .pap         MOS Technology paper tape (the KIM-1 monitor's L and Q)",
		"  .hex .ihx         Intel HEX",
		"  .srec .s19 .mot   Motorola S-records",
		"  .kim              MAME's KIM-1 cassette image",
		"An input with another extension is told by its content. Every checksum is",
		"checked, and OUT is written only if all is well. Prints each range of",
		"addresses the dump holds. A raw binary or a .kim holds one range: --fill",
		"joins several into one. See docs/dumps.md.")
	fill := fs.String("fill", "", "join the ranges into one, filling the gaps with this `byte` (hex), as a raw or .kim output of several ranges needs")
	recordBytes := fs.Int("record-bytes", 16, "data `bytes` a record of an Intel HEX or S-record output: 16 or 32")
	id := fs.String("id", "", "tape `ID` (hex) of a .kim output (default: the input's, else 01)")
	quiet := fs.Bool("q", false, "print nothing on success")
	rest, err := parse(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(rest) != 2 {
		fs.Usage()
		return 2
	}
	in, out := rest[0], rest[1]
	usage := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "mchess convert: "+format+"\n", args...)
		return 2
	}
	outFormat, ok := dump.FormatOf(out)
	if _, _, hasAddr, _ := dump.SplitName(out); hasAddr {
		return usage("%s: an output takes no @ADDR: a raw binary does not hold its address", quote(out))
	}
	if !ok {
		return usage("%s: the extension names no format: want one of %s", quote(out), dump.Extensions)
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if set["record-bytes"] && outFormat != dump.IntelHex && outFormat != dump.SRecord {
		return usage("--record-bytes is for an Intel HEX or S-record output, not %s", dump.Describe(outFormat))
	}
	if *recordBytes != 16 && *recordBytes != 32 {
		return usage("--record-bytes %d: want 16 or 32", *recordBytes)
	}
	if *id != "" && outFormat != dump.KIM {
		return usage("--id is for a .kim output, not %s", dump.Describe(outFormat))
	}
	fillByte, err := parseByteFlag("--fill", *fill)
	if err != nil {
		return usage("%v", err)
	}
	idByte, err := parseByteFlag("--id", *id)
	if err != nil {
		return usage("%v", err)
	}

	path, _, _, err := dump.SplitName(in)
	if err != nil {
		return usage("%v", err)
	}
	data, err := bounded.ReadFile(path, dump.FileLimit)
	if err != nil {
		fmt.Fprintln(stderr, "mchess convert:", fileError(err))
		return 1
	}
	d, err := dump.ReadDump(in, data)
	var nameErr *dump.NameError
	switch {
	case errors.As(err, &nameErr):
		return usage("%v", err)
	case err != nil:
		fmt.Fprintln(stderr, err) // positions and all, as the assembler's errors
		return 1
	case len(d.Segments) == 0:
		fmt.Fprintf(stderr, "mchess convert: %s holds no data: nothing to convert\n", quote(path))
		return 1
	}
	read := d.Segments
	w := *d
	if *fill != "" {
		if w.Segments, err = dump.Fill(d.Segments, fillByte); err != nil {
			fmt.Fprintln(stderr, "mchess convert:", err)
			return 1
		}
	}
	if *id != "" {
		w.ID, w.HasID = idByte, true
	}
	b, err := dump.WriteDump(outFormat, &w, dump.Options{RecordBytes: *recordBytes})
	if err != nil {
		hint := ""
		if errors.As(err, new(*dump.GapError)) {
			hint = ": --fill XX fills the gaps with the byte XX"
		}
		fmt.Fprintf(stderr, "mchess convert: %s: %v%s\n", quote(out), err, hint)
		return 1
	}
	if err := atomicfile.Write(out, b); err != nil {
		fmt.Fprintln(stderr, "mchess convert:", err)
		return 1
	}
	if !*quiet {
		printConversion(stdout, d, read, &w, out, outFormat, *fill != "", fillByte)
	}
	return 0
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
