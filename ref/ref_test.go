package ref

import "testing"

// The manual prints two runs: 0000–03FF and 1780–17E5.
func TestHexListing1977(t *testing.T) {
	ims := HexListing1977()
	if len(ims) != 2 || ims[0].Start != 0 || len(ims[0].Bytes) != 1024 || ims[1].Start != 0x1780 || len(ims[1].Bytes) != 102 {
		t.Fatalf("runs: %+v", ims)
	}
	// Spot checks typed from the manual's page, independent of the file.
	checks := []struct {
		im   int
		addr uint16
		want byte
	}{{0, 0x0000, 0xD8}, {0, 0x00DB, 0xCC}, {0, 0x03F9, 0x60}, {1, 0x1780, 0x18}, {1, 0x17E5, 0x03}}
	for _, c := range checks {
		if got := ims[c.im].Bytes[c.addr-ims[c.im].Start]; got != c.want {
			t.Errorf("%04X = %02X, want %02X", c.addr, got, c.want)
		}
	}
	if ims[1].End() != 0x17E5 {
		t.Errorf("C1 ends at %04X", ims[1].End())
	}
}

func TestParseHexErrors(t *testing.T) {
	for _, bad := range []string{"0000 D8", "00G0: D8", "0000: D", "0000: D8\n0000: 00"} {
		if _, err := ParseHex("x", bad); err == nil {
			t.Errorf("ParseHex(%q) accepted", bad)
		}
	}
}

func TestPrintedTablesParse(t *testing.T) {
	lines := ListingBytes1977()
	if len(lines) < 400 || lines[0].Line != 5 || lines[0].Addr != 0 || lines[0].Bytes[0] != 0xD8 {
		t.Errorf("listing: %d rows, first %+v", len(lines), lines[0])
	}
	syms := SymbolTable1977()
	if len(syms) < 120 || syms[0].Name != "CHESS" {
		t.Errorf("symtab: %d rows, first %+v", len(syms), syms[0])
	}
}

func TestStone1980Printed(t *testing.T) {
	code := Stone1980Listing()
	// Spot checks typed from the article's listing.
	for addr, want := range map[int]byte{0x03A2: 0xA2, 0x03B9: 0xB6, 0x03BA: 0xDC, 0x17BF: 0x4C, 0x0117: 0xEA, 0x0201: 0x11} {
		if got, ok := code[addr]; !ok || got != want {
			t.Errorf("listing %04X = %02X (%v), want %02X", addr, got, ok, want)
		}
	}
	if _, lost := code[0x17B1]; lost {
		t.Error("17B1 is lost from the copy but has a printed byte")
	}
	w, b := Stone1980Table1(true), Stone1980Table1(false)
	if w[0x00C5] != 0x01 || b[0x00C5] != 0x06 || w[0x00D1] != 0x03 || b[0x00D1] != 0x04 || w[0x00DB] != 0x1F {
		t.Errorf("table 1: white %v black %v", w, b)
	}
}

// The BLOCK DATA tables agree with the hex listing byte for byte
// (docs/errata.md, Block data).
func TestBlockDataIsTheHexListing(t *testing.T) {
	mem, err := ParseHex("hex", hex1977)
	if err != nil {
		t.Fatal(err)
	}
	blocks := BlockData1977()
	want := map[string]int{".SETW": 32, ".MOVEX": 16, ".POINTS": 16, ".OPNING": 28}
	if len(blocks) != len(want) {
		t.Fatalf("%d tables", len(blocks))
	}
	for _, b := range blocks {
		if len(b.Bytes) != want[b.Name] {
			t.Errorf("%s: %d bytes, the manual's table has %d", b.Name, len(b.Bytes), want[b.Name])
		}
		for i, x := range b.Bytes {
			if a := b.Addr + uint16(i); mem[a] != x {
				t.Errorf("%s: %04X is %02X, the hex listing has %02X", b.Name, a, x, mem[a])
			}
		}
	}
}
