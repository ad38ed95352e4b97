package keysheet

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/dump"
)

// Ten bytes at 00FE make a line of eight and one of two; the sums, by
// hand: 1+2+…+8 = 36 = 24 hex, 9+10 = 19 = 13 hex. 0100 and 0101 are
// checked with their bytes (03 and 04, the third and fourth keyed), then
// the four vector cells.
func TestSheet(t *testing.T) {
	s := New("test", []dump.Segment{{Addr: 0x00FE, Data: []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}}}, 0x0100, 0x0101)
	if len(s.Lines) != 2 || s.Lines[0].Sum != 0x24 || s.Lines[1].Sum != 0x13 || s.Lines[1].Addr != 0x0106 {
		t.Fatalf("%+v", s.Lines)
	}
	if got := s.Lines[1].Keys(); got != "AD 0106 DA 09 + 0A +" {
		t.Errorf("keys %q", got)
	}
	if len(s.Checks) != 6 || s.Checks[0].Want != 3 || s.Checks[1].Want != 4 || s.Checks[2].Addr != 0x17FA || s.Checks[3].Want != 0x1C {
		t.Fatalf("%+v", s.Checks)
	}
	var text, html bytes.Buffer
	if err := s.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	if err := s.WriteHTML(&html); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "AD 00FE DA 01 + 02 +") || !strings.Contains(html.String(), "<td>AD 0106 DA 09 &#43; 0A &#43;</td>") {
		t.Errorf("text:\n%s\nhtml:\n%s", text.String(), html.String())
	}
}
