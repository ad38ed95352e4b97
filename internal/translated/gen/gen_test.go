package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// The checked-in translations must be exactly what translating the
// programs as built gives, so that a change to a program's sources, to
// the translator or to the instructions' semantics cannot leave them
// behind.
func TestTranslationsUpToDate(t *testing.T) {
	files, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		got, err := os.ReadFile(filepath.Join("..", f.Name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, f.Source) {
			t.Errorf("internal/translated/%s is stale: run 'go generate ./internal/translated'", f.Name)
		}
	}
}
