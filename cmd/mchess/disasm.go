package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/dump"
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
		"Undocumented opcodes are shown as ??? with their byte.")
	symFile := fs.String("sym", "", "symbol `FILE` (a .sym from mchess asm) for names (default: build/microchess.sym when it exists)")
	from := fs.String("from", "", "first address to disassemble (hex; default: the image start)")
	to := fs.String("to", "", "last address to disassemble (hex; default: the image end)")
	rest, err := parse(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(rest) != 1 {
		fs.Usage()
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
		f, err := bounded.Open(name, asm.SymbolsLimit)
		if err != nil {
			fmt.Fprintln(stderr, "mchess disasm:", fileError(err))
			return 1
		}
		syms, err := asm.ReadSymbols(name, f)
		f.Close()
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
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
