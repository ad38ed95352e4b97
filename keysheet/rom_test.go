package keysheet_test

import (
	"strings"
	"testing"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/dump"
	"github.com/kim1-archive/microchess/emu/kim1"
	"github.com/kim1-archive/microchess/internal/romtest"
	"github.com/kim1-archive/microchess/keysheet"
)

// keyCodes reads a line's keys as GETKEY's codes.
func keyCodes(t *testing.T, keys string) []byte {
	var out []byte
	for _, f := range strings.Fields(keys) {
		switch f {
		case "AD":
			out = append(out, kim1.KeyAD)
		case "DA":
			out = append(out, kim1.KeyDA)
		case "+":
			out = append(out, kim1.KeyPlus)
		default:
			for _, c := range f {
				v := strings.IndexRune("0123456789ABCDEF", c)
				if v < 0 {
					t.Fatalf("key %q in %q", c, keys)
				}
				out = append(out, byte(v))
			}
		}
	}
	return out
}

// The sheet of the Giuoco Piano block and of 0100–013F keyed on the
// monitor ROM's keypad, line by line, each key held and let go as a
// finger does: every byte in place, and the checks read back as the sheet
// says (the vectors keyed too, as the sheet tells the owner).
func TestSheetKeyedOnROM(t *testing.T) {
	rom := romtest.ROM(t)
	p, err := microchess.Original(true)
	if err != nil {
		t.Fatal(err)
	}
	c0 := microchess.KIM(p.Images)[0].Data
	segs := []dump.Segment{{Addr: 0x00C0, Data: c0[0xC0:0xDC]}, {Addr: 0x0100, Data: c0[0x100:0x140]}}
	sheet := keysheet.New("test", segs, 0x0100, 0x0101)
	m := kim1.NewWithROM(rom)
	m.StopAtScan(true)
	if r, err := m.Run(5_000_000); err != nil || r != kim1.WaitingKey {
		t.Fatalf("%v %v", r, err)
	}
	lines := sheet.Lines
	for _, c := range sheet.Checks[2:] {
		lines = append(lines, keysheet.Line{Addr: c.Addr, Bytes: []byte{c.Want}})
	}
	for _, l := range lines {
		keys := keyCodes(t, l.Keys())
		m.Press(keys...)
		if r, err := m.Run(uint64(len(keys)+2) * 2 * kim1.KeyHoldCycles); err != nil || r != kim1.WaitingKey {
			t.Fatalf("%s: %v %v", l.Keys(), r, err)
		}
	}
	for _, s := range segs {
		for i, v := range s.Data {
			if a := int(s.Addr) + i; m.CPU.Mem[a] != v {
				t.Fatalf("%04X: %02X keyed, the sheet has %02X", a, m.CPU.Mem[a], v)
			}
		}
	}
	for _, c := range sheet.Checks {
		if m.CPU.Mem[c.Addr] != c.Want {
			t.Errorf("check %04X: %02X, the sheet says %02X", c.Addr, m.CPU.Mem[c.Addr], c.Want)
		}
	}
}
