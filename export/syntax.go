package export

import (
	"fmt"
	"strings"

	"github.com/kim1-archive/microchess/linker"
)

// syntax is what differs between the assemblers.
type syntax struct {
	name        string
	ext         string
	prologue    []string
	bytes, fill string // data and fill directives
	accumulator string // after LSR etc.
	label       func(name string) string
	// force spells a mnemonic whose operand must be zero page (zp) or
	// absolute: the mnemonic and a prefix for the operand.
	force    func(mnemonic string, zp bool) (string, string)
	segStart func(im *linker.Image) []string
	segEnd   func(im *linker.Image) []string
	howto    func(base string, images []*linker.Image) []string
}

var syntaxes = map[Target]*syntax{
	CA65: {
		name: "ca65", ext: ".s", prologue: []string{`.setcpu "6502"`},
		bytes: ".byte", fill: ".res", accumulator: " a",
		label: func(n string) string { return n + ":" },
		force: func(m string, zp bool) (string, string) {
			if zp {
				return m, "z:"
			}
			return m, "a:"
		},
		segStart: func(im *linker.Image) []string { return []string{fmt.Sprintf(".segment %q", segment(im))} },
		segEnd:   func(*linker.Image) []string { return nil },
		howto: func(base string, images []*linker.Image) []string {
			return []string{
				"build: ca65 " + base + ".s && ld65 -C " + base + ".cfg -o " + base + " " + base + ".o",
				"(ld65 writes " + imageFiles(base, images) + ": " + base + ".cfg places each segment at its address)",
			}
		},
	},
	Tass64: {
		name: "64tass", ext: ".asm", prologue: []string{`.cpu "6502"`},
		bytes: ".byte", fill: ".fill", accumulator: " a",
		label: func(n string) string { return n },
		force: func(m string, zp bool) (string, string) {
			if zp {
				return m, "@b "
			}
			return m, "@w "
		},
		segStart: func(im *linker.Image) []string {
			return []string{fmt.Sprintf("* = $%04X", im.Start), ".dsection " + im.Name, ".section " + im.Name}
		},
		segEnd: func(im *linker.Image) []string { return []string{".send " + im.Name} },
		howto: func(base string, images []*linker.Image) []string {
			cmd := "build: 64tass -q -b"
			for _, im := range images {
				cmd += " --output-section " + im.Name + " -o " + ImageFile(base, im)
			}
			return []string{cmd + " " + base + ".asm"}
		},
	},
	ACME: {
		name: "acme", ext: ".a", prologue: []string{"!cpu 6502"},
		bytes: "!byte", fill: "!fill", accumulator: "",
		label: func(n string) string { return n },
		force: func(m string, zp bool) (string, string) {
			if zp {
				return m + "+1", ""
			}
			return m + "+2", ""
		},
		segStart: func(im *linker.Image) []string { return []string{fmt.Sprintf("* = $%04X", im.Start)} },
		segEnd:   func(*linker.Image) []string { return nil },
		howto: func(base string, images []*linker.Image) []string {
			lo, hi := images[0].Start, images[len(images)-1].End()
			return []string{
				"build: acme -f plain -o " + base + ".bin " + base + ".a",
				fmt.Sprintf("(one file from %04X to %04X: an image at address A is at offset A-%04X, 00 between)", lo, hi, lo),
			}
		},
	},
}

func segment(im *linker.Image) string { return strings.ToUpper(im.Name) }

func imageFiles(base string, images []*linker.Image) string {
	var out []string
	for _, im := range images {
		out = append(out, ImageFile(base, im))
	}
	return strings.Join(out, ", ")
}

// ld65Config is the KIM-1 map for ld65: one memory area per image, its
// size the image's, written to the image's own file.
func ld65Config(images []*linker.Image, base string) string {
	var w strings.Builder
	w.WriteString("# The KIM-1 memory map of this build for ld65: one area per image\n")
	w.WriteString("# (C0: the KIM-1's RAM 0000-03FF; C1: the 6530 RAM 1780-17E6 below the\n")
	w.WriteString("# monitor's workspace; X: expansion RAM), each written to its own file.\n")
	w.WriteString("MEMORY {\n")
	for _, im := range images {
		fmt.Fprintf(&w, "    %s: start = $%04X, size = $%04X, file = %q;\n", segment(im), im.Start, len(im.Bytes), ImageFile(base, im))
	}
	w.WriteString("}\nSEGMENTS {\n")
	for _, im := range images {
		fmt.Fprintf(&w, "    %s: load = %s, type = rw;\n", segment(im), segment(im))
	}
	w.WriteString("}\n")
	return w.String()
}
