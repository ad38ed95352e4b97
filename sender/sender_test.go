package sender

import (
	"testing"
	"time"

	"github.com/kim1-archive/microchess/dump"
)

// A segment across a reserved range is split around it, and the range
// named; one that ends inside it keeps what lies before.
func TestLeaveOut(t *testing.T) {
	segs := []dump.Segment{{Addr: 0x00EC, Data: []byte{1, 2, 3, 4, 5}}, {Addr: 0x0100, Data: []byte{6, 7, 8}}}
	kept, left := LeaveOut(segs, []Reserved{{"monitor", 0x00EF, 0x00FF}, {"stack", 0x0102, 0x0105}})
	if len(kept) != 2 || kept[0].Addr != 0x00EC || len(kept[0].Data) != 3 || kept[1].Addr != 0x0100 || len(kept[1].Data) != 2 {
		t.Fatalf("kept %+v: want 00EC (3 bytes) and 0100 (2 bytes)", kept)
	}
	if len(left) != 2 || left[0] != "00EF–00F0 (monitor)" || left[1] != "0102–0102 (stack)" {
		t.Fatalf("left out %q", left)
	}
}

// A line's LF carries the NULs and the line delay; other characters the
// character delay. Typing waits 20 character times after each command: at
// 2400 baud a character is 10/2400 s, 4.1667 ms, so 83.333 ms.
func TestPacing(t *testing.T) {
	p := Pacing{CharDelay: 5 * time.Millisecond, LineDelay: 100 * time.Millisecond, NULs: 6}
	c := PaperTape([]byte(";0\r\n"), p)
	if len(c) != 4 || c[0].After != p.CharDelay || len(c[3].Data) != 7 || c[3].Data[6] != 0 || c[3].After != p.LineDelay {
		t.Fatalf("%+v", c)
	}
	if d := Duration(c, p.CharDelay); d != 3*5*time.Millisecond+6*5*time.Millisecond+100*time.Millisecond {
		t.Errorf("takes %v, want 145 ms", d)
	}
	k := Keys([]dump.Segment{{Addr: 0x0200, Data: []byte{0xA9}}}, 2400, p)
	if len(k) != 3 || string(k[1].Data) != "0200 " || string(k[2].Data) != "A9." {
		t.Fatalf("%q", k)
	}
	if want := 83_333_320*time.Nanosecond + p.CharDelay; k[2].After != want {
		t.Errorf("waits %v after a byte, want %v", k[2].After, want)
	}
}
