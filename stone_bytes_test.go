package stone

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/linker"
)

// printedRow is one row of ref/stone-1980-bytes.txt.
type printedRow struct {
	line  int
	addr  uint16
	bytes []byte
}

func readPrinted(t *testing.T) []printedRow {
	t.Helper()
	var rows []printedRow
	eachDataLine(t, "ref/stone-1980-bytes.txt", func(n int, f []string) {
		if len(f) < 3 || len(f) > 5 || len(f[0]) != 4 {
			t.Fatalf("stone-1980-bytes.txt:%d: want LINE ADDR BYTES", n)
		}
		r := printedRow{line: atoi(t, f[0]), addr: uint16(hex(t, f[1]))}
		for _, b := range f[2:] {
			r.bytes = append(r.bytes, byte(hex(t, b)))
		}
		rows = append(rows, r)
	})
	return rows
}

// eachDataLine calls fn with the fields of every non-comment line.
func eachDataLine(t *testing.T, name string, fn func(n int, fields []string)) {
	t.Helper()
	f, err := os.Open(filepath.Join(root, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		fn(n, strings.Fields(line))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	v, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%q is not a number", s)
	}
	return v
}

func hex(t *testing.T, s string) uint64 {
	t.Helper()
	v, err := strconv.ParseUint(s, 16, 16)
	if err != nil {
		t.Fatalf("%q is not hex", s)
	}
	return v
}

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
	for _, r := range readPrinted(t) {
		s := byNumber[r.line]
		if s == nil {
			t.Errorf("line %04d (%04X % X): no statement", r.line, r.addr, r.bytes)
			continue
		}
		delete(byNumber, r.line)
		if s.Addr != r.addr || fmt.Sprintf("% X", s.Bytes) != fmt.Sprintf("% X", r.bytes) {
			t.Errorf("line %04d: %04X % X, printed %04X % X", r.line, s.Addr, s.Bytes, r.addr, r.bytes)
		}
		if s.Reconstructed {
			t.Errorf("line %04d is printed but marked reconstructed", r.line)
		}
		printed += len(r.bytes)
	}
	for n, s := range byNumber {
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
	rows := readPrinted(t)
	at := map[uint16]printedRow{}
	for _, r := range rows {
		at[r.addr] = r
	}
	before, after := at[0x17AF], at[0x17B3]
	if before.line != 950 || after.line != 970 {
		t.Fatalf("printed lines around the hole: %04d, %04d", before.line, after.line)
	}
	if end := before.addr + uint16(len(before.bytes)); after.addr-end != 2 {
		t.Errorf("hole of %d bytes at %04X", after.addr-end, end)
	}
	for _, a := range []uint16{0x1798, 0x17A2, 0x17AD} {
		r := at[a]
		if len(r.bytes) != 2 {
			t.Fatalf("no printed branch at %04X", a)
		}
		if dest := a + 2 + uint16(int8(r.bytes[1])); dest != 0x17B1 {
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
	for _, list := range []string{whiteSrc, blackSrc} {
		_, changes, _, err := upgraded(list)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range changes {
			got = append(got, fmt.Sprintf("%04X–%04X", c.Start, c.End))
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s: writes %s, want %s", list, strings.Join(got, " "), want)
		}
	}
	// The patch alone writes no byte twice and stays out of the monitor's
	// workspace; linker.Overlay refuses otherwise.
	base, err := original()
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := linker.Overlay(base, mustAssemble(t, patchSrc)); err != nil {
		t.Error(err)
	}
}
