package translate

import (
	"strings"
	"testing"
)

// translateAt translates a program of bytes at 0200, entered there.
func translateAt(t *testing.T, code []byte, variable ...uint16) (string, error) {
	t.Helper()
	mem := new([65536]byte)
	copy(mem[0x0200:], code)
	src, err := Translate(Program{Package: "p", Name: "Prog", Description: "a test", Generator: "a test",
		Mem: mem, Entries: []uint16{0x0200}, Variable: variable})
	return string(src), err
}

// A variable byte must be an immediate operand the translation reads at
// run time; one that is part of another instruction is refused, and one
// that is no instruction's is data, read as such.
func TestVariableBytes(t *testing.T) {
	// 0200 LDA #$08; 0202 CMP $0300; 0205 JMP $0205
	code := []byte{0xA9, 0x08, 0xCD, 0x00, 0x03, 0x4C, 0x05, 0x02}
	src, err := translateAt(t, code, 0x0201)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(src, "m := c.Mem[0x0201] // read: a setting") {
		t.Error("the variable operand is not read from memory")
	}
	if !strings.Contains(src, `{Addr: 0x0200, Bytes: "\xa9"}`) || !strings.Contains(src, `{Addr: 0x0202, Bytes: "\xcd\x00\x03L\x05\x02"}`) {
		t.Errorf("the code checked on entry does not leave out the variable byte:\n%s", src[:min(len(src), 800)])
	}
	if _, err := translateAt(t, code, 0x0203); err == nil || !strings.Contains(err.Error(), "variable byte 0203 is part of the instruction at 0202") {
		t.Errorf("a variable byte in an absolute operand: %v", err)
	}
	if _, err := translateAt(t, code, 0x0300); err != nil {
		t.Errorf("a variable byte that is data: %v", err)
	}
}

// A table scan runs at once; a loop whose counter is set inside it is not
// counted, and checks the budget on every pass.
func TestLoops(t *testing.T) {
	// 0200 LDX #$20; 0202 DEX; 0203 BMI $0209; 0205 CMP $50,X; 0207 BNE $0202; 0209 JMP $0209
	scan := []byte{0xA2, 0x20, 0xCA, 0x30, 0x04, 0xD5, 0x50, 0xD0, 0xF9, 0x4C, 0x09, 0x02}
	src, err := translateAt(t, scan)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(src, "A table scan, run at once") || strings.Contains(src, "pc = 0x0202\n\t\tgoto budget") {
		t.Error("the scan is not run at once, or checks the budget on every pass")
	}
	// The same with LDX #$20 at the head of the loop: it never ends.
	loop := []byte{0xA2, 0x20, 0xCA, 0x30, 0x04, 0xA2, 0x20, 0xD0, 0xF9, 0x4C, 0x09, 0x02}
	src, err = translateAt(t, loop)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(src, "A table scan") || !strings.Contains(src, "pc = 0x0202\n\t\tgoto budget") {
		t.Error("a loop that sets its counter is taken for a counted one")
	}
}

// No entry point, nothing to translate.
func TestNoEntry(t *testing.T) {
	if _, err := Translate(Program{Name: "Prog", Mem: new([65536]byte)}); err == nil {
		t.Error("translated a program with no entry point")
	}
}
