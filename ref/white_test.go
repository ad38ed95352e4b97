package ref

import (
	"strings"
	"testing"
)

func TestWhiteOpeningsShape(t *testing.T) {
	lib := WhiteOpenings()
	// Typed from the article's Table 1, independent of the file.
	names := []string{"Random selection by computer", "Sicilian Rauzer", "Sicilian Dragon", "Ruy Lopez Open",
		"Giuoco Piano", "King's Gambit", "French Winawer", "Queen's Gambit Declined Orthodox",
		"Nimzo-Indian Rubinstein", "King's Indian Classical", "English Symmetrical"}
	if len(lib.Table) != len(names) {
		t.Fatalf("Table 1: %d rows, want %d", len(lib.Table), len(names))
	}
	for i, o := range lib.Table {
		if o.Number != i || o.Name != names[i] {
			t.Errorf("Table 1 row %d: %d %q, want %q", i, o.Number, o.Name, names[i])
		}
	}
	// Ten openings of 16 items, less line 420's three, which the OCR lost.
	if len(lib.Data) != 157 {
		t.Fatalf("%d DATA items, want 157", len(lib.Data))
	}
	lost := 0
	stmts := map[string]int{}
	for i, it := range lib.Data {
		if it.Index != i {
			t.Errorf("item %d has index %d", i, it.Index)
		}
		if i == 0 || it.Line != lib.Data[i-1].Line || it.Stmt != lib.Data[i-1].Stmt {
			if it.Stmt == "" {
				lost++
			}
			stmts[it.Stmt]++
		}
	}
	// The numbers 360, 390 and 430 are lost; 420 is lost with its items.
	if lost != 3 || stmts["420"] != 0 || stmts["270"] != 1 || stmts["280"] != 1 || stmts["460"] != 1 {
		t.Errorf("%d statements without a number; statements %v", lost, stmts)
	}
	// Spot checks typed from the seed's listing.
	for _, c := range []struct {
		i          int
		stmt, text string
	}{{0, "270", "5254"}, {13, "280", "1838"}, {15, "280", "2644"}, {16, "290", "5254"},
		{77, "", "2836"}, {96, "", "4244"}, {124, "410", "2233"}, {125, "", "4244"}, {156, "460", "2644"}} {
		if it := lib.Data[c.i]; it.Stmt != c.stmt || it.Text != c.text {
			t.Errorf("item %d: %q in statement %q, want %q in %q", c.i, it.Text, it.Stmt, c.text, c.stmt)
		}
	}
	// 270 and 280 are OCR'd on one line.
	if a, b := lib.Data[12], lib.Data[13]; a.Line != b.Line || a.N != 13 || b.N != 14 || b.At() != "53:14" {
		t.Errorf("items 12, 13: %+v %+v", a, b)
	}
}

func TestWhiteCorrectionsParse(t *testing.T) {
	cs := WhiteCorrections()
	if len(cs) == 0 {
		t.Fatal("no corrections")
	}
	for _, c := range cs {
		if c.Evidence == "" || strings.Contains(c.Evidence, "\t") {
			t.Errorf("line %d: evidence %q", c.Line, c.Evidence)
		}
	}
	for _, bad := range []string{
		"",
		"1 C$(9) 53:16 2644 3644 damaged",          // no evidence
		"0 C$(9) 53:16 2644 3644 damaged why",      // no opening 0
		"1 E$(9) 53:16 2644 3644 damaged why",      // no such array
		"1 C$(9) here 2644 3644 damaged why",       // not LINE:N
		"1 C$(9) lost 2644 3644 reconstructed why", // lost but printed
		"1 C$(9) 53:16 - 3644 reconstructed why",   // printed but lost
		"1 C$(9) 53:16 2644 3694 damaged why",      // not a square
		"1 C$(9) 53:16 2644 2644 damaged why",      // no change
		"1 C$(9) 53:16 2644 3644 guessed why",      // status
		"1 C$(9) lost - 3644 damaged why",          // a lost item is a reconstruction
		"1 C$(9) 53:16 2644 3644 damaged why\n1 C$(9) 53:16 2644 3644 damaged why", // twice
	} {
		if _, err := ParseWhiteCorrections("x", bad); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}

func TestParseWhiteOpeningsErrors(t *testing.T) {
	good := "[table 1]\n- 0 Random\n- 1 A\n[listing]\n250 READ D$(I,J)\n270 DATA1234\n470 REM ** END OF DATA **\n"
	if lib, err := ParseWhiteOpenings("x", good); err != nil || len(lib.Data) != 1 || len(lib.Table) != 2 {
		t.Fatalf("%v %+v", err, lib)
	}
	for _, bad := range []string{
		"",
		"[table 1]\n- 0 Random\n- 2 A\n", // numbers out of order
		"[table 1]\n- 0 Random\n",        // no DATA
		"[table 1]\n- 0 Random\n[listing]\n250 READ D$\n270 DATA1\n",                            // no END OF DATA
		"[table 1]\n- 0 Random\n[listing]\n250 READ D$\n270 DATA1,,2\n470 REM END OF DATA\n",    // empty item
		"[table 1]\n- 0 Random\n[listing]\n250 READ D$\n270 DATA1\nNEXT\n470 REM END OF DATA\n", // not DATA
		"[other]\nx\n",
	} {
		if _, err := ParseWhiteOpenings("x", bad); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}
