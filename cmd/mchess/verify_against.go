package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/verify"
)

// against is the whole comparison, as --json prints it.
type against struct {
	OK      bool                  `json:"ok"`
	Summary string                `json:"summary"`
	Verdict string                `json:"verdict"` // the closest build's key; "" when none shares a byte
	Dump    *dumpRead             `json:"dump"`
	Builds  []verify.BuildCount   `json:"builds"`
	Closest *verify.AgainstReport `json:"closest"` // the 1977 program's when none is closest
}

// verifyAgainst compares a dump with every build the toolchain makes
// (verify.Identify).
func verifyAgainst(name string, asJSON bool, stdout, stderr io.Writer) int {
	d, status := readAgainst(name, stderr)
	if d == nil {
		return status
	}
	cands, err := builds.Candidates()
	if err != nil {
		fmt.Fprintln(stderr, "mchess verify:", fileError(err))
		return 1
	}
	id := verify.Identify(d.segs, cands)
	a := &against{OK: id.OK, Summary: id.Summary, Verdict: id.Verdict, Dump: d, Builds: id.Builds, Closest: id.Closest}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(a); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
	} else {
		writeAgainst(stdout, a)
	}
	if !a.OK {
		return 1
	}
	return 0
}

// shownResidue is how many residue bytes the text lists; --json has all.
const shownResidue = 8

// writeAgainst prints the comparison for people.
func writeAgainst(w io.Writer, a *against) {
	d := a.Dump
	fmt.Fprintf(w, "%s: %s, %s bytes: %s\n", d.File, d.Format, thousands(d.Bytes), verify.RangeList(d.Ranges, len(d.Ranges)))
	for _, s := range d.Skipped {
		fmt.Fprintf(w, "  skipped %s\n", s)
	}
	fmt.Fprintln(w, "builds compared: of the bytes each one's source defines that the dump holds, how many differ")
	for _, b := range a.Builds {
		fmt.Fprintf(w, "  %-64s %4d of %d\n", b.Build, b.Differ, b.SourceBytes)
	}
	if r := a.Closest; r != nil {
		if a.Verdict == "" {
			fmt.Fprintf(w, "against %s:\n", r.Build)
		} else {
			fmt.Fprintf(w, "closest: %s\n", r.Build)
		}
		at := 0
		for _, run := range r.DifferenceRuns {
			var lo, hi int
			fmt.Sscanf(run.Start, "%X", &lo)
			fmt.Sscanf(run.End, "%X", &hi)
			n, indent := hi-lo+1, "  "
			if n > 4 {
				fmt.Fprintf(w, "  DIFFER %s–%s: %d bytes\n", run.Start, run.End, n)
				indent = "    "
			}
			for i, x := range r.Differences[at : at+n] {
				if n > 4 && i == 3 {
					fmt.Fprintf(w, "%s... and %d more (--json lists them all)\n", indent, n-3)
					break
				}
				fmt.Fprintf(w, "%sDIFFER %s: dump %s, build %s  %s\n", indent, x.Address, x.Dump, x.Build, sourceOf(x))
			}
			at += n
		}
		if k := len(r.ResidueDifferences); k > 0 {
			fmt.Fprintf(w, "  residue: %d of the %d bytes no source defines differ from the build's (not counted)\n", k, r.ResidueBytes)
			for i, x := range r.ResidueDifferences {
				if i == shownResidue && k > shownResidue+1 {
					fmt.Fprintf(w, "    ... and %d more (--json lists them all)\n", k-i)
					break
				}
				fmt.Fprintf(w, "    %s: dump %s, build %s  %s\n", x.Address, x.Dump, x.Build, x.Area)
			}
		}
		if len(r.NotInDump) > 0 {
			none := ""
			if !r.Partial() {
				none = " (none of them a byte the source defines)"
			}
			fmt.Fprintf(w, "  not in the dump: %s%s\n", verify.RangeList(r.NotInDump, len(r.NotInDump)), none)
		}
		if len(r.NothingHere) > 0 {
			fmt.Fprintf(w, "  the build has nothing here: %s\n", verify.RangeList(r.NothingHere, len(r.NothingHere)))
		}
	}
	fmt.Fprintf(w, "verdict: %s\n", a.Summary)
}

// sourceOf is where a differing byte comes from: file:line:col (statement
// n, LABEL+n) and the statement.
func sourceOf(x verify.DumpByte) string {
	var in []string
	if x.Statement > 0 {
		in = append(in, fmt.Sprintf("statement %d", x.Statement))
	}
	if x.Symbol != "" {
		in = append(in, x.Symbol)
	}
	if x.Reconstructed {
		in = append(in, "reconstructed")
	}
	s := x.Pos
	if len(in) > 0 {
		s += " (" + strings.Join(in, ", ") + ")"
	}
	return s + "  " + strings.Join(strings.Fields(x.Source), " ")
}
