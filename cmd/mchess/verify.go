package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/ref"
	"github.com/kim1-archive/microchess/verify"
)

func init() {
	register("verify", "prove assembled MicroChess byte by byte against the 1977 hex listing", verifyMain)
}

func verifyMain(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mchess verify", stderr,
		"usage: mchess verify [--json] [--residue FILE]... [--ram NAME=SSSS-EEEE]... [FILE...]",
		"       mchess verify --against DUMP [--json]",
		"\nAssembles and links the files (default: src/microchess.asm with residue",
		"src/residue.asm, from the current directory or else the copies built into mchess)",
		"and compares every byte with the published 1977 hex listing (0000–03FF and",
		"1780–17E5). Each differing byte is named with the source line that emitted it; a",
		"byte of the listing that no source defines fails too. Images in expansion RAM are",
		"reported as new code. Exit status 1 unless every byte of the listing is proven.",
		"",
		"With --against, compares a dump of your own copy with every build: the 1977",
		"program (with the published residue, and without), Stone's 1980 upgrade with its",
		"White and its Black list, and, for a dump of 00C0–00DB alone, the ten opening",
		"blocks of src/openings, all from the sources built into mchess, whatever the",
		"working directory holds. DUMP is any file mchess convert reads (.bin@ADDR, .ptp,",
		".hex, .srec, .kim) or a .wav cassette recording (its good records; bad ones are",
		"named and skipped). Names the closest build and every byte that differs from it",
		"with its source line and symbol; bytes no source defines (board, variables, stack,",
		"unused) are shown apart and never counted. Exit status 0 when the dump is one of",
		"the builds in every source-defined byte it holds, 1 when it differs or cannot be",
		"read. See docs/verify-against.md.",
		"",
		"With --as-source, prints the source that reproduces the dump as a unified diff",
		"against "+microchess.ProgramSource+": each statement whose bytes the dump holds",
		"otherwise rewritten (a new operand keeps its mnemonic and comment; a new opcode",
		"becomes its instruction; bytes no instruction explains become .BYTE data); -o FILE",
		"writes the whole source. Exit status 0 when the source is written. See docs/export.md.",
		"",
		"With --extension (and the --ram it needs), proves the program as above, then lays",
		"the extension over it and lists every byte of the original it changes, with the",
		"original's source line and its own, and where its own bytes lie, e.g.",
		"  mchess verify --ram x=0400-07FF --extension "+microchess.TeletypeSource,
		"",
		"With --variant SOURCE, proves the program as above, then builds SOURCE (a whole",
		"source of its own, e.g. "+microchess.TunedSource+") and lists every byte it changes",
		"with the original's source line and its own; exit 1 when a change is not declared in",
		"the original's declarations of tunable bytes (src/microchess.tune, docs/tuning.md).")
	var residue stringList
	var ram ramList
	fs.Var(&residue, "residue", "residue data `file`: its bytes fill what the program leaves undefined and are reported as residue, not program; repeatable")
	fs.Var(&ram, "ram", ramUsage)
	asJSON := fs.Bool("json", false, "print a machine-readable report")
	var patches stringList
	fs.Var(&patches, "patch", "verify a patch `file` over the program instead (Stone's 1980 upgrade: its code and an opening list); repeatable")
	var extensions stringList
	fs.Var(&extensions, "extension", "also lay an extension `file` over the program (e.g. "+microchess.TeletypeSource+", with its --ram) and report every byte of the original it changes and where its own code lies; repeatable")
	side := fs.String("side", "white", "with --patch: which printed Table 1 column the opening list is checked against, `white` or black")
	printed := fs.Bool("printed", true, "also cross-check the 1977 listing's own byte column and symbol table against the first source (informational: the hex listing is the authority)")
	variant := fs.String("variant", "", "also build a variant `SOURCE` of the program (the tuned one, say) with the same residue and list every byte it changes with both source lines; exit 1 if one is not declared in the program's .tune")
	against := fs.String("against", "", "compare a `DUMP` of a copy (FILE@ADDR, .ptp, .hex, .srec, .kim or .wav) with every build the toolchain makes, and say which it is")
	asSource := fs.Bool("as-source", false, "with --against: print the dump as a change of "+microchess.ProgramSource+", a unified diff of the source that reproduces it")
	sourceOut := fs.String("o", "", "with --as-source: also write the whole source to `FILE`")
	files, err := parse(fs, args)
	if err != nil {
		return flagExit(err)
	}
	var others []string
	againstSet := false
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "against":
			againstSet = true
		case "json", "as-source", "o":
		default:
			others = append(others, "--"+f.Name)
		}
	})
	if againstSet {
		if *against == "" {
			fmt.Fprintln(stderr, "mchess verify: --against needs a DUMP file")
			return 2
		}
		if len(files) > 0 || len(others) > 0 {
			fmt.Fprintf(stderr, "mchess verify: --against compares with the toolchain's own builds: it takes no %s\n", strings.Join(append(others, files...), " "))
			return 2
		}
		if *asSource {
			if *asJSON {
				fmt.Fprintln(stderr, "mchess verify: --as-source prints a diff: it takes no --json")
				return 2
			}
			return verifyAsSource(*against, *sourceOut, stdout, stderr)
		}
		if *sourceOut != "" {
			fmt.Fprintln(stderr, "mchess verify: -o goes with --as-source")
			return 2
		}
		return verifyAgainst(*against, *asJSON, stdout, stderr)
	}
	if *asSource || *sourceOut != "" {
		fmt.Fprintln(stderr, "mchess verify: --as-source and -o go with --against DUMP")
		return 2
	}
	if len(files) == 0 {
		files = []string{microchess.ProgramSource}
		if len(residue) == 0 {
			residue = stringList{microchess.ResidueSource}
		}
	}
	if len(patches) > 0 && len(extensions) > 0 {
		fmt.Fprintln(stderr, "mchess verify: --patch checks Stone's article, --extension a program of our own: one at a time")
		return 2
	}
	if len(patches) > 0 {
		return verifyPatch(files, residue, ram, patches, *side, *asJSON, stdout, stderr)
	}
	p, err := build(files, residue, ram)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	opt := verify.Options{Residue: map[string]bool{}, Landmarks: verify.Landmarks1977()}
	for _, r := range residue {
		opt.Residue[r] = true
	}
	reports := verify.Compare([]*asm.Program{p.Code, p.Residue}, p.Images, memmap.Published(), opt)
	ok := true
	for i := range reports {
		ok = ok && reports[i].OK()
	}
	var ext *verify.ExtensionReport
	if len(extensions) > 0 {
		patched, err := p.Overlay(extensions...)
		if err != nil {
			fmt.Fprintln(stderr, fileError(err))
			return 1
		}
		r := verify.CompareExtension(p.Code, p.Images, patched.Images, patched.Changes)
		ext = &r
	}
	var vr *variantReport
	if *variant != "" {
		if vr, err = compareVariant(p, files[0], *variant, residue, ram); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		ok = ok && len(vr.Undeclared) == 0
	}
	listing, symbols := []verify.Disagreement{}, []verify.SymbolDisagreement{}
	if *printed {
		listing = verify.CheckListing(p.Code, files[0], ref.ListingBytes1977())
		symbols = verify.CheckSymbols(p.Code, files[0], ref.SymbolTable1977())
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(struct {
			OK        bool                        `json:"ok"`
			Images    []verify.ImageReport        `json:"images"`
			Listing   []verify.Disagreement       `json:"printed_listing_disagreements"`
			Symbols   []verify.SymbolDisagreement `json:"printed_symbol_table_disagreements"`
			Extension *verify.ExtensionReport     `json:"extension,omitempty"`
			Variant   *variantReport              `json:"variant,omitempty"`
		}{ok, reports, listing, symbols, ext, vr}); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
	} else {
		verify.WriteText(stdout, reports)
		if *printed {
			verify.WritePrinted(stdout, listing, symbols)
		}
		if ext != nil {
			verify.WriteExtensionText(stdout, strings.Join(extensions, ", "), *ext)
		}
		if vr != nil && !vr.write(stdout) {
			fmt.Fprintln(stdout, "FAIL: the variant changes bytes its original does not declare tunable")
		} else if ok {
			fmt.Fprintln(stdout, "OK: every source-defined byte equals the 1977 hex listing")
		} else {
			fmt.Fprintln(stdout, "FAIL: the source does not reproduce the 1977 hex listing (see the MISMATCH and UNDEFINED lines)")
		}
	}
	if !ok {
		return 1
	}
	return 0
}

// verifyPatch proves a patch's bytes against the article's printed listing
// and Table 1, listing the reconstructed bytes apart.
func verifyPatch(base, residue, ram, patches []string, side string, asJSON bool, stdout, stderr io.Writer) int {
	if side != "white" && side != "black" {
		fmt.Fprintf(stderr, "mchess verify: --side %q: want white or black\n", side)
		return 2
	}
	p, err := build(base, residue, ram)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	patched, err := p.Overlay(patches...)
	if err != nil {
		fmt.Fprintln(stderr, fileError(err))
		return 1
	}
	printed := ref.Stone1980Listing()
	for addr, b := range ref.Stone1980Table1(side == "white") {
		printed[addr] = b
	}
	rep := verify.ComparePatch(patched.Images, patched.Changes, printed)
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(struct {
			OK    bool               `json:"ok"`
			Side  string             `json:"side"`
			Patch verify.PatchReport `json:"patch"`
		}{rep.OK(), side, rep}); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
	} else {
		verify.WritePatchText(stdout, rep)
		if rep.OK() {
			fmt.Fprintln(stdout, "OK: every byte the article prints is reproduced; the rest are marked reconstructions")
		} else {
			fmt.Fprintln(stdout, "FAIL: the patch differs from the article (see the lines above)")
		}
	}
	if !rep.OK() {
		return 1
	}
	return 0
}
