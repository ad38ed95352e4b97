package tunable_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/tunable"
)

func original(t *testing.T) (*tunable.Set, *microchess.Program) {
	t.Helper()
	set, p, err := microchess.LoadTunable(microchess.Proven, microchess.ProgramSource, "")
	if err != nil {
		t.Fatal(err)
	}
	return set, p
}

func param(t *testing.T, set *tunable.Set, name string) (int, *tunable.Param) {
	t.Helper()
	for i, p := range set.Params {
		if p.Name == name {
			return i, p
		}
	}
	t.Fatalf("no parameter %s", name)
	return 0, nil
}

// The declarations of the original name the bytes the manual's listing
// shows (addresses and bytes read off the 1977 listing by hand).
func TestOriginalDeclarations(t *testing.T) {
	t.Parallel()
	set, p := original(t)
	for _, tc := range []struct {
		name  string
		addrs []uint16
		byte  byte
	}{
		{"BIASQ", []uint16{0x1782}, 0x80},
		{"BIASH", []uint16{0x17A3}, 0x40},
		{"BIAS1", []uint16{0x17AE}, 0x90},
		{"BONUS", []uint16{0x17E2}, 0x02},
		{"SQUARE1", []uint16{0x17C7}, 0x33},
		{"SQUARE4", []uint16{0x17D3}, 0x25},
		{"KING", []uint16{0x00A0}, 0x0B},
		{"QUEEN", []uint16{0x00A1}, 0x0A},
		{"ROOKS", []uint16{0x00A2, 0x00A3}, 0x06},
		{"KNIGHTS", []uint16{0x00A6, 0x00A7}, 0x04},
		{"PAWNS", []uint16{0x00A8, 0x00A9, 0x00AA, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x00AF}, 0x02},
		{"QWMOB", []uint16{0x1784}, 0xEB},
		{"QBMOB", []uint16{0x179B}, 0xE3},
		{"HBMAXC", []uint16{0x17AA}, 0xE4},
		{"FWCAP0D", []uint16{0x17B6}, 0xDD},
		{"FBCAP1", []uint16{0x17C3}, 0xE0},
	} {
		_, q := param(t, set, tc.name)
		if !reflect.DeepEqual(q.Addrs, tc.addrs) || q.Byte(q.Current) != tc.byte {
			t.Errorf("%s: %04X = %02X, want %04X = %02X", tc.name, q.Addrs, q.Byte(q.Current), tc.addrs, tc.byte)
		}
	}
	// Every term of STRATGY may be dropped with the harmless variable
	// .SETW+2, 0072.
	terms := 0
	for _, q := range set.Params {
		if strings.HasPrefix(q.Comment, "ADCZ ") || strings.HasPrefix(q.Comment, "SBCZ ") {
			terms++
			if last := q.Choices[len(q.Choices)-1]; last != (tunable.Option{Text: ".SETW+2", Value: 0x72}) {
				t.Errorf("%s: last choice %+v, want .SETW+2 = 72", q.Name, last)
			}
		}
	}
	for _, a := range set.Addresses() {
		if a >= 0x0070 && a <= 0x008F {
			t.Errorf("%04X is declared: .SETW must stay as it is, the harmless variable is in it", a)
		}
	}
	if terms != 25 {
		t.Errorf("%d terms of STRATGY declared, want 25", terms)
	}
	// 3 constants, the bonus, 4 squares, 16 piece values, 12+3+10 terms.
	if n := len(set.Addresses()); n != 3+1+4+16+25 {
		t.Errorf("%d addresses", n)
	}
	read := func(a uint16) byte {
		for _, im := range p.Images {
			if a >= im.Start && a <= im.End() {
				return im.Bytes[a-im.Start]
			}
		}
		t.Fatalf("%04X in no image", a)
		return 0
	}
	if v, err := set.Vector(read); err != nil || !reflect.DeepEqual(v, set.Current()) {
		t.Errorf("Vector of the images = %v, %v; Current = %v", v, err, set.Current())
	}
}

// A queen worth more than the king brings the king up (ORDER): the
// projection that keeps CKMATE's test of the king's value true.
func TestOriginalKingStaysHighest(t *testing.T) {
	t.Parallel()
	set, _ := original(t)
	v := set.Current()
	king, _ := param(t, set, "KING")
	queen, _ := param(t, set, "QUEEN")
	v[queen] = 0x0C
	w, err := set.Project(v)
	if err != nil {
		t.Fatal(err)
	}
	if w[queen] != 0x0C || w[king] != 0x0D {
		t.Errorf("queen 0C: king %02X queen %02X, want 0D 0C", w[king], w[queen])
	}
}

// Apply rewrites the original's source: it assembles, and exactly the
// bytes the vector changes differ from the proven program's.
func TestOriginalApply(t *testing.T) {
	t.Parallel()
	set, p := original(t)
	srcs, err := microchess.Proven.ReadSources(microchess.ProgramSource)
	if err != nil {
		t.Fatal(err)
	}
	if same, err := set.Apply(srcs[0], set.Current()); err != nil || same != srcs[0].Text {
		t.Fatalf("the current vector changed the source (%v)", err)
	}
	v := set.Current()
	set1 := func(name string, val int) { i, _ := param(t, set, name); v[i] = val }
	set1("BIAS1", 0x88)
	set1("QUEEN", 0x0C) // the king comes up to 0D
	set1("PAWNS", 0x03)
	set1("QWMOB", 5)    // .SETW+2: the term is dropped
	set1("SQUARE1", 10) // 44
	set1("FBCCB", 2)    // .BCAP1
	text, err := set.Apply(srcs[0], v)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"\tADCIM\t88\n", "\tADCZ\t.SETW+2\tPARAMETERS\n", "\tCPXIM\t44\n", "\tSBCZ\t.BCAP1\n",
		"\t.BYTE\t0D 0C 06 06 04 04 04 04 03 03 03 03 03 03 03 03\n"} {
		if !bytes.Contains([]byte(text), []byte(line)) {
			t.Errorf("the rewritten source has no line %q", line)
		}
	}
	code, err := asm.Assemble(asm.Source{Name: srcs[0].Name, Text: text})
	if err != nil {
		t.Fatal(err)
	}
	images, err := linker.Link(memmap.Layout, code)
	if err != nil {
		t.Fatal(err)
	}
	want := map[uint16]byte{0x17AE: 0x88, 0x00A1: 0x0C, 0x00A0: 0x0D, 0x1784: 0x72, 0x17C7: 0x44, 0x17C1: 0xE0}
	for a := uint16(0x00A8); a <= 0x00AF; a++ {
		want[a] = 0x03
	}
	if len(images) != len(p.Images) {
		t.Fatalf("%d images, want %d", len(images), len(p.Images))
	}
	for k, im := range images {
		old := p.Images[k]
		if im.Start != old.Start || len(im.Bytes) != len(old.Bytes) {
			t.Fatalf("image %s moved: %04X–%04X, was %04X–%04X", im.Name, im.Start, im.End(), old.Start, old.End())
		}
		for i := range im.Bytes {
			a := im.Start + uint16(i)
			nb, ob := im.Bytes[i], old.Bytes[i]
			if w, changed := want[a]; changed {
				if nb != w || ob == w {
					t.Errorf("%04X: %02X, was %02X, want %02X", a, nb, ob, w)
				}
			} else if nb != ob {
				t.Errorf("%04X changed: %02X, was %02X", a, nb, ob)
			}
		}
	}
	// And the pokes say the same.
	pokes, err := set.Pokes(v)
	if err != nil {
		t.Fatal(err)
	}
	for _, pk := range pokes {
		if w, changed := want[pk.Addr]; changed && pk.Byte != w {
			t.Errorf("poke %04X = %02X, want %02X", pk.Addr, pk.Byte, w)
		}
	}
}
