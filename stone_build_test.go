package stone

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/emu/microchess"
	"github.com/kim1-archive/microchess/linker"
)

// The repository root, seen from this package's directory.
const root = ".."

// Sources, relative to the root.
const (
	originalSrc = "src/microchess.asm"
	residueSrc  = "src/residue.asm"
	patchSrc    = "src/patches/stone-1980.s"
	whiteSrc    = "src/patches/stone-1980-white.s"
	blackSrc    = "src/patches/stone-1980-black.s"
)

func assemble(files ...string) (*asm.Program, error) {
	var srcs []asm.Source
	for _, f := range files {
		text, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			return nil, err
		}
		srcs = append(srcs, asm.Source{Name: f, Text: string(text)})
	}
	return asm.Assemble(srcs...)
}

// original links MicroChess 1.0 with the residue bytes, as `make` does: the
// program the article's patch is loaded over.
func original() ([]*linker.Image, error) {
	p, err := assemble(originalSrc, residueSrc)
	if err != nil {
		return nil, err
	}
	return linker.Link(p, linker.KIM1)
}

// upgraded overlays the patch and one opening list on the original.
func upgraded(list string) ([]*linker.Image, []linker.Change, *asm.Program, error) {
	base, err := original()
	if err != nil {
		return nil, nil, nil, err
	}
	p, err := assemble(patchSrc, list)
	if err != nil {
		return nil, nil, nil, err
	}
	out, changes, err := linker.Overlay(base, p)
	return out, changes, p, err
}

func forKIM(images []*linker.Image) []kim1.Image {
	var out []kim1.Image
	for _, im := range images {
		out = append(out, kim1.Image{Addr: im.Start, Data: im.Bytes})
	}
	return out
}

// programs are the images of the two programs the tests play.
type programs struct{ original, white, black []kim1.Image }

func load() (programs, error) {
	var ps programs
	orig, err := original()
	if err != nil {
		return ps, err
	}
	w, _, _, err := upgraded(whiteSrc)
	if err != nil {
		return ps, fmt.Errorf("white list: %v", err)
	}
	b, _, _, err := upgraded(blackSrc)
	if err != nil {
		return ps, fmt.Errorf("black list: %v", err)
	}
	return programs{forKIM(orig), forKIM(w), forKIM(b)}, nil
}

func mustLoad(t testing.TB) programs {
	t.Helper()
	ps, err := load()
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// session starts a KIM-1 with the images at the given level.
func session(images []kim1.Image, level string) (*microchess.Session, error) {
	s, err := microchess.New(images...)
	if err != nil {
		return nil, err
	}
	l, err := microchess.LevelByName(level)
	if err != nil {
		return nil, err
	}
	s.SetLevel(l)
	return s, nil
}
