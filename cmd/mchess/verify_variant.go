package main

import (
	"fmt"
	"io"
	"slices"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/verify"
)

// variantReport is what verify --variant found: the bytes a variant
// changes, and those of them its original's declarations do not declare.
type variantReport struct {
	Source     string                 `json:"source"`
	Changes    verify.ExtensionReport `json:"changes"`
	Declared   string                 `json:"declarations,omitempty"`
	Undeclared []string               `json:"undeclared"` // addresses changed that no declaration names
}

// compareVariant builds a variant of the program p (a whole source of its
// own, the same residue and RAM) and names every byte it changes with both
// source lines. When the original has declarations of tunable bytes
// (SOURCE.tune beside it), a change outside them is listed as undeclared.
func compareVariant(p *microchess.Program, original, variant string, residue, ram []string) (*variantReport, error) {
	q, err := build([]string{variant}, residue, ram)
	if err != nil {
		return nil, err
	}
	changes, err := verify.CompareVariant(p.Code, p.Images, q.Images)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", variant, err)
	}
	r := &variantReport{Source: variant, Changes: changes, Undeclared: []string{}}
	set, _, err := microchess.LoadTunable(microchess.WorkDir, original, "")
	if err != nil {
		return r, nil // no declarations: the changes are listed, none judged
	}
	r.Declared = set.File
	declared := set.Addresses()
	for _, c := range changes.Changed {
		if a, ok := parseHex16Quiet(c.Original.Address); !ok || !slices.Contains(declared, a) {
			r.Undeclared = append(r.Undeclared, c.Original.Address)
		}
	}
	return r, nil
}

func parseHex16Quiet(s string) (uint16, bool) {
	a, err := parseHex16(s)
	return a, err == nil
}

// write prints the report for people; it tells whether every change is
// declared.
func (r *variantReport) write(w io.Writer) bool {
	verify.WriteExtensionText(w, r.Source, r.Changes)
	switch {
	case r.Declared == "":
		fmt.Fprintf(w, "%s: no declarations of tunable bytes beside the original; the changes are not judged\n", r.Source)
	case len(r.Undeclared) > 0:
		fmt.Fprintf(w, "NOT DECLARED in %s: %v\n", r.Declared, r.Undeclared)
	default:
		fmt.Fprintf(w, "every byte %s changes is declared tunable in %s\n", r.Source, r.Declared)
	}
	return len(r.Undeclared) == 0
}
