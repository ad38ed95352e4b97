package disasm_test

import (
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/disasm"
	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
)

// rewrite changes bytes of the original's images and rewrites its source
// to give them; it checks that the source, assembled and linked with the
// residue as make builds it, gives the changed images whole.
func rewrite(t *testing.T, change map[int]byte) (*disasm.Rewritten, string) {
	t.Helper()
	p, err := microchess.Original(true)
	if err != nil {
		t.Fatal(err)
	}
	var segs []dump.Segment
	for _, im := range p.Images {
		data := append([]byte(nil), im.Bytes...)
		for a, b := range change {
			if a >= int(im.Start) && a <= int(im.End()) {
				data[a-int(im.Start)] = b
			}
		}
		segs = append(segs, dump.Segment{Addr: im.Start, Data: data})
	}
	srcs, err := microchess.Proven.ReadSources(microchess.ProgramSource)
	if err != nil {
		t.Fatal(err)
	}
	residue := map[int]byte{}
	r, err := disasm.Rewrite(srcs[0], p.Code, residue, segs)
	if err != nil {
		t.Fatal(err)
	}
	code, err := asm.Assemble(asm.Source{Name: microchess.ProgramSource, Text: r.Text})
	if err != nil {
		t.Fatal(err)
	}
	images, err := linker.LinkFill(memmap.Layout, code, p.Residue)
	if err != nil {
		t.Fatal(err)
	}
	for i, im := range images {
		if string(im.Bytes) != string(segs[i].Data) {
			t.Fatalf("image %s of the rewritten source is not the dump's", im.Name)
		}
	}
	return r, string(diff.Diff("old", []byte(srcs[0].Text), "new", []byte(r.Text)))
}

// TestRewriteThree: one opcode (0000 CLD, D8, made NOP, EA), one operand
// (018B, the FB of LDAIM FB in TREE, the level byte, made FF) and one
// table byte (0070, the first byte of .SETW, 03, made 02) give three
// statements rewritten, each in its own hunk of the diff.
func TestRewriteThree(t *testing.T) {
	r, d := rewrite(t, map[int]byte{0x0000: 0xEA, 0x018B: 0xFF, 0x0070: 0x02})
	if len(r.Changed) != 3 {
		t.Errorf("%d statements rewritten, want 3", len(r.Changed))
	}
	if n := strings.Count(d, "\n@@ "); n != 3 {
		t.Errorf("%d hunks, want 3:\n%s", n, d)
	}
	for _, want := range []string{
		"\n-CHESS\tCLD\tINITIALIZE\n+CHESS\tNOP\tINITIALIZE\n",
		"\n-\tLDAIM\tFB\tIF STATE=FB\n+\tLDAIM\tFF\tIF STATE=FB\n",
		"\n-\t.BYTE\t03 04 00 07 02 05 01 06 10 17 11 16 12 15 14 13\n+\t.BYTE\t02 04 00 07 02 05 01 06 10 17 11 16 12 15 14 13\n",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("no %q in:\n%s", want, d)
		}
	}
}

// TestRewriteShorter: LDXIM FF at 0001 (A2 FF) with its opcode made NOP
// (EA) becomes NOP and the byte left over as data; JSR *OUT at 0008
// (20 1F 1F) made JMP 0050 (4C 50 00) names .BOARD, which JMP may (it has
// no zero-page form); STAZ .SP2 at 0006 made to store to .SQUARE (B1)
// takes that name.
func TestRewriteShorter(t *testing.T) {
	_, d := rewrite(t, map[int]byte{0x0001: 0xEA, 0x0008: 0x4C, 0x0009: 0x50, 0x000A: 0x00, 0x0007: 0xB1})
	for _, want := range []string{
		"\n-\tLDXIM\tFF\tTWO STACKS\n+\tNOP\tTWO STACKS\n+\t.BYTE\tFF\n",
		"\n+\tSTXZ\t.SQUARE\n",
		"\n+OUT\tJMP\t.BOARD\tDISPLAY AND\n",
	} {
		if !strings.Contains(d, want) {
			t.Errorf("no %q in:\n%s", want, d)
		}
	}
}
