package verify

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/ref"
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

func build(t testing.TB, sources ...asm.Source) (*asm.Program, []ImageReport) {
	t.Helper()
	p, err := asm.Assemble(sources...)
	if err != nil {
		t.Fatal(err)
	}
	images, err := linker.Link(p, linker.KIM1)
	if err != nil {
		t.Fatal(err)
	}
	return p, Compare(p, images, ref.MicroChess1977(), Options{Residue: map[string]bool{residueFile: true}})
}

// The figures: 851 program and table bytes in 0000–03FF, all 1024
// with the residue; 102 code bytes in 1780–17E5.
func TestMicroChessByteIdentical(t *testing.T) {
	_, reps := build(t, read(t, programFile), read(t, residueFile))
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
// the manual's tables and code do not define.
func TestCleanProgramLeavesOnlyResidueUndefined(t *testing.T) {
	_, reps := build(t, read(t, programFile))
	want := []Range{{"004E", "006F"}, {"00B0", "00BF"}, {"00DC", "00FF"}, {"01AF", "01FF"}, {"03FA", "03FF"}}
	if !reflect.DeepEqual(reps[0].Undefined, want) {
		t.Errorf("undefined %v, want %v", reps[0].Undefined, want)
	}
	if reps[0].Identical != 851 || len(reps[1].Undefined) != 0 {
		t.Errorf("clean build: %+v", reps)
	}
}

// Changing any single operand must produce a mismatch that names the
// changed line and an address inside that statement.
func TestEveryOperandChangeIsTraced(t *testing.T) {
	orig := read(t, programFile)
	residue := read(t, residueFile)
	p, _ := build(t, orig, residue)
	lines := strings.Split(orig.Text, "\n")
	n := 0
	for _, s := range p.Stmts {
		if s.Pos.File != programFile || s.Operand == nil || s.Kind != asm.KindInstr {
			continue
		}
		n++
		mutated := append([]string(nil), lines...)
		mutated[s.Pos.Line-1] = mutateOperand(lines[s.Pos.Line-1], s.Operand)
		pm, err := asm.Assemble(asm.Source{Name: programFile, Text: strings.Join(mutated, "\n")}, residue)
		if err != nil {
			t.Errorf("line %d mutated to %q: %v", s.Pos.Line, mutated[s.Pos.Line-1], err)
			continue
		}
		images, err := linker.Link(pm, linker.KIM1)
		if err != nil {
			t.Fatal(err)
		}
		reps := Compare(pm, images, ref.MicroChess1977(), Options{Residue: map[string]bool{residueFile: true}})
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
		p, err := asm.Assemble(src, res)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := linker.Link(p, linker.KIM1); err != nil {
			b.Fatal(err)
		}
	}
}
