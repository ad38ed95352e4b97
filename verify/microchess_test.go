package verify

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
)

const (
	programFile = "../src/microchess.asm"
	residueFile = "../src/residue.asm"
)

func read(t testing.TB, name string) asm.Source {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return asm.Source{Name: name, Text: string(b)}
}

// residueOpt marks the residue file's bytes as residue data.
var residueOpt = Options{Residue: map[string]bool{residueFile: true}}

// build builds the program from the repository's source, with the residue
// when residue is true, and compares it with the hex listing.
func build(t testing.TB, residue bool) (*microchess.Program, []ImageReport) {
	t.Helper()
	opt := microchess.Options{Sources: []string{programFile}}
	if residue {
		opt.Residue = []string{residueFile}
	}
	p, err := microchess.Build(microchess.WorkDir, opt)
	if err != nil {
		t.Fatal(err)
	}
	return p, Compare([]*asm.Program{p.Code, p.Residue}, p.Images, memmap.Published(), residueOpt)
}

// compareText assembles a program's text, links it with the residue
// program, and compares it with the hex listing.
func compareText(t testing.TB, name, text string, residue *asm.Program) ([]ImageReport, error) {
	t.Helper()
	p, err := asm.Assemble(asm.Source{Name: name, Text: text})
	if err != nil {
		return nil, err
	}
	images, err := linker.LinkFill(memmap.Layout, p, residue)
	if err != nil {
		return nil, err
	}
	return Compare([]*asm.Program{p, residue}, images, memmap.Published(), residueOpt), nil
}

// The figures: 851 program and table bytes in 0000–03FF, all 1024
// with the residue; 102 code bytes in 1780–17E5.
func TestMicroChessByteIdentical(t *testing.T) {
	_, reps := build(t, true)
	c0, c1 := reps[0], reps[1]
	if c0.SourceBytes != 851 || c0.Identical != 851 || c0.ResidueBytes != 1024-851 || c0.TotalIdentical != 1024 {
		t.Errorf("c0: source %d identical %d residue %d total %d", c0.SourceBytes, c0.Identical, c0.ResidueBytes, c0.TotalIdentical)
	}
	if c1.SourceBytes != 102 || c1.Identical != 102 || c1.TotalIdentical != 102 {
		t.Errorf("c1: source %d identical %d total %d", c1.SourceBytes, c1.Identical, c1.TotalIdentical)
	}
	for _, r := range reps {
		if len(r.Mismatches)+len(r.Undefined)+len(r.Extra)+len(r.Reconstructed) != 0 {
			t.Errorf("%s: %+v", r.Name, r)
		}
	}
}

// Without the residue source the clean program leaves exactly the ranges
// the manual's tables and code do not define, and the proof fails on them:
// a byte of the listing that no source defines is not proven.
func TestCleanProgramLeavesOnlyResidueUndefined(t *testing.T) {
	_, reps := build(t, false)
	want := []Range{{Start: "004E", End: "006F"}, {Start: "00B0", End: "00BF"}, {Start: "00DC", End: "00FF"},
		{Start: "01AF", End: "01FF"}, {Start: "03FA", End: "03FF"}}
	if !reflect.DeepEqual(reps[0].Undefined, want) {
		t.Errorf("undefined %v, want %v", reps[0].Undefined, want)
	}
	if reps[0].Identical != 851 || len(reps[1].Undefined) != 0 {
		t.Errorf("clean build: %+v", reps)
	}
	if reps[0].OK() || !reps[1].OK() {
		t.Errorf("c0 OK %v with undefined bytes, c1 OK %v", reps[0].OK(), reps[1].OK())
	}
}

// Changing any single operand must produce a mismatch that names the
// changed line and an address inside that statement.
func TestEveryOperandChangeIsTraced(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (-short skips it): assembles and verifies the program about 420 times")
	}
	t.Parallel()
	orig := read(t, programFile)
	p, _ := build(t, true)
	lines := strings.Split(orig.Text, "\n")
	n := 0
	for _, s := range p.Code.Stmts {
		if s.Pos.File != programFile || s.Operand == nil || s.Kind != asm.KindInstr {
			continue
		}
		n++
		mutated := append([]string(nil), lines...)
		mutated[s.Pos.Line-1] = mutateOperand(lines[s.Pos.Line-1], s.Operand)
		reps, err := compareText(t, programFile, strings.Join(mutated, "\n"), p.Residue)
		if err != nil {
			t.Errorf("line %d mutated to %q: %v", s.Pos.Line, mutated[s.Pos.Line-1], err)
			continue
		}
		if !traced(reps, s) {
			t.Errorf("line %d mutated to %q: no mismatch names it: %+v", s.Pos.Line, mutated[s.Pos.Line-1], reps)
		}
	}
	if n < 350 {
		t.Errorf("only %d operands mutated", n)
	}
}

// mutateOperand adds 1 to a symbolic operand (SYM → SYM+1) or flips the low
// bit of a numeric one, keeping the line otherwise as it was.
func mutateOperand(line string, e *asm.Expr) string {
	col := e.Pos.Col - 1
	end := col
	for end < len(line) && line[end] != ' ' && line[end] != '\t' {
		end++
	}
	word := line[col:end]
	var repl string
	if e.Sym == "" {
		repl = fmt.Sprintf("%0*X", len(word), e.Offset^1)
	} else {
		repl = word + "+1"
		if e.Offset != 0 {
			repl = fmt.Sprintf("%s+%X", e.Sym, e.Offset+1)
		}
	}
	return line[:col] + repl + line[end:]
}

func traced(reps []ImageReport, s *asm.Stmt) bool {
	for _, r := range reps {
		for _, m := range r.Mismatches {
			var addr int
			fmt.Sscanf(m.Address, "%X", &addr)
			if m.File == s.Pos.File && m.Line == s.Pos.Line && addr >= int(s.Addr) && addr < int(s.Addr)+len(s.Bytes) {
				return true
			}
		}
	}
	return false
}

func BenchmarkAssembleAndLinkMicroChess(b *testing.B) {
	src, res := read(b, programFile), read(b, residueFile)
	b.ReportAllocs()
	for b.Loop() {
		p, err := asm.Assemble(src)
		if err != nil {
			b.Fatal(err)
		}
		r, err := asm.Assemble(res)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := linker.LinkFill(memmap.Layout, p, r); err != nil {
			b.Fatal(err)
		}
	}
}

// Deleting any one statement that emits bytes fails the proof and names
// where: the assembler names the label others still use, or the verifier
// reports a problem (an undefined range or a run of mismatches) that
// starts at the deleted statement's address and names the statement (or
// BLOCK DATA table) the listing prints there. (Branches across the gap
// change too, so it need not be the first problem.) Deleting all of them
// leaves only the residue, and every program range is undefined.
func TestEveryStatementDeletionFails(t *testing.T) {
	if testing.Short() {
		t.Skip("slow (-short skips it): assembles and verifies the program about 450 times")
	}
	t.Parallel()
	orig := read(t, programFile)
	p, _ := build(t, true)
	lines := strings.Split(orig.Text, "\n")
	opt := residueOpt
	opt.Landmarks = Landmarks1977()
	published := memmap.Published()
	deleted := 0
	var all []string
	for _, s := range p.Code.Stmts {
		if len(s.Bytes) == 0 {
			all = append(all, lines[s.Pos.Line-1])
			continue
		}
		deleted++
		mutated := append(append([]string(nil), lines[:s.Pos.Line-1]...), lines[s.Pos.Line:]...)
		pm, err := asm.Assemble(asm.Source{Name: programFile, Text: strings.Join(mutated, "\n")})
		if err != nil {
			if s.Label == "" || !strings.Contains(err.Error(), "undefined symbol "+s.Label) {
				t.Errorf("line %d deleted: %v", s.Pos.Line, err)
			}
			continue
		}
		images, err := linker.LinkFill(memmap.Layout, pm, p.Residue)
		if err != nil {
			t.Errorf("line %d deleted: %v", s.Pos.Line, err)
			continue
		}
		reps := Compare([]*asm.Program{pm, p.Residue}, images, published, opt)
		if ok := reps[0].OK() && reps[1].OK(); ok {
			t.Errorf("line %d (%04X) deleted: verification passes", s.Pos.Line, s.Addr)
			continue
		}
		want := fmt.Sprintf("statement %d", s.Number)
		if s.Number > 600 {
			want = "BLOCK DATA"
		}
		named, found := missingAt(reps, s.Addr)
		switch {
		case found && strings.HasPrefix(named, want):
		case equalBefore(published, s):
			// The statement before it had the same bytes (one of several
			// equal statements in a row): the report names that one.
		default:
			t.Errorf("line %d (%04X, statement %d) deleted: no UNDEFINED or MISSING range starts there (%q): %+v",
				s.Pos.Line, s.Addr, s.Number, named, reps)
		}
	}
	if deleted < 440 {
		t.Errorf("only %d statements deleted", deleted)
	}
	// All of them: only the residue remains.
	pm, err := asm.Assemble(asm.Source{Name: programFile, Text: strings.Join(all, "\n")})
	if err != nil {
		t.Fatal(err)
	}
	images, err := linker.LinkFill(memmap.Layout, pm, p.Residue)
	if err != nil {
		t.Fatal(err)
	}
	reps := Compare([]*asm.Program{pm, p.Residue}, images, published, opt)
	want := "[{0000 004D statement 5} {0070 00AF BLOCK DATA .SETW} {00C0 00DB BLOCK DATA .OPNING} {0100 01AE statement 60} {0200 03F9 statement 178}]" +
		" [{1780 17E5 statement 543}]"
	if got := fmt.Sprint(reps[0].Undefined, " ", reps[1].Undefined); reps[0].OK() || reps[1].OK() || got != want {
		t.Errorf("all deleted: undefined %s\nwant %s", got, want)
	}
}

// missingAt finds an undefined range or a shift's missing bytes that start
// at addr, and what the listing prints there.
func missingAt(reps []ImageReport, addr uint16) (string, bool) {
	a := fmt.Sprintf("%04X", addr)
	for _, r := range reps {
		for _, u := range r.Undefined {
			if u.Start == a {
				return u.Printed, true
			}
		}
		for _, sh := range r.Shifts {
			if sh.Missing.Start == a {
				return sh.Missing.Printed, true
			}
		}
	}
	return "", false
}

// equalBefore tells whether the bytes just before statement s in the
// listing equal s's own.
func equalBefore(published []*linker.Image, s *asm.Stmt) bool {
	n := len(s.Bytes)
	for _, im := range published {
		at := int(s.Addr) - int(im.Start)
		if at >= n && at+n <= len(im.Bytes) {
			return string(im.Bytes[at-n:at]) == string(im.Bytes[at:at+n])
		}
	}
	return false
}
