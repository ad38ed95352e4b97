package verify

import (
	"reflect"
	"testing"

	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/linker"
	"github.com/kim1-archive/microchess/memmap"
)

func TestComparePatchClassifies(t *testing.T) {
	base, err := asm.Assemble(asm.Source{Name: "b.asm", Text: "+++\t0000\n\t.BYTE\t00 00 00 00 00 00\n"})
	if err != nil {
		t.Fatal(err)
	}
	images, _ := linker.Link(memmap.Layout, base)
	patch, err := asm.Assemble(asm.Source{Name: "p.s", Text: "0100 .BA $0\n0110 .BY $01 $02\n0120 .BY $03 ; [RECONSTRUCTED] LOST\n0130 .BY $04\n"})
	if err != nil {
		t.Fatal(err)
	}
	patched, changes, err := linker.Overlay(images, patch, linker.Layout{})
	if err != nil {
		t.Fatal(err)
	}
	// 0000 printed right, 0001 printed wrong, 0002 reconstructed (printed
	// 03), 0003 not printed and not marked, 0005 printed but never written.
	rep := ComparePatch(patched, changes, map[int]byte{0: 0x01, 1: 0x09, 2: 0x03, 5: 0x00})
	if rep.OK() || rep.WrittenBytes != 4 || rep.PrintedBytes != 2 || rep.Identical != 1 {
		t.Errorf("%+v", rep)
	}
	if len(rep.Mismatches) != 1 || rep.Mismatches[0].Address != "0001" || rep.Mismatches[0].Line != 2 {
		t.Errorf("mismatches %+v", rep.Mismatches)
	}
	if len(rep.Reconstructed) != 1 || rep.Reconstructed[0].Address != "0002" || rep.Reconstructed[0].Expected != "03" {
		t.Errorf("reconstructed %+v", rep.Reconstructed)
	}
	if len(rep.Unprinted) != 1 || rep.Unprinted[0].Address != "0003" {
		t.Errorf("unprinted %+v", rep.Unprinted)
	}
	if !reflect.DeepEqual(rep.NotWritten, []Range{{Start: "0005", End: "0005"}}) || !reflect.DeepEqual(rep.Writes, []Range{{Start: "0000", End: "0003"}}) {
		t.Errorf("not written %v, writes %v", rep.NotWritten, rep.Writes)
	}
}
