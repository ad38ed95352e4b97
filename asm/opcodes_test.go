package asm

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// matrixOp is one documented opcode as the independent matrix in
// isa/testdata (not isa.Table) gives it.
type matrixOp struct {
	code     byte
	mnemonic string
	mode     string // datasheet spelling: impl A # zpg zpg,X ... rel
}

func readMatrix(t *testing.T) []matrixOp {
	t.Helper()
	f, err := os.Open("../isa/testdata/opcode-matrix.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ops []matrixOp
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		cells := strings.Split(line, "|")
		hi, _ := strconv.ParseUint(cells[0], 16, 4)
		for lo, c := range cells[1:] {
			if c == "-" {
				continue
			}
			f := strings.Fields(c)
			ops = append(ops, matrixOp{byte(hi<<4 | uint64(lo)), f[0], f[1]})
		}
	}
	return ops
}

// spelling1977 writes the 1977-dialect statement for an opcode and the
// bytes it must assemble to. The suffixes are spelled out here, by hand,
// rather than taken from the front end's table.
func spelling1977(op matrixOp) (src string, want []byte) {
	m := op.mnemonic
	switch op.mode {
	case "impl":
		return m, []byte{op.code}
	case "A":
		return m + "A", []byte{op.code}
	case "#":
		return m + "IM\t5A", []byte{op.code, 0x5A}
	case "zpg":
		return m + "Z\t5A", []byte{op.code, 0x5A}
	case "zpg,X":
		return m + "ZX\t5A", []byte{op.code, 0x5A}
	case "zpg,Y":
		return m + "ZY\t5A", []byte{op.code, 0x5A}
	case "abs":
		return m + "\t1234", []byte{op.code, 0x34, 0x12}
	case "abs,X":
		return m + "AX\t1234", []byte{op.code, 0x34, 0x12}
	case "abs,Y":
		return m + "AY\t1234", []byte{op.code, 0x34, 0x12}
	case "ind":
		return m + "I\t1234", []byte{op.code, 0x34, 0x12}
	case "X,ind":
		return m + "IX\t5A", []byte{op.code, 0x5A}
	case "ind,Y":
		return m + "IY\t5A", []byte{op.code, 0x5A}
	case "rel":
		return m + "\tHERE", []byte{op.code, 0xFE}
	}
	panic("unknown matrix mode " + op.mode)
}

func TestEveryOpcodeIn1977Spelling(t *testing.T) {
	ops := readMatrix(t)
	if len(ops) != 151 {
		t.Fatalf("matrix has %d opcodes", len(ops))
	}
	for _, op := range ops {
		line, want := spelling1977(op)
		src := "+++\t0300\nHERE\t" + line + "\tA COMMENT\n"
		p, err := Assemble(Source{"op.asm", src})
		if err != nil {
			t.Errorf("%02X %s %s: %v", op.code, op.mnemonic, op.mode, err)
			continue
		}
		got := p.Stmts[1].Bytes
		if fmt.Sprintf("% X", got) != fmt.Sprintf("% X", want) {
			t.Errorf("%q assembled to % X, want % X", line, got, want)
		}
		if p.Stmts[1].Comment != "A COMMENT" {
			t.Errorf("%q: comment %q", line, p.Stmts[1].Comment)
		}
	}
}

// Unsuffixed memory instructions pick zero page for a known page-zero
// operand (STA .DIS1 = 85 FB in the listing) and absolute otherwise; CMPAY
// stays absolute even for a page-zero address (CMPAY .BK = D9 60 00).
func TestUnsuffixedModeChoice(t *testing.T) {
	src := `.DIS1	=	00FB
.BK	=	0060
+++	0200
	STA	.DIS1
	DEC	.DIS1+1
	INC	0FFF
	CMPAY	.BK
	LDA	LATER	FORWARD LABEL: ABSOLUTE
	JMP	.DIS1
+++	0010
LATER	NOP
`
	p, err := Assemble(Source{"m.asm", src})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"85 FB", "C6 FC", "EE FF 0F", "D9 60 00", "AD 10 00", "4C FB 00"}
	for i, w := range want {
		if got := fmt.Sprintf("% X", p.Stmts[3+i].Bytes); got != w {
			t.Errorf("%q: got %s, want %s", p.Stmts[3+i].Text, got, w)
		}
	}
}
