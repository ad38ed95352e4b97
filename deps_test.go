package microchess_test

import (
	"fmt"
	"go/build"
	"io/fs"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// depsRules are the imports each of the module's packages may make of the
// others, in the manner of Go's go/build/deps_test.go: "a, b < c, d" says
// c and d may import a and b and whatever a and b may. Data flows one way:
// the 6502 floors know nothing of chess, MicroChess's memory map nothing
// of a session, a session nothing of how a program is built, and the
// front ends sit on the catalogue. Every package of the module must be
// placed here; "." is the root package (the embedded sources and the
// builds of them).
const depsRules = `
	# The lowest floor: no imports of the module.
	NONE < diag, elo, isa, rating, ref, emu/riot, rules, internal/chessjs,
	  internal/atomicfile, internal/bounded, internal/racedetect, internal/checkrepo;

	# The 6502 and its formats: nothing of chess.
	diag, isa, internal/bounded < asm, dump, cassette, emu/internal/sem;
	emu/internal/sem < emu/internal/gendispatch, emu/translate;
	isa < emu;
	emu, emu/riot < emu/kim1;
	asm, dump < linker, disasm, keysheet, sender;
	linker, ref < verify;
	linker < tunable;
	emu < internal/translated;
	emu/kim1 < internal/romtest;
	diag, internal/atomicfile, internal/bounded < spsa;
	internal/atomicfile < internal/benchdoc;
	internal/benchdoc < internal/benchinterp, internal/benchmatch;
	elo, rating < internal/docscheck;

	# MicroChess: its memory map, a session driving it, its sources
	# and builds, the catalogue.
	emu/kim1, linker, ref, rules < memmap;
	memmap, internal/translated < session;
	session < internal/sessiontest;
	memmap, tunable < .;
	., session < openings;
	openings, verify, tunable < builds;
	builds, emu/translate < internal/translated/gen;

	# Chess above the programs: suites, matches, engines, tuning.
	diag, internal/bounded, rules < suite;
	internal/atomicfile, suite < suite/internal/gensuite;
	builds < uci;
	dump, elo, suite, uci < match;
	internal/atomicfile, match, rating < strength;
	match, spsa < tune;
	., session < timing;

	# Front ends: the web page, the debugger, the profiler, the exporters,
	# the terminal game.
	builds < web, export;
	web < web/wasm;
	session < debug;
	internal/atomicfile, session < internal/playui;
	debug, match < profile;

	# The one command sits on everything.
	cassette, disasm, export, internal/playui, keysheet, profile, sender, strength,
	  timing, tune, web < cmd/mchess;
`

// depsAllowed reads rules into each package's allowed imports (what it
// may import, directly or through what those may).
func depsAllowed(rules string) (map[string]map[string]bool, error) {
	allowed := map[string]map[string]bool{}
	var lines []string
	for _, l := range strings.Split(rules, "\n") {
		if i := strings.Index(l, "#"); i >= 0 {
			l = l[:i]
		}
		lines = append(lines, l)
	}
	for _, stmt := range strings.Split(strings.Join(lines, " "), ";") {
		if strings.TrimSpace(stmt) == "" {
			continue
		}
		lo, hi, ok := strings.Cut(stmt, "<")
		if !ok {
			return nil, fmt.Errorf("rule %q: want LOW < HIGH", strings.TrimSpace(stmt))
		}
		for _, h := range fields(hi) {
			if allowed[h] != nil {
				return nil, fmt.Errorf("%s is placed twice", h)
			}
			allowed[h] = map[string]bool{}
			for _, l := range fields(lo) {
				if l == "NONE" {
					continue
				}
				if allowed[l] == nil {
					return nil, fmt.Errorf("%s < %s: %s is not placed yet", l, h, l)
				}
				allowed[h][l] = true
				for k := range allowed[l] {
					allowed[h][k] = true
				}
			}
		}
	}
	return allowed, nil
}

func fields(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// depsViolations lists every import of imports (a package's imports of
// the module, by package) that rules do not allow, and every package they
// do not place.
func depsViolations(rules string, imports map[string][]string) ([]string, error) {
	allowed, err := depsAllowed(rules)
	if err != nil {
		return nil, err
	}
	var bad []string
	for pkg, imps := range imports {
		a, ok := allowed[pkg]
		if !ok {
			bad = append(bad, fmt.Sprintf("%s is not placed in depsRules", pkg))
			continue
		}
		for _, imp := range imps {
			if !a[imp] {
				bad = append(bad, fmt.Sprintf("%s imports %s, which depsRules do not allow", pkg, imp))
			}
		}
	}
	sort.Strings(bad)
	return bad, nil
}

const module = "github.com/kim1-archive/microchess"

// moduleImports are the module's packages (non-test files) and their
// imports of the module, by path from the module's root.
func moduleImports(t *testing.T) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if name := d.Name(); path != "." && (strings.HasPrefix(name, ".") || name == "testdata" || name == "build" || name == "bin") {
			return filepath.SkipDir
		}
		ctx := build.Default
		ctx.BuildTags = []string{"regenerate"}
		for _, env := range [][2]string{{"linux", "amd64"}, {"js", "wasm"}} {
			ctx.GOOS, ctx.GOARCH = env[0], env[1]
			p, err := ctx.ImportDir(path, 0)
			if err != nil {
				continue // no Go files for this platform
			}
			rel := filepath.ToSlash(path)
			for _, imp := range p.Imports {
				if imp == module || strings.HasPrefix(imp, module+"/") {
					r := strings.TrimPrefix(strings.TrimPrefix(imp, module), "/")
					if r == "" {
						r = "."
					}
					if !slices.Contains(out[rel], r) {
						out[rel] = append(out[rel], r)
					}
				}
			}
			if out[rel] == nil {
				out[rel] = []string{}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Every package of the module imports only what depsRules allow it.
func TestDependencies(t *testing.T) {
	imports := moduleImports(t)
	if len(imports) < 40 {
		t.Fatalf("found %d packages: is the test run from the module's root?", len(imports))
	}
	bad, err := depsViolations(depsRules, imports)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bad {
		t.Error(b)
	}
}

// The rules refuse what they do not allow: the emulator importing a
// session, the memory map importing the catalogue, a package not placed.
func TestDependenciesRefuse(t *testing.T) {
	for _, c := range []struct {
		imports map[string][]string
		want    string
	}{
		{map[string][]string{"emu": {"session"}}, "emu imports session, which depsRules do not allow"},
		{map[string][]string{"memmap": {"builds"}}, "memmap imports builds, which depsRules do not allow"},
		{map[string][]string{"suite": {"."}}, "suite imports ., which depsRules do not allow"},
		{map[string][]string{"newpkg": {}}, "newpkg is not placed in depsRules"},
	} {
		bad, err := depsViolations(depsRules, c.imports)
		if err != nil {
			t.Fatal(err)
		}
		if len(bad) != 1 || bad[0] != c.want {
			t.Errorf("%v: %q, want %q", c.imports, bad, c.want)
		}
	}
	if _, err := depsAllowed("NONE < a; a < b; NONE < a;"); err == nil {
		t.Error("a package placed twice is accepted")
	}
	if _, err := depsAllowed("a < b;"); err == nil {
		t.Error("a package below one not placed is accepted")
	}
}
