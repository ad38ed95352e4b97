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
		if r.ReferenceBytes == 0 {
			for _, x := range r.Extra {
				fmt.Fprintf(w, "%s  %s–%s  new code, not in the 1977 hex listing: not verified\n", r.Name, x.Start, x.End)
			}
			continue
		}
		fmt.Fprintf(w, "%s  %s–%s  tape ID %s, %d bytes in the reference\n", r.Name, r.Start, r.End, r.ID, r.ReferenceBytes)
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
		for _, sh := range r.Shifts {
			fmt.Fprintf(w, "  MISSING %s–%s: the listing's %d byte(s) here are not in the source%s; the code after them, to %s, sits %d byte(s) lower than in the listing\n",
				sh.Missing.Start, sh.Missing.End, sh.Bytes, where(sh.Missing.Printed), sh.End, sh.Bytes)
		}
		for _, u := range r.Undefined {
			fmt.Fprintf(w, "  UNDEFINED %s–%s: in the hex listing, defined by no source%s\n", u.Start, u.End, where(u.Printed))
		}
		for _, x := range r.Extra {
			fmt.Fprintf(w, "  extra           %s–%s  defined by source, not in the reference\n", x.Start, x.End)
		}
		at := 0
		for _, run := range r.MismatchRuns {
			var lo, hi int
			fmt.Sscanf(run.Start, "%X", &lo)
			fmt.Sscanf(run.End, "%X", &hi)
			indent := "  "
			if hi > lo {
				fmt.Fprintf(w, "  MISMATCH %s–%s: %d bytes differ from the hex listing%s\n", run.Start, run.End, hi-lo+1, where(run.Printed))
				indent = "    "
			}
			for i := 0; i < hi-lo+1; i++ {
				if i == shownPerRun && hi-lo+1 > shownPerRun+1 {
					fmt.Fprintf(w, "%s... and %d more\n", indent, hi-lo+1-shownPerRun)
					break
				}
				m := r.Mismatches[at+i]
				what := "assembled"
				if m.Residue {
					what = "residue data"
				}
				fmt.Fprintf(w, "%sMISMATCH %s: hex listing %s, %s %s  %s:%d (statement %d, %s)  %s\n",
					indent, m.Address, m.Expected, what, m.Got, m.File, m.Line, m.Statement, m.Symbol, trimSource(m.Source))
			}
			at += hi - lo + 1
		}
		if r.OK() && r.TotalIdentical == r.ReferenceBytes {
			fmt.Fprintf(w, "  all %d bytes identical to the published hex listing\n", r.ReferenceBytes)
		}
	}
}

// shownPrinted is how many disagreements with the printed listing's own
// columns the text shows (errata has 5 and 13; a changed program has many).
const shownPrinted = 20

// shownPerRun is how many bytes of a run of mismatches the text shows; the
// JSON report has them all.
const shownPerRun = 3

func where(printed string) string {
	if printed == "" {
		return ""
	}
	return " (the listing prints " + printed + " here)"
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
	for i, d := range listing {
		if i == shownPrinted {
			fmt.Fprintf(w, "  ... and %d more (mchess verify --json lists them all)\n", len(listing)-i)
			break
		}
		fmt.Fprintf(w, "  line %-4d printed %-14s assembled %s\n", d.Line, d.Printed, d.Assembled)
	}
	fmt.Fprintf(w, "printed symbol table: %d row(s) differ from the assembled symbols (see docs/errata.md)\n", len(symbols))
	for i, d := range symbols {
		if i == shownPrinted {
			fmt.Fprintf(w, "  ... and %d more (mchess verify --json lists them all)\n", len(symbols)-i)
			break
		}
		fmt.Fprintf(w, "  printed   %s\n  assembled %s\n", d.Printed, d.Assembled)
	}
}
