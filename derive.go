package microchess

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/diag"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/tunable"
)

// The tuned programs' sources are derived, not kept (docs/tuning.md): each
// is the source it tunes with the values of a values file written over
// the bytes its declarations name (tunable's Apply), and form B first has
// its own change of form laid over the original as a unified diff. What
// src/tuned/ holds is those values, the diff and form B's declarations; a
// tree gives the derived sources under their own names, so that the tuned
// programs build, list and run as if the sources were files. make writes
// them into build/ (mchess tune --write-sources) to be read and assembled.

// The files the tuned sources are derived from.
const (
	TunedValues        = "src/tuned/microchess.values" // the tuned program's values, over ProgramSource (TuneSource)
	TunedSpecialValues = "src/tuned/special.values"    // the tuned special-moves program's, over the special-moves program (SpecialTuneSource)
	FormBDiff          = "src/tuned/formb.diff"        // form B's change of form, over ProgramSource
	FormBValues        = "src/tuned/formb.values"      // form B's values (its declarations: DeclFor(FormBSource))
)

// derivation makes derived sources from the files of a tree.
type derivation struct {
	names  []string // the sources it makes, in its order
	derive func(t Tree) ([]string, error)
	proven func() ([]string, error) // derive(Proven), made once
}

// derivations are set in init: a derivation reads its tree, which reads
// the derived sources.
var derivations []*derivation

func init() {
	derivations = []*derivation{
		{names: []string{TunedSource}, derive: deriveTuned},
		{names: []string{FormBSource}, derive: deriveFormB},
		{names: []string{TunedSpecialBase, TunedSpecialSource}, derive: deriveTunedSpecial},
	}
	for _, d := range derivations {
		d.proven = sync.OnceValues(func() ([]string, error) { return d.derive(Proven) })
	}
}

// DerivedSources names the sources a tree derives rather than reads.
func DerivedSources() []string {
	var out []string
	for _, d := range derivations {
		out = append(out, d.names...)
	}
	return out
}

// derived is the text of a derived source of the tree; ok is false when
// name is not one.
func (t Tree) derived(name string) (text string, ok bool, err error) {
	for _, d := range derivations {
		for i, n := range d.names {
			if n != name {
				continue
			}
			var texts []string
			if t.workDir {
				texts, err = d.derive(t)
			} else {
				texts, err = d.proven()
			}
			if err != nil {
				return "", true, fmt.Errorf("%s: deriving it: %w", name, err)
			}
			return texts[i], true, nil
		}
	}
	return "", false, nil
}

// deriveTuned is the original with the tuned values (TunedValues) of its
// declarations (TuneSource).
func deriveTuned(t Tree) ([]string, error) {
	srcs, err := t.ReadSources(ProgramSource)
	if err != nil {
		return nil, err
	}
	p, err := Build(t, Options{Sources: []string{ProgramSource}})
	if err != nil {
		return nil, err
	}
	return applyValues(t, TuneSource, TunedValues, p.Code, p.Images, srcs)
}

// deriveFormB is the original with form B's diff (FormBDiff) laid over
// it, then form B's values (FormBValues) of its declarations.
func deriveFormB(t Tree) ([]string, error) {
	srcs, err := t.ReadSources(ProgramSource, FormBDiff)
	if err != nil {
		return nil, err
	}
	text, err := ApplyDiff(srcs[1], srcs[0])
	if err != nil {
		return nil, err
	}
	form := asm.Source{Name: FormBSource, Text: text}
	code, err := asm.Assemble(form)
	if err != nil {
		return nil, err
	}
	images, err := linker.LinkFill(memmap.Layout, code, nil)
	if err != nil {
		return nil, err
	}
	return applyValues(t, DeclFor(FormBSource), FormBValues, code, images, []asm.Source{form})
}

// deriveTunedSpecial is the special-moves program's two sources with the
// tuned values (TunedSpecialValues) of its declarations
// (SpecialTuneSource).
func deriveTunedSpecial(t Tree) ([]string, error) {
	srcs, err := t.ReadSources(ProgramSource, SpecialSource)
	if err != nil {
		return nil, err
	}
	base, err := Build(t, Options{Residue: []string{ResidueSource}, RAM: []linker.Region{SpecialRAM}})
	if err != nil {
		return nil, err
	}
	p, err := base.Overlay(SpecialSource)
	if err != nil {
		return nil, err
	}
	return applyValues(t, SpecialTuneSource, TunedSpecialValues, p.Patch, p.Images, srcs)
}

// applyValues loads the declarations decl against a program, reads the
// values file and writes the sources with those values.
func applyValues(t Tree, decl, values string, prog *asm.Program, images []*linker.Image, srcs []asm.Source) ([]string, error) {
	files, err := t.ReadSources(decl, values)
	if err != nil {
		return nil, err
	}
	set, err := tunable.Load(files[0], prog, images)
	if err != nil {
		return nil, err
	}
	v, err := set.ReadValues(files[1])
	if err != nil {
		return nil, err
	}
	return set.ApplyEach(srcs, v)
}

// ApplyDiff lays a unified diff of one file (diff -u, git diff) over src:
// every hunk's context and removed lines must be src's lines where the
// hunk says, and its counts right. Lines before the --- line are the
// diff's description. Errors are at the diff's file:line:col.
func ApplyDiff(diff, src asm.Source) (string, error) {
	lines := diag.Lines(diff.Text)
	at := func(i int) diag.Pos { return diag.At(diff.Name, i+1, 1) }
	fail := func(i int, format string, args ...any) (string, error) {
		var errs diag.ErrorList
		errs.Add(at(i), format, args...)
		return "", errs.Err()
	}
	i := 0
	for i < len(lines) && !strings.HasPrefix(lines[i], "--- ") {
		i++
	}
	if i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "+++ ") {
		return fail(min(i, max(len(lines)-1, 0)), "no --- and +++ lines: not a unified diff")
	}
	if old := fileOfHeader(lines[i]); old != src.Name {
		return fail(i, "the diff is of %s, not of %s", old, src.Name)
	}
	old := strings.SplitAfter(src.Text, "\n")
	if old[len(old)-1] == "" {
		old = old[:len(old)-1]
	}
	var out strings.Builder
	next := 0 // the next line of src not yet written, from 0
	for i += 2; i < len(lines); {
		if lines[i] == "" && i == len(lines)-1 {
			break
		}
		oldStart, oldCount, newCount, ok := hunkHeader(lines[i])
		if !ok {
			return fail(i, "want a hunk header (@@ -LINE,COUNT +LINE,COUNT @@), not %q", lines[i])
		}
		from := oldStart - 1
		if oldCount == 0 {
			from = oldStart // an insertion after line oldStart
		}
		if from < next || from > len(old) {
			return fail(i, "the hunk at line %d of %s is out of order or past its end (%d lines)", oldStart, src.Name, len(old))
		}
		for _, l := range old[next:from] {
			out.WriteString(l)
		}
		next = from
		header := i
		var dels, adds int
		for i++; i < len(lines) && (dels < oldCount || adds < newCount); i++ {
			l := lines[i]
			if l == "" {
				return fail(i, "an empty line in a hunk (a context line starts with a space)")
			}
			switch body := l[1:]; l[0] {
			case ' ', '-':
				if next >= len(old) || strings.TrimSuffix(old[next], "\n") != body {
					return fail(i, "%s:%d is not this line", src.Name, next+1)
				}
				if l[0] == ' ' {
					out.WriteString(old[next])
					adds++
				}
				dels++
				next++
			case '+':
				out.WriteString(body + "\n")
				adds++
			default:
				return fail(i, "a hunk's line starts with a space, - or +, not %q", l[:1])
			}
		}
		if dels != oldCount || adds != newCount {
			return fail(header, "the hunk has %d old and %d new lines, its header says %d and %d", dels, adds, oldCount, newCount)
		}
	}
	for _, l := range old[next:] {
		out.WriteString(l)
	}
	return out.String(), nil
}

// fileOfHeader is the file a --- or +++ line names (up to a tab, which
// starts a date).
func fileOfHeader(l string) string {
	name, _, _ := strings.Cut(l[4:], "\t")
	return strings.TrimSpace(name)
}

// hunkHeader reads @@ -A,B +C,D @@ (a count may be left out: 1).
func hunkHeader(l string) (oldStart, oldCount, newCount int, ok bool) {
	rest, found := strings.CutPrefix(l, "@@ -")
	if !found {
		return 0, 0, 0, false
	}
	ranges, _, found := strings.Cut(rest, " @@")
	if !found {
		return 0, 0, 0, false
	}
	o, n, found := strings.Cut(ranges, " +")
	if !found {
		return 0, 0, 0, false
	}
	oldStart, oldCount, ok1 := lineRange(o)
	_, newCount, ok2 := lineRange(n)
	return oldStart, oldCount, newCount, ok1 && ok2
}

func lineRange(s string) (start, count int, ok bool) {
	a, b, two := strings.Cut(s, ",")
	start, err := strconv.Atoi(a)
	if err != nil || start < 0 {
		return 0, 0, false
	}
	count = 1
	if two {
		if count, err = strconv.Atoi(b); err != nil || count < 0 {
			return 0, 0, false
		}
	}
	return start, count, true
}
