package asm

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

func TestGoldenListingAndSymbols(t *testing.T) {
	src, err := os.ReadFile("testdata/features.asm")
	if err != nil {
		t.Fatal(err)
	}
	p, err := Assemble(Source{"features.asm", string(src)})
	if err != nil {
		t.Fatal(err)
	}
	var lst, sym bytes.Buffer
	if err := WriteListing(&lst, p); err != nil {
		t.Fatal(err)
	}
	if err := WriteSymbols(&sym, p); err != nil {
		t.Fatal(err)
	}
	golden(t, "features.lst", lst.Bytes())
	golden(t, "features.sym", sym.Bytes())
}
