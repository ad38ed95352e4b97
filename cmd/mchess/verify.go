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

var cmdVerify = &Command{
	Name: "verify",
	UsageLine: `mchess verify [--json] [--residue FILE]... [--ram NAME=SSSS-EEEE]... [FILE...]
       mchess verify --against DUMP [--json]`,
	Short: "prove assembled MicroChess byte by byte against the 1977 hex listing",
	Long:  verifyHelp,
	New:   func() options { return new(verifyOptions) },
}

type verifyOptions struct {
	residue, patches, extensions stringList
	ram                          ramList
	asJSON, printed, asSource    bool
	side, variant                string
	against, sourceOut           string
}

func (o *verifyOptions) flags(fs *flag.FlagSet) {
	fs.Var(&o.residue, "residue", "residue data `file`: its bytes fill what the program leaves undefined and are reported as residue, not program; repeatable")
	fs.Var(&o.ram, "ram", ramUsage)
	fs.BoolVar(&o.asJSON, "json", false, "print a machine-readable report")
	fs.Var(&o.patches, "patch", "verify a patch `file` over the program instead (Stone's 1980 upgrade: its code and an opening list); repeatable")
	fs.Var(&o.extensions, "extension", "also lay an extension `file` over the program (e.g. "+microchess.TeletypeSource+", with its --ram) and report every byte of the original it changes and where its own code lies; repeatable")
	fs.StringVar(&o.side, "side", "white", "with --patch: which printed Table 1 column the opening list is checked against, `white` or black")
	fs.BoolVar(&o.printed, "printed", true, "also cross-check the 1977 listing's own byte column and symbol table against the first source (informational: the hex listing is the authority)")
	fs.StringVar(&o.variant, "variant", "", "also build a variant `SOURCE` of the program (the tuned one, say) with the same residue and list every byte it changes with both source lines; exit 1 if one is not declared in the program's .tune")
	fs.StringVar(&o.against, "against", "", "compare a `DUMP` of a copy (FILE@ADDR, .ptp, .hex, .srec, .kim or .wav) with every build the toolchain makes, and say which it is")
	fs.BoolVar(&o.asSource, "as-source", false, "with --against: print the dump as a change of "+microchess.ProgramSource+", a unified diff of the source that reproduces it")
	fs.StringVar(&o.sourceOut, "o", "", "with --as-source: also write the whole source to `FILE`")
}

func (o *verifyOptions) run(e *env, files []string) error {
	var others []string
	againstSet := false
	e.fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "against":
			againstSet = true
		case "json", "as-source", "o":
		default:
			others = append(others, "--"+f.Name)
		}
	})
	if againstSet {
		return o.runAgainst(e, files, others)
	}
	if o.asSource || o.sourceOut != "" {
		return failf(2, "mchess verify: --as-source and -o go with --against DUMP")
	}
	if len(files) == 0 {
		files = []string{microchess.ProgramSource}
		if len(o.residue) == 0 {
			o.residue = stringList{microchess.ResidueSource}
		}
	}
	if len(o.patches) > 0 && len(o.extensions) > 0 {
		return failf(2, "mchess verify: --patch checks Stone's article, --extension a program of our own: one at a time")
	}
	if len(o.patches) > 0 {
		return verifyPatch(files, o.residue, o.ram, o.patches, o.side, o.asJSON, e.stdout)
	}
	return o.prove(e, files)
}

// runAgainst is verify --against: the dump compared with every build, or
// (--as-source) written as source.
func (o *verifyOptions) runAgainst(e *env, files, others []string) error {
	if o.against == "" {
		return failf(2, "mchess verify: --against needs a DUMP file")
	}
	if len(files) > 0 || len(others) > 0 {
		return failf(2, "mchess verify: --against compares with the toolchain's own builds: it takes no %s", strings.Join(append(others, files...), " "))
	}
	if o.asSource {
		if o.asJSON {
			return failf(2, "mchess verify: --as-source prints a diff: it takes no --json")
		}
		return exit(verifyAsSource(o.against, o.sourceOut, e.stdout, e.stderr))
	}
	if o.sourceOut != "" {
		return failf(2, "mchess verify: -o goes with --as-source")
	}
	return exit(verifyAgainst(o.against, o.asJSON, e.stdout, e.stderr))
}

// proof is what verify finds: the program's images against the listing,
// and what the extension and the variant change.
type proof struct {
	ok      bool
	reports []verify.ImageReport
	ext     *verify.ExtensionReport
	vr      *variantReport
	listing []verify.Disagreement
	symbols []verify.SymbolDisagreement
}

// prove builds the program and proves it against the 1977 listing, with
// the extensions and the variant asked for, and prints the report.
func (o *verifyOptions) prove(e *env, files []string) error {
	p, err := build(files, o.residue, o.ram)
	if err != nil {
		return exitError{1, err}
	}
	opt := verify.Options{Residue: map[string]bool{}, Landmarks: verify.Landmarks1977()}
	for _, r := range o.residue {
		opt.Residue[r] = true
	}
	pr := &proof{ok: true}
	pr.reports = verify.Compare([]*asm.Program{p.Code, p.Residue}, p.Images, memmap.Published(), opt)
	for i := range pr.reports {
		pr.ok = pr.ok && pr.reports[i].OK()
	}
	if len(o.extensions) > 0 {
		patched, err := p.Overlay(o.extensions...)
		if err != nil {
			return exitError{1, fileError(err)}
		}
		r := verify.CompareExtension(p.Code, p.Images, patched.Images, patched.Changes)
		pr.ext = &r
	}
	if o.variant != "" {
		if pr.vr, err = compareVariant(p, files[0], o.variant, o.residue, o.ram); err != nil {
			return exitError{1, err}
		}
		pr.ok = pr.ok && len(pr.vr.Undeclared) == 0
	}
	pr.listing, pr.symbols = []verify.Disagreement{}, []verify.SymbolDisagreement{}
	if o.printed {
		pr.listing = verify.CheckListing(p.Code, files[0], ref.ListingBytes1977())
		pr.symbols = verify.CheckSymbols(p.Code, files[0], ref.SymbolTable1977())
	}
	if err := o.print(e.stdout, pr); err != nil {
		return exitError{1, err}
	}
	if !pr.ok {
		return exit(1)
	}
	return nil
}

// print prints the proof, as text or JSON.
func (o *verifyOptions) print(stdout io.Writer, pr *proof) error {
	if o.asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			OK        bool                        `json:"ok"`
			Images    []verify.ImageReport        `json:"images"`
			Listing   []verify.Disagreement       `json:"printed_listing_disagreements"`
			Symbols   []verify.SymbolDisagreement `json:"printed_symbol_table_disagreements"`
			Extension *verify.ExtensionReport     `json:"extension,omitempty"`
			Variant   *variantReport              `json:"variant,omitempty"`
		}{pr.ok, pr.reports, pr.listing, pr.symbols, pr.ext, pr.vr})
	}
	verify.WriteText(stdout, pr.reports)
	if o.printed {
		verify.WritePrinted(stdout, pr.listing, pr.symbols)
	}
	if pr.ext != nil {
		verify.WriteExtensionText(stdout, strings.Join(o.extensions, ", "), *pr.ext)
	}
	if pr.vr != nil && !pr.vr.write(stdout) {
		fmt.Fprintln(stdout, "FAIL: the variant changes bytes its original does not declare tunable")
	} else if pr.ok {
		fmt.Fprintln(stdout, "OK: every source-defined byte equals the 1977 hex listing")
	} else {
		fmt.Fprintln(stdout, "FAIL: the source does not reproduce the 1977 hex listing (see the MISMATCH and UNDEFINED lines)")
	}
	return nil
}

// verifyPatch proves a patch's bytes against the article's printed listing
// and Table 1, listing the reconstructed bytes apart.
func verifyPatch(base, residue, ram, patches []string, side string, asJSON bool, stdout io.Writer) error {
	if side != "white" && side != "black" {
		return failf(2, "mchess verify: --side %q: want white or black", side)
	}
	p, err := build(base, residue, ram)
	if err != nil {
		return exitError{1, err}
	}
	patched, err := p.Overlay(patches...)
	if err != nil {
		return exitError{1, fileError(err)}
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
			return exitError{1, err}
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
		return exit(1)
	}
	return nil
}

// verifyHelp is mchess verify's long help.
var verifyHelp = `Assembles and links the files (default: src/microchess.asm with residue
src/residue.asm, from the current directory or else the copies built into mchess)
and compares every byte with the published 1977 hex listing (0000–03FF and
1780–17E5). Each differing byte is named with the source line that emitted it; a
byte of the listing that no source defines fails too. Images in expansion RAM are
reported as new code. Exit status 1 unless every byte of the listing is proven.

With --against, compares a dump of your own copy with every build: the 1977
program (with the published residue, and without), Stone's 1980 upgrade with its
White and its Black list, and, for a dump of 00C0–00DB alone, the ten opening
blocks of src/openings, all from the sources built into mchess, whatever the
working directory holds. DUMP is any file mchess convert reads (.bin@ADDR, .ptp,
.hex, .srec, .kim) or a .wav cassette recording (its good records; bad ones are
named and skipped). Names the closest build and every byte that differs from it
with its source line and symbol; bytes no source defines (board, variables, stack,
unused) are shown apart and never counted. Exit status 0 when the dump is one of
the builds in every source-defined byte it holds, 1 when it differs or cannot be
read. See docs/verify-against.md.

With --as-source, prints the source that reproduces the dump as a unified diff
against ` + microchess.ProgramSource + `: each statement whose bytes the dump holds
otherwise rewritten (a new operand keeps its mnemonic and comment; a new opcode
becomes its instruction; bytes no instruction explains become .BYTE data); -o FILE
writes the whole source. Exit status 0 when the source is written. See docs/export.md.

With --extension (and the --ram it needs), proves the program as above, then lays
the extension over it and lists every byte of the original it changes, with the
original's source line and its own, and where its own bytes lie, e.g.
  mchess verify --ram x=0400-07FF --extension ` + microchess.TeletypeSource + `

With --variant SOURCE, proves the program as above, then builds SOURCE (a whole
source of its own, e.g. ` + microchess.TunedSource + `) and lists every byte it changes
with the original's source line and its own; exit 1 when a change is not declared in
the original's declarations of tunable bytes (src/microchess.tune, docs/tuning.md).`
