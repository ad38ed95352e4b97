package microchess

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/linker"
)

// TestTunedChangesOnlyDeclaredBytes: the tuned program is the original
// (the same images, the same residue) but for bytes its declarations let a
// tuner change, and it changes some.
func TestTunedChangesOnlyDeclaredBytes(t *testing.T) {
	tuned, err := Tuned()
	if err != nil {
		t.Fatal(err)
	}
	original, err := Original(true)
	if err != nil {
		t.Fatal(err)
	}
	set, _, err := LoadTunable(Proven, ProgramSource, "")
	if err != nil {
		t.Fatal(err)
	}
	declared := map[int]bool{}
	for _, a := range set.Addresses() {
		declared[int(a)] = true
	}
	if len(tuned.Images) != len(original.Images) {
		t.Fatalf("%d images, the original %d", len(tuned.Images), len(original.Images))
	}
	changed := 0
	for i, im := range original.Images {
		tim := tuned.Images[i]
		if tim.Start != im.Start || len(tim.Bytes) != len(im.Bytes) {
			t.Fatalf("image %s at %04X–%04X, the original's at %04X–%04X", tim.Name, tim.Start, tim.End(), im.Start, im.End())
		}
		for k, b := range im.Bytes {
			if a := int(im.Start) + k; tim.Bytes[k] != b {
				changed++
				if !declared[a] {
					t.Errorf("%04X: %02X, the original %02X: not a declared byte", a, tim.Bytes[k], b)
				}
			}
		}
	}
	if changed == 0 {
		t.Error("the tuned program is the original")
	}
}

// The tuned programs are derived (derive.go) from the sources they tune
// and the values of src/tuned/; before that, src/tuned/ held whole copies
// of the sources, written by the tuner. The derived sources are those
// copies byte for byte, and so are the programs built from them: the
// digests below are of the copies as they were committed (git show
// 1a70cba:src/tuned/...), of the images and of the listings built from
// them.
func TestDerivedTunedProgramsUnchanged(t *testing.T) {
	sources := map[string]string{
		TunedSource:        "dc0f9c201e7d2264ebd9bbaa4f2b6ecdc60bb3d2b75ca1f41e096759e80c7d6c",
		FormBSource:        "dd33d1b01507fb15a61a024b88275c8be2a03f3e365222dd7364d6e9ed6a0450",
		TunedSpecialBase:   "e3887724e1556a1b98943f6466889ba8d8d699dbb11a241d1c529db8fb5ab0a9",
		TunedSpecialSource: "86cdd36d142ad39879ff1b218973f4bf093e0325f284c1fda1681fd94db1cb41",
	}
	if got := DerivedSources(); len(got) != len(sources) {
		t.Errorf("derived sources %v, want the %d above", got, len(sources))
	}
	for _, tree := range []Tree{Proven, WorkDir} {
		for name, want := range sources {
			b, err := tree.ReadFile(name, asm.SourceLimit)
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprintf("%x", sha256.Sum256(b)); got != want {
				t.Errorf("%s in %s: sha256 %s, the copy's was %s", name, tree, got, want)
			}
		}
	}
	check := func(name string, images []*linker.Image, progs []*asm.Program, want []string) {
		t.Helper()
		var got []string
		for _, im := range images {
			got = append(got, fmt.Sprintf("image %s %04X %x", im.Name, im.Start, sha256.Sum256(im.Bytes)))
		}
		for _, p := range progs {
			var b bytes.Buffer
			if err := asm.WriteListing(&b, p); err != nil {
				t.Fatal(err)
			}
			got = append(got, fmt.Sprintf("listing %x", sha256.Sum256(b.Bytes())))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s:\n%s\nwant\n%s", name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
	tuned, err := Tuned()
	if err != nil {
		t.Fatal(err)
	}
	check("tuned", tuned.Images, []*asm.Program{tuned.Code}, []string{
		"image c0 0000 71a47e7f06be1d1759485809962c681f1b004af883aa8c543a874c90299ff03e",
		"image c1 1780 42761244c0d44985c15af44237782ff6a38d0e3822e7c3507d8a508c9407c2bc",
		"listing dc5e497787757e77e24b76f7561715b5ce63a084e85269264ccbdc2c4840ad9d",
	})
	formB, err := FormB()
	if err != nil {
		t.Fatal(err)
	}
	check("form B", formB.Images, []*asm.Program{formB.Code}, []string{
		"image c0 0000 71a47e7f06be1d1759485809962c681f1b004af883aa8c543a874c90299ff03e",
		"image c1 1780 adafd8af7c0fad2101e68afa8f51929ccec6530b7ffa4d52a94f27d20e218eed",
		"listing 2308fdf79a54d73bd96bb36395397ea8759d44c5d795dd476dc41e9d39ffbcb8",
	})
	spc, err := TunedSpecial()
	if err != nil {
		t.Fatal(err)
	}
	check("tuned-special", spc.Images, []*asm.Program{spc.Base.Code, spc.Patch}, []string{
		"image c0 0000 9d3a74889933b92c3b447a9182c45321d66cb68e8704504c9a135fdfa0578837",
		"image x 0400 c8684dcc2108f0946b31e53335ae779fb7174c1b47ddb2f6b48b7697f67291da",
		"image c1 1780 38eb574fbd08b31444c161434d8d5342fb2969c01a16d713852fbad72d30cc43",
		"listing 334e7981c9957c8645a00b053ee1eda9829b574c6bf425c3616445cf5df8bff1",
		"listing 4acca381aa6ec56a4e574b70eac0233109137e698a8a454f744c52f3f491d801",
	})
}
