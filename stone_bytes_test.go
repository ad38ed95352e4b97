package microchess_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/ref"
)

func mustAssemble(t *testing.T, files ...string) *asm.Program {
	t.Helper()
	p, err := assemble(files...)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Every byte the article prints comes out of stone-1980.s on the printed
// line number at the printed address; the only other bytes are the
// reconstructed line 0960.
func TestPrintedBytes(t *testing.T) {
	p := mustAssemble(t, patchSrc)
	byNumber := map[int]*asm.Stmt{}
	for _, s := range p.Stmts {
		if len(s.Bytes) > 0 {
			if byNumber[s.Number] != nil {
				t.Fatalf("line number %04d used twice", s.Number)
			}
			byNumber[s.Number] = s
		}
	}
	printed := 0
	for _, r := range ref.Stone1980Lines() {
		s := byNumber[r.Line]
		if s == nil {
			t.Errorf("line %04d (%04X % X): no statement", r.Line, r.Addr, r.Bytes)
			continue
		}
		delete(byNumber, r.Line)
		if s.Addr != r.Addr || fmt.Sprintf("% X", s.Bytes) != fmt.Sprintf("% X", r.Bytes) {
			t.Errorf("line %04d: %04X % X, printed %04X % X", r.Line, s.Addr, s.Bytes, r.Addr, r.Bytes)
		}
		if s.Reconstructed {
			t.Errorf("line %04d is printed but marked reconstructed", r.Line)
		}
		printed += len(r.Bytes)
	}
	left := make([]int, 0, len(byNumber))
	for n := range byNumber {
		left = append(left, n)
	}
	sort.Ints(left)
	for _, n := range left {
		s := byNumber[n]
		if !s.Reconstructed {
			t.Errorf("line %04d (%04X % X) is not printed and not marked reconstructed", n, s.Addr, s.Bytes)
		}
		if n != 960 || s.Addr != 0x17B1 || len(s.Bytes) != 2 || s.Label != "CAPTEST" {
			t.Errorf("reconstructed: line %04d at %04X, %d bytes, label %q; want only 0960 CAPTEST at 17B1, 2 bytes", n, s.Addr, len(s.Bytes), s.Label)
		}
	}
	t.Logf("%d printed bytes reproduced", printed)
}

// The lost line fits exactly the hole the printed bytes leave, and every
// printed branch to CAPTEST lands on it.
func TestCaptestHole(t *testing.T) {
	rows := ref.Stone1980Lines()
	at := map[uint16]ref.PrintedLine{}
	for _, r := range rows {
		at[r.Addr] = r
	}
	before, after := at[0x17AF], at[0x17B3]
	if before.Line != 950 || after.Line != 970 {
		t.Fatalf("printed lines around the hole: %04d, %04d", before.Line, after.Line)
	}
	if end := before.Addr + uint16(len(before.Bytes)); after.Addr-end != 2 {
		t.Errorf("hole of %d bytes at %04X", after.Addr-end, end)
	}
	for _, a := range []uint16{0x1798, 0x17A2, 0x17AD} {
		r := at[a]
		if len(r.Bytes) != 2 {
			t.Fatalf("no printed branch at %04X", a)
		}
		if dest := a + 2 + uint16(int8(r.Bytes[1])); dest != 0x17B1 {
			t.Errorf("branch at %04X lands at %04X", a, dest)
		}
	}
}

// The equates agree with the original's symbol table (the article's names
// are MicroChess's without the '.'), and the variables Stone reuses are
// read and written only by code the patch replaces.
func TestEquates(t *testing.T) {
	patch := mustAssemble(t, patchSrc)
	orig := mustAssemble(t, originalSrc)
	origSym := func(name string) *asm.Symbol {
		if s := orig.Symbols["."+name]; s != nil {
			return s
		}
		return orig.Symbols[name]
	}
	checked := 0
	for _, sym := range patch.Order {
		if sym.Def.Kind != asm.KindEquate {
			continue
		}
		o := origSym(sym.Name)
		switch sym.Name {
		case "FACTOR", "BKMOB", "BIAS":
			// New variables (Table 4), checked below.
		case "CMOVE":
			// A call into the middle of CMOVE: at the STA .SQUARE after the
			// move-table addition, so A carries the TO square.
			s := stmtAt(orig, uint16(sym.Value))
			if o == nil || s == nil || s.Mnemonic != "STA" || s.Operand == nil || s.Operand.Sym != ".SQUARE" || uint16(sym.Value) <= uint16(o.Value) {
				t.Errorf("CMOVE %04X is not the STA .SQUARE inside MicroChess's CMOVE", sym.Value)
			}
		case "DEVP", "FROM", "TO":
			if sym.Value != origSym("OMOVE").Value {
				t.Errorf("%s = %04X, want .OMOVE's %04X", sym.Name, sym.Value, origSym("OMOVE").Value)
			}
		default:
			if o == nil {
				t.Errorf("%s is not a MicroChess symbol", sym.Name)
			} else if o.Value != sym.Value {
				t.Errorf("%s = %04X, MicroChess has %04X", sym.Name, sym.Value, o.Value)
			}
		}
		checked++
	}
	if checked < 20 {
		t.Errorf("only %d equates", checked)
	}
	// The counters GNMZ clears end at BKMOB now (LDX #$11) and GNMX from GO
	// reaches BIAS (LDX #$12), as the comments on lines 0150 and 1190 say.
	count := origSym("COUNT").Value
	if patch.Symbols["BKMOB"].Value != count+0x11 || patch.Symbols["BIAS"].Value != count+0x12 {
		t.Errorf("BKMOB, BIAS are not COUNT+11, COUNT+12")
	}
	replaced := [][2]uint16{{0x03A2, 0x03E9}, {0x1780, 0x17E5}}
	for _, name := range []string{".PMOB", ".PMAXC", ".OPNING"} {
		for _, ref := range orig.Symbols[name].Refs {
			if ref.Kind == asm.KindInstr && !inRanges(ref.Addr, replaced) {
				t.Errorf("%s is used at %04X (line %d), which the patch keeps", name, ref.Addr, ref.Number)
			}
		}
	}
}

func stmtAt(p *asm.Program, addr uint16) *asm.Stmt {
	for _, s := range p.Stmts {
		if s.Kind == asm.KindInstr && s.Addr == addr {
			return s
		}
	}
	return nil
}

func inRanges(a uint16, rs [][2]uint16) bool {
	for _, r := range rs {
		if a >= r[0] && a <= r[1] {
			return true
		}
	}
	return false
}

// Loaded over MicroChess 1.0, the patch and a list write exactly the
// article's ranges.
func TestOverlayRanges(t *testing.T) {
	want := "00C3–00DB 0112–0117 0200–0201 03A2–03E9 1780–17E1"
	for _, white := range []bool{true, false} {
		up, err := microchess.Stone(white)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range up.Changes {
			got = append(got, fmt.Sprintf("%04X–%04X", c.Start, c.End))
		}
		if strings.Join(got, " ") != want {
			t.Errorf("white %v: writes %s, want %s", white, strings.Join(got, " "), want)
		}
	}
	// The patch alone writes no byte twice and stays out of the monitor's
	// workspace; linker.Overlay refuses otherwise.
	base, err := microchess.Original(true)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := base.Overlay(patchSrc); err != nil {
		t.Error(err)
	}
}
