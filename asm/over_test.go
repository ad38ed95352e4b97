package asm

import (
	"strings"
	"testing"
)

// A program assembled over a base names the base's labels and equates;
// what it defines itself stands for its own; the base's symbols it uses are
// listed, with its references, and the base is left as it was.
func TestAssembleOver(t *testing.T) {
	base, err := Assemble(Source{Name: "base.asm", Text: "+++\t0000\nSTART\tJSR\t*OUT\nGO\tJMP\tSTART\n.VAR\t=\t00B0\n*OUT\t=\t1F1F\n"})
	if err != nil {
		t.Fatal(err)
	}
	ext, err := AssembleOver(base, Source{Name: "ext.asm", Text: "+++\tSTART\n\tJSR\tMINE\n+++\t0400\nMINE\tLDAZ\t.VAR\n\tJMP\tGO\nGO\tRTS\n\tJSR\tGO\n"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range ext.Stmts {
		if len(s.Bytes) > 0 {
			got = append(got, strings.ToUpper(hexBytes(s.Bytes))+"@"+hexValue(int(s.Addr)))
		}
	}
	// JSR MINE over START (0000); LDAZ .VAR = A5 B0; JMP GO is the
	// extension's own GO (0405), not the base's (0003).
	if want := "20 00 04@0 A5 B0@400 4C 05 04@402 60@405 20 05 04@406"; strings.Join(got, " ") != want {
		t.Errorf("bytes %s, want %s", strings.Join(got, " "), want)
	}
	var imported []string
	for _, sym := range ext.Imported {
		imported = append(imported, sym.Name+"="+hexValue(sym.Value)+"/"+hexValue(len(sym.Refs)))
	}
	if want := "START=0/1 .VAR=B0/1"; strings.Join(imported, " ") != want {
		t.Errorf("imported %s, want %s", strings.Join(imported, " "), want)
	}
	if _, own := ext.Symbols["START"]; own {
		t.Error("the base's START is listed as the extension's own")
	}
	if n := len(base.Symbols["START"].Refs); n != 1 {
		t.Errorf("the base's START has %d references after the extension: its own one only", n)
	}
	if _, err := AssembleOver(base, Source{Name: "bad.asm", Text: "+++\t0400\n\tJMP\tNOWHERE\n"}); err == nil || !strings.Contains(err.Error(), "bad.asm:2:6: undefined symbol NOWHERE") {
		t.Errorf("an undefined name: %v", err)
	}
}
