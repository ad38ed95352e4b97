package memmap_test

import (
	"testing"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
	"github.com/kim1-archive/microchess/memmap"
	"github.com/kim1-archive/microchess/session"
)

// The memory map's names are the 1977 listing's: each constant is the
// value of the symbol the program itself uses.
func TestMemoryMapIsTheListings(t *testing.T) {
	p, err := microchess.Original(false)
	if err != nil {
		t.Fatal(err)
	}
	sym := func(name string) int {
		s := p.Code.Symbols[name]
		if s == nil {
			t.Fatalf("no symbol %s", name)
		}
		return s.Value
	}
	for name, want := range map[string]int{"CHESS": memmap.Start, ".BOARD": memmap.Board, ".BK": memmap.PlayerBoard, ".SETW": memmap.SetW,
		".OMOVE": memmap.OpenPtr, ".DIS1": memmap.Display1, ".DIS2": memmap.Display2, ".DIS3": memmap.Display3,
		"JANUS": memmap.Janus, ".PIECE": memmap.PieceNow, ".SQUARE": memmap.SquareNow, ".STATE": memmap.State,
		"OUT": session.OutLoop, ".BESTP": session.BestPiece, ".BESTV": session.BestValue, ".BESTM": session.BestTo,
		".BMOB": session.ReplyMob, ".BMAXC": session.ReplyCapture, ".BMAXP": session.ReplyTarget, ".WMOB": session.NextMob} {
		if got := sym(name); got != want {
			t.Errorf("%s is %04X, the map says %04X", name, got, want)
		}
	}
	// The book is read downward from .OPNING-1 by .OMOVE counting from FF.
	if sym(".OPNING")-memmap.BookSize != memmap.BookStart {
		t.Errorf(".OPNING %04X: the book is not %04X–%04X", sym(".OPNING"), memmap.BookStart, memmap.BookStart+memmap.BookSize-1)
	}
	// The level bytes are the operands of CMPIM 08 in CMOVE and LDAIM FB in
	// TREE.
	at := map[uint16]*asm.Stmt{}
	for _, s := range p.Code.Stmts {
		for i := range s.Bytes {
			at[s.Addr+uint16(i)] = s
		}
	}
	for addr, want := range map[uint16]string{memmap.LevelCheck: "CMP #$08", memmap.LevelTree: "LDA #$FB"} {
		s := at[addr]
		if s == nil || s.Addr != addr-1 || s.Mnemonic+" #$"+hex2(s.Bytes[1]) != want {
			t.Errorf("%04X is not the operand of %s", addr, want)
		}
	}
	// CodeRanges are exactly the instructions' bytes.
	inCode := func(a uint16) bool {
		for _, r := range memmap.CodeRanges {
			if a >= r[0] && a <= r[1] {
				return true
			}
		}
		return false
	}
	instr := map[uint16]bool{}
	for _, s := range p.Code.Stmts {
		for i := range s.Bytes {
			a := s.Addr + uint16(i)
			instr[a] = s.Kind == asm.KindInstr
			if s.Kind == asm.KindInstr && !inCode(a) {
				t.Errorf("instruction byte %04X (line %d) is outside CodeRanges", a, s.Pos.Line)
			}
		}
	}
	for _, r := range memmap.CodeRanges {
		for a := int(r[0]); a <= int(r[1]); a++ {
			if !instr[uint16(a)] {
				t.Errorf("CodeRanges hold %04X, which no instruction fills", a)
			}
		}
	}
}

// The published listing is the two tapes: C0 over the KIM-1's 1K, C1 over
// 1780–17E5 of the 6530 RAM.
func TestPublishedImages(t *testing.T) {
	ims := memmap.Published()
	if len(ims) != 2 || ims[0].Name != "c0" || ims[0].ID != 0xC0 || ims[0].Start != 0 || ims[0].End() != 0x03FF ||
		ims[1].Name != "c1" || ims[1].ID != 0xC1 || ims[1].Start != 0x1780 || ims[1].End() != 0x17E5 {
		for _, im := range ims {
			t.Errorf("%s %02X %04X–%04X", im.Name, im.ID, im.Start, im.End())
		}
	}
}

func hex2(b byte) string { return string("0123456789ABCDEF"[b>>4]) + string("0123456789ABCDEF"[b&15]) }
