package microchess_test

import (
	"fmt"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/emu/kim1"
)

// The tests of Stone's 1980 upgrade (stone_*_test.go) check
// src/patches/stone-1980.s and its opening lists against the article's
// printed bytes and Table 1 (ref/stone-1980-*.txt) and in the emulator,
// and hold the experiment that chose the values the article lost (FACTOR
// and DEVP-4); see docs/stone-1980.md.

// Sources, by the names the package knows them by.
const (
	originalSrc = microchess.ProgramSource
	patchSrc    = microchess.StoneSource
	whiteSrc    = microchess.StoneWhite
	blackSrc    = microchess.StoneBlack
)

func assemble(files ...string) (*asm.Program, error) {
	srcs, err := microchess.ReadSources(files...)
	if err != nil {
		return nil, err
	}
	return asm.Assemble(srcs...)
}

// programs are the images of the two programs the tests play.
type programs struct{ original, white, black []kim1.Image }

func load() (programs, error) {
	var ps programs
	orig, err := microchess.Original(true)
	if err != nil {
		return ps, err
	}
	w, err := microchess.Stone(true)
	if err != nil {
		return ps, fmt.Errorf("white list: %v", err)
	}
	b, err := microchess.Stone(false)
	if err != nil {
		return ps, fmt.Errorf("black list: %v", err)
	}
	return programs{microchess.KIM(orig.Images), microchess.KIM(w.Images), microchess.KIM(b.Images)}, nil
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

// The stone tests speak of sides as white true or false.
func color(white bool) chess.Color {
	if white {
		return chess.White
	}
	return chess.Black
}

func square(code byte, white bool) (chess.Square, error) {
	sq, ok := microchess.SquareOf(code, color(white))
	if !ok {
		return sq, fmt.Errorf("%02X is not a square", code)
	}
	return sq, nil
}

func code(sq chess.Square, white bool) byte { return microchess.Code(sq, color(white)) }
