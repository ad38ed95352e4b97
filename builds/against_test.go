package builds

import "testing"

// The candidates come in the order a tie is decided, Stone's two builds
// differing only in the opening list (00C3–00DB).
func TestCandidates(t *testing.T) {
	c, err := Candidates()
	if err != nil {
		t.Fatal(err)
	}
	cs := c.Programs
	var keys []string
	for _, c := range cs {
		keys = append(keys, c.Key)
	}
	if len(keys) != 4 || keys[0] != "1977" || keys[1] != "clean" || keys[2] != "stone-white" || keys[3] != "stone-black" {
		t.Fatalf("candidates %v", keys)
	}
	if cs[0].OwnBlock || cs[1].OwnBlock || !cs[2].OwnBlock || !cs[3].OwnBlock {
		t.Errorf("only Stone's builds have their opening block as their own part")
	}
	w, b := cs[2].Images, cs[3].Images
	for i := range w {
		for j := range w[i].Bytes {
			addr := int(w[i].Start) + j
			if w[i].Bytes[j] != b[i].Bytes[j] && (addr < 0x00C3 || addr > 0x00DB) {
				t.Errorf("Stone's White and Black builds differ at %04X", addr)
			}
		}
	}
}
