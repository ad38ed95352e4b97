package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/kim1-archive/microchess/ref"
	"github.com/kim1-archive/microchess/verify"
)

func init() {
	register("verify", "prove assembled MicroChess byte by byte against the 1977 hex listing", verifyMain)
}

func verifyMain(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mchess verify", stderr,
		"usage: mchess verify [--json] [--residue FILE]... [FILE...]",
		"\nAssembles and links the files (default: src/microchess.asm with residue",
		"src/residue.asm) and compares every byte with the published 1977 hex listing",
		"(0000–03FF and 1780–17E5). Each differing byte is named with the source line that",
		"emitted it. Exit status 1 on any mismatch.")
	var residue stringList
	fs.Var(&residue, "residue", "residue data `file`: its bytes are reported as residue, not program; repeatable")
	asJSON := fs.Bool("json", false, "print a machine-readable report")
	var patches stringList
	fs.Var(&patches, "patch", "verify a patch `file` over the program instead (Stone's 1980 upgrade: its code and an opening list); repeatable")
	side := fs.String("side", "white", "with --patch: which printed Table 1 column the opening list is checked against, `white` or black")
	printed := fs.Bool("printed", true, "also cross-check the 1977 listing's own byte column and symbol table against the first source (informational: the hex listing is the authority)")
	if err := fs.Parse(args); err != nil {
		return flagExit(err)
	}
	files := fs.Args()
	if len(patches) > 0 {
		return verifyPatch(files, residue, patches, *side, *asJSON, stdout, stderr)
	}
	if len(files) == 0 {
		files = []string{"src/microchess.asm"}
		if len(residue) == 0 {
			residue = stringList{"src/residue.asm"}
		}
	}
	p, images, err := assembleAndLink(files, residue, nil)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	opt := verify.Options{Residue: map[string]bool{}}
	for _, r := range residue {
		opt.Residue[r] = true
	}
	reports := verify.Compare(p, images, ref.MicroChess1977(), opt)
	ok := true
	for i := range reports {
		ok = ok && reports[i].OK()
	}
	listing, symbols := []verify.Disagreement{}, []verify.SymbolDisagreement{}
	if *printed {
		listing = verify.CheckListing(p, files[0], ref.ListingBytes1977())
		symbols = verify.CheckSymbols(p, files[0], ref.SymbolTable1977())
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(struct {
			OK      bool                        `json:"ok"`
			Images  []verify.ImageReport        `json:"images"`
			Listing []verify.Disagreement       `json:"printed_listing_disagreements"`
			Symbols []verify.SymbolDisagreement `json:"printed_symbol_table_disagreements"`
		}{ok, reports, listing, symbols}); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
	} else {
		verify.WriteText(stdout, reports)
		if *printed {
			verify.WritePrinted(stdout, listing, symbols)
		}
		if ok {
			fmt.Fprintln(stdout, "OK: every source-defined byte equals the 1977 hex listing")
		} else {
			fmt.Fprintln(stdout, "FAIL: bytes differ from the 1977 hex listing (see MISMATCH lines)")
		}
	}
	if !ok {
		return 1
	}
	return 0
}

// verifyPatch proves a patch's bytes against the article's printed listing
// and Table 1, listing the reconstructed bytes apart.
func verifyPatch(base, residue, patches []string, side string, asJSON bool, stdout, stderr io.Writer) int {
	if side != "white" && side != "black" {
		fmt.Fprintf(stderr, "mchess verify: --side %q: want white or black\n", side)
		return 2
	}
	if len(base) == 0 {
		base = []string{"src/microchess.asm"}
		if len(residue) == 0 {
			residue = []string{"src/residue.asm"}
		}
	}
	patched, changes, _, err := buildPatched(base, residue, patches)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	printed := ref.Stone1980Listing()
	for addr, b := range ref.Stone1980Table1(side == "white") {
		printed[addr] = b
	}
	rep := verify.ComparePatch(patched, changes, printed)
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
