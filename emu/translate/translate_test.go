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

// The address of a zero-page read may be variable: the instruction reads
// its operand byte, then the byte it names (with X or Y added in zero
// page for the indexed modes).
func TestVariableZeroPageReads(t *testing.T) {
	// 0200 LDA $10; 0202 ADC $20,X; 0204 LDX $30,Y; 0206 BIT $40; 0208 CPY $50; 020A JMP $020A
	code := []byte{0xA5, 0x10, 0x75, 0x20, 0xB6, 0x30, 0x24, 0x40, 0xC4, 0x50, 0x4C, 0x0A, 0x02}
	src, err := translateAt(t, code, 0x0201, 0x0203, 0x0205, 0x0207, 0x0209)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"m := c.Mem[c.Mem[0x0201]] // read: a setting, the address",
		"m := c.Mem[c.Mem[0x0203]+x] // read: a setting, the base",
		"m := c.Mem[c.Mem[0x0205]+y] // read: a setting, the base",
		"m := c.Mem[c.Mem[0x0207]] // read: a setting, the address",
		"m := c.Mem[c.Mem[0x0209]] // read: a setting, the address",
		`{Addr: 0x0200, Bytes: "\xa5"}`, `{Addr: 0x0202, Bytes: "u"}`, `{Addr: 0x0208, Bytes: "\xc4"}`,
	} {
		if !strings.Contains(src, want) {
			t.Errorf("no %q in the translation", want)
		}
	}
	// The cycles are those of the instructions as ever: 3+4+4+3+3 (the
	// JMP to itself is a block of its own).
	if !strings.Contains(src, "clock += 17<<clockShift + 5") {
		t.Error("the block's cycles changed")
	}
}

// A variable byte that is not an operand the translation can read at run
// time is refused, with the reason.
func TestVariableRefused(t *testing.T) {
	// 0200 STA $10; 0202 INC $11; 0204 LDA $0300; 0207 LDA ($12),Y;
	// 0209 BNE $020B; 020B JSR $0211; 020E JMP $020E; 0211 STX $13,Y; 0213 RTS
	code := []byte{0x85, 0x10, 0xE6, 0x11, 0xAD, 0x00, 0x03, 0xB1, 0x12, 0xD0, 0x00, 0x20, 0x11, 0x02, 0x4C, 0x0E, 0x02,
		0x96, 0x13, 0x60}
	for _, tc := range []struct {
		v    uint16
		want string
	}{
		{0x0201, "0201 is part of the instruction at 0200 (STA), the address of a store or read-modify-write"},
		{0x0203, "0203 is part of the instruction at 0202 (INC), the address of a store or read-modify-write"},
		{0x0212, "0212 is part of the instruction at 0211 (STX), the address of a store or read-modify-write"},
		{0x0205, "0205 is part of the instruction at 0204 (LDA), not an immediate operand nor the address of a zero-page read"},
		{0x0208, "0208 is part of the instruction at 0207 (LDA), not an immediate operand nor the address of a zero-page read"},
		{0x020A, "020A is part of the instruction at 0209 (BNE), the operand of a branch, jump or call"},
		{0x020C, "020C is part of the instruction at 020B (JSR), the operand of a branch, jump or call"},
		{0x020F, "020F is part of the instruction at 020E (JMP), the operand of a branch, jump or call"},
		{0x0200, "0200 is part of the instruction at 0200 (STA), its opcode"},
		{0x0204, "0204 is part of the instruction at 0204 (LDA), its opcode"},
	} {
		if _, err := translateAt(t, code, tc.v); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("variable %04X: %v, want %q", tc.v, err, tc.want)
		}
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
	// The scan whose table's address is variable: the plain translation,
	// still counted (no check on every pass), reading the address.
	src, err = translateAt(t, scan, 0x0206)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(src, "A table scan") || strings.Contains(src, "pc = 0x0202\n\t\tgoto budget") || !strings.Contains(src, "c.Mem[c.Mem[0x0206]+x]") {
		t.Error("a scan whose table's address is variable is run at once, or not read from memory")
	}
}

// No entry point, nothing to translate.
func TestNoEntry(t *testing.T) {
	if _, err := Translate(Program{Name: "Prog", Mem: new([65536]byte)}); err == nil {
		t.Error("translated a program with no entry point")
	}
}
