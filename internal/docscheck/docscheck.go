// Package docscheck holds the figures of README.md and docs/*.md to where
// they come from (make docs-check, run by make test through its test).
//
// A measured figure lives in one place: the document the measuring tool
// writes (docs/strength.md, docs/tuning/check.md, docs/benchmarks.md,
// docs/timing.md...) or the committed data it came from (a match's JSON
// summary in docs/confirm/...). Another document that repeats it does so
// inside a marker naming that source, on one line:
//
//	<!-- figure: docs/confirm/tuned-normal.json:summary.pairings.0.pair_elo_text -->+37.1 ± 8.1<!-- /figure -->
//	<!-- figure: docs/tuning/check.md -->+37.1 ± 8.1<!-- /figure -->
//	<!-- figure: code:builds -->20<!-- /figure -->
//
// The source is a JSON file and a field in it (a dotted path, numbers
// indexing arrays): the text must be the field's value (a list of
// numbers written "1, 2, 3"); any other file:
// the text must occur in it outside its markers (in what it gives, not in
// its copies of other sources: so a document may mark a figure it repeats
// from its own printed match output, naming itself); code:NAME: the text must be the count the
// code gives (Counts, computed by the test from the packages themselves,
// never typed). Texts are compared with the typography set aside: a
// minus sign (−) is a hyphen, thousands separators and thin spaces go.
//
// Besides the markers, every Elo difference a match prints in a document
// (its summary's rows, as `mchess match` writes them, and the strength
// study's table), every Elo written beside its pentanomial (in prose or a
// table row) and every pairing of a committed match summary (JSON) is
// computed again from its counts with package elo, so that no such Elo in
// the docs can be other than its counts give.
package docscheck

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Problem is one figure that does not hold, where it stands.
type Problem struct {
	File string // slash path from the root
	Line int
	Text string
}

func (p Problem) String() string { return fmt.Sprintf("%s:%d: %s", p.File, p.Line, p.Text) }

// Counts are the figures the code gives, by the NAME of code:NAME.
type Counts map[string]string

var marker = regexp.MustCompile(`<!-- figure: *(\S+?) *-->(.*?)<!-- /figure -->`)

// markerStart finds a marker's start, to tell one written wrong (not
// closed on its line) from none.
var markerStart = regexp.MustCompile(`<!-- figure:`)

// Documents are the files checked: README.md and docs/*.md, and the
// documents a tool writes in folders of docs (docs/tuning/*.md).
func Documents(root string) ([]string, error) {
	files := []string{"README.md"}
	for _, pat := range []string{"docs/*.md", "docs/*/*.md"} {
		m, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(pat)))
		if err != nil {
			return nil, err
		}
		for _, f := range m {
			rel, err := filepath.Rel(root, f)
			if err != nil {
				return nil, err
			}
			files = append(files, filepath.ToSlash(rel))
		}
	}
	sort.Strings(files[1:])
	return files, nil
}

// Check checks the documents under root: every marker against its source,
// every Elo a match prints against its counts, and every committed match
// summary (docs/**/*.json with a summary's pairings) against its counts.
func Check(root string, counts Counts) ([]Problem, error) {
	docs, err := Documents(root)
	if err != nil {
		return nil, err
	}
	var out []Problem
	for _, d := range docs {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(d)))
		if err != nil {
			return nil, err
		}
		lines := strings.Split(string(data), "\n")
		fenced := false
		for i, l := range lines {
			if strings.HasPrefix(strings.TrimSpace(l), "```") {
				fenced = !fenced
			}
			if !fenced {
				// a marker shown as code (`<!-- figure: ... -->`) is not one
				out = append(out, checkMarkers(root, d, i+1, codeSpan.ReplaceAllString(l, ""), counts)...)
			}
		}
		out = append(out, checkMatchOutput(d, lines)...)
		out = append(out, checkStrengthTable(d, lines)...)
		out = append(out, checkRatings(d, lines)...)
		out = append(out, checkProse(d, lines)...)
		out = append(out, checkOrphans(d, lines)...)
	}
	// match summaries: make confirm's, a study's state, a tuning log's
	// checkpoints, and a folder's of them (make term-tests')
	var summaries []string
	for _, pat := range [][]string{{"*", "*.json"}, {"*", "*", "*.json"}} {
		m, err := filepath.Glob(filepath.Join(append([]string{root, "docs"}, pat...)...))
		if err != nil {
			return nil, err
		}
		summaries = append(summaries, m...)
	}
	for _, f := range summaries {
		rel, _ := filepath.Rel(root, f)
		ps, err := checkSummaryFile(f, filepath.ToSlash(rel))
		if err != nil {
			return nil, err
		}
		out = append(out, ps...)
	}
	return out, nil
}

// Normalize sets typography aside: − is -, thousands separators, thin and
// non-breaking spaces go, runs of spaces are one.
func Normalize(s string) string {
	s = strings.NewReplacer("−", "-", "\u2009", "", "\u202f", "", "\u00a0", " ").Replace(s)
	s = thousands.ReplaceAllString(s, "$1$2")
	return strings.Join(strings.Fields(s), " ")
}

var thousands = regexp.MustCompile(`(\d),(\d\d\d)`)

var codeSpan = regexp.MustCompile("`[^`]*`")

func checkMarkers(root, file string, line int, text string, counts Counts) []Problem {
	var out []Problem
	ms := marker.FindAllStringSubmatch(text, -1)
	if n := len(markerStart.FindAllStringIndex(text, -1)); n != len(ms) {
		out = append(out, Problem{file, line, "a figure marker not closed on its line: <!-- figure: SOURCE -->TEXT<!-- /figure -->"})
	}
	for _, m := range ms {
		src, copy := m[1], m[2]
		want, err := Source(root, src, counts)
		if err != nil {
			out = append(out, Problem{file, line, fmt.Sprintf("figure %q: its source %s: %v", copy, src, err)})
			continue
		}
		if want.Exact && Normalize(copy) != Normalize(want.Text) {
			out = append(out, Problem{file, line, fmt.Sprintf("figure %q differs from its source %s: %q", copy, src, want.Text)})
		}
		if !want.Exact && !strings.Contains(Normalize(want.Text), Normalize(copy)) {
			msg := fmt.Sprintf("figure %q is not in its source %s", copy, src)
			if near := nearest(Normalize(want.Text), Normalize(copy)); near != "" {
				msg += fmt.Sprintf(", whose nearest figure of that form is %q", near)
			}
			out = append(out, Problem{file, line, msg})
		}
	}
	return out
}

// nearest is the text of src of the same form as copy (its digits any
// digits) that differs from it in the fewest characters, or "".
func nearest(src, copy string) string {
	shape, err := regexp.Compile(digits.ReplaceAllString(regexp.QuoteMeta(copy), `\d+`))
	if err != nil {
		return ""
	}
	best, bestD := "", -1
	for _, c := range shape.FindAllString(src, -1) {
		if d := distance(c, copy); bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

var digits = regexp.MustCompile(`\d+`)

// distance is the Levenshtein distance of a and b, in bytes.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// Value is what a marker's source gives: the figure itself (Exact), or a
// document the figure must occur in.
type Value struct {
	Text  string
	Exact bool
}

// Source reads a marker's source.
func Source(root, src string, counts Counts) (Value, error) {
	if name, ok := strings.CutPrefix(src, "code:"); ok {
		v, ok := counts[name]
		if !ok {
			return Value{}, fmt.Errorf("no count %q in the check (internal/docscheck's test computes them)", name)
		}
		return Value{v, true}, nil
	}
	path, field, isJSON := strings.Cut(src, ".json:")
	if isJSON {
		path += ".json"
	}
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(path)))
	if err != nil {
		return Value{}, fmt.Errorf("missing: %v", err)
	}
	if !isJSON {
		// a figure is found in what the document itself gives, not in
		// its own copies of other sources (nor in the copy being checked,
		// when a document repeats a figure it prints)
		return Value{marker.ReplaceAllString(string(data), ""), false}, nil
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return Value{}, err
	}
	for _, k := range strings.Split(field, ".") {
		switch t := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = t[k]; !ok {
				return Value{}, fmt.Errorf("no field %q", k)
			}
		case []any:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(t) {
				return Value{}, fmt.Errorf("no element %q", k)
			}
			v = t[i]
		default:
			return Value{}, fmt.Errorf("no field %q in a %T", k, v)
		}
	}
	switch t := v.(type) {
	case string:
		return Value{t, true}, nil
	case float64:
		return Value{strconv.FormatFloat(t, 'f', -1, 64), true}, nil
	case []any: // a list of numbers, as prose writes it: "43, 204, 360"
		var ns []string
		for _, e := range t {
			n, ok := e.(float64)
			if !ok {
				return Value{}, fmt.Errorf("%s is not a list of numbers", field)
			}
			ns = append(ns, strconv.FormatFloat(n, 'f', -1, 64))
		}
		return Value{strings.Join(ns, ", "), true}, nil
	}
	return Value{}, fmt.Errorf("%s is not a string, a number or a list of numbers", field)
}
