package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess"
	"github.com/kim1-archive/microchess/asm"
)

// TestVerifyVariant: verify --variant names each byte a variant changes
// with both source lines, passes when each is declared tunable, and fails
// (exit 1) on one that is not.
func TestVerifyVariant(t *testing.T) {
	src, err := microchess.Proven.ReadFile(microchess.ProgramSource, asm.SourceLimit)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// ADCIM 40 (17A3) is declared (BIASH); CPYIM 10 (its operand at 17DD, the
	// back-rank test) is not.
	declared := write("declared.asm", strings.Replace(string(src), "\tADCIM\t40\n", "\tADCIM\t44\n", 1))
	undeclared := write("undeclared.asm", strings.Replace(string(src), "\tCPYIM\t10\n", "\tCPYIM\t20\n", 1))
	run := func(variant string) (int, string) {
		var stdout, stderr bytes.Buffer
		status := mainExit([]string{"verify", "--printed=false", "--variant", variant}, &stdout, &stderr)
		return status, stdout.String() + stderr.String()
	}
	status, out := run(declared)
	for _, want := range []string{
		declared + " changes 1 byte(s) of the original",
		"  17A3  40 -> 44  src/microchess.asm:566 (statement 562, POS+3)  \tADCIM\t40\n             by " + declared + ":566:1  \tADCIM\t44\n",
		"every byte " + declared + " changes is declared tunable in src/microchess.tune",
		"OK: every source-defined byte",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("declared change: no %q in\n%s", want, out)
		}
	}
	if status != 0 {
		t.Errorf("declared change: exit %d, want 0", status)
	}
	status, out = run(undeclared)
	if status != 1 || !strings.Contains(out, "NOT DECLARED in src/microchess.tune: [17DD]") {
		t.Errorf("undeclared change: exit %d, want 1 and 17DD named:\n%s", status, out)
	}
}
