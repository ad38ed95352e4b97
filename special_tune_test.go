package microchess_test

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/isa"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/spsa"
	"github.com/kim1-archive/microchess/tunable"
)

// imageStmt is the statement that filled a byte of the images, nil if none.
func imageStmt(images []*linker.Image, a uint16) *asm.Stmt {
	for _, im := range images {
		if a >= im.Start && int(a) <= int(im.End()) {
			return im.Src[a-im.Start]
		}
	}
	return nil
}

// The special-moves program keeps every byte the original's declarations
// name, from the same line of src/microchess.asm, and its declarations
// name each as the original's do (same parameter, same value); BONUS
// adds XPOS's ADCIM 02, which does for the back rank what the original's
// one byte did.
func TestSpecialDeclarationsKeepTheOriginals(t *testing.T) {
	t.Parallel()
	orig, err := builds.LoadTunableProgram("original", "")
	if err != nil {
		t.Fatal(err)
	}
	spc, err := builds.LoadTunableProgram("special", "")
	if err != nil {
		t.Fatal(err)
	}
	origImages, err := microchess.Original(true)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range orig.Set.Addresses() {
		o, s := imageStmt(origImages.Images, a), imageStmt(spc.Images, a)
		if o == nil || s == nil || o.Pos != s.Pos || o.Bytes[a-o.Addr] != s.Bytes[a-s.Addr] {
			t.Errorf("%04X: the original's %v, the special program's %v", a, o, s)
		}
	}
	byName := map[string]int{}
	for i, p := range spc.Set.Params {
		byName[p.Name] = i
	}
	cur := spc.Set.Current()
	for i, p := range orig.Set.Params {
		j, ok := byName[p.Name]
		if !ok {
			t.Errorf("%s is not declared for the special program", p.Name)
			continue
		}
		q := spc.Set.Params[j]
		want := p.Addrs
		if p.Name == "BONUS" {
			xpr := spc.Set.Params[j].Addrs[0] // XPR-1, in expansion RAM
			want = append([]uint16{xpr}, want...)
			if s := imageStmt(spc.Images, xpr); s == nil || s.Pos.File != microchess.SpecialSource || s.Mnemonic != "ADC" || s.Mode != isa.Immediate {
				t.Errorf("BONUS's first byte %04X is not an ADCIM of %s: %v", xpr, microchess.SpecialSource, s)
			}
		}
		if !slices.Equal(q.Addrs, want) || q.Kind != p.Kind || q.Lo != p.Lo || q.Hi != p.Hi || cur[j] != orig.Set.Current()[i] ||
			fmt.Sprint(q.Choices) != fmt.Sprint(p.Choices) {
			t.Errorf("%s: the special program's %+v, the original's %+v", p.Name, q, p)
		}
	}
	if got := fmt.Sprint(spc.Set.Orders); got != fmt.Sprint(orig.Set.Orders) {
		t.Errorf("ORDER lines %s, the original's %s", got, fmt.Sprint(orig.Set.Orders))
	}
}

// Where the special-moves program reads the piece values (00A0–00AF):
// every instruction its images hold whose operand is in .POINTS, against
// the list read off the sources: CKMATE's CPXZ .POINTS (the original's,
// kept), and in XPTS LDAAY .POINTS (Y the man's type), CMPZ .POINTS (the
// king), CMPZ .POINTS+1 and LDAZ .POINTS+1 (the queen, a promotion's cap).
// The original's two LDAAY .POINTS by slot (FOUN, FOUNX) are gone: JSR
// XPTS stands in their place.
func TestSpecialReadsOfThePieceValues(t *testing.T) {
	t.Parallel()
	p, err := microchess.Special()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, im := range p.Images {
		for i, s := range im.Src {
			if s == nil || s.Kind != asm.KindInstr || int(s.Addr) != int(im.Start)+i || len(s.Bytes) < 2 {
				continue
			}
			e := isa.ByCode[s.Bytes[0]]
			if e.Mode == isa.Immediate || e.Mode == isa.Relative {
				continue
			}
			operand := int(s.Bytes[1])
			if len(s.Bytes) == 3 {
				operand |= int(s.Bytes[2]) << 8
			}
			if operand >= 0xA0 && operand <= 0xAF {
				got = append(got, fmt.Sprintf("%s%s %02X", e.Mnemonic, asm.Suffix1977(e.Mode), operand))
			}
		}
	}
	want := []string{"CPXZ A0", "LDAAY A0", "CMPZ A0", "CMPZ A1", "LDAZ A1"}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("reads of .POINTS %v, want %v", got, want)
	}
}

// The tuned special-moves program holds what its own run found
// (docs/tuning/special-normal.json, make tune-special): each RANGE
// parameter θ rounded, the ORDER lines applied, read back from the
// program's bytes through the special program's declarations; the choices
// keep the special program's; no other byte differs from it.
func TestTunedSpecialHoldsItsRunsValues(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile("docs/tuning/special-normal.json")
	if err != nil {
		t.Fatal(err)
	}
	var st spsa.State
	if err := json.Unmarshal(data, &st); err != nil {
		t.Fatal(err)
	}
	if !st.Done() {
		t.Fatalf("the run stopped at %d of %d pairs", st.Iter, st.Schedule.Pairs)
	}
	spc, err := builds.LoadTunableProgram("special", "")
	if err != nil {
		t.Fatal(err)
	}
	ts, err := builds.LoadTunableProgram("tuned-special", "")
	if err != nil {
		t.Fatal(err)
	}
	run := map[string]int{}
	for i, v := range st.Values() {
		run[st.Params[i].Name] = v
	}
	want := spc.Set.Current()
	for i, p := range spc.Set.Params {
		if v, ok := run[p.Name]; ok {
			want[i] = v
		} else if p.Kind != tunable.Choice {
			t.Errorf("%s: not in the run", p.Name)
		}
	}
	if want, err = spc.Set.Project(want); err != nil {
		t.Fatal(err)
	}
	if got := ts.Set.Current(); !slices.Equal(got, want) {
		t.Errorf("tuned-special's values %v, want %v", got, want)
	}
	declared := map[uint16]bool{}
	for _, a := range spc.Set.Addresses() {
		declared[a] = true
	}
	changed := 0
	for k, im := range spc.Images {
		other := ts.Images[k]
		if im.Start != other.Start || len(im.Bytes) != len(other.Bytes) {
			t.Fatalf("image %d: %04X–%04X against %04X–%04X", k, im.Start, im.End(), other.Start, other.End())
		}
		for i := range im.Bytes {
			if im.Bytes[i] != other.Bytes[i] {
				changed++
				if a := im.Start + uint16(i); !declared[a] {
					t.Errorf("%04X differs (%02X, tuned %02X) and is not declared", a, im.Bytes[i], other.Bytes[i])
				}
			}
		}
	}
	if changed == 0 {
		t.Error("tuned-special is the special program")
	}
}
