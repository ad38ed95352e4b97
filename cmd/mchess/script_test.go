package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// The CLI is tested through scripts in testdata/script: each runs mchess as
// a user would. $REPO is the repository root, for the real sources.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"mchess": func() { os.Exit(mainExit(os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

func TestScript(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			env.Setenv("REPO", root)
			return nil
		},
	})
}
