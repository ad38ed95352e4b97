package builds

import (
	"slices"
	"testing"

	"github.com/kim1-archive/microchess/session"
)

// Each program of the catalogue built from the sources built in runs
// translated exactly when its row says so, on either side.
func TestCatalogueTranslations(t *testing.T) {
	for _, p := range Catalogue {
		if !Builtin(p) {
			continue
		}
		for _, side := range p.SideList() {
			b, err := p.Build(side)
			if err != nil {
				t.Fatal(err)
			}
			m, err := session.Machine(b.Needs.Layout, b.KIM())
			if err != nil {
				t.Fatal(err)
			}
			s := session.NewSession(m)
			if got := s.M.Native != nil; got != p.Translated {
				t.Errorf("%s: runs translated: %v; its row says %v", b.Key, got, p.Translated)
			}
		}
	}
}

// The names are unique, the roles' names are rows, a tuned program's base
// is a row with the same declarations, and only the working directory's
// program is not built in.
func TestCatalogueRows(t *testing.T) {
	var names []string
	for _, p := range Catalogue {
		if slices.Contains(names, p.Name) {
			t.Errorf("%s: two rows", p.Name)
		}
		names = append(names, p.Name)
		if p.TunedFrom != "" {
			base, err := Lookup(p.TunedFrom)
			if err != nil || base.Tune != p.Tune {
				t.Errorf("%s: tuned from %s, whose declarations are not its own (%v)", p.Name, p.TunedFrom, err)
			}
		}
		if (p.Tune == "") != (p.TuneBase == nil) {
			t.Errorf("%s: declarations %q without what they are resolved against, or the other way", p.Name, p.Tune)
		}
		if p.Make == nil {
			t.Errorf("%s: no Make", p.Name)
		}
	}
	for _, n := range []string{Original, Special, Local} {
		if _, err := Lookup(n); err != nil {
			t.Error(err)
		}
	}
	if _, err := Lookup("nothing"); err == nil {
		t.Error("Lookup finds a program no row names")
	}
	if got := Names(func(p *Program) bool { return !Builtin(p) }); !slices.Equal(got, []string{Local}) {
		t.Errorf("programs not built in: %v", got)
	}
	if n, err := NeedsOf(Special); err != nil || n.Special == nil || len(n.Layout.Regions) == 0 {
		t.Errorf("the special-moves program's needs: %+v %v", n, err)
	}
}
