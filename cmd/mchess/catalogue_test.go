package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/session"
	"github.com/kim1-archive/microchess/web"
)

// posn4 is a program a test adds to the catalogue: the 1977 program with
// a one-byte patch of its own source (POSN+2, 17E2, made 04), built from
// the sources built in.
var posn4 = &builds.Program{
	Name: "posn4", Label: "with POSN+2 04", About: "the original with POSN+2 04, a test's",
	Title: "MicroChess 1977 with POSN+2 04",
	Make: builds.FromPatch(func() (*microchess.Patched, error) {
		base, err := microchess.Original(true)
		if err != nil {
			return nil, err
		}
		return base.OverlaySources(asm.Source{Name: "posn4.s", Text: "0010            .BA $17E2\n0020            .BY $04\n"})
	}, microchess.OriginalName+" with POSN+2 04 (posn4.s)", microchess.ProgramSource, microchess.ResidueSource, "posn4.s"),
}

// Adding a program is one row of the catalogue (and its sources): every
// command knows it by name at once, each as it knows the others.
func TestCatalogueRowIsEnough(t *testing.T) {
	saved := builds.Catalogue
	builds.Catalogue = append(slices.Clone(saved), posn4)
	t.Cleanup(func() { builds.Catalogue = saved })
	// A patch's own bytes are not modifications: it is named as its row
	// says.
	const shown = "MicroChess 1977 with POSN+2 04 (posn4.s)"

	t.Run("play", func(t *testing.T) {
		opt := session.PlayOptions{Player: chess.Black}
		if err := playProgram(&opt, "posn4", &runOpts{}); err != nil {
			t.Fatal(err)
		}
		if opt.Program != shown {
			t.Errorf("play names it %q, want %q", opt.Program, shown)
		}
		for _, im := range opt.Images {
			if a := 0x17E2 - int(im.Addr); a >= 0 && a < len(im.Data) && im.Data[a] != 0x04 {
				t.Errorf("play loads %02X at 17E2, want the patch's 04", im.Data[a])
			}
		}
	})
	t.Run("match", func(t *testing.T) {
		var out, errs bytes.Buffer
		pgn := filepath.Join(t.TempDir(), "m.pgn")
		if st := mainExit([]string{"match", "posn4@super-blitz", "original@super-blitz", "--games", "2", "--max-plies", "6", "-j", "1", "--quiet", "--pgn", pgn}, &out, &errs); st != 0 {
			t.Fatalf("exit %d: %s", st, errs.String())
		}
		games, err := os.ReadFile(pgn)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "posn4@super-blitz vs original@super-blitz") || !bytes.Contains(games, []byte(shown)) {
			t.Errorf("the match does not play posn4 as its row builds it:\n%s\n%s", out.String(), games)
		}
	})
	t.Run("uci", func(t *testing.T) {
		saved := uciIn
		uciIn = strings.NewReader("uci\nquit\n")
		t.Cleanup(func() { uciIn = saved })
		var out, errs bytes.Buffer
		if st := mainExit([]string{"uci", "--program", "posn4"}, &out, &errs); st != 0 {
			t.Fatalf("exit %d: %s", st, errs.String())
		}
		if !strings.Contains(out.String(), "option name Program type combo default posn4 ") || !strings.Contains(out.String(), "var posn4") {
			t.Errorf("the engine does not offer posn4:\n%s", out.String())
		}
	})
	t.Run("export", func(t *testing.T) {
		dir := t.TempDir()
		var out, errs bytes.Buffer
		if st := mainExit([]string{"export", "-q", "--to", "ca65", "-o", dir, "posn4"}, &out, &errs); st != 0 {
			t.Fatalf("exit %d: %s", st, errs.String())
		}
		src, err := os.ReadFile(filepath.Join(dir, "posn4.s"))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(src, []byte("MicroChess 1977 with POSN+2 04")) {
			t.Errorf("the export's header does not name the build")
		}
	})
	t.Run("web", func(t *testing.T) {
		if !slices.Contains(web.Programs(), web.Choice{Name: "posn4", Label: "with POSN+2 04"}) {
			t.Errorf("the web page does not offer posn4: %v", web.Programs())
		}
		p, err := web.New(web.Options{Program: "posn4", Level: "super-blitz"})
		if err != nil {
			t.Fatal(err)
		}
		if p.Name != shown {
			t.Errorf("the page names it %q", p.Name)
		}
	})
}
