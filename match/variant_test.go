package match

import (
	"strings"
	"testing"

	"github.com/corentings/chess/v2"

	"github.com/kim1-archive/microchess/builds"
	"github.com/kim1-archive/microchess/emu/kim1"
)

func peek(images []kim1.Image, addr uint16) int {
	if i := imageAt(images, int(addr)); i >= 0 {
		return int(images[i].Data[addr-images[i].Addr])
	}
	return -1
}

func TestVariant(t *testing.T) {
	r := NewRoster()
	if _, err := r.AddVariant("pqb4=stone,white:00CD=0D1535,black:00CD=0D1232,17B2=EC"); err != nil {
		t.Fatal(err)
	}
	p, err := r.Player("pqb4@blitz")
	if err != nil {
		t.Fatal(err)
	}
	if !p.Plan || p.Name != "pqb4@blitz" {
		t.Errorf("a variant of stone plays its plan: %+v", p)
	}
	stone := func(side chess.Color) ([]kim1.Image, string, error) { return builds.ProgramFor("stone", side) }
	for side, want := range map[chess.Color][3]int{chess.White: {0x0D, 0x15, 0x35}, chess.Black: {0x0D, 0x12, 0x32}} {
		images, desc, err := p.Program(side)
		if err != nil {
			t.Fatal(err)
		}
		orig, _, _ := stone(side)
		for k := range 3 {
			if got := peek(images, 0x00CD+uint16(k)); got != want[k] {
				t.Errorf("%v: %04X = %02X, want %02X", side, 0x00CD+k, got, want[k])
			}
		}
		if peek(images, 0x17B2) != 0xEC || peek(orig, 0x17B2) != 0xDD {
			t.Errorf("%v: 17B2 %02X (stone's %02X)", side, peek(images, 0x17B2), peek(orig, 0x17B2))
		}
		// Every other byte is stone's, and stone's own images are untouched.
		diff := 0
		for i := range images {
			for j := range images[i].Data {
				if images[i].Data[j] != orig[i].Data[j] {
					diff++
				}
			}
		}
		if diff != 4 {
			t.Errorf("%v: %d bytes differ from stone's, want 4", side, diff)
		}
		if again, _, _ := stone(side); peek(again, 0x17B2) != 0xDD {
			t.Error("the variant wrote into stone's images")
		}
		if !strings.Contains(desc, "variant white:00CD=0D1535 black:00CD=0D1232 17B2=EC") {
			t.Errorf("described as %q", desc)
		}
	}
	for _, bad := range []string{"x", "x=nothing,0000=00", "y=stone", "y=stone,00C3", "y=stone,00C3=7", "y=stone,red:00C3=07", "y=stone,FFFF=0102", "stone=stone,00C3=07"} {
		if _, err := r.AddVariant(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	// A byte outside the program's images, or one set twice for a side, is
	// refused with the definition, not left for the game to find.
	for bad, want := range map[string]string{
		"far=original,2000=EA":                  "2000 is in none of the program's images",
		"twice=original,0300=00,0300=01":        "0300 is set twice, by 0300=00 and 0300=01",
		"over=original,0300=0001,black:0301=02": "0301 is set twice",
		"both=original,white:0300=00,0300=01":   "0300 is set twice",
	} {
		if _, err := r.AddVariant(bad); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", bad, err, want)
		}
	}
	if _, err := r.AddVariant("sides=original,white:0300=00,black:0300=01"); err != nil {
		t.Errorf("one address, a value for each side: %v", err)
	}
}
