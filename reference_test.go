package microchess_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
)

// posnBonus is the line of src/microchess.asm the tests modify: POSN's
// bonus, ADCIM 02 at 17E1–17E2 (POSN, CLC, is at 17E0 in the listing's
// symbol table), so its operand is 17E2, POSN+2.
const posnBonus = "POSN\tCLC\n\tADCIM\t02\n"

// modifiedClone writes the repository's src/microchess.asm and
// src/residue.asm into a new directory, with POSN's bonus 04 when modify
// is set, and makes it the working directory.
func modifiedClone(t *testing.T, modify bool) {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{microchess.ProgramSource, microchess.ResidueSource} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if modify && f == microchess.ProgramSource {
			if !bytes.Contains(b, []byte(posnBonus)) {
				t.Fatalf("%s has no %q", f, posnBonus)
			}
			b = bytes.Replace(b, []byte(posnBonus), []byte("POSN\tCLC\n\tADCIM\t04\n"), 1)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
}

// The published listing with bytes set, as images.
func listingWith(set map[uint16]byte) []kim1.Image {
	images := microchess.KIM(memmap.Published())
	for i := range images {
		im := &images[i]
		im.Data = append([]byte(nil), im.Data...)
		for a, b := range set {
			if a >= im.Addr && int(a) < int(im.Addr)+len(im.Data) {
				im.Data[a-im.Addr] = b
			}
		}
	}
	return images
}

func TestDescribe(t *testing.T) {
	const name = microchess.OriginalName
	for _, tc := range []struct {
		what   string
		images []kim1.Image
		want   string
	}{
		{"the listing itself", listingWith(nil), name},
		// 0050 is the board (residue): the machine's state, not program.
		{"a board square changed", listingWith(map[uint16]byte{0x0050: 0x77}), name},
		{"POSN's bonus 04", listingWith(map[uint16]byte{0x17E2: 0x04}), name + ", modified: 1 byte (17E2 POSN+2)"},
		// CHESS at 0000 (CLD), 0001 LDXIM FF: 0000, 0001 = CHESS+1, 0002.
		{"four bytes", listingWith(map[uint16]byte{0x0000: 0xEA, 0x0001: 0xEA, 0x0002: 0x00, 0x17E2: 0x04}),
			name + ", modified: 4 bytes (0000 CHESS, 0001 CHESS+1, 0002 CHESS+2, …)"},
		// C1 is 1780–17E5: 102 bytes, none of them residue; STRATGY (CLC)
		// starts it, LDAIM 80 follows.
		{"C1 not loaded", microchess.KIM(memmap.Published())[:1], name + ", modified: 102 bytes (1780 STRATGY, 1781 STRATGY+1, 1782 STRATGY+2, …), 102 of them not loaded"},
		{"code in expansion RAM", append(listingWith(nil), kim1.Image{Name: "x", Addr: 0x0400, Data: make([]byte, 0x20)}, kim1.Image{Name: "y", Addr: 0x2000, Data: []byte{1}}),
			name + ", modified: 33 bytes added (0400–041F, 2000)"},
	} {
		if got := microchess.Describe(name, tc.images, nil); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.what, got, tc.want)
		}
	}
	// A range a patch writes is its own.
	over := []linker.Change{{Start: 0x17E2, End: 0x17E2}, {Start: 0x0400, End: 0x041F, New: true}}
	images := append(listingWith(map[uint16]byte{0x17E2: 0x04}), kim1.Image{Name: "x", Addr: 0x0400, Data: make([]byte, 0x20)})
	if got := microchess.Describe(name, images, over); got != name {
		t.Errorf("with the patch's ranges: %q, want %q", got, name)
	}
}

// Every program of the catalogue built from the proven sources, but the
// tuned ones, is named as itself: its bytes of the 1977 program are the
// 1977 program's. A program of its own (Own) is named as it is.
func TestNamedProgramsAreUnmodified(t *testing.T) {
	for _, p := range builds.Catalogue {
		if !builds.Builtin(p) || p.TunedFrom != "" || p.Own {
			continue
		}
		for _, side := range []chess.Color{chess.White, chess.Black} {
			b, err := p.Build(side)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(b.Shown, "modified") || !strings.HasPrefix(b.Shown, microchess.OriginalName) {
				t.Errorf("%s as %s: named %q", p.Name, side.Name(), b.Shown)
			}
		}
	}
}

// In a clone whose source is modified, original is still the 1977
// program; local is the clone's, named with its one changed byte.
func TestOriginalNeverMoves(t *testing.T) {
	modifiedClone(t, true)
	orig, origName, err := builds.ProgramFor("original", chess.White)
	if err != nil {
		t.Fatal(err)
	}
	if origName != microchess.OriginalName || !microchess.SameProgram(orig, microchess.KIM(memmap.Published())) {
		t.Errorf("original in a modified clone: %q", origName)
	}
	local, localName, err := builds.ProgramFor(builds.Local, chess.White)
	if err != nil {
		t.Fatal(err)
	}
	if want := microchess.OriginalName + ", modified: 1 byte (17E2 POSN+2), built from ./src/microchess.asm"; localName != want {
		t.Errorf("local: %q, want %q", localName, want)
	}
	if microchess.SameProgram(orig, local) {
		t.Error("original and the modified local are the same program")
	}
	// The files outside src/ are not in the proven tree.
	if _, err := microchess.Proven.ReadFile("README.md", asm.SourceLimit); err == nil {
		t.Error("Proven reads README.md")
	}
}

func TestLocalUnchangedIsTheOriginal(t *testing.T) {
	modifiedClone(t, false)
	orig, _, err := builds.ProgramFor("original", chess.Black)
	if err != nil {
		t.Fatal(err)
	}
	local, name, err := builds.ProgramFor(builds.Local, chess.Black)
	if err != nil {
		t.Fatal(err)
	}
	if !microchess.SameProgram(orig, local) {
		t.Error("an unchanged clone's local differs from original")
	}
	if name != microchess.OriginalName+", built from ./src/microchess.asm" {
		t.Errorf("local: %q", name)
	}
}

func TestLocalNeedsASource(t *testing.T) {
	t.Chdir(t.TempDir())
	_, _, err := builds.ProgramFor(builds.Local, chess.White)
	if err == nil || !strings.Contains(err.Error(), "no src/microchess.asm in the working directory") {
		t.Errorf("local without a source: %v", err)
	}
}
