package isa

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

var matrixModes = map[string]Mode{
	"impl": Implied, "A": Accumulator, "#": Immediate, "zpg": ZeroPage,
	"zpg,X": ZeroPageX, "zpg,Y": ZeroPageY, "abs": Absolute, "abs,X": AbsoluteX,
	"abs,Y": AbsoluteY, "ind": Indirect, "X,ind": IndirectX, "ind,Y": IndirectY,
	"rel": Relative,
}

type matrixCell struct {
	mnemonic string
	mode     Mode
}

// readMatrix loads the independent opcode matrix in testdata.
func readMatrix(t *testing.T) map[byte]matrixCell {
	t.Helper()
	f, err := os.Open("testdata/opcode-matrix.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cells := map[byte]matrixCell{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		parts := strings.Split(line, "|")
		if len(parts) != 17 {
			t.Fatalf("matrix row %q has %d cells", line, len(parts)-1)
		}
		hi, err := strconv.ParseUint(parts[0], 16, 4)
		if err != nil {
			t.Fatal(err)
		}
		for lo, cell := range parts[1:] {
			if cell == "-" {
				continue
			}
			f := strings.Fields(cell)
			mode, ok := matrixModes[f[1]]
			if !ok {
				t.Fatalf("unknown matrix mode %q", f[1])
			}
			cells[byte(hi<<4)|byte(lo)] = matrixCell{f[0], mode}
		}
	}
	return cells
}

func TestTableMatchesIndependentMatrix(t *testing.T) {
	want := readMatrix(t)
	if len(want) != 151 {
		t.Fatalf("matrix has %d opcodes, want 151", len(want))
	}
	if len(Table) != 151 {
		t.Fatalf("table has %d rows, want 151", len(Table))
	}
	seen := map[byte]bool{}
	for _, op := range Table {
		if seen[op.Code] {
			t.Errorf("opcode %02X listed twice", op.Code)
		}
		seen[op.Code] = true
		w, ok := want[op.Code]
		if !ok {
			t.Errorf("opcode %02X (%s %s) is not documented", op.Code, op.Mnemonic, op.Mode)
			continue
		}
		if w.mnemonic != op.Mnemonic || w.mode != op.Mode {
			t.Errorf("opcode %02X: table says %s %s, matrix %s %s", op.Code, op.Mnemonic, op.Mode, w.mnemonic, w.mode)
		}
		if op.Bytes != op.Mode.Size() {
			t.Errorf("opcode %02X: %d bytes, mode %s is %d", op.Code, op.Bytes, op.Mode, op.Mode.Size())
		}
	}
	if Mnemonics() != 56 {
		t.Errorf("%d mnemonics, want 56", Mnemonics())
	}
	n := 0
	for c := 0; c < 256; c++ {
		if ByCode[c].Valid {
			n++
		}
	}
	if n != 151 {
		t.Errorf("ByCode has %d valid opcodes", n)
	}
}
