package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/kim1-archive/microchess/isa"
)

func init() {
	register("disasm", "disassemble a binary image, with the build's symbol names", disasmMain)
}

func disasmMain(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mchess disasm", stderr,
		"usage: mchess disasm [options] FILE@ADDR",
		"\nDisassembles a raw binary loaded at ADDR (hex), e.g.",
		"  mchess disasm --from 0100 --to 01AE build/microchess-c0.bin@0000",
		"Undocumented opcodes are shown as ??? with their byte.")
	symFile := fs.String("sym", "", "symbol `FILE` for names (default build/microchess.sym when it exists)")
	from := fs.String("from", "", "first address to disassemble (hex; default: the image start)")
	to := fs.String("to", "", "last address to disassemble (hex; default: the image end)")
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	file, addrText, ok := strings.Cut(fs.Arg(0), "@")
	start, err := strconv.ParseUint(addrText, 16, 16)
	if !ok || err != nil {
		fmt.Fprintf(stderr, "mchess disasm: %q: want FILE@ADDR with a hex address\n", fs.Arg(0))
		return 2
	}
	data, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if len(data) == 0 || int(start)+len(data) > 0x10000 {
		fmt.Fprintf(stderr, "mchess disasm: %s (%d bytes) does not fit at %04X\n", file, len(data), start)
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
		v, err := strconv.ParseUint(r.text, 16, 16)
		if err != nil || int(v) < int(start) || int(v) >= int(start)+len(data) {
			fmt.Fprintf(stderr, "mchess disasm: address %q is not inside the image (%04X–%04X)\n", r.text, start, int(start)+len(data)-1)
			return 2
		}
		*r.dst = int(v)
	}
	var sym isa.Symbolizer
	name := *symFile
	if name == "" {
		if _, err := os.Stat("build/microchess.sym"); err == nil {
			name = "build/microchess.sym"
		}
	}
	var syms *symbols
	if name != "" {
		if syms, err = readSymbols(name); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		sym = syms.name
	}
	for pc := lo; pc <= hi; {
		code := data[pc-int(start):]
		text, n := isa.Disassemble(code, uint16(pc), sym)
		label := ""
		if syms != nil {
			label = syms.abs[uint16(pc)]
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
