package ref

import "testing"

func TestOpeningTable1977Shape(t *testing.T) {
	cols := OpeningTable1977()
	if len(cols) != 10 {
		t.Fatalf("%d columns, want 10", len(cols))
	}
	// Typed from the manual's page, independent of the file.
	want := []struct{ opening, side, db, c0 string }{
		{"FRENCH DEFENCE", "W", "CC", "99"}, {"FRENCH DEFENCE", "B", "44", "99"},
		{"GIUOCO PIANO", "W", "CC", "99"}, {"QUEEN'S INDIAN", "B", "43", "99"},
		{"FOUR KNIGHTS", "B", "44", "99"},
	}
	byName := map[string]OpeningColumn{}
	for _, c := range cols {
		if len(c.Cells) != 28 {
			t.Errorf("%s %s: %d cells", c.Opening, c.Side, len(c.Cells))
		}
		if c.Cells[0].Addr != 0xDB || c.Cells[27].Addr != 0xC0 {
			t.Errorf("%s %s: rows %02X..%02X", c.Opening, c.Side, c.Cells[0].Addr, c.Cells[27].Addr)
		}
		byName[c.Opening+" "+c.Side] = c
	}
	for _, w := range want {
		c, ok := byName[w.opening+" "+w.side]
		if !ok {
			t.Errorf("no column %s %s", w.opening, w.side)
			continue
		}
		if c.Cells[0].Text != w.db || c.Cells[27].Text != w.c0 {
			t.Errorf("%s %s: DB %q C0 %q", w.opening, w.side, c.Cells[0].Text, c.Cells[27].Text)
		}
	}
	if got := byName["RUY LOPEZ B"].Cells[0xDB-0xD0].Text; got != "NxP" {
		t.Errorf("Ruy Lopez B at D0 = %q, want the annotation NxP as printed", got)
	}
}

func TestParseOpeningTableErrors(t *testing.T) {
	head := "ADDR\tA\t\tADDR\n\tW\tB\t\n"
	for _, bad := range []string{
		"",
		head + "DB\tCC\tDB\n",         // too few cells
		head + "DB\tCC\t44\tDA\n",     // addresses disagree
		head + "XY\tCC\t44\tXY\n",     // not an address
		head + "DB\tCC\t\tDB\n",       // empty cell
		"ADDR\tA\t\tADDR\n\tW\tX\t\n", // not W/B
	} {
		if _, err := ParseOpeningTable("x", bad); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}
