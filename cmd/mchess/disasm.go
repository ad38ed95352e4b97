package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/disasm"
	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/internal/atomicfile"
	"github.com/kim1-archive/microchess/internal/bounded"
	"github.com/kim1-archive/microchess/isa"
)

// defaultSym is where make leaves MicroChess's symbol table.
const defaultSym = "build/microchess.sym"

func init() {
	register("disasm", "disassemble a binary image, with the build's symbol names", disasmMain)
}

func disasmMain(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mchess disasm", stderr,
		"usage: mchess disasm [options] FILE@ADDR",
		"\nDisassembles a raw binary loaded at ADDR (hex), e.g.",
		"  mchess disasm --from 0100 --to 01AE build/microchess-c0.bin@0000",
		"Undocumented opcodes are shown as ??? with their byte.",
		"",
		"With --dialect 1977, writes source in the 1977 dialect that mchess asm reassembles",
		"to the same bytes, from any dump verify --against reads (FILE@ADDR, .ptp, .hex, .srec,",
		".kim, .wav): code followed from 0000, the monitor's NMI and IRQ vectors, --entry",
		"addresses and the labelled code of the build the bytes match; what is not reached as",
		".BYTE data. Names from --sym, else from that build, else made up (L0203 for code,",
		"T0300 for data). See docs/export.md.")
	symFile := fs.String("sym", "", "symbol `FILE` (a .sym from mchess asm) for names (default: build/microchess.sym when it exists)")
	from := fs.String("from", "", "first address to disassemble (hex; default: the image start)")
	to := fs.String("to", "", "last address to disassemble (hex; default: the image end)")
	dialect := fs.String("dialect", "", "write source in a `dialect` mchess asm reads: 1977")
	var entries stringList
	fs.Var(&entries, "entry", "with --dialect: an `address` (hex) where code starts; repeatable")
	outFile := fs.String("o", "", "with --dialect: write the source to `FILE` instead of standard output")
	rest, err := parse(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(rest) != 1 {
		fs.Usage()
		return 2
	}
	if *dialect != "" {
		if *from != "" || *to != "" {
			fmt.Fprintln(stderr, "mchess disasm: --dialect writes the whole dump: it takes no --from or --to")
			return 2
		}
		return disasmSource(*dialect, rest[0], *symFile, entries, *outFile, stdout, stderr)
	}
	if len(entries) > 0 || *outFile != "" {
		fmt.Fprintln(stderr, "mchess disasm: --entry and -o go with --dialect 1977")
		return 2
	}
	file, start, err := parseLoad(rest[0])
	if err != nil {
		fmt.Fprintln(stderr, "mchess disasm:", err)
		return 2
	}
	data, err := bounded.ReadFile(file, dump.ImageLimit)
	if err != nil {
		fmt.Fprintln(stderr, "mchess disasm:", fileError(err))
		return 1
	}
	if len(data) == 0 || int(start)+len(data) > 0x10000 {
		fmt.Fprintf(stderr, "mchess disasm: %s (%d bytes) does not fit at %04X\n", quote(file), len(data), start)
		return 1
	}
	lo, hi := int(start), int(start)+len(data)-1
	for _, r := range []struct {
		text string
		dst  *int
	}{{*from, &lo}, {*to, &hi}} {
		if r.text == "" {
			continue
		}
		v, err := parseHex16(r.text)
		if err != nil || int(v) < int(start) || int(v) >= int(start)+len(data) {
			fmt.Fprintf(stderr, "mchess disasm: address %q is not inside the image (%04X–%04X)\n", r.text, start, int(start)+len(data)-1)
			return 2
		}
		*r.dst = int(v)
	}
	if lo > hi {
		fmt.Fprintf(stderr, "mchess disasm: --from %04X is past --to %04X\n", lo, hi)
		return 2
	}
	var sym isa.Symbolizer
	name := *symFile
	if name == "" {
		if _, err := os.Stat(defaultSym); err == nil {
			name = defaultSym
		}
	}
	var names *asm.Names
	if name != "" {
		syms, status := readSymFile(name, stderr)
		if syms == nil {
			return status
		}
		names = asm.NewNames(syms)
		sym = names.Name
	}
	for pc := lo; pc <= hi; {
		code := data[pc-int(start):]
		text, n := isa.Disassemble(code, uint16(pc), sym)
		label := ""
		if names != nil {
			label = names.Label(uint16(pc))
		}
		var hexb []string
		for _, b := range code[:n] {
			hexb = append(hexb, fmt.Sprintf("%02X", b))
		}
		fmt.Fprintf(stdout, "%04X  %-9s %-8s %s\n", pc, strings.Join(hexb, " "), label, text)
		pc += n
	}
	return 0
}

// readSymFile reads a symbol table; status is what to exit with when it
// cannot (the message printed).
func readSymFile(name string, stderr io.Writer) ([]asm.FileSymbol, int) {
	f, err := bounded.Open(name, asm.SymbolsLimit)
	if err != nil {
		fmt.Fprintln(stderr, "mchess disasm:", fileError(err))
		return nil, 1
	}
	syms, err := asm.ReadSymbols(name, f)
	f.Close()
	if err != nil {
		fmt.Fprintln(stderr, err)
		return nil, 1
	}
	return append([]asm.FileSymbol{}, syms...), 0
}

// disasmSource is mchess disasm --dialect 1977.
func disasmSource(dialect, dumpName, symFile string, entries []string, outFile string, stdout, stderr io.Writer) int {
	if dialect != "1977" {
		fmt.Fprintf(stderr, "mchess disasm: --dialect %q: want 1977\n", dialect)
		return 2
	}
	opt := disasm.Options{}
	for _, e := range entries {
		a, err := parseHex16(e)
		if err != nil {
			fmt.Fprintf(stderr, "mchess disasm: --entry %q: want a hex address\n", e)
			return 2
		}
		opt.Entries = append(opt.Entries, a)
	}
	d, err := readDump(dumpName)
	if err != nil {
		printDumpError(stderr, "mchess disasm", err)
		return exitFor(err)
	}
	names := "made up"
	if symFile != "" {
		syms, status := readSymFile(symFile, stderr)
		if syms == nil {
			return status
		}
		opt.Names, names = syms, symFile
	} else {
		all, err := builds.All()
		if err != nil {
			fmt.Fprintln(stderr, "mchess disasm:", fileError(err))
			return 1
		}
		if b, ok := builds.Match(all, d.segs); ok {
			opt.Names, names = b.Symbols(), b.Name
			opt.Entries = append(opt.Entries, b.CodeLabels()...)
		}
	}
	opt.Header = []string{
		"DISASSEMBLED BY MCHESS DISASM --DIALECT 1977 FROM " + d.File,
		"(" + d.Format + "); NAMES: " + names,
	}
	text, err := disasm.Source1977(d.segs, opt)
	if err != nil {
		fmt.Fprintln(stderr, "mchess disasm:", err)
		return 1
	}
	if outFile == "" {
		io.WriteString(stdout, text)
		return 0
	}
	if err := atomicfile.Write(outFile, []byte(text)); err != nil {
		fmt.Fprintln(stderr, "mchess disasm:", err)
		return 1
	}
	return 0
}
