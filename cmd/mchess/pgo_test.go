package main

import (
	"bytes"
	"debug/elf"
	"debug/gosym"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/google/pprof/profile"
)

// default.pgo is a profile for Go's profile-guided optimisation, which
// `go build ./cmd/mchess` (and go install, and go test here) applies by
// itself. It names one hot function, the interpreter's loop, and nothing
// else, so it changes nothing but that function: the compiler marks its
// loop hot and, on amd64, asks the linker to start it on a 64-byte
// boundary (cmd/compile's alignhot). Placed by chance, the loop started 32
// bytes past one in some builds and then ran about a quarter slower
// (docs/benchmarks.md, "The interpreter's placement").
const pgoFile = "default.pgo"

var updatePGO = flag.Bool("update-pgo", false, "rewrite "+pgoFile)

// The interpreter's loop and its one caller, as the linker names them.
const (
	pgoHot    = "github.com/kim1-archive/microchess/emu.(*CPU).run"
	pgoCaller = "github.com/kim1-archive/microchess/emu.(*CPU).Run"
)

// interpreterProfile is default.pgo's profile: one sample, all of it in
// the loop called from Run. The lines are those of the code when it was
// made; only the names matter to the compiler for a function this size
// (too big to inline, however hot).
func interpreterProfile() *profile.Profile {
	run := &profile.Function{ID: 1, Name: pgoHot, SystemName: pgoHot, Filename: "emu/dispatch.go", StartLine: 18}
	caller := &profile.Function{ID: 2, Name: pgoCaller, SystemName: pgoCaller, Filename: "emu/cpu.go", StartLine: 109}
	inRun := &profile.Location{ID: 1, Line: []profile.Line{{Function: run, Line: 30}}}
	inCaller := &profile.Location{ID: 2, Line: []profile.Line{{Function: caller, Line: 120}}}
	return &profile.Profile{
		SampleType: []*profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		PeriodType: &profile.ValueType{Type: "cpu", Unit: "nanoseconds"},
		Period:     10_000_000,
		Sample:     []*profile.Sample{{Location: []*profile.Location{inRun, inCaller}, Value: []int64{100, 1_000_000_000}}},
		Location:   []*profile.Location{inRun, inCaller},
		Function:   []*profile.Function{run, caller},
	}
}

// TestDefaultPGO holds default.pgo to interpreterProfile (go test
// -run TestDefaultPGO -update-pgo rewrites it).
func TestDefaultPGO(t *testing.T) {
	var want bytes.Buffer
	if err := interpreterProfile().Write(&want); err != nil {
		t.Fatal(err)
	}
	if *updatePGO {
		if err := os.WriteFile(pgoFile, want.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(pgoFile)
	if err != nil {
		t.Fatalf("%v (go test -run TestDefaultPGO -update-pgo writes it)", err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("%s is not the profile interpreterProfile makes: go test -run TestDefaultPGO -update-pgo rewrites it", pgoFile)
	}
	if runtime.GOOS != "linux" {
		return
	}
	// The names are the linker's, as this test binary has them.
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{pgoHot, pgoCaller} {
		funcEntry(t, exe, name)
	}
}

// TestInterpreterAligned: in mchess as go build makes it (default.pgo
// applied), the interpreter's loop starts on a 64-byte boundary. A profile
// that no longer names it (the function renamed, say) leaves its place to
// chance again, and this fails in about half the builds. It builds the
// command: a link, the packages being in the cache after make.
func TestInterpreterAligned(t *testing.T) {
	if runtime.GOARCH != "amd64" || runtime.GOOS != "linux" {
		t.Skipf("the alignment is amd64's, and this test reads ELF (here %s/%s)", runtime.GOOS, runtime.GOARCH)
	}
	if testing.Short() {
		t.Skip("builds mchess (-short)")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build mchess with")
	}
	exe := filepath.Join(t.TempDir(), "mchess")
	if out, err := exec.Command(goTool, "build", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	entry := funcEntry(t, exe, pgoHot)
	t.Logf("%s at %#x", pgoHot, entry)
	if entry%64 != 0 {
		t.Fatalf("%s at %#x, %d bytes past a 64-byte boundary: is %s applied, and does it name it?", pgoHot, entry, entry%64, pgoFile)
	}
}

// funcEntry is the address of the function name in the ELF executable
// exe, from Go's function table (kept when the symbol table is stripped).
func funcEntry(t *testing.T, exe, name string) uint64 {
	t.Helper()
	f, err := elf.Open(exe)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pcln, text := f.Section(".gopclntab"), f.Section(".text")
	if pcln == nil || text == nil {
		t.Fatalf("%s has no .gopclntab or .text", exe)
	}
	data, err := pcln.Data()
	if err != nil {
		t.Fatal(err)
	}
	tab, err := gosym.NewTable(nil, gosym.NewLineTable(data, text.Addr))
	if err != nil {
		t.Fatal(err)
	}
	fn := tab.LookupFunc(name)
	if fn == nil {
		t.Fatalf("no function %s in %s", name, exe)
	}
	return fn.Entry
}
