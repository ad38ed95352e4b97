package main

import (
	"flag"
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

var cmdDisasm = &Command{
	Name:      "disasm",
	UsageLine: "mchess disasm [options] FILE@ADDR",
	Short:     "disassemble a binary image, with the build's symbol names",
	Long: `Disassembles a raw binary loaded at ADDR (hex), e.g.
  mchess disasm --from 0100 --to 01AE build/microchess-c0.bin@0000
Undocumented opcodes are shown as ??? with their byte.

With --dialect 1977, writes source in the 1977 dialect that mchess asm reassembles
to the same bytes, from any dump verify --against reads (FILE@ADDR, .ptp, .hex, .srec,
.kim, .wav): code followed from 0000, the monitor's NMI and IRQ vectors, --entry
addresses and the labelled code of the build the bytes match; what is not reached as
.BYTE data. Names from --sym, else from that build, else made up (L0203 for code,
T0300 for data). See docs/export.md.`,
	New: func() options { return new(disasmOptions) },
}

type disasmOptions struct {
	symFile, from, to, dialect string
	entries                    stringList
	outFile                    string
}

func (o *disasmOptions) flags(fs *flag.FlagSet) {
	fs.StringVar(&o.symFile, "sym", "", "symbol `FILE` (a .sym from mchess asm) for names (default: build/microchess.sym when it exists)")
	fs.StringVar(&o.from, "from", "", "first address to disassemble (hex; default: the image start)")
	fs.StringVar(&o.to, "to", "", "last address to disassemble (hex; default: the image end)")
	fs.StringVar(&o.dialect, "dialect", "", "write source in a `dialect` mchess asm reads: 1977")
	fs.Var(&o.entries, "entry", "with --dialect: an `address` (hex) where code starts; repeatable")
	fs.StringVar(&o.outFile, "o", "", "with --dialect: write the source to `FILE` instead of standard output")
}

func (o *disasmOptions) run(e *env, args []string) error {
	if len(args) != 1 {
		return e.usage("want one FILE@ADDR, %s", given(args))
	}
	if o.dialect != "" {
		if o.from != "" || o.to != "" {
			return failf(2, "mchess disasm: --dialect writes the whole dump: it takes no --from or --to")
		}
		return disasmSource(o.dialect, args[0], o.symFile, o.entries, o.outFile, e.stdout)
	}
	if len(o.entries) > 0 || o.outFile != "" {
		return failf(2, "mchess disasm: --entry and -o go with --dialect 1977")
	}
	data, start, lo, hi, err := o.image(args[0])
	if err != nil {
		return err
	}
	var sym isa.Symbolizer
	name := o.symFile
	if name == "" {
		if _, err := os.Stat(defaultSym); err == nil {
			name = defaultSym
		}
	}
	var names *asm.Names
	if name != "" {
		syms, err := readSymFile(name)
		if err != nil {
			return err
		}
		names = asm.NewNames(syms)
		sym = names.Name
	}
	printDisassembly(e.stdout, data, start, lo, hi, sym, names)
	return nil
}

// image reads the raw binary FILE@ADDR names, and the range of addresses
// --from and --to choose in it.
func (o *disasmOptions) image(spec string) (data []byte, start uint16, lo, hi int, err error) {
	file, start, err := parseLoad(spec)
	if err != nil {
		return nil, 0, 0, 0, failf(2, "mchess disasm: %v", err)
	}
	data, err = bounded.ReadFile(file, dump.ImageLimit)
	if err != nil {
		return nil, 0, 0, 0, failf(1, "mchess disasm: %v", fileError(err))
	}
	if len(data) == 0 || int(start)+len(data) > 0x10000 {
		return nil, 0, 0, 0, failf(1, "mchess disasm: %s (%d bytes) does not fit at %04X", quote(file), len(data), start)
	}
	lo, hi = int(start), int(start)+len(data)-1
	for _, r := range []struct {
		text string
		dst  *int
	}{{o.from, &lo}, {o.to, &hi}} {
		if r.text == "" {
			continue
		}
		v, err := parseHex16(r.text)
		if err != nil || int(v) < int(start) || int(v) >= int(start)+len(data) {
			return nil, 0, 0, 0, failf(2, "mchess disasm: address %q is not inside the image (%04X–%04X)", r.text, start, int(start)+len(data)-1)
		}
		*r.dst = int(v)
	}
	if lo > hi {
		return nil, 0, 0, 0, failf(2, "mchess disasm: --from %04X is past --to %04X", lo, hi)
	}
	return data, start, lo, hi, nil
}

// printDisassembly prints lo to hi of the image at start, a line for each
// instruction.
func printDisassembly(w io.Writer, data []byte, start uint16, lo, hi int, sym isa.Symbolizer, names *asm.Names) {
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
		fmt.Fprintf(w, "%04X  %-9s %-8s %s\n", pc, strings.Join(hexb, " "), label, text)
		pc += n
	}
}

// readSymFile reads a symbol table.
func readSymFile(name string) ([]asm.FileSymbol, error) {
	f, err := bounded.Open(name, asm.SymbolsLimit)
	if err != nil {
		return nil, failf(1, "mchess disasm: %v", fileError(err))
	}
	syms, err := asm.ReadSymbols(name, f)
	f.Close()
	if err != nil {
		return nil, exitError{1, err}
	}
	return append([]asm.FileSymbol{}, syms...), nil
}

// disasmSource is mchess disasm --dialect 1977.
func disasmSource(dialect, dumpName, symFile string, entries []string, outFile string, stdout io.Writer) error {
	if dialect != "1977" {
		return failf(2, "mchess disasm: --dialect %q: want 1977", dialect)
	}
	opt := disasm.Options{}
	for _, e := range entries {
		a, err := parseHex16(e)
		if err != nil {
			return failf(2, "mchess disasm: --entry %q: want a hex address", e)
		}
		opt.Entries = append(opt.Entries, a)
	}
	d, err := readDump(dumpName)
	if err != nil {
		return dumpError("mchess disasm", err)
	}
	names := "made up"
	if symFile != "" {
		syms, err := readSymFile(symFile)
		if err != nil {
			return err
		}
		opt.Names, names = syms, symFile
	} else {
		all, err := builds.All()
		if err != nil {
			return failf(1, "mchess disasm: %v", fileError(err))
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
		return failf(1, "mchess disasm: %v", err)
	}
	if outFile == "" {
		io.WriteString(stdout, text)
		return nil
	}
	if err := atomicfile.Write(outFile, []byte(text)); err != nil {
		return failf(1, "mchess disasm: %v", err)
	}
	return nil
}
