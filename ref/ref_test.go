package ref

import "testing"

func TestMicroChess1977Images(t *testing.T) {
	ims := MicroChess1977()
	if len(ims) != 2 || len(ims[0].Bytes) != 1024 || len(ims[1].Bytes) != 102 {
		t.Fatalf("images: %d, sizes %d/%d", len(ims), len(ims[0].Bytes), len(ims[1].Bytes))
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
