package microchess

import (
	"testing"
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
