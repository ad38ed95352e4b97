package export_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/export"
	"github.com/kim1-archive/microchess/linker"
)

var all = sync.OnceValues(builds.All)

// need skips a test when an assembler's program is missing, naming the
// Debian package that has it.
func need(t *testing.T, prog, pkg string) {
	t.Helper()
	if _, err := exec.LookPath(prog); err != nil {
		t.Skipf("%s not found: apt-get install %s", prog, pkg)
	}
}

func run(t *testing.T, dir string, name string, args ...string) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
}

func write(t *testing.T, dir string, files []export.File) {
	t.Helper()
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// same compares an image file with the build's image.
func same(t *testing.T, key string, got []byte, im *linker.Image) {
	t.Helper()
	if bytes.Equal(got, im.Bytes) {
		return
	}
	for i := range min(len(got), len(im.Bytes)) {
		if got[i] != im.Bytes[i] {
			t.Errorf("%s image %s: %d bytes, want %d; first difference at %04X: %02X, want %02X", key, im.Name, len(got), len(im.Bytes), int(im.Start)+i, got[i], im.Bytes[i])
			return
		}
	}
	t.Errorf("%s image %s: %d bytes, want %d", key, im.Name, len(got), len(im.Bytes))
}

// TestAssemblers: every build make produces, exported for each assembler
// and assembled by the real one, gives the build's images byte for byte.
func TestAssemblers(t *testing.T) {
	bs, err := all()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		target   export.Target
		prog, pk string
		build    func(t *testing.T, dir, base string, b builds.Build)
	}{
		{export.CA65, "ld65", "cc65", func(t *testing.T, dir, base string, b builds.Build) {
			need(t, "ca65", "cc65")
			run(t, dir, "ca65", "-o", base+".o", base+".s")
			run(t, dir, "ld65", "-C", base+".cfg", "-o", base, base+".o")
			for _, im := range b.Images {
				same(t, b.Key, read(t, dir, export.ImageFile(base, im)), im)
			}
		}},
		{export.Tass64, "64tass", "64tass", func(t *testing.T, dir, base string, b builds.Build) {
			args := []string{"-q", "-b", "-Wall", "-Werror"}
			for _, im := range b.Images {
				args = append(args, "--output-section", im.Name, "-o", export.ImageFile(base, im))
			}
			run(t, dir, "64tass", append(args, base+".asm")...)
			for _, im := range b.Images {
				same(t, b.Key, read(t, dir, export.ImageFile(base, im)), im)
			}
		}},
		{export.ACME, "acme", "acme", func(t *testing.T, dir, base string, b builds.Build) {
			run(t, dir, "acme", "--strict-segments", "-f", "plain", "-o", base+".bin", base+".a")
			flat := read(t, dir, base+".bin")
			lo := int(b.Images[0].Start)
			for _, im := range b.Images {
				lo = min(lo, int(im.Start))
			}
			for _, im := range b.Images {
				at := int(im.Start) - lo
				if at+len(im.Bytes) > len(flat) {
					t.Errorf("%s: ACME's file ends at %04X, before image %s ends", b.Key, lo+len(flat)-1, im.Name)
					continue
				}
				same(t, b.Key, flat[at:at+len(im.Bytes)], im)
			}
		}},
	} {
		t.Run(string(tc.target), func(t *testing.T) {
			t.Parallel()
			need(t, tc.prog, tc.pk)
			for _, b := range bs {
				t.Run(strings.ReplaceAll(b.Key, ":", "-"), func(t *testing.T) {
					dir := t.TempDir()
					base := "mc"
					files, err := export.Export(b, tc.target, base)
					if err != nil {
						t.Fatal(err)
					}
					write(t, dir, files)
					tc.build(t, dir, base, b)
				})
			}
		})
	}
}

func read(t *testing.T, dir, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
