package microchess

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kim1-archive/microchess/asm"
)

// A bad values file stops the derivation with its file:line:col, and no
// program is built from it.
func TestDerivedFromABadValuesFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "src", "tuned"), 0o777); err != nil {
		t.Fatal(err)
	}
	bad := ";\tNAME\tVALUE\nBIASQ\t7E\nQUEEN\t15\nNOSUCH\t01\n"
	if err := os.WriteFile(filepath.Join(dir, TunedValues), []byte(bad), 0o666); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	_, err := WorkDir.ReadFile(TunedSource, asm.SourceLimit)
	if err == nil {
		t.Fatal("a bad values file derived a source")
	}
	for _, want := range []string{
		"src/tuned/microchess.values:3:7: QUEEN: 15 is outside its range 06-14",
		"src/tuned/microchess.values:4:1: NOSUCH is not a parameter of src/microchess.tune",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%v\nwant %q in it", err, want)
		}
	}
	// The sources built in are not the working directory's.
	if _, err := Proven.ReadFile(TunedSource, asm.SourceLimit); err != nil {
		t.Fatal(err)
	}
}

func TestApplyDiff(t *testing.T) {
	t.Parallel()
	src := asm.Source{Name: "a.asm", Text: "ONE\nTWO\nTHREE\nFOUR\n"}
	const head = "A DESCRIPTION\n--- a.asm\n+++ b.asm\n"
	got, err := ApplyDiff(asm.Source{Name: "d.diff", Text: head + "@@ -1,2 +1,2 @@\n ONE\n-TWO\n+2\n@@ -4 +4,2 @@\n FOUR\n+FIVE\n"}, src)
	if err != nil || got != "ONE\n2\nTHREE\nFOUR\nFIVE\n" {
		t.Fatalf("%q, %v", got, err)
	}
	for _, tc := range []struct{ diff, want string }{
		{"nothing\n", "d.diff:1:1: no --- and +++ lines: not a unified diff"},
		{"--- c.asm\n+++ b.asm\n", "d.diff:1:1: the diff is of c.asm, not of a.asm"},
		{head + "@@ -1,2 +1,2 @@\n ONE\n-THREE\n+2\n", "d.diff:6:1: a.asm:2 is not this line"},
		{head + "@@ -1,2 +1,3 @@\n ONE\n-TWO\n+2\n", "d.diff:4:1: the hunk has 2 old and 2 new lines, its header says 2 and 3"},
		{head + "@@ one @@\n", "d.diff:4:1: want a hunk header"},
		{head + "@@ -3 +3 @@\n THREE\n@@ -1 +1 @@\n ONE\n", "d.diff:6:1: the hunk at line 1 of a.asm is out of order"},
		{head + "@@ -1 +1 @@\n*ONE\n", "d.diff:5:1: a hunk's line starts with a space, - or +"},
		{head + "@@ -9 +9 @@\n NINE\n", "d.diff:4:1: the hunk at line 9 of a.asm is out of order or past its end"},
	} {
		_, err := ApplyDiff(asm.Source{Name: "d.diff", Text: tc.diff}, src)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.diff, err, tc.want)
		}
	}
}
