package emu

import (
	"compress/gzip"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/kim1-archive/microchess/isa"
)

// The single-step cases (testdata/singlestep/README.md says whose they are).
const singleStepDir = "testdata/singlestep"

type ssState struct {
	PC  uint16     `json:"pc"`
	S   byte       `json:"s"`
	A   byte       `json:"a"`
	X   byte       `json:"x"`
	Y   byte       `json:"y"`
	P   byte       `json:"p"`
	RAM [][2]int64 `json:"ram"`
}

type ssCase struct {
	Name    string            `json:"name"`
	Initial ssState           `json:"initial"`
	Final   ssState           `json:"final"`
	Cycles  []json.RawMessage `json:"cycles"`
}

func loadCases(t *testing.T, path string) []ssCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var cases []ssCase
	if err := json.NewDecoder(zr).Decode(&cases); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return cases
}

// TestSingleStep runs every shared case: registers, flags (bits 4 and 5
// ignored), memory and the exact cycle count of one instruction.
func TestSingleStep(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(singleStepDir, "*.json.gz"))
	if len(files) != 151 {
		t.Fatalf("found %d opcode files in %s, want 151", len(files), singleStepDir)
	}
	c := New(0)
	total, failed := 0, 0
	for _, file := range files {
		cases := loadCases(t, file)
		for _, tc := range cases {
			total++
			if msg := runCase(c, &tc); msg != "" {
				failed++
				if failed <= 20 {
					t.Errorf("%s %q: %s", filepath.Base(file), tc.Name, msg)
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d cases failed", failed, total)
	}
	if total != 30200 {
		t.Errorf("ran %d cases, want 30200", total)
	}
	t.Logf("%d single-step cases passed", total-failed)
}

func runCase(c *CPU, tc *ssCase) string {
	in, out := &tc.Initial, &tc.Final
	c.A, c.X, c.Y, c.S, c.P, c.PC = in.A, in.X, in.Y, in.S, in.P, in.PC
	c.Cycles = 0
	for _, r := range in.RAM {
		c.Mem[r[0]] = byte(r[1])
	}
	stop := c.Step()
	msg := ""
	switch {
	case stop == StopUndocumented:
		msg = "stopped as undocumented"
	case c.A != out.A || c.X != out.X || c.Y != out.Y || c.S != out.S || c.PC != out.PC:
		msg = "registers differ"
	case (c.P^out.P)&0xCF != 0:
		msg = "flags differ"
	case c.Cycles != uint64(len(tc.Cycles)):
		msg = "cycle count differs"
	}
	for _, r := range out.RAM {
		if msg == "" && c.Mem[r[0]] != byte(r[1]) {
			msg = "memory differs"
		}
	}
	if msg != "" {
		msg += describe(c, tc)
	}
	// Leave memory clean for the next case.
	for _, r := range in.RAM {
		c.Mem[r[0]] = 0
	}
	for _, r := range out.RAM {
		c.Mem[r[0]] = 0
	}
	return msg
}

func describe(c *CPU, tc *ssCase) string {
	o := tc.Final
	return " (got A=" + hex8(c.A) + " X=" + hex8(c.X) + " Y=" + hex8(c.Y) + " S=" + hex8(c.S) +
		" P=" + hex8(c.P) + " PC=" + hex16(c.PC) + " cycles=" + itoa(c.Cycles) +
		"; want A=" + hex8(o.A) + " X=" + hex8(o.X) + " Y=" + hex8(o.Y) + " S=" + hex8(o.S) +
		" P=" + hex8(o.P) + " PC=" + hex16(o.PC) + " cycles=" + itoa(uint64(len(tc.Cycles))) + ")"
}

func hex8(b byte) string {
	const h = "0123456789ABCDEF"
	return string([]byte{h[b>>4], h[b&15]})
}
func hex16(w uint16) string { return hex8(byte(w>>8)) + hex8(byte(w)) }
func itoa(n uint64) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// Every documented opcode is dispatched and every undocumented one stops
// the run without executing, leaving PC and the cycle count alone.
func TestUndocumentedStops(t *testing.T) {
	for code := 0; code < 256; code++ {
		c := New(0x0200)
		c.Mem[0x0200] = byte(code)
		stop := c.Step()
		if isa.ByCode[code].Valid {
			if stop == StopUndocumented {
				t.Errorf("documented opcode %02X stopped as undocumented", code)
			}
			continue
		}
		if stop != StopUndocumented || c.PC != 0x0200 || c.Cycles != 0 || c.Instructions != 0 {
			t.Errorf("opcode %02X: stop %v PC %04X cycles %d", code, stop, c.PC, c.Cycles)
		}
		if got := c.Undocumented().Error(); got != "undocumented opcode $"+hex8(byte(code))+" at $0200" {
			t.Errorf("error text %q", got)
		}
	}
}
