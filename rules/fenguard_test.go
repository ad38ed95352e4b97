package rules_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The chess library's FEN reader writes a package-level buffer (chess/v2
// v2.3.2, fen.go's fenBoard), so that two games set up at once race; every
// way into it is wrapped in notation.go behind one lock. This holds every
// file of the module, tests too (go test -race runs them in parallel), to
// the wrappers: a direct call is named with its file and line.
func TestChessFENReaderOnlyThroughTheLock(t *testing.T) {
	direct := map[string]string{
		"FEN":              "microchess.FEN",
		"NewGame":          "microchess.NewGame",
		"PGN":              "microchess.PGN",
		"StartingPosition": "microchess.StartingPosition",
		"NewParser":        "microchess.ReadGames",
		"NewScanner":       "microchess.ReadGames",
	}
	methods := map[string]string{"UnmarshalText": "microchess.ParseFEN", "ParseNext": "microchess.ReadGames"}
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != ".") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || path == "notation.go" {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		lib := ""
		for _, imp := range f.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == "github.com/corentings/chess/v2" {
				lib = "chess"
				if imp.Name != nil {
					lib = imp.Name.Name
				}
			}
		}
		if lib == "" {
			return nil
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			id, isIdent := sel.X.(*ast.Ident)
			if want, ok := direct[sel.Sel.Name]; ok && isIdent && id.Name == lib {
				t.Errorf("%s: %s.%s: call %s (the library's FEN reader is not safe from two goroutines)", fset.Position(sel.Pos()), lib, sel.Sel.Name, want)
			}
			if want, ok := methods[sel.Sel.Name]; ok {
				t.Errorf("%s: .%s: call %s (the library's FEN reader is not safe from two goroutines)", fset.Position(sel.Pos()), sel.Sel.Name, want)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
