package asm

import (
	"fmt"
	"strings"
	"testing"
)

// spelling1980 writes an opcode in the 1980 dialect's syntax, spelled out by
// hand from the datasheet mode names.
func spelling1980(op matrixOp) (src string, want []byte) {
	m := op.mnemonic
	switch op.mode {
	case "impl":
		return m, []byte{op.code}
	case "A":
		return m + " A", []byte{op.code}
	case "#":
		return m + " #$5A", []byte{op.code, 0x5A}
	case "zpg":
		return m + " *$5A", []byte{op.code, 0x5A}
	case "zpg,X":
		return m + " *VAR,X", []byte{op.code, 0x5A}
	case "zpg,Y":
		return m + " *VAR,Y", []byte{op.code, 0x5A}
	case "abs":
		return m + " $1234", []byte{op.code, 0x34, 0x12}
	case "abs,X":
		return m + " $1234,X", []byte{op.code, 0x34, 0x12}
	case "abs,Y":
		return m + " VAR+$11DA,Y", []byte{op.code, 0x34, 0x12}
	case "ind":
		return m + " ($1234)", []byte{op.code, 0x34, 0x12}
	case "X,ind":
		return m + " ($5A,X)", []byte{op.code, 0x5A}
	case "ind,Y":
		return m + " (VAR),Y", []byte{op.code, 0x5A}
	case "rel":
		return m + " HERE", []byte{op.code, 0xFE}
	}
	panic("unknown matrix mode " + op.mode)
}

func TestEveryOpcodeIn1980Spelling(t *testing.T) {
	for _, op := range readMatrix(t) {
		line, want := spelling1980(op)
		src := "0100 VAR .DE $5A\n0110 .BA $300\n0120 HERE " + line + " ; A COMMENT\n0130 .EN\n"
		p, err := Assemble(Source{"op.s", src})
		if err != nil {
			t.Errorf("%02X %s %s: %v", op.code, op.mnemonic, op.mode, err)
			continue
		}
		s := p.Stmts[2]
		if fmt.Sprintf("% X", s.Bytes) != fmt.Sprintf("% X", want) || s.Number != 120 {
			t.Errorf("%q assembled to % X (statement %d), want % X", line, s.Bytes, s.Number, want)
		}
	}
}

// Lines from Stone's listing, with the bytes the article prints for them.
func TestStoneListingLines(t *testing.T) {
	src := `                0100 ; EQUATES THE ARTICLE DOES NOT PRINT
                0101 DEVP .DE $DC
                0102 BOARD .DE $50
                0103 CMOVE .DE $02D1
                0104 BKMOB .DE $EF
                0110            .BA $3A2
                0120 GO         LDX #$04     ; RESET BEST EVALUATION
                0240            LDX *DEVP,Y  ; -NO, NEXT DEVP
                0260            LDA *BOARD,X ; DEVP LOCATION
                0360            JSR CMOVE    ; FROM .FROM TO .TO
                0680            LSR A
                1100            INC *BKMOB   ; COUNT LEGAL OPP KING
                1110            BNE GO
                1120            .EN
`
	p, err := Assemble(Source{"stone.s", src})
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]string{120: "A2 04", 240: "B6 DC", 260: "B5 50", 360: "20 D1 02", 680: "4A", 1100: "E6 EF", 1110: "D0 F2"}
	for _, s := range p.Stmts {
		if w, ok := want[s.Number]; ok {
			if got := fmt.Sprintf("% X", s.Bytes); got != w {
				t.Errorf("statement %04d: % X, want %s", s.Number, s.Bytes, w)
			}
			delete(want, s.Number)
		}
	}
	if len(want) != 0 {
		t.Errorf("statements not found: %v", want)
	}
}

// Names may be spelled like mnemonics or hex numbers where the syntax
// leaves no doubt: BCC is a variable in Stone's listing (SBC *BCC).
func TestMnemonicNamedSymbol1980(t *testing.T) {
	src := "0100 BCC .DE $E5\n0105 ADD .DE $10\n0110 .BA $1780\n0120 SBC *BCC\n0130 BCC NEXT\n0140 NEXT LDA *ADD\n"
	p, err := Assemble(Source{"m.s", src})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"E5 E5", "90 00", "A5 10"}
	for i, w := range want {
		if got := fmt.Sprintf("% X", p.Stmts[3+i].Bytes); got != w {
			t.Errorf("%q: %s, want %s", p.Stmts[3+i].Text, got, w)
		}
	}
}

func TestErrors1980(t *testing.T) {
	cases := []struct{ src, want string }{
		{"0110 .BA $200\n0120 STA #$04\n", "e.s:2:6: STA has no immediate mode"},
		{"0110 .BA $200\n0120 LDA *$10,Z\n", "e.s:2:10: bad index register Z: want X or Y"},
		{"0110 .BA $200\n0120 JMP NOWHERE\n", "e.s:2:10: undefined symbol NOWHERE"},
		{"0110 .XX $200\n", "e.s:1:6: unknown directive .XX (known: .BA .DE .BY .EN)"},
		{"0110 .BA $200\n0120 LDA #$123\n", "e.s:2:11: 123 is out of range for immediate mode (00–FF)"},
		{"0105 P .DE $FF\n0110 .BA $200\n0120 LDA *P+1\n", "e.s:3:11: P+1 = 100 is out of range for zero page mode (00–FF)"},
		{"0110 .BA $200\n0120 LDA *$123\n", "e.s:2:11: 123 is out of range for zero page mode (00–FF)"},
		{"0110 .BA $200\n0120 LDA (\n", "e.s:2:11: unexpected token \"<EOF>\""},
		{"110 .BA $200\n", "e.s:1:1: line number 110: want four digits"},
		{"0110 .DE $10\n", "e.s:1:6: .DE needs a name before it"},
		{"0120 NOP\n", "e.s:1:1: no origin: put a .BA line with an address before the first statement"},
		{"0110 .BA $200\n0120 JMP $123456\n", "e.s:2:10: number $123456 is wider than 16 bits"},
	}
	for _, c := range cases {
		_, err := Assemble(Source{"e.s", c.src})
		if err == nil {
			t.Errorf("%q: no error", c.src)
			continue
		}
		if got := strings.SplitN(err.Error(), "\n", 2)[0]; got != c.want {
			t.Errorf("%q:\n got  %q\n want %q", c.src, got, c.want)
		}
	}
}

func TestReconstructedTag(t *testing.T) {
	p, err := Assemble(Source{"r.s", "0110 .BA $200\n0120 LDX *$DD ; [RECONSTRUCTED] LOST IN THE COPY\n0130 RTS\n"},
		Source{"r.asm", "+++\t0300\n\tNOP\t[reconstructed]\n"})
	if err != nil {
		t.Fatal(err)
	}
	if !p.Stmts[1].Reconstructed || p.Stmts[2].Reconstructed || !p.Stmts[4].Reconstructed {
		t.Errorf("reconstructed flags: %v %v %v", p.Stmts[1].Reconstructed, p.Stmts[2].Reconstructed, p.Stmts[4].Reconstructed)
	}
}
