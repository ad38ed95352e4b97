package verify

import (
	"fmt"
	"io"
	"strings"
)

// WriteText prints a short human summary per image, every mismatch with the
// source line that made it, and the reconstructed bytes.
func WriteText(w io.Writer, reports []ImageReport) {
	for _, r := range reports {
		fmt.Fprintf(w, "%s  %s–%s  tape ID %s, %d bytes in the reference\n", r.Name, r.Start, r.End, r.ID, r.ReferenceBytes)
		if r.ReferenceBytes == 0 {
			fmt.Fprintf(w, "  no reference for this image: not verified\n")
			continue
		}
		fmt.Fprintf(w, "  program source  %4d bytes, %d identical, %d different\n", r.SourceBytes, r.Identical, r.SourceBytes-r.Identical)
		if r.ResidueBytes > 0 || hasResidueMismatch(r) {
			fmt.Fprintf(w, "  residue data    %4d bytes identical\n", r.ResidueBytes)
		}
		if n := len(r.Reconstructed); n > 0 {
			same := 0
			for _, b := range r.Reconstructed {
				if b.Got == b.Expected {
					same++
				}
			}
			fmt.Fprintf(w, "  reconstructed   %4d bytes (not verified; %d equal the reference)\n", n, same)
		}
		for _, u := range r.Undefined {
			fmt.Fprintf(w, "  undefined       %s–%s  in the reference, defined by no source\n", u.Start, u.End)
		}
		for _, x := range r.Extra {
			fmt.Fprintf(w, "  extra           %s–%s  defined by source, not in the reference\n", x.Start, x.End)
		}
		for _, m := range r.Mismatches {
			what := "assembled"
			if m.Residue {
				what = "residue data"
			}
			fmt.Fprintf(w, "  MISMATCH %s: hex listing %s, %s %s  %s:%d (statement %d, %s)  %s\n",
				m.Address, m.Expected, what, m.Got, m.File, m.Line, m.Statement, m.Symbol, trimSource(m.Source))
		}
		if r.OK() && r.TotalIdentical == r.ReferenceBytes {
			fmt.Fprintf(w, "  all %d bytes identical to the published hex listing\n", r.ReferenceBytes)
		}
	}
}

func hasResidueMismatch(r ImageReport) bool {
	for _, m := range r.Mismatches {
		if m.Residue {
			return true
		}
	}
	return false
}

// trimSource folds a source line's tabs and runs of spaces for one-line reports.
func trimSource(s string) string { return strings.Join(strings.Fields(s), " ") }

// WritePrinted summarises where the printed listing's byte column and
// symbol table differ from the assembled source (each is an erratum).
func WritePrinted(w io.Writer, listing []Disagreement, symbols []SymbolDisagreement) {
	fmt.Fprintf(w, "printed listing byte column: %d line(s) differ from the assembled bytes (the hex listing wins; see docs/errata.md)\n", len(listing))
	for _, d := range listing {
		fmt.Fprintf(w, "  line %-4d printed %-14s assembled %s\n", d.Line, d.Printed, d.Assembled)
	}
	fmt.Fprintf(w, "printed symbol table: %d row(s) differ from the assembled symbols (see docs/errata.md)\n", len(symbols))
	for _, d := range symbols {
		fmt.Fprintf(w, "  printed   %s\n  assembled %s\n", d.Printed, d.Assembled)
	}
}
